import Foundation
import GRDB

/// Writes an activity inside a write transaction already open.
enum ActivityRows {
    static func insert(_ activity: Activity, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO activity (at, kind, text, meeting, contact, read) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                activity.at.timeIntervalSince1970, activity.kind.rawValue, activity.text,
                activity.meeting?.uuidString.lowercased(), activity.contact?.uuidString.lowercased(), activity.isRead,
            ])
        // The feed keeps the newest thousand.
        try db.execute(sql: "DELETE FROM activity WHERE id <= (SELECT max(id) FROM activity) - 1000")
    }
}

extension SQLiteStore: ActivityStore {
    public func activities(limit: Int) throws(StoreError) -> [Activity] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM activity ORDER BY id DESC LIMIT ?", arguments: [limit]).map { row in
                Activity(
                    id: row["id"], at: Date(timeIntervalSince1970: row["at"]),
                    kind: Activity.Kind(rawValue: row["kind"]) ?? .changed, text: row["text"],
                    meeting: (row["meeting"] as String?).flatMap(UUID.init(uuidString:)),
                    contact: (row["contact"] as String?).flatMap(UUID.init(uuidString:)), isRead: row["read"])
            }
        }
    }

    public func unreadActivityCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activity WHERE NOT read") ?? 0 }
    }

    public func markActivitiesRead() throws(StoreError) {
        try write { db in try db.execute(sql: "UPDATE activity SET read = 1 WHERE NOT read") }
    }

    public func record(_ kind: Activity.Kind, _ text: String) throws(StoreError) {
        let now = clock.now()
        try write { db in try ActivityRows.insert(Activity(at: now, kind: kind, text: text), db) }
    }
}
