import Foundation
import GRDB

/// Searching items through the index (`SearchSchema`), and writing the index anew when a
/// migration asks for it.
extension SQLiteStore {
    // MARK: - Searching

    /// The items that hold every word of `query` (in any of their texts), by kind, each in order
    /// of closeness then date. An empty query finds nothing.
    ///
    /// - Throws: `SearchQueryProblem` for a query that cannot be searched (see
    ///   `SearchQuery.terms()`), `StoreError` when the database cannot be read.
    public func search(_ query: SearchQuery, at now: Date) throws -> SearchResults {
        let terms = try query.terms()
        guard !terms.isEmpty else { return .empty }
        let kinds = ItemKind.allCases.filter { query.kinds.isEmpty || query.kinds.contains($0) }
        let plan = SearchPlan(terms: terms, query: query)
        let coding = storedTime
        let found: [(ItemKind, [(Int64, SearchCloseness)], Bool)] = try read { db in
            let longest = try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_span'") ?? 0
            var byKind: [ItemKind: [(Int64, SearchCloseness)]] = [:]
            for row in try Row.fetchAll(db, sql: plan.sql, arguments: plan.arguments(kinds: kinds, longestSpan: longest)) {
                guard let kind = ItemKind(rawValue: row[2]) else { continue }
                byKind[kind, default: []].append((row[0], SearchCloseness(rawValue: row[1]) ?? .elsewhere))
            }
            return kinds.map { kind in
                let rows = byKind[kind] ?? []
                return (kind, Array(rows.prefix(query.limitPerKind)), rows.count > query.limitPerKind)
            }
        }
        let allIDs = found.flatMap { $0.1.map(\.0) }
        let items: [Int64: Item] = try read { db in
            var byRow: [Int64: Item] = [:]
            for start in stride(from: 0, to: allIDs.count, by: 500) {
                let chunk = allIDs[start..<min(start + 500, allIDs.count)].sorted()
                let rowIDs = chunk
                let fetched = try Self.fetchItems(
                    coding: coding, db,
                    sql: "SELECT id FROM item WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ","))) ORDER BY id",
                    arguments: StatementArguments(chunk))
                for (rowID, item) in zip(rowIDs, fetched) { byRow[rowID] = item }
            }
            return byRow
        }
        let series = items.values.filter(\.isRecurring).map(\.id)
        let listed = try listedOccurrences(of: series, at: now)
        let groups = found.compactMap { kind, rows, hasMore -> SearchResults.Group? in
            let hits = rows.compactMap { rowID, closeness -> SearchHit? in
                guard let item = items[rowID] else { return nil }
                return SearchHit(item: item, closeness: closeness, listed: listed[item.id], terms: terms)
            }
            return hits.isEmpty ? nil : SearchResults.Group(kind: kind, hits: hits, hasMore: hasMore)
        }
        return SearchResults(groups: groups, terms: terms)
    }

    // MARK: - Writing the index anew

    /// Writes every item's row of the search index when a migration asked for it (by
    /// `store_value`'s `rebuild_search`), in one transaction.
    func rebuildSearchIfAsked() throws(StoreError) {
        func isAsked(_ db: Database) throws -> Bool {
            try Bool.fetchOne(db, sql: "SELECT 1 FROM store_value WHERE name = ?", arguments: [SearchSchema.rebuildFlag])
                == true
        }
        guard try read(isAsked) else { return }
        let coding = storedTime
        try write { db in
            guard try isAsked(db) else { return }
            try db.execute(sql: "DELETE FROM search_text WHERE rowid > 0")
            try db.execute(sql: "DELETE FROM search_word WHERE rowid > 0")
            let writer = try SearchIndexWriter(db)
            let rowIDs = try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY id")
            for start in stride(from: 0, to: rowIDs.count, by: 500) {
                let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
                let sql = "SELECT id FROM item WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ","))) ORDER BY id"
                let items = try Self.fetchItems(coding: coding, db, sql: sql, arguments: StatementArguments(chunk))
                for (rowID, item) in zip(chunk, items) {
                    try writer.write(item, rowID: rowID, replacing: false)
                }
            }
            try db.execute(sql: "DELETE FROM store_value WHERE name = ?", arguments: [SearchSchema.rebuildFlag])
        }
    }
}

/// The SQL of one search: one pass over what matches, the closest of each kind numbered by a
/// window, so that every kind costs the same single walk of the index.
///
/// Words of three or more characters go to FTS5 as quoted phrases (what a person typed is never
/// read as FTS syntax); shorter ones, which a trigram index cannot find, are looked for with
/// `search_word` as the start of a word (a pair of CJK characters anywhere), or, for symbols
/// that are not words, with `instr`.
struct SearchPlan {
    let long: [String]
    let short: [String]
    let phrase: String
    let query: SearchQuery
    let sql: String

    init(terms: [String], query: SearchQuery) {
        self.query = query
        long = terms.filter { $0.unicodeScalars.count >= 3 }
        short = terms.filter { $0.unicodeScalars.count < 3 }
        phrase = terms.joined(separator: " ")
        var conditions = ["i.kind IN (SELECT value FROM json_each(?))"]
        if !long.isEmpty { conditions.append("search_text MATCH ?") }
        let columns = SearchDocument.columnNames.map { "search_text.\($0)" }
        for word in short {
            if SearchWords.query(word) != nil {
                conditions.append("i.id IN (SELECT rowid FROM search_word WHERE search_word MATCH ?)")
            } else {
                conditions.append("(" + columns.map { "instr(\($0), ?) > 0" }.joined(separator: " OR ") + ")")
            }
        }
        if !query.includeHistory { conditions.append("i.status = 'active'") }
        if query.range != nil {
            conditions.append(#"i.id IN (SELECT item FROM occurrence WHERE start >= ? AND start < ? AND "end" >= ?)"#)
        }
        sql = """
            SELECT id, closeness, kind FROM (
                SELECT i.id, i.kind,
                    CASE WHEN search_text.title = ?1 THEN 0
                         WHEN substr(search_text.title, 1, length(?1)) = ?1 THEN 1
                         WHEN instr(search_text.title, ?1) > 0 THEN 2
                         ELSE 3 END AS closeness,
                    row_number() OVER (
                        PARTITION BY i.kind
                        ORDER BY CASE WHEN search_text.title = ?1 THEN 0
                                      WHEN substr(search_text.title, 1, length(?1)) = ?1 THEN 1
                                      WHEN instr(search_text.title, ?1) > 0 THEN 2
                                      ELSE 3 END, i.sort_at, i.title, i.uid) AS place_in_kind
                FROM search_text JOIN item i ON i.id = search_text.rowid
                WHERE \(conditions.joined(separator: " AND "))
            )
            WHERE place_in_kind <= \(query.limitPerKind + 1)
            ORDER BY kind, place_in_kind
            """
    }

    /// An FTS5 string: each word a quoted phrase (quotes doubled), all of them required.
    static func ftsPhrases(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }

    func arguments(kinds: [ItemKind], longestSpan: Double) -> StatementArguments {
        let kindList = "[" + kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
        var values: [(any DatabaseValueConvertible)?] = [phrase, kindList]
        if !long.isEmpty { values.append(Self.ftsPhrases(long)) }
        for word in short {
            if let words = SearchWords.query(word) {
                values.append(words)
            } else {
                values += Array(repeating: word, count: SearchDocument.columnNames.count)
            }
        }
        if let range = query.range {
            values += [
                range.lowerBound.unixSeconds - longestSpan, range.upperBound.unixSeconds, range.lowerBound.unixSeconds,
            ]
        }
        return StatementArguments(values)
    }
}
