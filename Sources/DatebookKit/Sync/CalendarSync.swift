import Foundation
import GRDB

/// Syncs the store's items two ways with one calendar collection: first what the server
/// changed comes in (`pull`), then what was changed here goes out (`push`).
///
/// What was last agreed for each resource is kept (`sync_resource`): its ETag, its text (the
/// base of a three-way merge) and the item's `updated` then. An item changed on both sides
/// since is merged field by field (`ItemMerge`); a field both changed keeps the server's
/// value, and my version is kept whole in `sync_conflict`. Every step writes what it learnt in
/// the same transaction as the items it wrote, and every request is conditional (`If-Match`,
/// `If-None-Match: *`), so a sync killed anywhere leaves both sides consistent, and the next
/// one finishes the job without duplicates.
final class CalendarSync: ResourceSync {
    let store: SQLiteStore
    let client: DAVClient
    let account: String
    let collection: SyncCollection
    /// True when new items of this store go to this collection.
    let takesNewItems: Bool
    let progress: (String) -> Void
    let coder: ICalendarResource
    let reader: CollectionReader
    let ledger: SyncLedger
    var report = SyncReport()
    /// How many items are read from the store at once while pushing.
    static let itemsPerChunk = 100

    init(store: SQLiteStore, client: DAVClient, account: String, collection: SyncCollection, takesNewItems: Bool,
         progress: @escaping (String) -> Void) throws(StoreError)
    {
        self.store = store
        self.client = client
        self.account = account
        self.collection = collection
        self.takesNewItems = takesNewItems
        self.progress = progress
        reader = CollectionReader(client: client, collection: collection, addressBook: false)
        ledger = SyncLedger(account: account, collection: collection.url)
        coder = ICalendarResource(
            timeZone: store.timeZone, now: store.clock.now(), storedZoneDefinitions: try store.storedZoneDefinitions())
    }

    // MARK: - Addresses

    func key(ofHref href: String) -> String? { reader.key(ofHref: href) }
    typealias Remote = CollectionReader.Remote

    /// The key of a new resource for an item.
    func newKey(for item: Item) -> String {
        collection.url.appendingPathComponent(Self.resourceName(for: item), isDirectory: false).path
    }

    /// The name of a new resource for an item: its UID when it is plain, else its id.
    static func resourceName(for item: Item) -> String {
        SyncLedger.resourceName(uid: item.icalendarUID, id: item.id, suffix: ".ics")
    }

    // MARK: - As a resource sync

    static var counts: WritableKeyPath<SyncReport, TransferCounts> { \.items }
    static let changes = "changes"
    static let contentType = "text/calendar; charset=utf-8"
    static var perChunk: Int { itemsPerChunk }

    func decode(_ text: String) -> ICalendarResource.Read? { coder.read(text) }
    func uid(of read: ICalendarResource.Read) -> String { read.item.icalendarUID }
    func write<T>(_ body: (Database, ItemBatch) throws -> T) throws -> T { try store.writeBatch(.few, body) }
    func text(for item: Item) -> String { coder.text(for: item) }
    func fingerprint(_ text: String) -> String { Self.fingerprint(text) }
    func isRemoved(_ item: Item) -> Bool { item.status == .deleted }
    func named(_ item: Item) -> String { "\u{201C}\(item.title)\u{201D}" }

    /// A fingerprint of an item's text (64-bit FNV-1a, in hex): equal texts, equal prints.
    /// The lines that say when the text was written (DTSTAMP, LAST-MODIFIED) are left out:
    /// writing an item again unchanged (an import of its own export) is no change.
    static func fingerprint(_ text: String) -> String {
        SyncLedger.fingerprint(text, skipping: ["DTSTAMP", "LAST-MODIFIED"])
    }

    /// The fingerprint of an item as it is here.
    func fingerprint(of item: Item) -> String {
        Self.fingerprint(coder.text(for: item))
    }

    /// Is `item` changed here since it was last agreed?
    func isChanged(_ item: Item, since resource: SyncedResource?) -> Bool {
        guard let agreed = resource?.agreed else { return true }
        return fingerprint(of: item) != agreed
    }

