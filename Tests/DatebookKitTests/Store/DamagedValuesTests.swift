import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Values no Datebook could have written (a flipped bit on disk) end a read with
/// `StoreError.damaged`, never a crash and never a silently shorter answer.
@Suite("Damaged values in the store")
struct DamagedValuesTests {
    /// A store with three events, and the row id of the second.
    func store() throws -> (SQLiteStore, Int64) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        for (n, day) in [(1, 23), (2, 24), (3, 25)] {
            let start = Fixture.utc("2026-11-\(day) 09:00")
            try store.save(
                Item(
                    id: Fixture.id(n), kind: .event, title: "Event \(n)",
                    times: [ItemTime(start: start, end: start.addingTimeInterval(3600))], created: Fixture.now))
        }
        let rowID = try store.dbQueue.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE title = 'Event 2'")!
        }
        return (store, rowID)
    }

    /// Writes around the schema's own checks, as damage on disk would.
    func damage(_ store: SQLiteStore, _ sql: String) throws {
        try store.dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
    }

    func expectDamaged(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            guard case .damaged = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a value of the wrong type or out of every range is reported as damage",
        arguments: [
            "UPDATE item SET created = 1e300 WHERE id = ?", "UPDATE item SET priority = 1e300 WHERE id = ?",
            "UPDATE item SET all_day = 'yes' WHERE id = ?", "UPDATE item SET kind = 'evelt' WHERE id = ?",
            "UPDATE item_time SET start = 'soon' WHERE item = ?", "UPDATE item_time SET \"end\" = -1e300 WHERE item = ?",
        ])
    func wrongValues(sql: String) throws {
        let (store, rowID) = try store()
        try damage(store, sql.replacingOccurrences(of: "?", with: String(rowID)))
        expectDamaged { _ = try store.activeItems(offset: 0, limit: .max) }
        // The other items of a window that does not hold it still read.
        #expect(try store.activeItems(offset: 2, limit: 1).map(\.title) == ["Event 3"])
    }

    /// The date fields' calendar is Julian before 1582: its 1 January of the year 1 is two days
    /// before the proleptic one, and a series from then was written, then read as damage
    /// (rule campaign, seed 2027, input 319638).
    @Test("a damaged series is mended by a sync writing it again with an occurrence more taken out; History learns nothing")
    func mendedWithAnOccurrenceTakenOut() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let start = Fixture.utc("2026-11-23 09:00")
        var series = try store.save(
            Item(
                id: Fixture.id(9), kind: .event, title: "Daily",
                times: [ItemTime(start: start, end: start.addingTimeInterval(3600))], repeatRule: "FREQ=DAILY",
                created: Fixture.now))
        try damage(store, "UPDATE item SET created = 1e300 WHERE title = 'Daily'")
        expectDamaged { _ = try store.activeItems(offset: 0, limit: .max) }
        // As a sync writes what the server has (`CalendarSync`): the version stored is not read
        // through the item's own checks first.
        series.exceptionDates = [Fixture.utc("2026-11-24 09:00")]
        try store.writeBatch(.few) { _, batch in try batch.write(series) }
        #expect(try store.item(id: series.id)?.exceptionDates == series.exceptionDates)
        #expect(try store.historyEntryCount() == 0)
    }

    @Test("what a date field takes is never read back as damage; what lies beyond is refused before it is written")
    func earliestDates() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = try DateParser(now: Fixture.now, calendar: calendar).parse("0001-01-01").date
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        var item = store.newItem(kind: .event, title: "Weekdays")
        item.times = [ItemTime(start: first, end: first.addingTimeInterval(86_400))]
        item.allDay = true
        item.timeZone = .floating
        item.repeatRule = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        let saved = try store.save(item)
        #expect(try store.item(id: saved.id)?.times == saved.times)
        let week = try store.occurrences(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2026-11-30 00:00"))
        #expect(week.count == 5)

        var older = item
        older.id = Fixture.id(99)
        older.repeatRule = nil
        older.times = [ItemTime(start: first.addingTimeInterval(-7 * 86_400), end: first)]
        #expect(throws: StoreError.self) { try store.save(older) }
        #expect(older.validate().contains { $0.message == "Dates must lie within the years 1 to 9999" })
    }

    @Test("a time out of range in the calendar's table stops the walk as damage")
    func occurrenceOutOfRange() throws {
        let (store, rowID) = try store()
        try damage(store, "UPDATE occurrence SET \"end\" = 1e300 WHERE item = \(rowID)")
        expectDamaged {
            try store.forEachOccurrence(
                from: Fixture.utc("2026-11-22 00:00"), to: Fixture.utc("2026-11-30 00:00"), includingUIDs: false
            ) { _ in }
        }
    }
}
