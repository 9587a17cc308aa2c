/// The first matches of one kind, chosen as the ranking rows are read: at most `limit` kept in
/// order of closeness, date, name order and row id, and whether more matched.
///
/// It keeps a few times `limit` and cuts back to the best `limit + 1` when that fills, so the
/// thousands of matches of a short query cost a comparison each, not a sort of them all.
struct SearchRanking {
    struct Entry {
        var rowID: Int64
        var closeness: Int
        var sortAt: Double
        var sortText: String

        var searchCloseness: SearchCloseness { SearchCloseness(rawValue: closeness) ?? .elsewhere }

        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            if lhs.closeness != rhs.closeness { return lhs.closeness < rhs.closeness }
            if lhs.sortAt != rhs.sortAt { return lhs.sortAt < rhs.sortAt }
            if lhs.sortText != rhs.sortText { return lhs.sortText < rhs.sortText }
            return lhs.rowID < rhs.rowID
        }
    }

    let limit: Int
    private var kept: [Entry] = []
    /// How many matched, kept or not.
    private(set) var matched = 0
    /// The worst entry kept after the last cut: one that comes after it cannot be among the first.
    private var bound: Entry?

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    mutating func add(_ entry: Entry) {
        matched += 1
        if let bound, !Entry.precedes(entry, bound) { return }
        kept.append(entry)
        if kept.count >= 4 * (limit + 1) { cut() }
    }

    private mutating func cut() {
        kept.sort(by: Entry.precedes)
        kept.removeLast(kept.count - (limit + 1))
        bound = kept.last
    }

    /// The first `limit` entries, in order.
    var first: [Entry] {
        Array(kept.sorted(by: Entry.precedes).prefix(limit))
    }

    /// True when more than `limit` matched.
    var hasMore: Bool { matched > limit }
}
