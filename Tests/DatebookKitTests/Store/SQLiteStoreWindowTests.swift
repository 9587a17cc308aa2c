import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Windows and positions over many items, and the query plans behind them.
@Suite struct SQLiteStoreWindowTests {
    /// A mixed, repeatable set of items: events, tasks with and without due dates, several times
    /// and attachments, repeated titles and dates so ties happen.
    static func items(count: Int) -> [Item] {
        let base = Fixture.utc("2026-01-01 00:00")
        var generator = SplitMix(seed: 2026)
        return (1...count).map { n in
            let day = Double(generator.next() % 400) * 86_400
            let hour = Double(generator.next() % 24) * 3600
            let start = base.addingTimeInterval(day + hour)
            let title = "Item \(generator.next() % 500)"
            switch n % 4 {
            case 0:
                return Item(
                    id: Fixture.id(n), kind: .event, title: title,
                    times: [ItemTime(start: start, end: start.addingTimeInterval(1800))],
                    attachments: n % 8 == 0 ? ["/tmp/\(n).jpg"] : [], created: Fixture.now)
            case 1:
                return Item(id: Fixture.id(n), kind: .task, title: title, due: start, created: Fixture.now)
            case 2:
                return Item(
                    id: Fixture.id(n), kind: .task, title: title.lowercased(),
                    times: [ItemTime(start: start), ItemTime(start: start.addingTimeInterval(86_400))],
                    created: Fixture.now)
            default:
                return Item(id: Fixture.id(n), kind: .task, title: title, created: Fixture.now)
            }
        }
    }

    /// The Events list order, computed in Swift.
    static func activeOrder(_ items: [Item]) -> [Item] {
        items.filter { $0.status == .active }.sorted { a, b in
            let aDate = a.sortDate ?? .distantFuture
            let bDate = b.sortDate ?? .distantFuture
            if aDate != bDate { return aDate < bDate }
            let aTitle = a.title.lowercased()
            let bTitle = b.title.lowercased()
            if aTitle != bTitle { return aTitle < bTitle }
            return a.id.uuidString.lowercased() < b.id.uuidString.lowercased()
        }
    }

    @Test func windowsAndPositionsMatchTheFullOrder() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let items = Self.items(count: 3000)
        try store.insert(contentsOf: items)
        let expected = Self.activeOrder(items)

        #expect(try store.activeCount() == 3000)
        for offset in [0, 1, 49, 1234, 2950, 2999] {
            let window = try store.activeItems(offset: offset, limit: 50)
            #expect(window == Array(expected[offset..<min(offset + 50, expected.count)]))
        }
        var generator = SplitMix(seed: 7)
        for _ in 0..<200 {
            let index = Int(generator.next() % UInt64(expected.count))
            #expect(try store.activeIndex(of: expected[index].id) == index)
        }
        #expect(try store.activeItems(offset: 0, limit: 5000) == expected)
    }

    @Test func historyPositionsMatchItsOrder() throws {
        let clock = ManualClock()
        let store = try SQLiteStore.inMemory(clock: clock.clock, ids: .sequential())
        try store.insert(contentsOf: Self.items(count: 600))
        var generator = SplitMix(seed: 11)
        for n in stride(from: 1, through: 600, by: 3) {
            if generator.next() % 3 == 0 { clock.advance(by: 1) }  // many ties on the same second
            if n % 2 == 0 { try store.delete(id: Fixture.id(n)) } else { try store.complete(id: Fixture.id(n)) }
        }
        let history = try store.historyItems(offset: 0, limit: 1000)
        #expect(history.count == 200)
        #expect(try store.historyCount() == 200)
        for pair in zip(history, history.dropFirst()) {
            let (a, b) = pair
            let aTime = try #require(a.statusChangedAt)
            let bTime = try #require(b.statusChangedAt)
            #expect(aTime > bTime || (aTime == bTime && a.id.uuidString < b.id.uuidString))
        }
        for (index, item) in history.enumerated() {
            #expect(try store.historyIndex(of: item.id) == index)
        }
        #expect(try store.historyItems(offset: 150, limit: 20) == Array(history[150..<170]))
        #expect(try store.activeCount() == 400)
    }

    // MARK: - 100,000 items

    @Test func hundredThousandItemsAreReadThroughTheIndexes() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let items = Self.items(count: 100_000)
        try store.insert(contentsOf: items)
        for n in stride(from: 3, through: 100_000, by: 10) {
            try store.complete(id: Fixture.id(n))
        }
        let expected = Self.activeOrder(items.filter { Int($0.id.uuidString.suffix(12), radix: 16)! % 10 != 3 })

        #expect(try store.activeCount() == 90_000)
        #expect(try store.historyCount() == 10_000)
        #expect(try store.activeItems(offset: 89_000, limit: 50) == Array(expected[89_000..<89_050]))
        #expect(try store.activeIndex(of: expected[89_999].id) == 89_999)
        #expect(try store.activeIndex(of: expected[45_678].id) == 45_678)
        #expect(try store.historyIndex(of: Fixture.id(99_993)) != nil)

        let plans = try store.dbQueue.read { db in
            (
                window: try Self.plan(
                    db, "SELECT id FROM item WHERE status = 'active' ORDER BY sort_at, title, uid LIMIT 50 OFFSET 89000"),
                history: try Self.plan(
                    db,
                    "SELECT id FROM item WHERE status <> 'active' ORDER BY status_changed_at DESC, uid LIMIT 50 OFFSET 10"
                ),
                position: try Self.plan(
                    db,
                    "SELECT COUNT(*) FROM item WHERE status = 'active' AND (sort_at, title, uid) < (1.0, 'x', 'y')"),
                later: try Self.plan(
                    db, "SELECT COUNT(*) FROM item WHERE status <> 'active' AND status_changed_at > 1.0"),
                tied: try Self.plan(
                    db,
                    "SELECT COUNT(*) FROM item WHERE status <> 'active' AND status_changed_at = 1.0 AND uid < 'x'"),
                rows: try Self.plan(db, "SELECT * FROM item WHERE id IN (1, 2, 3)"),
                children: try Self.plan(db, "SELECT * FROM item_time WHERE item IN (1, 2, 3)")
            )
        }
        #expect(plans.window.contains { $0.contains("SCAN item USING COVERING INDEX item_active_order") })
        #expect(!plans.window.contains { $0.contains("TEMP B-TREE") })
        #expect(plans.history.contains { $0.contains("SCAN item USING COVERING INDEX item_history_order") })
        #expect(!plans.history.contains { $0.contains("TEMP B-TREE") })
        #expect(plans.position.contains { $0.contains("SEARCH item USING COVERING INDEX item_active_order") })
        #expect(plans.later.contains { $0.contains("SEARCH item USING COVERING INDEX item_history_order") })
        #expect(plans.tied.contains { $0.contains("SEARCH item USING COVERING INDEX item_history_order") })
        #expect(plans.rows.contains { $0.contains("SEARCH item USING INTEGER PRIMARY KEY") })
        #expect(plans.children.contains { $0.contains("SEARCH item_time USING PRIMARY KEY") })
    }

    /// The `detail` lines of `EXPLAIN QUERY PLAN`.
    static func plan(_ db: Database, _ sql: String) throws -> [String] {
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] }
    }
}
