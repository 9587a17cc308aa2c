import Foundation
import GRDB

/// Sending what changed here: new items, changed items, removed items.
extension CalendarSync {
    /// Items new here (when this collection takes them), changed since agreed, removed here.
    ///
    /// Read from the triggers' rows (`sync_dirty`: every item written or removed since it was
    /// agreed, and every item never agreed, which the first account marks when it is made)
    /// and from the resources agreed on nothing (a merge's result, a take-mine), never by
    /// walking every item: a sync of a few changes costs as much with 100,000 items as with 100.
    func pushCandidates() throws -> [SyncCandidate] {
        try store.read { db in
            var result: [SyncCandidate] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT * FROM (
                        SELECT i.id AS id, CAST(d.uid AS TEXT), i.status, r.href, r.etag, r.base, r.agreed
                        FROM sync_dirty d
                        LEFT JOIN item i ON i.ical_uid = d.uid
                        LEFT JOIN sync_resource r ON r.uid = d.uid AND r.account = ?1 AND r.collection = ?2
                        WHERE r.href IS NOT NULL
                           OR (i.id IS NOT NULL AND ?3 AND i.status <> 'deleted'
                               AND NOT EXISTS (SELECT 1 FROM sync_resource o JOIN sync_collection c
                                               ON c.account = o.account AND c.url = o.collection AND c.kind = 'calendar'
                                               WHERE o.uid = d.uid))
                        UNION
                        SELECT i.id, CAST(r.uid AS TEXT), i.status, r.href, r.etag, r.base, r.agreed
                        FROM sync_resource r LEFT JOIN item i ON i.ical_uid = r.uid
                        WHERE r.account = ?1 AND r.collection = ?2 AND r.agreed IS NULL)
                    ORDER BY id IS NULL, id
                    """,
                arguments: [account, collection.url.absoluteString, takesNewItems])
            while let row = try rows.next() {
                let rowID: Int64? = row[0]
                let uid: String = row[1]
                let resource: SyncedResource? = (row[3] as String?).map {
                    SyncedResource(href: $0, uid: uid, etag: row[4], base: row[5], agreed: row[6])
                }
                // A resource whose item is gone from the store altogether: removed here.
                let removed = rowID == nil || ItemStatus(rawValue: row[2]) == .deleted
                result.append(SyncCandidate(rowID: rowID, uid: uid, isRemoved: removed, resource: resource))
            }
            return result
        }
    }

    /// The items of these rows, by UID.
    func records(rowIDs: [Int64]) throws -> [String: Item] {
        let list = InList(rowIDs)
        let items = try store.read { db in
            try SQLiteStore.fetchItems(
                coding: store.storedTime, db, sql: "SELECT id FROM item WHERE id IN (\(list.places))",
                arguments: list.arguments)
        }
        var byUID: [String: Item] = [:]
        for item in items { byUID[item.icalendarUID] = item }
        return byUID
    }

    /// An item written but not changed: no longer waiting, if it is still as it was read.
    private func settle(uid: String, sent text: String, _ db: Database, _ batch: ItemBatch) throws {
        let current = try batch.identity(ofUID: uid).flatMap { try batch.item(id: $0.id) }
        if current.map({ coder.text(for: $0) == text }) ?? false {
            try db.execute(sql: "DELETE FROM sync_dirty WHERE uid = ?", arguments: [uid])
        }
    }

    /// Notes one outcome in the store.
    func note(_ outcome: SyncOutcome, _ db: Database, _ batch: ItemBatch) throws {
        switch outcome {
        case .waiting:
            return
        case let .removed(key, uid):
            try forget(key, db)
            try db.execute(sql: "DELETE FROM sync_dirty WHERE uid = ?", arguments: [uid])
        case let .unchanged(uid, text):
            try settle(uid: uid, sent: text, db, batch)
        case let .stored(key, uid, etag, text):
            // Agreed only if the item is still as it was sent.
            let current = try batch.identity(ofUID: uid).flatMap { try batch.item(id: $0.id) }
            let same = current.map { coder.text(for: $0) == text } ?? false
            try remember(key, uid: uid, etag: etag, base: text, agreed: same ? current : nil, db, batch)
        case let .changedThere(key, uid, remote):
            guard let remote else {
                // Removed there meanwhile: forgotten, so the item goes out as new next time.
                try forget(key, db)
                return
            }
            let known = try SQLiteStore.syncedResources(
                db, account: account, collection: collection.url, hrefs: [key], uids: [])
            guard let read = coder.read(remote.text) else {
                report.unreadable.append(key)
                return
            }
            guard let identity = try batch.identity(ofUID: uid), let mine = try batch.item(id: identity.id) else { return }
            if known[key] == nil, isSame(mine, read.item) {
                // Sent by a sync that stopped before it could note it.
                try remember(key, uid: uid, etag: remote.etag, base: remote.text, agreed: mine, db, batch)
                return
            }
            let base = known[key].flatMap { coder.item(from: $0.base) }
            let merged = merge(base: base, mine: mine, theirs: read.item, theirsText: remote.text, db)
            let issues = merged.validate()
            guard issues.isEmpty else {
                report.unreadable.append(key)
                return
            }
            try batch.write(merged, zoneDefinition: read.zoneDefinition)
            // What the server has is the base now; the merged item goes out next time.
            try remember(key, uid: uid, etag: remote.etag, base: remote.text, agreed: nil, db, batch)
            report.notes.append("“\(mine.title)” changed on the server meanwhile; merged, and sent next time")
        }
    }
}
