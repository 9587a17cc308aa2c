import Foundation
import Testing

@testable import DatebookKit

/// What rings, what was missed, and what a look writes (`ReminderCheck`).
@Suite("Reminder check")
struct ReminderCheckTests {
    func store(with alarms: [(String, Int)]) throws -> (SQLiteStore, ReminderCheck) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(), timeZone: TimeZone(identifier: "UTC")!)
        for (n, (start, minutes)) in alarms.enumerated() {
            var item = Fixture.event(n + 1, "Item \(n + 1)", at: start)
            item.alarms = [Alarm(minutesBefore: minutes)]
            try store.save(item)
        }
        return (store, ReminderCheck(store: store))
    }

    @Test("the first look misses nothing, even alarms long past; it records where it looked")
    func firstLook() throws {
        let (store, check) = try store(with: [("2026-11-23 09:00", 15)])
        #expect(try check.takeMissed(now: Fixture.utc("2026-11-23 10:00")).isEmpty)
        #expect(try store.alarmsCheckedUntil() == Fixture.utc("2026-11-23 09:59"))
        #expect(try check.takeDue(now: Fixture.utc("2026-11-23 10:00")).isEmpty)
    }

    @Test("rings older than a minute since the last look are missed, once; a newer one rings instead")
    func missedThenDue() throws {
        let (_, check) = try store(with: [("2026-11-23 09:00", 15), ("2026-11-23 09:30", 15), ("2026-11-23 10:15", 15)])
        _ = try check.takeMissed(now: Fixture.utc("2026-11-23 08:00"))
        let now = Fixture.utc("2026-11-23 10:00:30")
        #expect(try check.takeMissed(now: now).map(\.title) == ["Item 1", "Item 2"])
        #expect(try check.takeMissed(now: now).isEmpty)
        #expect(try check.takeDue(now: now).map(\.title) == ["Item 3"])
        #expect(try check.takeDue(now: now).isEmpty)
    }

    @Test("a look that finds nothing writes nothing until the record is ten minutes old")
    func quietLooksDoNotWrite() throws {
        let (store, check) = try store(with: [("2026-11-23 12:00", 15)])
        _ = try check.takeDue(now: Fixture.utc("2026-11-23 09:00"))
        #expect(try store.alarmsCheckedUntil() == Fixture.utc("2026-11-23 09:00"))
        _ = try check.takeDue(now: Fixture.utc("2026-11-23 09:05"))
        #expect(try store.alarmsCheckedUntil() == Fixture.utc("2026-11-23 09:00"))
        _ = try check.takeDue(now: Fixture.utc("2026-11-23 09:11"))
        #expect(try store.alarmsCheckedUntil() == Fixture.utc("2026-11-23 09:11"))
    }

    @Test("an alarm saved a moment after its time still rings")
    func savedLate() throws {
        let (store, check) = try store(with: [])
        _ = try check.takeDue(now: Fixture.utc("2026-11-23 09:00:50"))
        var item = Fixture.event(1, "Now", at: "2026-11-23 09:00")
        item.alarms = [Alarm(minutesBefore: 0)]
        try store.save(item)
        #expect(try check.takeDue(now: Fixture.utc("2026-11-23 09:00:55")).map(\.title) == ["Now"])
    }
}
