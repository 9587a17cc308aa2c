import GRDB

/// The rows of a store's tables at one moment, to put back later (see `SQLiteStore.snapshot()`).
package struct StoreSnapshot: Sendable {
    fileprivate var tables: [(name: String, rows: [[DatabaseValue]])]
}

extension SQLiteStore {
    /// Every table's rows but the migrations', to put back with `restore(_:)`.
    ///
    /// For the fuzzer (`make fuzz`), which runs thousands of inputs one after another on one
    /// store in memory: making a new store (running its migrations) costs more than most inputs.
    package func snapshot() throws(StoreError) -> StoreSnapshot {
        try read { db in
            StoreSnapshot(tables: try Self.tableNames(db).map { name in
                (name, try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)").map {
                    Array($0.databaseValues)
                })
            })
        }
    }

    /// Puts every table back as `snapshot` has it, in one transaction.
    package func restore(_ snapshot: StoreSnapshot) throws(StoreError) {
        try write(checkingForeignKeys: false) { db in
            for (name, rows) in snapshot.tables {
                let table = name.quotedDatabaseIdentifier
                try db.execute(sql: "DELETE FROM \(table)")
                for row in rows {
                    let marks = Array(repeating: "?", count: row.count).joined(separator: ",")
                    try db.execute(sql: "INSERT INTO \(table) VALUES (\(marks))", arguments: StatementArguments(row))
                }
            }
        }
    }

    private static func tableNames(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'grdb_migrations'
              AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            ORDER BY name
            """)
    }
}
