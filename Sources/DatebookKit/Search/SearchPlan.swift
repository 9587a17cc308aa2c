import Foundation

/// The SQL of one search: one pass over the ranking rows (`search_rank`) of what matches, each
/// with its closeness, so that every kind costs the same single walk.
///
/// Words of three or more characters go to FTS5 as quoted phrases (what a person typed is never
/// read as FTS syntax); shorter ones, which a trigram index cannot find, are looked for with
/// `search_word` as the start of a word (a pair of CJK characters anywhere), or, for symbols
/// that are not words, with `instr` over the texts. Each gives a set of row ids that the
/// ranking rows are looked up by.
struct SearchPlan {
    let terms: [String]
    let long: [String]
    let short: [String]
    let phrase: String
    let query: SearchQuery
    let sql: String

    /// How close a ranking row's title is to the phrase (`?1`): `SearchCloseness`'s raw value.
    static let closeness = """
        CASE WHEN r.title = ?1 THEN 0
             WHEN substr(r.title, 1, length(?1)) = ?1 THEN 1
             WHEN instr(r.title, ?1) > 0 THEN 2
             ELSE 3 END
        """

    init(terms: [String], query: SearchQuery) {
        self.terms = terms
        self.query = query
        long = terms.filter { $0.unicodeScalars.count >= 3 }
        short = terms.filter { $0.unicodeScalars.count < 3 }
        phrase = terms.joined(separator: " ")
        var conditions = ["r.kind IN (SELECT value FROM json_each(?))"]
        // The first index that is asked drives the walk: its matches come in row id order and
        // each finds its ranking row, with no list of them all made first. Its row ids are kept
        // to those of the kinds asked (see `rowIDRange`), so no other kind's row is read.
        var from = "search_rank r"
        var driver = "r.id"
        if !long.isEmpty {
            from = "search_text JOIN search_rank r ON r.id = search_text.rowid"
            driver = "search_text.rowid"
            conditions.append("search_text MATCH ?")
        }
        let columns = SearchDocument.columnNames
        for word in short {
            if SearchWords.query(word) != nil {
                if from == "search_rank r" {
                    from = "search_word JOIN search_rank r ON r.id = search_word.rowid"
                    driver = "search_word.rowid"
                    conditions.append("search_word MATCH ?")
                } else {
                    conditions.append("r.id IN (SELECT rowid FROM search_word WHERE search_word MATCH ?)")
                }
            } else {
                let anyColumn = columns.map { "instr(\($0), ?) > 0" }.joined(separator: " OR ")
                conditions.append("r.id IN (SELECT rowid FROM search_text WHERE \(anyColumn))")
            }
        }
        conditions.insert("\(driver) BETWEEN ? AND ?", at: 1)
        if !query.includeHistory { conditions.append("r.status = 'active'") }
        if query.range != nil {
            // A floating time is kept as wall-clock seconds: it is compared with the range's
            // edges as the store's zone shows them, an instant with the instants. Series whose
            // instances there are not kept come as a list of row ids (see `bind`).
            conditions.append(#"""
                (r.id IN (SELECT item FROM occurrence WHERE start >= ? AND start < ? AND (
                    (flags & \#(OccurrenceFlags.floating.rawValue) = 0 AND start >= ? AND start < ? AND "end" >= ?)
                    OR (flags & \#(OccurrenceFlags.floating.rawValue) <> 0 AND start >= ? AND start < ? AND "end" >= ?)))
                 OR r.id IN (SELECT value FROM json_each(?)))
                """#)
        }
        let kindPosition = "CASE r.kind " + SearchKind.allCases.enumerated()
            .map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }.joined(separator: " ") + " ELSE -1 END"
        sql = """
            SELECT r.id, \(kindPosition), \(Self.closeness), r.sort_at, r.sort_text
            FROM \(from)
            WHERE \(conditions.joined(separator: " AND "))
            """
    }

    /// An FTS5 string: each word a quoted phrase (quotes doubled), all of them required.
    static func ftsPhrases(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }

    /// The row ids of the index that `kinds` can have: an item's row id, a contact's negated
    /// and a meeting's below `SearchIndexWriter.meetingRowBase` (see `SearchSchema`).
    static func rowIDRange(of kinds: [SearchKind]) -> ClosedRange<Int64> {
        let ranges = kinds.map { kind -> ClosedRange<Int64> in
            switch kind {
            case .event, .task, .reminder: return 1...Int64.max
            case .contact: return (SearchIndexWriter.meetingRowBase + 1)...(-1)
            case .meeting: return Int64.min...SearchIndexWriter.meetingRowBase
            }
        }
        guard let lower = ranges.map(\.lowerBound).min(), let upper = ranges.map(\.upperBound).max() else {
            return Int64.min...Int64.max
        }
        return lower...upper
    }

    /// Binds the values of `sql`, in order; `liveRowIDs` are the items with an occurrence in
    /// the range that is not kept in `occurrence` (see `SQLiteStore.liveRowIDs`).
    func bind(
        to statement: ReadStatement, kinds: [SearchKind], longestSpan: Double, wallClock: WallClock,
        liveRowIDs: Set<Int64> = []
    ) throws {
        var index: Int32 = 1
        func next(_ value: String) throws {
            try statement.bind(value, at: index)
            index += 1
        }
        try next(phrase)
        try next("[" + kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]")
        let rowIDs = Self.rowIDRange(of: kinds)
        try statement.bind(rowIDs.lowerBound, at: index)
        try statement.bind(rowIDs.upperBound, at: index + 1)
        index += 2
        if !long.isEmpty { try next(Self.ftsPhrases(long)) }
        for word in short {
            if let words = SearchWords.query(word) {
                try next(words)
            } else {
                for _ in SearchDocument.columnNames { try next(word) }
            }
        }
        if let range = query.range {
            let lower = range.lowerBound.unixSeconds
            let upper = range.upperBound.unixSeconds
            let wallLower = wallClock.wallSeconds(of: range.lowerBound)
            let wallUpper = wallClock.wallSeconds(of: range.upperBound)
            for value in [min(lower, wallLower) - longestSpan, max(upper, wallUpper),
                          lower - longestSpan, upper, lower, wallLower - longestSpan, wallUpper, wallLower] {
                try statement.bind(value, at: index)
                index += 1
            }
            try next("[" + liveRowIDs.sorted().map(String.init).joined(separator: ",") + "]")
        }
    }
}
