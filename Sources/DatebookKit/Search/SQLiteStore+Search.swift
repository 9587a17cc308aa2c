import Foundation
import GRDB

/// Searching items and contacts through the index (`SearchSchema`), and writing the index anew
/// when a migration asks for it.
extension SQLiteStore {
    // MARK: - Searching

    /// The items and contacts that hold every word of `query` (in any of their texts), by kind,
    /// each in order of closeness then date (contacts: then name). An empty query finds nothing.
    ///
    /// One pass reads the ranking row (`search_rank`) of every match and keeps the first of
    /// each kind; only those are then read whole. A one-character query reads the first of a
    /// kind from the titles that begin with it when there are enough (`SearchByInitial`).
    ///
    /// - Throws: `SearchQueryProblem` for a query that cannot be searched (see
    ///   `SearchQuery.terms()`), `StoreError` when the database cannot be read.
    public func search(_ query: SearchQuery, at now: Date) throws -> SearchResults {
        try search(query, at: now, byInitial: true)
    }

    /// `search(_:at:)`, with the reading of one-character queries from titles that begin with
    /// it (`SearchByInitial`) on or off: both give the same results.
    func search(_ query: SearchQuery, at now: Date, byInitial: Bool) throws -> SearchResults {
        let terms = try query.terms()
        guard !terms.isEmpty else { return .empty }
        let kinds = SearchKind.allCases.filter { query.searches($0) }
        guard !kinds.isEmpty else { return SearchResults(groups: [], terms: terms) }
        // A series ranks by the instance it shows now, as in the Events list.
        _ = try advanceRepeatingItems(at: now)
        let plan = SearchPlan(terms: terms, query: query)
        let coding = storedTime
        let limit = query.limitPerKind
        let (ranked, contactHits, meetingHits): ([SearchKind: SearchRanking], [ContactHit], [MeetingHit]) = try read { db in
            // One ranking per kind, by the kind's position in `SearchKind.allCases` (column 1).
            var rankings = SearchKind.allCases.map { _ in SearchRanking(limit: limit) }
            var walked = kinds
            if byInitial, let initial = SearchByInitial.initial(of: terms, query: query) {
                walked = try SearchByInitial.rank(db, initial: initial, kinds: kinds, limit: limit, into: &rankings)
            }
            let longest = try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_span'") ?? 0
            let statement = try ReadStatement(db, sql: plan.sql)
            let live = try query.range.map { try Self.liveRowIDs(db, range: $0, coding: coding, timeZone: timeZone) }
            try plan.bind(
                to: statement, kinds: walked, longestSpan: longest, wallClock: WallClock(timeZone: timeZone),
                liveRowIDs: live ?? [])
            let contact = Int64(SearchKind.allCases.firstIndex(of: .contact)!)
            while try !walked.isEmpty && statement.step() {
                let kind = statement.int64(1)
                guard rankings.indices.contains(Int(kind)) else { continue }
                rankings[Int(kind)].add(SearchRanking.Entry(
                    rowID: statement.int64(0), closeness: Int(statement.int64(2)), sortAt: statement.double(3),
                    sortText: kind == contact ? statement.text(4) ?? "" : ""))
            }
            var ranked: [SearchKind: SearchRanking] = [:]
            for (kind, ranking) in zip(SearchKind.allCases, rankings) where ranking.matched > 0 {
                ranked[kind] = ranking
            }
            let contacts = try (ranked[.contact]?.first ?? []).compactMap { entry -> ContactHit? in
                guard let contact = try ContactRows.read(db, where: "id = ?", -entry.rowID, photo: false) else {
                    return nil
                }
                return ContactHit(contact: contact, closeness: entry.searchCloseness, terms: terms)
            }
            let meetingEntries = ranked[.meeting]?.first ?? []
            let meetingsByRow = try MeetingRows.meetings(
                db, rowIDs: meetingEntries.map { SearchIndexWriter.meetingRowBase - $0.rowID })
            let meetings = meetingEntries.compactMap { entry -> MeetingHit? in
                meetingsByRow[SearchIndexWriter.meetingRowBase - entry.rowID].map {
                    MeetingHit(meeting: $0, closeness: entry.searchCloseness, terms: terms)
                }
            }
            return (ranked, contacts, meetings)
        }
        let itemKinds = kinds.compactMap(\.itemKind)
        let chosen = itemKinds.flatMap { ranked[SearchKind($0)]?.first ?? [] }
        let allIDs = chosen.map(\.rowID)
        let items: [Int64: Item] = try read { db in
            var byRow: [Int64: Item] = [:]
            for start in stride(from: 0, to: allIDs.count, by: 500) {
                let chunk = allIDs[start..<min(start + 500, allIDs.count)].sorted()
                let list = InList(chunk)
                let fetched = try Self.fetchItems(
                    coding: coding, db, sql: "SELECT id FROM item WHERE id IN (\(list.places)) ORDER BY id",
                    arguments: list.arguments)
                for (rowID, item) in zip(chunk, fetched) { byRow[rowID] = item }
            }
            return byRow
        }
        let series = items.values.filter(\.isRecurring).map(\.id)
        // Over a range, a series is shown at its first occurrence there, else as the list shows it.
        let listed = try query.range.map { try firstOccurrences(of: series, in: $0) }
            ?? listedOccurrences(of: series, at: now)
        let groups = itemKinds.compactMap { kind -> SearchResults.Group? in
            guard let ranking = ranked[SearchKind(kind)] else { return nil }
            var hits = ranking.first.compactMap { entry -> SearchHit? in
                guard let item = items[entry.rowID] else { return nil }
                return SearchHit(item: item, closeness: entry.searchCloseness, listed: listed[item.id], terms: terms)
            }
            if query.range != nil {
                // Ranked by the occurrence each shows in the range, not the one coming now.
                hits = hits.enumerated().sorted {
                    ($0.element.closeness, $0.element.start ?? .distantFuture, $0.offset)
                        < ($1.element.closeness, $1.element.start ?? .distantFuture, $1.offset)
                }.map(\.element)
            }
            return hits.isEmpty ? nil : SearchResults.Group(kind: kind, hits: hits, hasMore: ranking.hasMore)
        }
        let contacts = contactHits.isEmpty
            ? nil : SearchResults.Contacts(hits: contactHits, hasMore: ranked[.contact]?.hasMore ?? false)
        let meetings = meetingHits.isEmpty
            ? nil : SearchResults.Meetings(hits: meetingHits, hasMore: ranked[.meeting]?.hasMore ?? false)
        return SearchResults(groups: groups, contacts: contacts, meetings: meetings, terms: terms)
    }

