import Foundation
import GRDB
import Testing

@testable import DatebookKit

@Suite("Occurrences in a time range")
struct SQLiteStoreOccurrenceTests {
    @Test("spans that overlap the range are found, including ones that began before it")
    func overlap() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        var long = Fixture.event(1, "Conference", at: "2026-11-20 09:00")
        long.times[0].end = Fixture.utc("2026-11-24 17:00")
        try store.save(long)
        try store.save(Fixture.event(2, "Inside", at: "2026-11-22 10:00"))
        try store.save(Fixture.event(3, "Before", at: "2026-11-21 22:00"))  // ends 23:00, before the range
        try store.save(Fixture.event(4, "After", at: "2026-11-23 00:00"))  // starts at the range's end
        try store.save(Fixture.event(5, "Ends at the start", at: "2026-11-21 23:00"))  // 23:00-00:00
        try store.save(Fixture.task(6, "Due inside", due: "2026-11-22 17:00"))
        try store.save(Fixture.task(7, "Due outside", due: "2026-11-25 17:00"))
        try store.save(Item(id: Fixture.id(8), kind: .reminder, title: "Moment at the start",
                            times: [ItemTime(start: Fixture.utc("2026-11-22 00:00"))], created: Fixture.now))

        let day = try store.occurrences(from: Fixture.utc("2026-11-22 00:00"), to: Fixture.utc("2026-11-23 00:00"))
        #expect(day.map(\.title) == ["Conference", "Moment at the start", "Inside", "Due inside"])
        #expect(day.last?.isDue == true)
        #expect(day.first?.end == Fixture.utc("2026-11-24 17:00"))
    }

    @Test("deleted items are left out, completed ones stay")
    func statuses() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.event(1, "Done", at: "2026-11-22 10:00"))
        try store.save(Fixture.event(2, "Gone", at: "2026-11-22 11:00"))
        try store.complete(id: Fixture.id(1))
        try store.delete(id: Fixture.id(2))
        let found = try store.occurrences(from: Fixture.utc("2026-11-22 00:00"), to: Fixture.utc("2026-11-23 00:00"))
        #expect(found.map(\.title) == ["Done"])
        #expect(found[0].status == .completed)
    }

    @Test("every time of a task with several times is an occurrence")
    func severalTimes() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let item = Item(id: Fixture.id(1), kind: .task, title: "Practice",
                        times: [ItemTime(start: Fixture.utc("2026-11-22 08:00")), ItemTime(start: Fixture.utc("2026-11-24 08:00"))],
                        created: Fixture.now)
        try store.save(item)
        let week = try store.occurrences(from: Fixture.utc("2026-11-21 00:00"), to: Fixture.utc("2026-11-28 00:00"))
        #expect(week.map(\.start) == [Fixture.utc("2026-11-22 08:00"), Fixture.utc("2026-11-24 08:00")])
    }

    @Test("the rows of one series share its title and place: one string, not one copy a row")
    func seriesRowsShareTheirTexts() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let title = String(repeating: "Quarterly planning 会议 ", count: 15)  // short enough to be kept whole in a row
        let place = String(repeating: "Main office, room 4 ", count: 5)
        var series = Fixture.event(1, title, at: "2026-11-22 09:00")
        series.place = place
        series.repeatRule = "FREQ=DAILY"
        let moved = String(repeating: "Moved ", count: 10)
        series.overrides = [RecurrenceOverride(
            recurrenceID: Fixture.utc("2026-11-25 09:00"), start: Fixture.utc("2026-11-25 11:00"),
            end: Fixture.utc("2026-11-25 12:00"), title: moved)]
        try store.save(series)
        try store.save(Fixture.event(2, "Short", at: "2026-11-23 10:00"))
        let week = try store.occurrences(from: Fixture.utc("2026-11-22 00:00"), to: Fixture.utc("2026-11-29 00:00"))
        #expect(week.map(\.title) == [title, title, "Short", title, moved, title, title, title])
        #expect(week.filter { $0.itemID == Fixture.id(1) }.map(\.place) == Array(repeating: place, count: 7))
        func storage(_ text: String) -> UnsafePointer<UInt8>? {
            text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
        }
        let titles = Set(week.filter { $0.title == title }.map { storage($0.title) })
        let places = Set(week.filter { $0.itemID == Fixture.id(1) }.map { storage($0.place) })
        #expect(titles.count == 1)
        #expect(places.count == 1)
        #expect(titles != [nil])
    }

    @Test("texts too long for a row of the calendar are kept short there and read whole from the item")
    func longTextsAreReadWhole() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let long = String(repeating: "Annual review of every project 会 ", count: 2_000)  // 70 KB
        try store.save(Fixture.event(1, long, at: "2026-11-22 09:00"))
        var series = Fixture.event(2, "Standup", at: "2026-11-23 09:00")
        series.repeatRule = "FREQ=DAILY"
        let renamed = String(repeating: "Standup, renamed ", count: 100)
        let farAway = String(repeating: "Building 7, far away ", count: 100)
        series.overrides = [
            // From the 25th on, the title changes; the 27th is somewhere else as well.
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-11-25 09:00"), start: Fixture.utc("2026-11-25 09:00"),
                end: Fixture.utc("2026-11-25 10:00"), title: renamed, thisAndFuture: true),
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-11-27 09:00"), start: Fixture.utc("2026-11-27 09:00"),
                end: Fixture.utc("2026-11-27 10:00"), place: farAway),
        ]
        try store.save(series)
        let rows = try store.dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT length(CAST(title AS BLOB)) + length(CAST(place AS BLOB)), flags FROM occurrence")
        }
        #expect(rows.allSatisfy { ($0[0] as Int) <= OccurrenceRows.mostTextBytes })
        let cut = rows.filter { ($0[1] as Int64) & OccurrenceFlags.textsCut.rawValue != 0 }.count
        // The event, and the instances from the 25th on (to the end of the kept instances).
        #expect(cut > 300)
        let week = try store.occurrences(from: Fixture.utc("2026-11-22 00:00"), to: Fixture.utc("2026-11-29 00:00"))
        #expect(week.map(\.title) == [long, "Standup", "Standup", renamed, renamed, renamed, renamed])
        #expect(week.map(\.place) == ["", "", "", "", "", farAway, ""])
        let listed = try store.listedOccurrences(of: [Fixture.id(1), Fixture.id(2)], at: Fixture.utc("2026-11-26 12:00"))
        #expect(listed[Fixture.id(2)]?.title == renamed)
        #expect(listed[Fixture.id(2)]?.start == Fixture.utc("2026-11-27 09:00"))
        #expect(listed[Fixture.id(2)]?.place == farAway)
        #expect(try store.item(id: Fixture.id(1))?.title == long)
    }
}

