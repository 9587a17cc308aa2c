import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// A repeating task with several times shows every one of them in each instance, where it
/// stands from the first: kept, read live past the horizon, completed, deleted and moved with
/// its instance.
@Suite("A repeating task's several times")
struct SeriesTimesTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Watering on Mondays at 09:00 and again 15:00-15:30, from 23 November 2026.
    static func plants() -> Item {
        Item(
            id: Fixture.id(7), kind: .task, title: "Water the plants",
            times: [
                ItemTime(start: Fixture.utc("2026-11-23 09:00")),
                ItemTime(start: Fixture.utc("2026-11-23 15:00"), end: Fixture.utc("2026-11-23 15:30")),
            ],
            repeatRule: "FREQ=WEEKLY", created: Fixture.now)
    }

    static func read(_ store: SQLiteStore, _ from: String, _ to: String) throws -> [String] {
        let format = DateFormatter()
        format.timeZone = utc
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return try store.occurrences(from: Fixture.utc(from), to: Fixture.utc(to)).map {
            "\(format.string(from: $0.start))-\(format.string(from: $0.end)) #\($0.time) \($0.status.rawValue)"
        }
    }

    @Test("each instance shows both times, kept and read live, completed and deleted as one")
    func everyInstanceHasEveryTime() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: Self.utc)
        try store.save(Self.plants())
        #expect(try Self.read(store, "2026-11-30 00:00", "2026-12-08 00:00") == [
            "2026-11-30 09:00-2026-11-30 09:00 #0 active", "2026-11-30 15:00-2026-11-30 15:30 #1 active",
            "2026-12-07 09:00-2026-12-07 09:00 #0 active", "2026-12-07 15:00-2026-12-07 15:30 #1 active",
        ])
        // Past the kept instances, read live.
        #expect(try Self.read(store, "2029-01-01 00:00", "2029-01-02 00:00") == [
            "2029-01-01 09:00-2029-01-01 09:00 #0 active", "2029-01-01 15:00-2029-01-01 15:30 #1 active",
        ])
        let both = try store.occurrences(from: Fixture.utc("2026-11-30 00:00"), to: Fixture.utc("2026-12-01 00:00"))
        #expect(both.map(\.recurrenceID) == [Fixture.utc("2026-11-30 09:00"), Fixture.utc("2026-11-30 09:00")])
        #expect(Set(both.map(\.id)).count == 2)
        // Completing or deleting the instance from either of its times does it to both.
        let afternoon = try #require(both.last?.recurrenceID)
        try store.setOccurrenceCompleted(true, of: Fixture.id(7), recurrenceID: afternoon)
        #expect(try Self.read(store, "2026-11-30 00:00", "2026-12-01 00:00") == [
            "2026-11-30 09:00-2026-11-30 09:00 #0 completed", "2026-11-30 15:00-2026-11-30 15:30 #1 completed",
        ])
        try store.deleteOccurrence(of: Fixture.id(7), recurrenceID: Fixture.utc("2026-12-07 09:00"))
        #expect(try Self.read(store, "2026-12-07 00:00", "2026-12-08 00:00") == [])
    }

    @Test("a moved instance takes its later times along")
    func movedInstance() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: Self.utc)
        try store.save(Self.plants())
        let monday = Fixture.utc("2026-11-30 09:00")
        try store.changeOccurrence(
            of: Fixture.id(7), to: RecurrenceOverride(recurrenceID: monday, start: Fixture.utc("2026-12-01 08:00")))
        #expect(try Self.read(store, "2026-11-30 00:00", "2026-12-02 00:00") == [
            "2026-12-01 08:00-2026-12-01 08:00 #0 active", "2026-12-01 14:00-2026-12-01 14:30 #1 active",
        ])
    }

    @Test("a store whose series were written before shows the later times once it opens again")
    func writtenAgainWhenAsked() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(Self.plants())
        // What a store written before kept: the first time of each instance alone.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM occurrence WHERE key <> CAST(key AS INTEGER)")
            try db.execute(sql: "INSERT INTO store_value (name, value) VALUES ('rebuild_series_times', 1)")
        }
        try queue.close()
        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        #expect(try Self.read(store, "2026-11-30 00:00", "2026-12-01 00:00").count == 2)
        let asked = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM store_value WHERE name = 'rebuild_series_times'")
        }
        #expect(asked == 0)
    }

    @Test("a task with two thousand times repeating every minute keeps its rows within bounds")
    func manyTimesBounded() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: Self.utc)
        let start = Fixture.utc("2026-11-23 09:00")
        var item = Self.plants()
        item.times = (0..<2_000).map { ItemTime(start: start.addingTimeInterval(Double($0) * 60)) }
        item.repeatRule = "FREQ=MINUTELY"
        try store.save(item)
        let rows = try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence") ?? 0 }
        #expect(rows <= 5_000 + OccurrenceRows.maximumLaterRows)
        #expect(rows > 5_000)
    }
}