    // MARK: - Writing the index anew

    /// Writes every item's row of the search index when a migration asked for it (by
    /// `store_value`'s `rebuild_search`), and every contact's (by `rebuild_search_contacts`),
    /// in one transaction.
    func rebuildSearchIfAsked() throws(StoreError) {
        let flags = [SearchSchema.rebuildFlag, SearchSchema.rebuildContactsFlag]
        func asked(_ db: Database) throws -> Set<String> {
            Set(try String.fetchAll(
                db, sql: "SELECT name FROM store_value WHERE name IN (?, ?)", arguments: StatementArguments(flags)))
        }
        guard try !read(asked).isEmpty else { return }
        let coding = storedTime
        try write { db in
            let asked = try asked(db)
            let writer = try SearchIndexWriter(db)
            if asked.contains(SearchSchema.rebuildFlag) {
                for table in ["search_text", "search_word", "search_rank"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE rowid > 0")
                }
                let rowIDs = try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY id")
                for start in stride(from: 0, to: rowIDs.count, by: 500) {
                    let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
                    let list = InList(chunk)
                    let items = try Self.fetchItems(
                        coding: coding, db, sql: "SELECT id FROM item WHERE id IN (\(list.places)) ORDER BY id",
                        arguments: list.arguments)
                    let sortAts = try Dictionary(
                        uniqueKeysWithValues: Row.fetchAll(
                            db, sql: "SELECT id, sort_at FROM item WHERE id IN (\(list.places))", arguments: list.arguments
                        ).map { ($0[0] as Int64, $0[1] as Double) })
                    for (rowID, item) in zip(chunk, items) {
                        try writer.write(item, rowID: rowID, sortAt: sortAts[rowID] ?? SQLiteStore.undatedSortKey,
                                         replacing: false)
                    }
                }
            }
            if asked.contains(SearchSchema.rebuildContactsFlag) {
                for table in ["search_text", "search_word", "search_rank"] {
                    try db.execute(
                        sql: "DELETE FROM \(table) WHERE rowid < 0 AND rowid > \(SearchIndexWriter.meetingRowBase)")
                }
                for rowID in try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY id") {
                    guard let contact = try ContactRows.read(db, where: "id = ?", rowID, photo: false) else { continue }
                    try writer.write(contact, contactRowID: rowID, replacing: false)
                }
            }
            try db.execute(sql: "DELETE FROM store_value WHERE name IN (?, ?)", arguments: StatementArguments(flags))
        }
    }
}
