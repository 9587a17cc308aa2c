import Foundation
import Testing

@testable import DatebookKit

/// The Events list over years: a repeating series stands where its next occurrence is, moves
/// on as its occurrences end, and the list opens at the first item that is not past.
@Suite("Events list: series by their next occurrence, the first item not past")
struct ListedOccurrenceTests {
    /// A weekly Monday 09:00-09:15 standup since January 2025 (Fixture.now is Sunday 22
    /// November 2026, 09:00 UTC).
    static func standup(_ n: Int = 1, rule: String = "FREQ=WEEKLY;BYDAY=MO") -> Item {
        let start = Fixture.utc("2025-01-06 09:00")
        return Item(
            id: Fixture.id(n), kind: .event, title: "Standup",
            times: [ItemTime(start: start, end: start.addingTimeInterval(15 * 60))], repeatRule: rule,
            created: Fixture.now)
    }

    @Test("a weekly series since last year shows its next Monday and sorts there, not in January 2025")
    func seriesSortsByNextOccurrence() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.event(2, "Old conference", at: "2025-03-10 09:00"))
        try store.save(Self.standup())
        try store.save(Fixture.event(3, "Dentist", at: "2026-11-22 14:00"))
        try store.save(Fixture.event(4, "Review", at: "2026-11-24 10:00"))

        let listed = try #require(try store.listedOccurrences(of: [Fixture.id(1)], at: Fixture.now)[Fixture.id(1)])
        #expect(listed.start == Fixture.utc("2026-11-23 09:00"))
        #expect(listed.end == Fixture.utc("2026-11-23 09:15"))
        #expect(listed.title == "Standup")
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == [
            "Old conference", "Dentist", "Standup", "Review",
        ])
        // Items that do not repeat have no listed occurrence.
        #expect(try store.listedOccurrences(of: [Fixture.id(3)], at: Fixture.now).isEmpty)
    }

    @Test("as time passes the series moves on to its next occurrence, and only then is written")
    func advancing() throws {
        let clock = ManualClock()
        let store = try SQLiteStore.inMemory(clock: clock.clock, ids: .sequential())
        try store.save(Self.standup())
        try store.save(Fixture.event(2, "Review", at: "2026-11-24 10:00"))
        try store.save(Fixture.event(3, "Planning", at: "2026-12-01 08:00"))
        #expect(try store.advanceRepeatingItems(at: clock.now) == 0)
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == ["Standup", "Review", "Planning"])

        // Monday 23 November, 09:10: the standup is still on; at 09:20 it is over.
        clock.advance(by: 24 * 3600 + 10 * 60)
        #expect(try store.advanceRepeatingItems(at: clock.now) == 0)
        clock.advance(by: 10 * 60)
        #expect(try store.advanceRepeatingItems(at: clock.now) == 1)
        #expect(try store.advanceRepeatingItems(at: clock.now) == 0)
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == ["Review", "Standup", "Planning"])
        #expect(try store.listedOccurrences(of: [Fixture.id(1)], at: clock.now)[Fixture.id(1)]?.start
            == Fixture.utc("2026-11-30 09:00"))
    }

    @Test("only a series whose shown occurrence is over while another follows is looked at again")
    func candidates() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Self.standup(1))
        try store.save(Self.standup(2, rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3"))  // over in January 2025
        func listedEnds() throws -> [Double?] {
            try store.read { db in try Double?.fetchAll(db, sql: "SELECT listed_end FROM item ORDER BY uid") }
        }
        #expect(try listedEnds() == [Fixture.utc("2026-11-23 09:15").timeIntervalSince1970,
                                     Fixture.utc("2025-01-20 09:15").timeIntervalSince1970])
        // Neither needs a look: the first is coming, the second is over with nothing after it.
        #expect(try store.advanceRepeatingItems(at: Fixture.now) == 0)
        // A database written before listed_end was kept: the first reading fills it in.
        try store.write { db in try db.execute(sql: "UPDATE item SET listed_end = NULL") }
        #expect(try store.advanceRepeatingItems(at: Fixture.now) == 2)
        #expect(try listedEnds() == [Fixture.utc("2026-11-23 09:15").timeIntervalSince1970,
                                     Fixture.utc("2025-01-20 09:15").timeIntervalSince1970])
        #expect(try store.advanceRepeatingItems(at: Fixture.now) == 0)
    }

    @Test("a series that is over shows its last occurrence and counts as past, never overdue")
    func seriesOver() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let series = Self.standup(rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3")
        try store.save(series)
        let listed = try #require(try store.listedOccurrences(of: [series.id], at: Fixture.now)[series.id])
        #expect(listed.start == Fixture.utc("2025-01-20 09:00"))
        #expect(series.isPast(at: Fixture.now, listed: listed))
        #expect(!series.isOverdue(at: Fixture.now, listed: listed))

        let going = Self.standup(2)
        try store.save(going)
        let next = try #require(try store.listedOccurrences(of: [going.id], at: Fixture.now)[going.id])
        // Judged by its next occurrence, not its first (January 2025).
        #expect(!going.isPast(at: Fixture.now, listed: next))
    }

    @Test("a changed next occurrence is listed with its own title and time")
    func changedNextOccurrence() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Self.standup())
        try store.changeOccurrence(
            of: Fixture.id(1),
            to: RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-11-23 09:00"), start: Fixture.utc("2026-11-23 11:00"),
                end: Fixture.utc("2026-11-23 11:30"), title: "Standup with the board"))
        let listed = try #require(try store.listedOccurrences(of: [Fixture.id(1)], at: Fixture.now)[Fixture.id(1)])
        #expect(listed.title == "Standup with the board")
        #expect(listed.start == Fixture.utc("2026-11-23 11:00"))
    }

    @Test("a series whose kept instances are all over is followed live past them")
    func pastTheKeptInstances() throws {
        // Written in 2026 (instances kept to 2027-12), read two years on.
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Self.standup())
        let later = Fixture.utc("2029-01-03 12:00")  // a Wednesday
        let listed = try #require(try store.listedOccurrences(of: [Fixture.id(1)], at: later)[Fixture.id(1)])
        #expect(listed.start == Fixture.utc("2029-01-08 09:00"))
    }

    @Test("a yearly series whose next occurrence lies past the kept ones is listed there, not as over")
    func farNextOccurrence() throws {
        // Every 6 January from 2026; 2027 is taken out, and 2028 is past the instances kept
        // (400 days ahead of November 2026).
        let start = Fixture.utc("2026-01-06 09:00")
        var yearly = Item(
            id: Fixture.id(1), kind: .event, title: "Workshop",
            times: [ItemTime(start: start, end: start.addingTimeInterval(3600))], repeatRule: "FREQ=YEARLY;COUNT=4",
            created: Fixture.now)
        yearly.exceptionDates = [Fixture.utc("2027-01-06 09:00")]
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(yearly)
        let listed = try #require(try store.listedOccurrences(of: [yearly.id], at: Fixture.now)[yearly.id])
        #expect(listed.start == Fixture.utc("2028-01-06 09:00"))
        #expect(!yearly.isPast(at: Fixture.now, listed: listed))
        #expect(try store.advanceRepeatingItems(at: Fixture.now) == 1)
        #expect(try store.advanceRepeatingItems(at: Fixture.now) == 0)
    }

    @Test("the list opens at the first item not past: one going on now, else the first to come")
    func firstComing() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let items = [
            Fixture.event(1, "Last year", at: "2025-11-22 09:00"),
            Fixture.task(2, "Overdue report", due: "2026-11-20 17:00"),
            Fixture.event(3, "Earlier today", at: "2026-11-22 07:00"),
            Fixture.event(4, "Going on", at: "2026-11-22 08:30"),
            Fixture.event(5, "Tomorrow", at: "2026-11-23 10:00"),
            Fixture.task(6, "Someday"),
        ]
        try store.insert(contentsOf: items)
        #expect(try store.firstComingIndex(at: Fixture.now) == 3)
        #expect(try store.firstComingIndex(at: Fixture.utc("2026-11-22 09:45")) == 4)
        // Everything dated is past: the list opens at the undated task.
        #expect(try store.firstComingIndex(at: Fixture.utc("2027-01-01 00:00")) == 5)
        // A week-long conference that began before everything else and is still on.
        try store.save(
            Item(
                id: Fixture.id(7), kind: .event, title: "Conference",
                times: [ItemTime(start: Fixture.utc("2026-11-16 08:00"), end: Fixture.utc("2026-11-27 18:00"))],
                created: Fixture.now))
        #expect(try store.activeIndex(of: Fixture.id(7)) == 1)
        #expect(try store.firstComingIndex(at: Fixture.now) == 1)
    }
}
