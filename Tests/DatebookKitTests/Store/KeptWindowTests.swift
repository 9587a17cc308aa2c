import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Series that began long before they were written keep their rule instances from a year back
/// (`SeriesRow.keptFrom`): every range, before, across and after that, reads what a store that
/// keeps them all reads, and a search over a range finds them wherever they are not kept.
@Suite("Series kept from a year back")
struct KeptWindowTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Old series of every shape the window meets: plain and BYDAY weekly, a zone with DST and
    /// its EXDATE, changed instance and an RDATE on a rule time, a floating COUNT, a monthly that
    /// ended before the window, a yearly, and one that begins after the window's start.
    static func items() -> [Item] {
        func series(
            _ n: Int, _ title: String, at start: String, minutes: Double = 60, rule: String,
            zone: ItemTimeZone = .utc, rdates: [Date] = [], exdates: [Date] = [], overrides: [RecurrenceOverride] = []
        ) -> Item {
            let begin = Fixture.utc(start)
            return Item(
                id: Fixture.id(n), kind: .event, title: title,
                times: [ItemTime(start: begin, end: begin.addingTimeInterval(minutes * 60))], repeatRule: rule,
                created: Fixture.now, timeZone: zone, recurrenceDates: rdates, exceptionDates: exdates,
                overrides: overrides)
        }
        return [
            series(1, "Weekly plain", at: "2000-01-03 09:00", rule: "FREQ=WEEKLY"),
            series(2, "Weekly days", at: "2000-01-03 18:00", minutes: 90, rule: "FREQ=WEEKLY;BYDAY=MO,TH"),
            series(
                3, "Berlin choir", at: "2003-04-02 17:30", rule: "FREQ=WEEKLY;BYDAY=WE", zone: .named("Europe/Berlin"),
                rdates: [Fixture.utc("2008-06-04 17:30")],
                exdates: [Fixture.utc("2010-03-03 18:30")],
                overrides: [
                    RecurrenceOverride(
                        recurrenceID: Fixture.utc("2012-05-02 17:30"), start: Fixture.utc("2012-05-03 19:00"),
                        end: Fixture.utc("2012-05-03 20:00"), title: "Choir moved"),
                ]),
            series(4, "Floating count", at: "2001-02-01 07:00", minutes: 30, rule: "FREQ=DAILY;INTERVAL=3;COUNT=4000",
                   zone: .floating),
            series(5, "Ended monthly", at: "1995-01-27 12:00", rule: "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20250627T120000Z"),
            series(6, "Yearly", at: "1990-03-05 00:00", minutes: 1440, rule: "FREQ=YEARLY"),
            series(7, "Recent daily", at: "2026-01-05 08:00", minutes: 15, rule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"),
            series(8, "Overnight", at: "2004-01-02 23:00", minutes: 180, rule: "FREQ=WEEKLY;BYDAY=FR"),
        ]
    }

    /// A store holding `items()`, written when its clock says `now`.
    static func store(writtenAt now: Date) throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory(clock: .fixed(now), timeZone: utc)
        for item in items() { try store.save(item) }
        return store
    }

    /// The occurrences of `[from, to)`, as comparable text.
    static func read(_ store: SQLiteStore, _ from: String, _ to: String) throws -> [String] {
        try store.occurrences(from: Fixture.utc(from), to: Fixture.utc(to), includingUIDs: false).map {
            "\($0.itemID) \($0.title) \($0.start.unixSeconds) \($0.end.unixSeconds) \($0.recurrenceID?.unixSeconds ?? -1)"
        }
    }

    @Test("every range reads what a store that keeps every instance reads, and the old series keep a few dozen rows")
    func sameAsKeptWhole() throws {
        let windowed = try Self.store(writtenAt: Fixture.now)
        // Written in 1980: nothing began before its window, so every instance is kept or read
        // past the horizon, never read before a window.
        let whole = try Self.store(writtenAt: Fixture.utc("1980-01-01 00:00"))
        let ranges = [
            ("2000-01-01 00:00", "2000-03-01 00:00"), ("2008-06-01 00:00", "2008-06-08 00:00"),
            ("2010-03-01 00:00", "2010-03-08 00:00"), ("2012-04-29 00:00", "2012-05-06 00:00"),
            ("2001-01-01 00:00", "2004-01-01 00:00"), ("2025-06-20 00:00", "2025-07-05 00:00"),
            // Across the window's start (a year and a month before now), and inside it.
            ("2025-09-01 00:00", "2025-12-01 00:00"), ("2026-11-16 00:00", "2026-11-30 00:00"),
            // Past the horizon, and from before the window to after it.
            ("2028-02-01 00:00", "2028-03-01 00:00"), ("2024-12-30 00:00", "2027-01-04 00:00"),
            // An overnight instance that starts before the range.
            ("2009-01-03 01:00", "2009-01-03 02:00"),
        ]
        for (from, to) in ranges {
            let expected = try Self.read(whole, from, to)
            #expect(!expected.isEmpty, "\(from): the comparison reads nothing")
            #expect(try Self.read(windowed, from, to) == expected, "\(from) ..< \(to)")
        }
        // The weekly series from 2000 keeps about a year and a half of rows, not 27 years.
        let kept = try windowed.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT i.title, i.kept_from, (SELECT COUNT(*) FROM occurrence o WHERE o.item = i.id)
                    FROM item i ORDER BY i.id
                    """
            ).map { ($0[0] as String, $0[1] as Double?, $0[2] as Int) }
        }
        let byTitle = Dictionary(uniqueKeysWithValues: kept.map { ($0.0, ($0.1, $0.2)) })
        let plain = try #require(byTitle["Weekly plain"])
        #expect(plain.0 != nil)
        #expect(plain.1 > 50 && plain.1 < 130)
        // A monthly that ended before the window and a series that began inside it keep
        // everything from DTSTART.
        #expect(byTitle["Ended monthly"]?.0 == nil)
        #expect(byTitle["Recent daily"]?.0 == nil)
        // The Events list shows the same next instance either way, and an ended series its
        // last one (which the store written in 1980 does not keep).
        let ids = [1, 2, 3, 4, 6, 7, 8].map(Fixture.id)
        let listed = try windowed.listedOccurrences(of: ids + [Fixture.id(5)], at: Fixture.now)
        #expect(listed.count == 8)
        #expect(ids.map { listed[$0] } == ids.map { try? whole.listedOccurrences(of: [$0], at: Fixture.now)[$0] })
        #expect(listed[Fixture.id(5)]?.start == Fixture.utc("2025-06-27 12:00"))
    }

    @Test("a search over a range finds series whose instances there are not kept, and only those with one there")
    func searchOverARange() throws {
        let store = try Self.store(writtenAt: Fixture.now)
        func found(_ text: String, _ from: String, _ to: String) throws -> [String] {
            try store.search(
                SearchQuery(text, range: Fixture.utc(from)..<Fixture.utc(to)), at: Fixture.now
            ).hits.map(\.item.title).sorted()
        }
        // Before the window.
        #expect(try found("weekly", "2005-03-01 00:00", "2005-03-08 00:00") == ["Weekly days", "Weekly plain"])
        #expect(try found("yearly", "2005-03-01 00:00", "2005-03-08 00:00") == ["Yearly"])
        #expect(try found("yearly", "2005-04-01 00:00", "2005-05-01 00:00") == [])
        // An EXDATE leaves that week out; the moved instance is found where it moved to.
        #expect(try found("choir", "2010-03-03 00:00", "2010-03-04 00:00") == [])
        #expect(try found("choir", "2010-03-10 00:00", "2010-03-11 00:00") == ["Berlin choir"])
        // Past the horizon, where nothing is kept either.
        #expect(try found("weekly", "2029-03-01 00:00", "2029-03-08 00:00") == ["Weekly days", "Weekly plain"])
        #expect(try found("yearly", "2029-03-05 00:00", "2029-03-06 00:00") == ["Yearly"])
        #expect(try found("recent", "2029-03-03 00:00", "2029-03-05 00:00") == [])
    }

    @Test("a search over a range shows each series at its first occurrence there, kept or read live")
    func searchShowsTheOccurrenceInTheRange() throws {
        let store = try Self.store(writtenAt: Fixture.now)
        let ranges = [
            // Before the window; a moved instance; an overnight one begun before the range.
            ("2005-03-01 00:00", "2005-03-08 00:00"), ("2012-05-03 00:00", "2012-05-04 00:00"),
            ("2009-01-03 01:00", "2009-01-03 02:00"),
            // Across the window's start, inside it, past the horizon, and floating.
            ("2025-09-01 00:00", "2025-12-01 00:00"), ("2026-12-01 00:00", "2026-12-08 00:00"),
            ("2029-03-01 00:00", "2029-03-08 00:00"), ("2001-02-01 00:00", "2001-02-05 00:00"),
        ]
        var shown = 0
        for (from, to) in ranges {
            let range = Fixture.utc(from)..<Fixture.utc(to)
            let words = ["weekly", "choir", "floating", "monthly", "yearly", "recent", "overnight"]
            let hits = try words.flatMap { try store.search(SearchQuery($0, range: range), at: Fixture.now).hits }
            // What the calendar reads there: each series' first occurrence.
            var first: [UUID: Date] = [:]
            for occurrence in try store.occurrences(from: range.lowerBound, to: range.upperBound, includingUIDs: false)
            where first[occurrence.itemID] == nil {
                first[occurrence.itemID] = occurrence.start
            }
            #expect(!hits.isEmpty, "\(from)")
            for hit in hits {
                #expect(hit.start == first[hit.item.id], "\(hit.item.title) over \(from) ..< \(to)")
                shown += 1
            }
            // Two series that match alike come in the order of those occurrences.
            let weekly = try store.search(SearchQuery("weekly", range: range), at: Fixture.now).hits.compactMap(\.start)
            #expect(weekly == weekly.sorted(), "\(from)")
        }
        #expect(shown >= 15)
    }

    @Test("an RDATE on a rule time, and a changed instance, are one occurrence each, kept or read live (finding 59)")
    func rdateOnARuleTime() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: Self.utc)
        let start = Fixture.utc("2026-11-02 09:00")
        let item = Item(
            id: Fixture.id(1), kind: .event, title: "Weekly", times: [ItemTime(start: start, end: start.addingTimeInterval(3600))],
            repeatRule: "FREQ=WEEKLY", created: Fixture.now,
            recurrenceDates: [Fixture.utc("2028-03-06 09:00"), Fixture.utc("2028-03-07 09:00"), Fixture.utc("2026-11-09 09:00")])
        try store.save(item)
        let starts = { (from: String, to: String) in
            try store.occurrences(from: Fixture.utc(from), to: Fixture.utc(to), includingUIDs: false).map(\.start)
        }
        #expect(try starts("2028-03-05 00:00", "2028-03-08 00:00") == [
            Fixture.utc("2028-03-06 09:00"), Fixture.utc("2028-03-07 09:00"),
        ])
        #expect(try starts("2026-11-08 00:00", "2026-11-10 00:00") == [Fixture.utc("2026-11-09 09:00")])
        // A series that begins past the horizon keeps its RDATEs and changed instances alone.
        let later = Fixture.utc("2029-01-01 10:00")
        try store.save(Item(
            id: Fixture.id(2), kind: .event, title: "Later", times: [ItemTime(start: later, end: later.addingTimeInterval(3600))],
            repeatRule: "FREQ=WEEKLY", created: Fixture.now, recurrenceDates: [Fixture.utc("2029-01-08 10:00")],
            overrides: [RecurrenceOverride(
                recurrenceID: Fixture.utc("2029-01-15 10:00"), start: Fixture.utc("2029-01-16 10:00"),
                end: Fixture.utc("2029-01-16 11:00"), title: "Later, moved")]))
        let read = try store.occurrences(
            from: Fixture.utc("2029-01-01 00:00"), to: Fixture.utc("2029-01-21 00:00"), includingUIDs: false
        ).filter { $0.itemID == Fixture.id(2) }
        #expect(read.map(\.title) == ["Later", "Later", "Later, moved"])
        #expect(read.map(\.start) == [later, Fixture.utc("2029-01-08 10:00"), Fixture.utc("2029-01-16 10:00")])
    }
}
