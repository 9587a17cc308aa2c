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
        // Counts are read through lists of 1, 2, 4 … 256 and 500 places: ten sizes at most.
        #expect(afterAll - afterOne <= 10 * 10, "\(afterAll - afterOne) statements more after reading 300 counts")
    }
}

@Suite struct InListTests {
    @Test func sizesAreFew() {
        #expect(InList.size(for: 0) == 0)
        #expect((1...8).map(InList.size(for:)) == [1, 2, 4, 4, 8, 8, 8, 8])
        #expect(InList.size(for: 256) == 256)
        #expect(InList.size(for: 257) == 500)
        #expect(InList.size(for: 500) == 500)
        #expect(InList.size(for: 501) == 1000)
        #expect(Set((1...500).map(InList.size(for:))).count == 10)
    }

    @Test func placesAreFilledWithTheLastValue() {
        let list = InList([Int64(7), 8, 9])
        #expect(list.places == "?,?,?,?")
        #expect(list.arguments == StatementArguments([Int64(7), 8, 9, 9]))
        let none = InList([String]())
        #expect(none.places.isEmpty)
        #expect(none.arguments.isEmpty)
    }
}