@Suite("The calendar's rows")
struct OccurrenceRowTests {
    @Test("a database from before the calendar's own table gets its rows when opened")
    func rowsAreBuiltForAnOlderDatabase() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        // Schema v5, as an older Datebook left it: an event, a task due, a weekly series.
        let monday = Fixture.utc("2026-11-23 09:00").timeIntervalSince1970
        let path = try Fixture.olderDatabase(in: folder, upTo: "v5") { db in
            try db.execute(
                sql: """
                    INSERT INTO item (id, uid, kind, title, place, created, updated, sort_at, ical_uid)
                        VALUES (1, ?, 'event', 'Dentist', 'Main St 4', 0, 0, ?, ?);
                    INSERT INTO item_time (item, position, start, "end") VALUES (1, 0, ?, ?);
                    INSERT INTO item (id, uid, kind, title, due, created, updated, sort_at, ical_uid)
                        VALUES (2, ?, 'task', 'Report', ?, 0, 0, ?, ?);
                    INSERT INTO item (id, uid, kind, title, repeat_rule, created, updated, sort_at, ical_uid,
                                      series_start, expanded_until)
                        VALUES (3, ?, 'event', 'Standup', 'FREQ=WEEKLY;COUNT=3', 0, 0, ?, 'standup@example.com',
                                ?, -1e300);
                    INSERT INTO item_time (item, position, start, "end") VALUES (3, 0, ?, ?);
                    """,
                arguments: [
                    Fixture.id(1).lowercasedText, monday, Fixture.id(1).lowercasedText, monday, monday + 3600,
                    Fixture.id(2).lowercasedText, monday + 3600 * 8, monday + 3600 * 8, Fixture.id(2).lowercasedText,
                    Fixture.id(3).lowercasedText, monday, monday, monday, monday + 900,
                ])
        }

        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let found = try store.occurrences(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2026-12-14 00:00"))
        #expect(found.map(\.title) == ["Dentist", "Standup", "Report", "Standup", "Standup"])
        #expect(found[0].place == "Main St 4")
        #expect(found[2].isDue)
        #expect(found.filter(\.isRecurring).map(\.uid) == Array(repeating: "standup@example.com", count: 3))
        // Asked once: the next opening finds the rows there.
        let rebuilds = try store.dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM store_value WHERE name = 'rebuild_occurrences'")
        }
        #expect(rebuilds == 0)
    }

    @Test("completing, deleting and reopening change what the calendar shows")
    func statusChangesReachTheRows() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.event(1, "Dentist", at: "2026-11-23 09:00"))
        let day = (Fixture.utc("2026-11-23 00:00"), Fixture.utc("2026-11-24 00:00"))
        try store.complete(id: Fixture.id(1))
        #expect(try store.occurrences(from: day.0, to: day.1).map(\.status) == [.completed])
        try store.delete(id: Fixture.id(1))
        #expect(try store.occurrences(from: day.0, to: day.1).isEmpty)
        try store.reopen(id: Fixture.id(1))
        #expect(try store.occurrences(from: day.0, to: day.1).map(\.status) == [.active])
    }

    @Test("a long range comes out in order, floating times among zoned ones, however many rows")
    func streamedOrder() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(), timeZone: zone)
        var generator = SplitMix(seed: 7)
        var items: [Item] = []
        for n in 0..<6_000 {
            // Many on the same quarter hours, so ties on start are sorted by title and item.
            let start = Fixture.utc("2026-11-01 00:00").addingTimeInterval(Double(generator.next() % 4_000) * 900)
            var item = Fixture.event(n + 1, ["Call", "Lunch", "Run"][Int(generator.next() % 3)], at: "2026-11-01 00:00")
            item.times = [ItemTime(start: start, end: start.addingTimeInterval(Double(generator.next() % 8) * 900))]
            if n % 5 == 0 { item.timeZone = .floating }
            items.append(item)
        }
        try store.insert(contentsOf: items)
        let from = Fixture.utc("2026-11-05 00:00")
        let to = Fixture.utc("2026-12-20 00:00")
        var streamed: [Occurrence] = []
        try store.forEachOccurrence(from: from, to: to, includingUIDs: false) { streamed.append($0) }
        #expect(streamed.count > 4_000)
        var expected = streamed
        expected.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.title != b.title { return a.title < b.title }
            if a.itemID != b.itemID { return a.itemID.lowercasedText < b.itemID.lowercasedText }
            return (a.recurrenceID ?? a.start) < (b.recurrenceID ?? b.start)
        }
        #expect(streamed == expected)
        // Every item that overlaps the range, and none that does not.
        let overlapping = items.filter { item in
            let start = item.times[0].start
            let end = item.times[0].end ?? start
            return start < to && (end > from || start >= from)
        }
        #expect(Set(streamed.map(\.itemID)) == Set(overlapping.map(\.id)))
    }
}

