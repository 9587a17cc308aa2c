import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// The search index: what it finds, in what order, kept with every write, built for an older
/// database, and safe with any text typed.
@Suite struct SearchIndexTests {
    private func store() throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
    }

    private func titles(_ store: SQLiteStore, _ query: SearchQuery) throws -> [String] {
        try store.search(query, at: Fixture.now).hits.map(\.item.title)
    }

    private func titles(_ store: SQLiteStore, _ text: String) throws -> [String] {
        try titles(store, SearchQuery(text))
    }

    // MARK: - What is found

    @Test func findsEveryTextIgnoringCaseAndAccents() throws {
        let store = try store()
        var event = Fixture.event(1, "Réunion budget", at: "2026-11-23 10:00")
        event.place = "Salle Érable"
        event.notes = "Bring the Quarterly figures"
        event.category = "Finance"
        event.moreCategories = ["Planning"]
        event.attendees = [Participant(address: "mailto:zoe@example.com", name: "Zoë Núñez")]
        try store.save(event)
        try store.save(Fixture.task(2, "Unrelated", due: "2026-11-24 09:00"))

        for query in ["reunion", "RÉUNION", "erable", "quarterly", "finance", "planning", "zoe", "nunez",
                      "zoe@example", "BUDGET réu"] {
            #expect(try titles(store, query) == ["Réunion budget"], "query \(query)")
        }
        #expect(try titles(store, "mailto").isEmpty)
        #expect(try titles(store, "nothing like it").isEmpty)
    }

    @Test func findsCJKWordsOfTwoCharactersAndShortPrefixes() throws {
        let store = try store()
        try store.save(Fixture.event(1, "会议准备", at: "2026-11-23 10:00"))
        try store.save(Fixture.event(2, "Dentist", at: "2026-11-24 10:00"))
        #expect(try titles(store, "会议") == ["会议准备"])
        #expect(try titles(store, "准备") == ["会议准备"])
        #expect(try titles(store, "会议准") == ["会议准备"])
        #expect(try titles(store, "d") == ["Dentist"])
        #expect(try titles(store, "de") == ["Dentist"])
    }

    @Test func oneOrTwoCharactersFindTheStartOfAWordOrAnyCJKCharacter() throws {
        let store = try store()
        try store.save(Fixture.event(1, "Standup", at: "2026-11-23 10:00"))
        try store.save(Fixture.event(2, "Call Ana", at: "2026-11-24 10:00"))
        try store.save(Fixture.event(3, "会议准备", at: "2026-11-25 10:00"))
        #expect(try titles(store, "an") == ["Call Ana"])
        #expect(try titles(store, "st") == ["Standup"])
        #expect(try titles(store, "andu") == ["Standup"])  // three or more: anywhere
        for query in ["会", "议", "准", "备", "议准"] {
            #expect(try titles(store, query) == ["会议准备"], "query \(query)")
        }
        #expect(SearchWords.indexed(["会议准备 ok", "", "x"]).split(separator: " ") == ["会议", "议准", "准备", "备", "ok", "x"])
    }

    @Test func findsAChangedInstancesOwnTitle() throws {
        let store = try store()
        var series = Fixture.event(1, "Standup", at: "2026-11-23 09:00")
        series.repeatRule = "FREQ=DAILY;COUNT=5"
        let second = Fixture.utc("2026-11-24 09:00")
        series.overrides = [
            RecurrenceOverride(recurrenceID: second, start: second, end: second.addingTimeInterval(3600),
                               title: "Standup with the auditors")
        ]
        try store.save(series)
        #expect(try titles(store, "auditors") == ["Standup"])
    }

    // MARK: - Order and groups

    @Test func ordersByClosenessThenDateWithinEachKind() throws {
        let store = try store()
        var noted = Fixture.event(1, "Lunch", at: "2026-11-23 12:00")
        noted.notes = "plan the offsite"
        try store.save(noted)
        try store.save(Fixture.event(2, "Review the plan", at: "2026-11-25 10:00"))
        try store.save(Fixture.event(3, "Planning day", at: "2026-11-30 10:00"))
        try store.save(Fixture.event(4, "Planning", at: "2026-12-02 10:00"))
        try store.save(Fixture.event(5, "Planning call", at: "2026-11-26 10:00"))
        try store.save(Fixture.task(6, "Plan holidays", due: "2026-12-01 10:00"))

        let results = try store.search(SearchQuery("plan"), at: Fixture.now)
        #expect(results.groups.map(\.kind) == [.event, .task])
        #expect(results.groups[0].hits.map(\.item.title) == [
            "Planning call", "Planning day", "Planning", "Review the plan", "Lunch",
        ])
        #expect(results.groups[0].hits.map(\.closeness) == [.prefix, .prefix, .prefix, .titleSubstring, .elsewhere])
        let exact = try store.search(SearchQuery("planning"), at: Fixture.now).groups[0].hits
        #expect(exact.first?.item.title == "Planning")
        #expect(exact.first?.closeness == .exact)
    }

    @Test func filtersByKindHistoryAndDates() throws {
        let store = try store()
        try store.save(Fixture.event(1, "Board meeting", at: "2026-11-23 10:00"))
        try store.save(Fixture.event(2, "Board dinner", at: "2027-01-15 19:00"))
        try store.save(Fixture.task(3, "Board minutes", due: "2026-11-24 09:00"))
        try store.save(Fixture.task(4, "Board papers", due: "2026-11-25 09:00"))
        try store.complete(id: Fixture.id(4))

        #expect(try titles(store, SearchQuery("board", kinds: [.task])) == ["Board minutes"])
        #expect(try titles(store, SearchQuery("board", kinds: [.task], includeHistory: true)) == [
            "Board minutes", "Board papers",
        ])
        let week = Fixture.utc("2026-11-23 00:00")..<Fixture.utc("2026-11-30 00:00")
        #expect(try titles(store, SearchQuery("board", range: week)) == ["Board meeting", "Board minutes"])
        let limited = try store.search(SearchQuery("board", limitPerKind: 1), at: Fixture.now)
        #expect(limited.groups.map(\.hits.count) == [1, 1])
        #expect(limited.groups[0].hasMore)
    }

    @Test func aFloatingItemIsJudgedInLocalTimeAtTheRangesEdges() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(), timeZone: berlin)
        // Sunday 22 November 23:30 and Sunday 29 November 23:30 on a clock in Berlin (22:30 UTC),
        // kept as wall-clock times.
        var before = Fixture.event(1, "Floating late supper", at: "2026-11-22 22:30")
        before.times = [ItemTime(start: Fixture.utc("2026-11-22 22:30"), end: Fixture.utc("2026-11-22 22:45"))]
        before.timeZone = .floating
        var last = Fixture.event(2, "Floating night call", at: "2026-11-29 22:30")
        last.times = [ItemTime(start: Fixture.utc("2026-11-29 22:30"), end: Fixture.utc("2026-11-29 22:45"))]
        last.timeZone = .floating
        try store.save(before)
        try store.save(last)
        // The week of Monday 23 November in Berlin: 22 November 23:00 to 29 November 23:00 UTC.
        let week = Fixture.utc("2026-11-22 23:00")..<Fixture.utc("2026-11-29 23:00")
        #expect(try titles(store, SearchQuery("floating", range: week)) == ["Floating night call"])
    }

    @Test func aSeriesRanksByTheOccurrenceItShowsNow() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.utc("2026-01-01 00:00")), ids: .sequential())
        var series = Fixture.event(1, "Sync weekly", at: "2026-01-05 09:00")
        series.repeatRule = "FREQ=WEEKLY"
        try store.save(series)
        try store.save(Fixture.event(2, "Sync once", at: "2026-11-20 09:00"))
        // Written in January, the series was listed at 5 January; by 22 November it shows 23 November.
        let found = try store.search(SearchQuery("sync"), at: Fixture.utc("2026-11-22 12:00")).hits
        #expect(found.map(\.item.title) == ["Sync once", "Sync weekly"])
    }

    @Test func aSeriesIsDatedByItsNextOccurrence() throws {
        let store = try store()
        var series = Fixture.event(1, "Weekly sync", at: "2026-11-02 09:00")
        series.repeatRule = "FREQ=WEEKLY"
        try store.save(series)
        let hit = try #require(try store.search(SearchQuery("sync"), at: Fixture.now).hits.first)
        #expect(hit.start == Fixture.utc("2026-11-23 09:00"))
    }

    // MARK: - Kept with every write

    @Test func anEditReplacesTheOldTexts() throws {
        let store = try store()
        var item = try store.save(Fixture.event(1, "Old title", at: "2026-11-23 10:00"))
        item.title = "New title"
        try store.save(item)
        #expect(try titles(store, "old").isEmpty)
        #expect(try titles(store, "new") == ["New title"])
        let rows = try store.dbQueue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM search_text") }
        #expect(rows == 1)
    }

    @Test func aWriteThatKeepsTheTextsLeavesTheIndexRowAlone() throws {
        let store = try store()
        var item = try store.save(Fixture.event(1, "Budget review", at: "2026-11-23 10:00"))
        // Every row the index deletes (rewriting an item's row deletes it first) is counted.
        try store.dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE index_deletes (id INTEGER);
                    CREATE TRIGGER count_index_deletes AFTER DELETE ON search_text_content
                    BEGIN INSERT INTO index_deletes VALUES (old.id); END;
                    """)
        }
        func deletes() throws -> Int {
            try store.dbQueue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM index_deletes") } ?? -1
        }
        let later = Fixture.utc("2026-11-24 15:00")
        item.times = [ItemTime(start: later, end: later.addingTimeInterval(3600))]
        item = try store.save(item)
        #expect(try deletes() == 0)
        #expect(try titles(store, "budget") == ["Budget review"])

        item.notes = "Bring the figures"
        try store.save(item)
        #expect(try deletes() == 1)
        #expect(try titles(store, "figures") == ["Budget review"])
        #expect(try titles(store, "review") == ["Budget review"])
    }

    @Test func anOlderDatabaseIsIndexedWhenOpened() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/old.sqlite"
        do {
            let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now), ids: .sequential())
            try store.save(Fixture.event(1, "Dentist", at: "2026-11-23 10:00"))
            try store.save(Fixture.task(2, "会议准备", due: "2026-11-24 10:00"))
            // As a database written before the index: no table, no v11.
            try store.dbQueue.write { db in
                try db.execute(sql: "DROP TABLE search_text; DROP TABLE search_word; DELETE FROM grdb_migrations WHERE identifier = 'v11'")
            }
        }
        let reopened = try SQLiteStore(path: path, clock: .fixed(Fixture.now), ids: .sequential())
        #expect(try titles(reopened, "dentist") == ["Dentist"])
        #expect(try titles(reopened, "会议") == ["会议准备"])
        let flag = try reopened.dbQueue.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM store_value WHERE name = 'rebuild_search'")
        }
        #expect(flag == 0)
    }

    // MARK: - Any text typed

    @Test func textThatLooksLikeFTSSyntaxIsSearchedAsText() throws {
        let store = try store()
        try store.save(Fixture.event(1, #"Say "hi" AND (bye*) OR NOT x:y"#, at: "2026-11-23 10:00"))
        for query in [#""hi""#, "AND", "(bye*)", "x:y", "NOT", #"""#, "*", "-", "^a", "NEAR(a b)", "\"\"\""] {
            _ = try store.search(SearchQuery(query), at: Fixture.now)
        }
        #expect(try titles(store, "(bye*)") == [#"Say "hi" AND (bye*) OR NOT x:y"#])
        #expect(try titles(store, #""hi""#) == [#"Say "hi" AND (bye*) OR NOT x:y"#])
    }

    @Test func aVeryLongQueryIsRefusedWithAMessage() throws {
        let store = try store()
        #expect(throws: SearchQueryProblem.tooLong(length: 10_000, maximum: SearchQuery.maximumLength)) {
            try store.search(SearchQuery(String(repeating: "a", count: 10_000)), at: Fixture.now)
        }
        #expect(SearchQueryProblem.tooLong(length: 10_000, maximum: 1_000).description.contains("10000"))
    }

    @Test func controlCharactersAreSpacesAndAloneAreRefused() throws {
        let store = try store()
        try store.save(Fixture.event(1, "Dentist visit", at: "2026-11-23 10:00"))
        #expect(try titles(store, "dent\u{1}vis") == ["Dentist visit"])
        #expect(throws: SearchQueryProblem.onlyControlCharacters) {
            try store.search(SearchQuery("\u{1}\u{7}\u{1B}\t"), at: Fixture.now)
        }
        #expect(try store.search(SearchQuery("   "), at: Fixture.now) == .empty)
        // A zero-width joiner joins emoji; alone it is a control character too.
        for joiners in ["\u{200D}", "\u{200D}\u{200D} \u{200D}", "\u{1}\u{200D}"] {
            #expect(throws: SearchQueryProblem.onlyControlCharacters) {
                try store.search(SearchQuery(joiners), at: Fixture.now)
            }
        }
        #expect(try SearchQuery("👩\u{200D}💻").terms() == ["👩\u{200D}💻"])
    }

    // MARK: - Highlighting

    @Test func matchedRangesFollowTheOriginalText() {
        let text = "Réunion à l'ÉCOLE"
        let ranges = SearchFolding.matchedRanges(of: ["reu", "ecole"], in: text)
        #expect(ranges.map { String(text[$0]) } == ["Réu", "ÉCOLE"])
        let cjk = "会议准备"
        #expect(SearchFolding.matchedRanges(of: ["准备"], in: cjk).map { String(cjk[$0]) } == ["准备"])
        #expect(SearchFolding.matchedRanges(of: ["an", "na"], in: "banana").map { String("banana"[$0]) } == ["anana"])
    }
}
