import Foundation
import Testing

@testable import DatebookKit

/// A range far past a dense series' kept instances: expanded from near the range rather than
/// walked from DTSTART, the same instances as a full walk; and said when it cannot be whole.
@Suite("Live expansion of dense series")
struct LiveExpansionTests {
    /// Every start of `rule` in `[from, to)`, walked from DTSTART with a budget large enough.
    func walked(_ rule: String, start: Double, zone: ItemTimeZone, from: Double, to: Double) throws -> [Double] {
        let iterator = try RecurrenceIterator(
            rule: rule, start: start, isDate: false, zone: zone, zoneDefinition: nil, workBudget: 20_000_000)
        var found: [Double] = []
        while let next = iterator.next(), next < to {
            if next >= from { found.append(next) }
        }
        #expect(!iterator.stoppedOnBudget)
        return found
    }

    @Test(
        "an hourly or shorter rule months past its start gives what a walk from DTSTART gives",
        arguments: [
            ("FREQ=MINUTELY", ItemTimeZone.utc), ("FREQ=MINUTELY;INTERVAL=7", .floating),
            ("FREQ=HOURLY;INTERVAL=5", .utc), ("FREQ=SECONDLY;INTERVAL=13", .utc),
            ("FREQ=MINUTELY;INTERVAL=90", .floating), ("FREQ=HOURLY;UNTIL=20280101T000000Z", .utc),
            // Walked from DTSTART: hourly steps stay within the budget for years.
            ("FREQ=HOURLY;INTERVAL=5", .named("Europe/Berlin")),
        ])
    func farRange(rule: String, zone: ItemTimeZone) throws {
        let start = Fixture.utc("2026-11-01 00:00").unixSeconds
        let from = Fixture.utc("2027-07-02 00:00").unixSeconds
        let to = from + 86_400
        let definition = SeriesDefinition(rule: rule, start: start, duration: 60, isDate: false, zone: zone)
        let (instances, stoppedAt) = SeriesInstances.live(definition, after: start + 1, from: from, to: to)
        #expect(stoppedAt == nil)
        // An instance that ends at `from` is not in the range.
        let expected = try walked(rule, start: start, zone: zone, from: from - 59, to: to)
        let found = instances.map(\.start)
        #expect(found.count == expected.count)
        #expect(found.first == expected.first)
        #expect(found == expected, "differs from a walk from DTSTART")
        #expect(!instances.isEmpty)
    }

    @Test("a range too dense to expand whole says where it stopped")
    func tooDense() throws {
        let start = Fixture.utc("2026-11-01 00:00").unixSeconds
        let definition = SeriesDefinition(rule: "FREQ=SECONDLY", start: start, duration: 1, isDate: false, zone: .utc)
        let from = start + 40 * 86_400
        let (instances, stoppedAt) = SeriesInstances.live(definition, after: start + 1, from: from, to: from + 86_400)
        let stop = try #require(stoppedAt)
        #expect(stop > from && stop < from + 86_400)
        #expect(instances.first?.start == from)
        #expect(instances.last?.start == stop)
    }

    @Test("the store hands on what it could and names the series it could not show whole")
    func storeSaysSo() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
        let start = Fixture.utc("2026-11-01 00:00")
        var item = Item(
            id: Fixture.id(1), kind: .event, title: "Tick", times: [ItemTime(start: start, end: start.addingTimeInterval(1))],
            repeatRule: "FREQ=SECONDLY", created: Fixture.now, timeZone: .utc)
        try store.save(item)
        let from = Fixture.utc("2027-03-01 00:00")
        var count = 0
        let unexpanded = try store.forEachOccurrence(from: from, to: from.addingTimeInterval(86_400), includingUIDs: false) {
            _ in count += 1
        }
        #expect(count > 1_000)
        #expect(unexpanded.map(\.title) == ["Tick"])
        #expect(unexpanded.first.map { $0.shownUntil > from } == true)
        // A short range is whole.
        let whole = try store.forEachOccurrence(from: from, to: from.addingTimeInterval(60), includingUIDs: false) { _ in }
        #expect(whole.isEmpty)
        item.repeatRule = "FREQ=MINUTELY"
        try store.save(item)
        var minutes = 0
        let none = try store.forEachOccurrence(from: from, to: from.addingTimeInterval(86_400), includingUIDs: false) {
            _ in minutes += 1
        }
        #expect(none.isEmpty)
        #expect(minutes == 1_440)
    }
}
