import GRDB

/// The first results of a one-character query, read from the titles that begin with it.
///
/// One typed letter matches a third of everything, and reading the ranking row of each match
/// is what makes the first keystroke of a search the slowest. Yet the first results of such a
/// query are almost always titles that begin with the letter: closeness ranks a title equal to
/// the query, then titles that begin with it, before anything else. The index
/// `search_rank_initial` keeps each kind's titles by their first character, the one-character
/// titles first, then by date and name, which is that order. So when a kind has more than
/// `limit` such titles that match, its first results and whether more matched are those rows,
/// read in index order, and none of its other matches is looked at. A kind with fewer is left
/// to the walk over every match (`SearchPlan`).
enum SearchByInitial {
    /// The folded character when `terms` is one character that can be searched this way: a
    /// letter or digit (found as the start of a word), active rows only, no date range.
    static func initial(of terms: [String], query: SearchQuery) -> String? {
        guard terms.count == 1, let term = terms.first, term.unicodeScalars.count == 1,
            !query.includeHistory, query.range == nil, SearchWords.query(term) != nil
        else { return nil }
        return term
    }

    /// Fills the rankings of the kinds whose first results begin with `initial` (by their
    /// position in `SearchKind.allCases`) and returns the kinds left to the walk over every match.
    static func rank(
        _ db: Database, initial: String, kinds: [SearchKind], limit: Int, into rankings: inout [SearchRanking]
    ) throws -> [SearchKind] {
        let wanted = max(1, limit) + 1
        let statement = try ReadStatement(
            db,
            sql: """
                SELECT id, length(title) > 1, sort_at, sort_text FROM search_rank INDEXED BY search_rank_initial
                WHERE kind = ? AND status = 'active' AND substr(title, 1, 1) = ?
                ORDER BY length(title) > 1, sort_at, sort_text, id LIMIT ?
                """)
        var candidates: [(kind: SearchKind, entries: [SearchRanking.Entry])] = []
        for kind in kinds {
            statement.reset()
            try statement.bind(kind.rawValue, at: 1)
            try statement.bind(initial, at: 2)
            try statement.bind(Int64(wanted), at: 3)
            var entries: [SearchRanking.Entry] = []
            while try statement.step() {
                entries.append(SearchRanking.Entry(
                    rowID: statement.int64(0), closeness: Int(statement.int64(1)), sortAt: statement.double(2),
                    sortText: kind == .contact ? statement.text(3) ?? "" : ""))
            }
            if entries.count == wanted { candidates.append((kind, entries)) }
        }
        guard !candidates.isEmpty else { return kinds }
        // A title that begins with a letter has a word that does, so each row matches; one
        // walk over the index's matches confirms it for them all. (`+rowid`: given the list,
        // SQLite would run the query once for each row id, many times slower.)
        let rowIDs = candidates.flatMap { $0.entries.map(\.rowID) }
        let matching = Set(try Int64.fetchAll(
            db,
            sql: "SELECT rowid FROM search_word WHERE search_word MATCH ? AND +rowid IN (SELECT value FROM json_each(?))",
            arguments: [SearchWords.query(initial), "[" + rowIDs.map(String.init).joined(separator: ",") + "]"]))
        var left = kinds
        for (kind, entries) in candidates where entries.allSatisfy({ matching.contains($0.rowID) }) {
            guard let position = SearchKind.allCases.firstIndex(of: kind) else { continue }
            for entry in entries { rankings[position].add(entry) }
            left.removeAll { $0 == kind }
        }
        return left
    }

    /// The index the first results are read from (migration v19).
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX search_rank_initial
                    ON search_rank (kind, status, substr(title, 1, 1), length(title) > 1, sort_at, sort_text)
                """)
    }
}
