import Foundation
import GRDB
import Synchronization
import Testing

@testable import DatebookKit

/// Which alarms ring in a span (`DueAlarms`), as the store reads them, and who rings them.
@Suite("Due alarms")
struct DueAlarmsTests {
    func store() throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(), timeZone: TimeZone(identifier: "UTC")!)
    }

    func event(_ n: Int, _ title: String, at start: String, alarms: [Alarm]) -> Item {
        var item = Fixture.event(n, title, at: start)
        item.alarms = alarms
        return item
    }

    @Test("an alarm before rings that long before the start, once, inside the span only")
    func beforeTheStart() throws {
        let store = try store()
        try store.save(event(1, "Dentist", at: "2026-11-23 09:00", alarms: [Alarm(minutesBefore: 15)]))
        let rings = try store.pendingAlarms(after: Fixture.utc("2026-11-23 08:00"), through: Fixture.utc("2026-11-23 08:45"))
        #expect(rings.map(\.ringsAt) == [Fixture.utc("2026-11-23 08:45")])
        #expect(rings.first?.occurrence == Fixture.utc("2026-11-23 09:00"))
        #expect(rings.first?.title == "Dentist")
        #expect(try store.pendingAlarms(after: Fixture.utc("2026-11-23 08:45"), through: Fixture.utc("2026-11-23 10:00")).isEmpty)
        #expect(try store.pendingAlarms(after: Fixture.utc("2026-11-23 08:00"), through: Fixture.utc("2026-11-23 08:44")).isEmpty)
    }

    @Test("a repeating item's alarm rings for each occurrence")
    func repeatingItem() throws {
        let store = try store()
        var standup = event(1, "Standup", at: "2026-11-23 09:00", alarms: [Alarm(minutesBefore: 10)])
        standup.repeatRule = "FREQ=DAILY;COUNT=5"
        try store.save(standup)
        let rings = try store.pendingAlarms(after: Fixture.utc("2026-11-23 00:00"), through: Fixture.utc("2026-11-25 23:00"))
        #expect(rings.map(\.ringsAt) == ["2026-11-23 08:50", "2026-11-24 08:50", "2026-11-25 08:50"].map(Fixture.utc))
        #expect(try store.nextAlarm(after: Fixture.utc("2026-11-24 09:00")) == Fixture.utc("2026-11-25 08:50"))
        #expect(try store.nextAlarm(after: Fixture.utc("2026-11-27 09:00")) == nil)
    }

    @Test("an alarm at a fixed time rings then, whatever the item's times; two alarms ring in order")
    func fixedTime() throws {
        let store = try store()
        try store.save(event(1, "Flight", at: "2026-12-05 07:00", alarms: [
            Alarm(minutesBefore: 60), Alarm(at: Fixture.utc("2026-12-04 20:00")),
        ]))
        let rings = try store.pendingAlarms(after: Fixture.utc("2026-12-01 00:00"), through: Fixture.utc("2026-12-06 00:00"))
        #expect(rings.map(\.ringsAt) == [Fixture.utc("2026-12-04 20:00"), Fixture.utc("2026-12-05 06:00")])
        #expect(try store.nextAlarm(after: Fixture.utc("2026-12-01 00:00"), horizon: 10 * 86_400) == Fixture.utc("2026-12-04 20:00"))
    }

    @Test("a task's alarm rings before its due time; a completed task's does not")
    func taskDue() throws {
        let store = try store()
        var task = Fixture.task(1, "Report", due: "2026-11-24 17:00")
        task.alarms = [Alarm(minutesBefore: 60)]
        try store.save(task)
        let span = (Fixture.utc("2026-11-24 00:00"), Fixture.utc("2026-11-25 00:00"))
        #expect(try store.pendingAlarms(after: span.0, through: span.1).map(\.ringsAt) == [Fixture.utc("2026-11-24 16:00")])
        try store.complete(id: Fixture.id(1))
        #expect(try store.pendingAlarms(after: span.0, through: span.1).isEmpty)
    }

    @Test("a task with several times rings before each; one with no date never rings and is not read to find out")
    func taskTimes() throws {
        let store = try store()
        var errands = Fixture.task(1, "Errands")
        errands.times = [ItemTime(start: Fixture.utc("2026-11-24 10:00")), ItemTime(start: Fixture.utc("2026-11-25 10:00"))]
        errands.alarms = [Alarm(minutesBefore: 30)]
        var someday = Fixture.task(2, "Someday")
        someday.alarms = [Alarm(minutesBefore: 30)]
        try store.save(errands)
        try store.save(someday)
        let rings = try store.pendingAlarms(after: Fixture.utc("2026-11-24 00:00"), through: Fixture.utc("2026-11-26 00:00"))
        #expect(rings.map(\.ringsAt) == [Fixture.utc("2026-11-24 09:30"), Fixture.utc("2026-11-25 09:30")])
        let workedOut = try store.dbQueue.read { db in
            try Int.fetchAll(db, sql: "SELECT item FROM item_alarm WHERE worked_out ORDER BY item")
        }
        #expect(workedOut.count == 1)
    }

    @Test("a ring is taken once: the second taker loses, and a taken ring is no longer pending")
    func takenOnce() throws {
        let store = try store()
        try store.save(event(1, "Dentist", at: "2026-11-23 09:00", alarms: [Alarm(minutesBefore: 15)]))
        let span = (Fixture.utc("2026-11-23 08:00"), Fixture.utc("2026-11-23 09:00"))
        let ring = try #require(try store.pendingAlarms(after: span.0, through: span.1).first)
        #expect(try store.take(ring))
        #expect(try !store.take(ring))
        #expect(try store.state(of: ring) == .fired)
        #expect(try store.pendingAlarms(after: span.0, through: span.1).isEmpty)
    }

    @Test("a snoozed ring comes back when its snooze ends, once; a dismissed one does not")
    func snooze() throws {
        let store = try store()
        try store.save(event(1, "Dentist", at: "2026-11-23 09:00", alarms: [Alarm(minutesBefore: 15)]))
        let span = (Fixture.utc("2026-11-23 08:00"), Fixture.utc("2026-11-23 08:50"))
        let ring = try #require(try store.pendingAlarms(after: span.0, through: span.1).first)
        #expect(try store.take(ring))
        try store.snooze(ring, until: Fixture.utc("2026-11-23 08:55"))
        #expect(try store.pendingAlarms(after: span.1, through: Fixture.utc("2026-11-23 08:54")).isEmpty)
        #expect(try store.nextAlarm(after: Fixture.utc("2026-11-23 08:50")) == Fixture.utc("2026-11-23 08:55"))
        let back = try store.pendingAlarms(after: Fixture.utc("2026-11-23 08:54"), through: Fixture.utc("2026-11-23 08:56"))
        #expect(back.map(\.id) == [ring.id])
        #expect(back.first?.alarm == Alarm(minutesBefore: 15))
        #expect(try !store.take(back[0], at: Fixture.utc("2026-11-23 08:54")))
        #expect(try store.take(back[0], at: Fixture.utc("2026-11-23 08:56")))
        #expect(try !store.take(back[0], at: Fixture.utc("2026-11-23 08:56")))
        try store.dismiss(back[0])
        #expect(try store.pendingAlarms(after: span.0, through: Fixture.utc("2026-11-23 10:00")).isEmpty)
    }

    @Test("alarms checked until: recorded, never moved back")
    func checkedUntil() throws {
        let store = try store()
        #expect(try store.alarmsCheckedUntil() == nil)
        try store.setAlarmsChecked(until: Fixture.utc("2026-11-23 08:00"))
        try store.setAlarmsChecked(until: Fixture.utc("2026-11-23 07:00"))
        #expect(try store.alarmsCheckedUntil() == Fixture.utc("2026-11-23 08:00"))
    }

    @Test("two connections to one database: only one takes a ring, however they interleave")
    func claimRace() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let first = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        try first.save(event(1, "Dentist", at: "2026-11-23 09:00", alarms: [Alarm(minutesBefore: 15)]))
        let second = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let span = (Fixture.utc("2026-11-23 08:00"), Fixture.utc("2026-11-23 09:00"))
        let seenByFirst = try #require(try first.pendingAlarms(after: span.0, through: span.1).first)
        let seenBySecond = try #require(try second.pendingAlarms(after: span.0, through: span.1).first)
        // Both saw it pending; both try to take it at once, many times over.
        let wins = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let store = index == 0 ? first : second
            if (try? store.take(index == 0 ? seenByFirst : seenBySecond)) == true {
                wins.withLock { $0 += 1 }
            }
        }
        #expect(wins.withLock { $0 } == 1)
        #expect(try second.pendingAlarms(after: span.0, through: span.1).isEmpty)
    }

    @Test("a database from before several alarms keeps each item's alarm, and rings it")
    func migratesTheOldAlarm() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let monday = Fixture.utc("2026-11-23 09:00").timeIntervalSince1970
        let path = try Fixture.olderDatabase(in: folder, upTo: "v16") { db in
            try db.execute(
                sql: """
                    INSERT INTO item (id, uid, kind, title, created, updated, sort_at, ical_uid, alarm_minutes, alarm_sound)
                        VALUES (1, ?, 'event', 'Dentist', 0, 0, ?, ?, 20, 'bell');
                    INSERT INTO item_time (item, position, start, "end") VALUES (1, 0, ?, ?);
                    INSERT INTO item (id, uid, kind, title, created, updated, sort_at, ical_uid)
                        VALUES (2, ?, 'event', 'Lunch', 0, 0, ?, ?);
                    INSERT INTO item_time (item, position, start, "end") VALUES (2, 0, ?, ?);
                    """,
                arguments: [Fixture.id(1).lowercasedText, monday, Fixture.id(1).lowercasedText, monday, monday + 3600,
                            Fixture.id(2).lowercasedText, monday, Fixture.id(2).lowercasedText, monday, monday + 3600])
        }
        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        #expect(try store.item(id: Fixture.id(1))?.alarms == [Alarm(minutesBefore: 20, sound: "bell")])
        #expect(try store.item(id: Fixture.id(2))?.alarms == [])
        #expect(try store.nextAlarm(after: Fixture.now, horizon: 2 * 86_400) == Fixture.utc("2026-11-23 08:40"))
    }
}
