import Foundation
import GRDB

/// The database schema, one named migration per version.
///
/// Dates are stored as Unix seconds (`REAL`, UTC instants). Every item has an integer row id
/// for its child rows and a unique `uid`, the lowercase UUID the rest of Datebook knows.
///
/// `item.sort_at` repeats the date the Events list sorts by (the first time's start, else the
/// due date, else `SQLiteStore.undatedSortKey`) so that the list is read straight from an index.
extension SQLiteStore {
    // MARK: - Identity

    /// The value of `PRAGMA application_id` in every Datebook database: "DtBk" in ASCII.
    public static let applicationID: Int32 = 0x4474_426B

    /// The `sort_at` of an item with neither a start nor a due date: after every real date.
    static let undatedSortKey = Double.greatestFiniteMagnitude

    // MARK: - Migrations

    /// Every schema change Datebook has made, in order. A database that records a migration
    /// missing here was written by a newer Datebook and is refused.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(
                sql: """
                    CREATE TABLE item (
                        id INTEGER PRIMARY KEY,
                        uid TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL CHECK (kind IN ('event', 'task', 'reminder')),
                        title TEXT NOT NULL COLLATE NOCASE,
                        all_day INTEGER NOT NULL DEFAULT 0,
                        place TEXT NOT NULL DEFAULT '',
                        notes TEXT NOT NULL DEFAULT '',
                        due REAL,
                        priority INTEGER NOT NULL DEFAULT 0,
                        alarm_minutes INTEGER,
                        alarm_sound TEXT,
                        repeat_rule TEXT,
                        category TEXT NOT NULL DEFAULT '',
                        status TEXT NOT NULL DEFAULT 'active'
                            CHECK (status IN ('active', 'completed', 'deleted')),
                        status_changed_at REAL,
                        created REAL NOT NULL,
                        updated REAL NOT NULL,
                        sort_at REAL NOT NULL
                    );

                    -- The Events list: WHERE status = 'active' ORDER BY sort_at, title, uid.
                    -- The trailing status makes the index cover the counts behind positions.
                    CREATE INDEX item_active_order ON item (sort_at, title, uid, status)
                        WHERE status = 'active';

                    -- History: WHERE status <> 'active' ORDER BY status_changed_at DESC, uid.
                    CREATE INDEX item_history_order ON item (status_changed_at DESC, uid, status)
                        WHERE status <> 'active';

                    CREATE TABLE item_time (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;

                    CREATE TABLE item_attachment (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        path TEXT NOT NULL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    -- The calendar: times by start, the longest span (to know how far back a
                    -- span may begin and still overlap a range), and tasks by due date.
                    CREATE INDEX item_time_start ON item_time (start);
                    CREATE INDEX item_time_span ON item_time (("end" - start));
                    CREATE INDEX item_due ON item (due) WHERE due IS NOT NULL;
                    """)
        }
        return migrator
    }()
}
