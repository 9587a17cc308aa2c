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
        let (instances, stoppedAt, _) = SeriesInstances.live(definition, after: start + 1, from: from, to: to)
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
        let (instances, stoppedAt, _) = SeriesInstances.live(definition, after: start + 1, from: from, to: from + 86_400)
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

    @Test("many dense series share one read's budget; a sparse series beside them is whole; one alone has its own")
    func sharedBudget() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
        let start = Fixture.utc("2026-11-01 00:00")
        func series(_ n: Int, _ title: String, _ rule: String) -> Item {
            Item(
                id: Fixture.id(n), kind: .event, title: title, times: [ItemTime(start: start, end: start.addingTimeInterval(1))],
                repeatRule: rule, created: Fixture.now, timeZone: .utc)
        }
        // Past the kept instances of all of them (400 days ahead): every one is walked live.
        let from = Fixture.utc("2029-03-01 00:00")
        let to = from.addingTimeInterval(7 * 86_400)
        func read() throws -> (counts: [String: Int], unexpanded: [String]) {
            var counts: [String: Int] = [:]
            let unexpanded = try store.forEachOccurrence(from: from, to: to, includingUIDs: false) {
                counts[$0.title, default: 0] += 1
            }
            return (counts, unexpanded.map(\.title))
        }
        // One dense series alone takes the whole budget of one walk.
        try store.save(series(1, "Tick 1", "FREQ=SECONDLY"))
        let alone = try read()
        #expect(alone.unexpanded == ["Tick 1"])
        #expect(alone.counts["Tick 1"] ?? 0 >= RecurrenceBound.maximumWork / 2 - 10)

        for n in 2...12 { try store.save(series(n, "Tick \(n)", "FREQ=SECONDLY")) }
        try store.save(series(13, "Standup", "FREQ=DAILY"))
        let shared = try read()
        // The daily series, walked first, is whole: one a day.
        #expect(shared.counts["Standup"] == 7)
        #expect(!shared.unexpanded.contains("Standup"))
        // Each dense one is named, and has its share; together no more than the read's budget
        // (two units of work an instance), and it is spent, not left over.
        #expect(Set(shared.unexpanded) == Set((1...12).map { "Tick \($0)" }))
        let dense = shared.counts.filter { $0.key.hasPrefix("Tick") }
        #expect(dense.count == 12)
        let total = dense.values.reduce(0, +)
        #expect(total <= LiveReadBudget.total / 2)
        #expect(total >= LiveReadBudget.total / 2 - 12 * 10)
        #expect(dense.values.allSatisfy { $0 >= LiveReadBudget.total / 2 / 12 - 10 })
    }

    @Test("a read's budget: even shares of what is left, the floor for sparse series, at most one walk's budget")
    func budgetShares() {
        let daily = 2.0, secondly = 86_400.0
        var budget = LiveReadBudget(series: 4, total: 100)
        #expect(budget.share(density: daily) == LiveReadBudget.floor)
        #expect(budget.share(density: secondly) == 25)
        budget = LiveReadBudget(series: 4, total: 4 * RecurrenceBound.maximumWork + 40_000)
        #expect(budget.share(density: secondly) == RecurrenceBound.maximumWork)
        budget = LiveReadBudget(series: 3, total: 90_000)
        #expect(budget.share(density: secondly) == 30_000)
        budget.spent(1_000)  // a sparse series leaves most of its share
        #expect(budget.share(density: secondly) == 44_500)
        budget.spent(44_500)
        #expect(budget.share(density: secondly) == 44_500)
        budget.spent(44_500)
        #expect(budget.share(density: daily) == LiveReadBudget.floor)
        #expect(budget.share(density: secondly) == 0)
        budget.spent(LiveReadBudget.floor)
        #expect(budget.share(density: secondly) == 0)
        #expect(LiveReadBudget.order(densities: [86_400, 2, 0.07, 2, 1_440]) == [2, 1, 3, 4, 0])
    }
}
