import GRDB

/// Named settings kept in the database (`setting`, migration v15): who "me" is, the weather's
/// city and its last forecast.
public protocol SettingStore: AnyObject, Sendable {
    /// The value of the setting, or nil when it is not set.
    func setting(_ name: String) throws(StoreError) -> String?
    /// Sets the setting, or removes it (nil).
    func setSetting(_ name: String, to value: String?) throws(StoreError)
}

extension SQLiteStore: SettingStore {
    public func setting(_ name: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [name]) }
    }

    public func setSetting(_ name: String, to value: String?) throws(StoreError) {
        try write { db in
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO setting (name, value) VALUES (?, ?)
                        ON CONFLICT (name) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [name, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE name = ?", arguments: [name])
            }
        }
    }
}
