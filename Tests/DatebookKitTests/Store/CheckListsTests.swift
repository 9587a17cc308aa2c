import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// The tables' CHECK constraints test values by comparisons, never through a list SQLite builds
/// a table for at every row written (finding 72), and refuse what they refused before.
@Suite struct CheckListsTests {
    @Test func listsOfThreeOrMoreBecomeComparisons() {
        #expect(
            CheckLists.unrolled("kind TEXT NOT NULL CHECK (kind IN ('event', 'task', 'reminder')),")
                == "kind TEXT NOT NULL CHECK (kind = 'event' OR kind = 'task' OR kind = 'reminder'),")
        #expect(
            CheckLists.unrolled("a CHECK (a IN ('x', 'y', 'z', 'w')), b CHECK (b IN ('p', 'q', 'r'))")
                == "a CHECK (a = 'x' OR a = 'y' OR a = 'z' OR a = 'w'), b CHECK (b = 'p' OR b = 'q' OR b = 'r')")
        // Two values cost SQLite no table; other checks are not touched.
        let left = "status CHECK (status IN ('active', 'deleted')), n CHECK (n > 0), t CHECK (t IN (SELECT x FROM y))"
        #expect(CheckLists.unrolled(left) == left)
    }

    /// Writing an item's row builds no table: on the old definitions its kind and its status each
    /// built one.
    @Test func writingAnItemBuildsNoTable() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let opcodes = try store.dbQueue.read { db in
            let nulls = StatementArguments(Array(repeating: DatabaseValue.null, count: Item.writeColumns.count))
            return try Row.fetchAll(db, sql: "EXPLAIN " + Item.insertSQL, arguments: nulls)
                .map { $0["opcode"] as String }.filter { $0.hasPrefix("Open") }
        }
        #expect(!opcodes.isEmpty)
        #expect(!opcodes.contains("OpenEphemeral"))
        let lists = try store.dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'table'")
                .filter { CheckLists.unrolled($0) != $0 }
        }
        #expect(lists.isEmpty)
    }

    /// A store from before version 28 keeps its rows, and its checks refuse what they did.
    @Test func anOlderStoreKeepsItsRowsAndItsChecks() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = try Fixture.olderDatabase(in: folder, upTo: "v27") { db in
            for (n, kind, status) in [(1, "event", "active"), (2, "task", "completed"), (3, "reminder", "deleted")] {
                try db.execute(
                    sql: """
                        INSERT INTO item (id, uid, kind, title, created, updated, sort_at, status, status_changed_at)
                            VALUES (?, ?, ?, ?, 0, 0, 0, ?, 0)
                        """,
                    arguments: [n, Fixture.id(n).lowercasedText, kind, "Item \(n)", status])
            }
        }
        let before = try DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 'item'")
        }
        #expect(before?.contains("CHECK (kind IN ('event', 'task', 'reminder'))") == true)

        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        #expect(try store.item(id: Fixture.id(1))?.kind == .event)
        #expect(try store.item(id: Fixture.id(2))?.status == .completed)
        #expect(try store.item(id: Fixture.id(3))?.kind == .reminder)
        try store.dbQueue.write { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let item = try #require(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 'item'"))
            #expect(item.contains("CHECK (kind = 'event' OR kind = 'task' OR kind = 'reminder')"))
            #expect(item.contains("CHECK (status = 'active' OR status = 'completed' OR status = 'deleted')"))
            for (kind, status) in [("meeting", "active"), ("event", "archived"), ("", "active")] {
                #expect(throws: DatabaseError.self) {
                    try db.execute(
                        sql: "INSERT INTO item (uid, kind, title, created, updated, sort_at, status) VALUES ('x', ?, '', 0, 0, 0, ?)",
                        arguments: [kind, status])
                }
            }
            try db.execute(
                sql: "INSERT INTO alarm_state (item, rings_at, occurrence, state, changed) VALUES ('x', 0, 0, 'fired', 0)")
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE alarm_state SET state = 'rung'")
            }
        }
        let reopened = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        #expect(try reopened.item(id: Fixture.id(2))?.title == "Item 2")
    }
}