    /// One resource the server changed: written here when the item was not changed here,
    /// merged when it was.
    func receive(_ remote: Remote, _ read: ICalendarResource.Read, agreed: SyncedResource?, _ db: Database,
                         _ batch: ItemBatch) throws
    {
        var theirs = read.item
        let uid = theirs.icalendarUID
        let identity = try batch.identity(ofUID: uid)
        let mine = try identity.flatMap { try batch.item(id: $0.id) }
        if let agreed, agreed.key != remote.key {
            // The same UID under another name: the old name is forgotten.
            try forget(agreed.key, db)
        }
        if let mine, mine.status == .deleted, mine.status != theirs.status {
            // Removed here, changed there: the change wins, and the item comes back.
            report.notes.append("“\(theirs.title)” was removed here but changed on the server; it comes back")
            try ActivityRows.insert(
                Activity(
                    at: store.clock.now(), kind: .sync,
                    text: "“\(theirs.title)” was removed here after it was changed on the server; the change wins, "
                        + "it is back"),
                db)
        }
        guard let mine, mine.status != .deleted, isChanged(mine, since: agreed) else {
            // New here, not changed here since, or removed here: the server's version, as it is.
            theirs.id = try identity?.id ?? batch.newIdentity(forUID: uid).id
            theirs.created = identity?.created ?? theirs.created
            theirs.icalUID = theirs.id.isLowercasedText(uid) ? nil : uid
            let written = try write(theirs, zoneDefinition: read.zoneDefinition, batch)
            if mine == nil { report.items.receivedNew += 1 } else { report.items.receivedChanged += 1 }
            try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: written, db, batch)
            return
        }
        if agreed == nil, isSame(mine, theirs) {
            // Sent by a sync that stopped before it could note it (the server may have
            // written it its own way: only the fields count).
            try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: mine, db, batch)
            return
        }
        // Changed on both sides.
        let base = agreed.flatMap { coder.item(from: $0.base) }
        let merged = merge(base: base, mine: mine, theirs: theirs, theirsText: remote.text, db)
        let written = try write(merged, zoneDefinition: read.zoneDefinition, batch)
        // The merged item holds changes of mine the server has not seen: it goes out next.
        try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: nil, db, batch)
        _ = written
    }

    /// True when two versions of an item hold the same fields; properties kept verbatim may
    /// differ in how they are written (a server that writes `-PT1H` for `-PT60M`). Mine is
    /// read as the server would read it (the store keeps some values in its own way).
    func isSame(_ mine: Item, _ theirs: Item) -> Bool {
        let mine = coder.item(from: coder.text(for: mine)).map { read in
            var read = read
            read.id = mine.id
            read.created = mine.created
            read.icalUID = mine.icalUID
            read.status = mine.status
            return read
        } ?? mine
        var theirs = theirs
        theirs.id = mine.id
        theirs.created = mine.created
        theirs.icalUID = mine.icalUID
        return ItemMerge.changedFields(from: mine, to: theirs).allSatisfy { $0 == .extraProperties }
            && mine.status == theirs.status
    }

    /// Merges a change of the server into an item changed here too: fields changed on one side
    /// are taken from it; a field both changed keeps the server's value, and mine is kept in
    /// `sync_conflict`, noted in Activities.
    func merge(base: Item?, mine: Item, theirs: Item, theirsText: String, _ db: Database) -> Item {
        var theirs = theirs
        theirs.id = mine.id
        theirs.created = mine.created
        theirs.icalUID = mine.icalUID
        // Without a base, every field that differs is changed on both sides.
        let hasBase = base != nil
        let base = base.map { item -> Item in
            var item = item
            item.id = mine.id
            item.created = mine.created
            item.icalUID = mine.icalUID
            return item
        } ?? theirs
        var result = ItemMerge.merge(base: base, mine: mine, theirs: theirs)
        let conflicts = hasBase ? result.conflicts : ItemMerge.changedFields(from: theirs, to: mine)
        if base.status == mine.status {
            result.item.status = theirs.status
            result.item.statusChangedAt = theirs.statusChangedAt
        } else {
            result.item.status = mine.status
            result.item.statusChangedAt = mine.statusChangedAt
        }
        for field in conflicts {
            field.copy(from: theirs, into: &result.item)
        }
        if conflicts.isEmpty {
            report.merged += 1
        } else {
            report.conflicts += 1
            try? db.execute(
                sql: "INSERT INTO sync_conflict (account, uid, title, fields, mine, theirs, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [account, mine.icalendarUID, mine.title, conflicts.map(\.name).joined(separator: ","),
                            coder.text(for: mine), theirsText, store.clock.now().unixSeconds])
            try? ActivityRows.insert(
                Activity(
                    at: store.clock.now(), kind: .sync,
                    text: "Conflict on “\(mine.title)”: \(conflicts.map(\.name).joined(separator: ", ")) changed here "
                        + "and on the server; the server's version is in place, yours is kept (datebook sync --conflicts)"),
                db)
        }
        result.item.updated = store.clock.now()
        return result.item
    }

    /// The server removed a resource: its item goes to History as deleted, unless it was
    /// changed here since, in which case the change wins and it goes back to the server.
    func receiveRemoval(of resource: SyncedResource, _ db: Database, _ batch: ItemBatch) throws {
        try forget(resource.key, db)
        guard let identity = try batch.identity(ofUID: resource.uid), let mine = try batch.item(id: identity.id)
        else { return }
        if isChanged(mine, since: resource) {
            report.notes.append("“\(mine.title)” was removed on the server but changed here; it goes back")
            try ActivityRows.insert(
                Activity(
                    at: store.clock.now(), kind: .sync,
                    text: "“\(mine.title)” was removed on the server after it was changed here; the change wins, "
                        + "it is sent again"),
                db)
            return
        }
        guard mine.status != .deleted else { return }
        try batch.setStatus(.deleted, of: identity.id)
        try db.execute(sql: "DELETE FROM sync_dirty WHERE uid = ?", arguments: [resource.uid])
        report.items.receivedRemoved += 1
    }

    /// Writes an item received, or notes why it could not be.
    private func write(_ item: Item, zoneDefinition: String?, _ batch: ItemBatch) throws -> Item? {
        let issues = item.validate()
        guard issues.isEmpty else {
            report.unreadable.append("“\(item.title)”: " + issues.map(\.message).joined(separator: "; "))
            return nil
        }
        return try batch.write(item, zoneDefinition: zoneDefinition)
    }

    // MARK: - What was agreed

    /// Notes what was agreed for a resource: `agreed` is the item as the server now has it
    /// (nil: the item here holds changes still to send). The item is read back as stored, so
    /// its fingerprint is the one the next sync computes.
    func remember(_ key: String, uid: String, etag: String?, base: String, agreed: Item?, _ db: Database,
                  _ batch: ItemBatch) throws
    {
        var print: String?
        if let agreed {
            print = try batch.item(id: agreed.id).map { fingerprint(of: $0) }
            try db.cachedStatement(sql: "DELETE FROM sync_dirty WHERE uid = ?").execute(arguments: [uid])
        }
        try ledger.remember(key, uid: uid, etag: etag, base: base, agreed: print, db)
    }

    func forget(_ key: String, _ db: Database) throws {
        try ledger.forget(key, db)
    }
}

extension SyncedResource {
    var key: String { href }
}
