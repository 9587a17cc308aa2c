import Foundation
import GRDB

/// My public calendar on the server: a copy, kept level one way, of the items I file under the
/// category `Public` (any letter case), for others to read (they may not write it; see the
/// rights file in Docs/Sync.md) — a contact subscribes to it as to any calendar.
///
/// Only this store writes there: an item that is no longer public (another category, removed,
/// completed) is removed from it; what was sent is noted in `sync_resource` like any other
/// collection's resources, with its fingerprint, so an unchanged item is not sent again.
final class PublicCalendarSync {
    let store: SQLiteStore
    let client: DAVClient
    let account: String
    let collection: SyncCollection
    let coder: ICalendarResource
    var report = SyncReport()

    /// The category that makes an item public.
    public static let category = "Public"

    init(store: SQLiteStore, client: DAVClient, account: String, collection: SyncCollection) throws(StoreError) {
        self.store = store
        self.client = client
        self.account = account
        self.collection = collection
        coder = ICalendarResource(
            timeZone: store.timeZone, now: store.clock.now(), storedZoneDefinitions: try store.storedZoneDefinitions())
    }

    func run() throws {
        let known = try store.syncedResources(account: account, collection: collection.url)
        var byUID: [String: SyncedResource] = [:]
        for resource in known.values { byUID[resource.uid] = resource }
        let items = try store.read { db in
            try SQLiteStore.fetchItems(
                coding: store.storedTime, db,
                sql: """
                    SELECT id FROM item i WHERE status = 'active'
                      AND (lower(category) = lower(?)
                           OR EXISTS (SELECT 1 FROM item_category c WHERE c.item = i.id AND lower(c.name) = lower(?)))
                    ORDER BY id
                    """,
                arguments: [Self.category, Self.category])
        }
        var shown: Set<String> = []
        for item in items {
            let uid = item.icalendarUID
            shown.insert(uid)
            let text = coder.text(for: item)
            let print = CalendarSync.fingerprint(text)
            let resource = byUID[uid]
            if let resource, resource.agreed == print { continue }
            let key = resource?.key ?? collection.url.appendingPathComponent(
                CalendarSync.resourceName(for: item), isDirectory: false).path
            let url = url(ofKey: key)
            var outcome = try client.put(url, Data(text.utf8), contentType: "text/calendar; charset=utf-8", ifMatch: resource?.etag)
            if outcome == .changedMeanwhile || outcome == .gone {
                // Only I write here: what is there is replaced, whatever it is now.
                let current = try client.get(url)?.etag
                outcome = try client.put(url, Data(text.utf8), contentType: "text/calendar; charset=utf-8", ifMatch: current)
            }
            guard case let .done(etag) = outcome else { continue }
            try note(key, uid: uid, etag: etag, text: text, agreed: print)
            if resource == nil { report.publishedNew += 1 } else { report.publishedChanged += 1 }
        }
        for resource in known.values where !shown.contains(resource.uid) {
            _ = try client.delete(url(ofKey: resource.key), ifMatch: nil)
            try store.write { db in try ledger.forget(resource.key, db) }
            report.publishedRemoved += 1
        }
    }

    private func url(ofKey key: String) -> URL {
        CollectionReader(client: client, collection: collection, addressBook: false).url(ofKey: key)
    }

    private func note(_ key: String, uid: String, etag: String?, text: String, agreed: String) throws {
        try store.write { db in try ledger.remember(key, uid: uid, etag: etag, base: text, agreed: agreed, db) }
    }

    private var ledger: SyncLedger { SyncLedger(account: account, collection: collection.url) }
}