@Suite("Keys of an item's calendar rows")
struct OccurrenceKeysTests {
    func roundTrip(_ pairs: [(Double, Double)]) -> [(start: Double, key: Double)] {
        var keys = OccurrenceKeys()
        for (start, key) in pairs { keys.append(start: start, key: key) }
        return OccurrenceKeys.decode(Data(keys.bytes))
    }

    @Test("whole seconds pack small and come back exactly, moved instances and negative times too")
    func wholeSeconds() {
        let weekly = (0..<52).map { n -> (Double, Double) in
            let key = 1_795_305_600.0 + Double(n) * 604_800
            return (n == 7 ? key - 3_600 : key, key)
        } + [(-86_400, -86_400), (0, 5)]
        var keys = OccurrenceKeys()
        for (start, key) in weekly { keys.append(start: start, key: key) }
        #expect(keys.bytes.count < weekly.count * 6)
        let back = roundTrip(weekly)
        #expect(back.map(\.start) == weekly.map(\.0))
        #expect(back.map(\.key) == weekly.map(\.1))
    }

    @Test("a fraction of a second keeps every pair as it is")
    func fractions() {
        let pairs: [(Double, Double)] = [(1_795_305_600.25, 1_795_305_600.25), (3, 1)]
        let back = roundTrip(pairs)
        #expect(back.map(\.start) == [1_795_305_600.25, 3])
        #expect(back.map(\.key) == [1_795_305_600.25, 1])
        #expect(OccurrenceKeys().bytes.isEmpty)
    }
}
