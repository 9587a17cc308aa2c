/// What expanding a series found out about it as a whole, in stored seconds: the store
/// keeps it in the series columns of the item's row (see the v3 migration).
struct SeriesRow: Equatable, Sendable {
    /// The first instance's start, in stored seconds.
    var start: Double
    /// The last instance's end, or nil when the series never ends.
    var end: Double?
    /// The longest instance, in seconds.
    var span: Double
    /// Instances with an original start before this are in `occurrence`.
    var expandedUntil: Double
    /// True when expanding the series again up to a later horizon would keep no more: its
    /// walk from DTSTART stopped at the most instances kept, on the work budget or at an
    /// EXRULE it cannot judge, not at the horizon. A later read expands past it live; the
    /// horizon's extension leaves it alone instead of writing the same rows again.
    var keepsNoMore = false
    /// Rule instances with an original start before this are not in `occurrence` (RDATEs and
    /// changed instances are, whenever they are): reads that look there expand them live. Nil
    /// when the rule's instances are kept from DTSTART (see `SeriesInstances.init`'s `keptFrom`).
    var keptFrom: Double? = nil
}
