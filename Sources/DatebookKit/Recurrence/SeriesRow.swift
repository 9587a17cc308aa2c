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
}
