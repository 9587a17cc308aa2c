import Foundation
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
}
