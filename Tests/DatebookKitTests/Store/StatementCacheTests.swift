import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import DatebookKit

/// The connection's cache of prepared statements stays small however many rows a read names.
///
/// Reads by lists of row ids (`id IN (?, ?, …)`) are cached statements; with one placeholder a
/// row, every count from 1 to 500 was a statement of its own for each of the item's tables, and a
/// long-running planner (or the fuzzer) gathered thousands, which SQLite walks at every
/// `PRAGMA foreign_keys` an import sets and prepares again after it.
@Suite struct StatementCacheTests {
    /// The statements the connection holds prepared (`sqlite3_next_stmt`).
    static func preparedStatements(_ store: SQLiteStore) throws -> Int {
        try store.dbQueue.read { db in
            var count = 0
            var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
            while let current = statement {
                count += 1
                statement = sqlite3_next_stmt(db.sqliteConnection, current)
            }
            return count
        }
    }

    @Test func readsOfEveryCountShareAFewStatements() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        for n in 1...300 {
            try store.save(Fixture.task(n, "Task \(n)"))
        }
        let selection = try store.itemSelection(showingFrom: nil, to: nil)
        #expect(selection.count == 300)
        _ = try store.items(in: selection, at: 0..<1)
        let afterOne = try Self.preparedStatements(store)
        for count in 1...300 {
            let items = try store.items(in: selection, at: 0..<count)
            // Each read is whole and names each item once, whatever the padding of its list.
            #expect(items.count == count)
            #expect(Set(items.map(\.id)).count == count)
        }
        let afterAll = try Self.preparedStatements(store)
        // Every count is read through the same statements: one list of any length.
        #expect(afterAll == afterOne, "\(afterAll - afterOne) statements more after reading 300 counts")
    }
}

@Suite struct InListTests {
    /// Selects the values of `table`'s `value` column that `list` names, in order.
    static func selected(_ list: InList, from values: [String]) throws -> [String] {
        let db = try DatabaseQueue()
        return try db.write { db in
            try db.execute(sql: "CREATE TABLE t (value TEXT)")
            for value in values { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
            return try String.fetchAll(
                db, sql: "SELECT value FROM t WHERE value IN (\(list.places)) ORDER BY value", arguments: list.arguments)
        }
    }

    @Test func textsWithQuotesBackslashesAndControlsSelectThemselvesAlone() throws {
        let tricky = ["a\"b", "back\\slash", "tab\there", "esc\u{1B}[31m", "会議", "plain"]
        let others = ["a", "b", "back", "slash", "esc"]
        #expect(try Self.selected(InList(tricky), from: tricky + others) == tricky.sorted())
        #expect(try Self.selected(InList(["plain", "plain"]), from: tricky) == ["plain"])
        #expect(try Self.selected(InList([String]()), from: tricky) == [])
    }

    @Test func sizesOfTextListsAreFew() {
        #expect(InList.size(for: 0) == 0)
        #expect((1...8).map(InList.size(for:)) == [1, 2, 4, 4, 8, 8, 8, 8])
        #expect(InList.size(for: 256) == 256)
        #expect(InList.size(for: 257) == 500)
        #expect(InList.size(for: 501) == 1000)
        #expect(Set((1...500).map(InList.size(for:))).count == 10)
        let list = InList(["a", "b", "c"])
        #expect(list.places == "?,?,?,?")
        #expect(list.arguments == StatementArguments(["a", "b", "c", "c"]))
    }

    @Test func rowIDsSelectTheirRows() throws {
        let db = try DatabaseQueue()
        let found = try db.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
            for id in 1...1_000 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [id]) }
            let list = InList([Int64(7), 999, -3, 7, Int64.max])
            return try Int64.fetchAll(db, sql: "SELECT id FROM t WHERE id IN (\(list.places)) ORDER BY id", arguments: list.arguments)
        }
        #expect(found == [7, 999])
    }
}
