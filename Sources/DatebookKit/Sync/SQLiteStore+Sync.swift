import Foundation
import GRDB

/// The accounts, collections, agreed resources and conflicts of sync in the store.
extension SQLiteStore {
    // MARK: - Accounts

    /// Adds an account with its collections; fails when one of that name exists.
    public func addSyncAccount(_ account: SyncAccount) throws(StoreError) {
        let now = clock.now()
        try write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sync_account WHERE name = ?", arguments: [account.name]) == true {
                throw StoreError.failed("an account called \(account.name) exists already")
            }
            try db.execute(sql: SyncSchema.itemTriggers)
            try db.execute(sql: SyncSchema.markItemsNeverAgreed)
            try db.execute(
                sql: "INSERT INTO sync_account (name, url, user, password_command, created) VALUES (?, ?, ?, ?, ?)",
                arguments: [account.name, account.url.absoluteString, account.user, account.passwordCommand, now.unixSeconds])
            for collection in account.collections {
                try db.execute(
                    sql: """
                        INSERT INTO sync_collection (account, url, kind, display_name, is_default)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [account.name, collection.url.absoluteString, collection.kind.rawValue,
                                collection.displayName, collection.isDefault])
            }
        }
    }

    /// Every account, by name, with its collections.
    public func syncAccounts() throws(StoreError) -> [SyncAccount] {
        try read { db in
            let collections = try Row.fetchAll(
                db,
                sql: """
                    SELECT account, url, kind, display_name, is_default, sync_token, last_sync, last_error, selected
                    FROM sync_collection ORDER BY account, kind, url
                    """)
            return try Row.fetchAll(db, sql: "SELECT name, url, user, password_command FROM sync_account ORDER BY name")
                .compactMap { row -> SyncAccount? in
                    guard let url = URL(string: row[1]) else { return nil }
                    let name: String = row[0]
                    return SyncAccount(
                        name: name, url: url, user: row[2], passwordCommand: row[3],
                        collections: collections.filter { ($0[0] as String) == name }.compactMap(Self.collection))
                }
        }
    }

    private static func collection(_ row: Row) -> SyncCollection? {
        guard let url = URL(string: row[1]), let kind = SyncCollection.Kind(rawValue: row[2]) else { return nil }
        return SyncCollection(
            url: url, kind: kind, displayName: row[3], isDefault: row[4], syncToken: row[5],
            lastSync: (row[6] as Double?).map { Date(unixSeconds: $0) }, lastError: row[7], isSelected: row[8])
    }

    /// Starts (or starts again) syncing a calendar or address book of an account. Returns false
    /// when it was synced already.
    public func selectSyncCollection(account: String, _ collection: SyncCollection) throws(StoreError) -> Bool {
        guard [.calendar, .addressBook].contains(collection.kind) else {
            throw StoreError.failed("only calendars and address books are chosen; the inbox and public calendar always sync")
        }
        return try write { db in
            let url = collection.url.absoluteString
            if let selected = try Bool.fetchOne(
                db, sql: "SELECT selected FROM sync_collection WHERE account = ? AND url = ?", arguments: [account, url])
            {
                try db.execute(
                    sql: "UPDATE sync_collection SET selected = 1 WHERE account = ? AND url = ?", arguments: [account, url])
                return !selected
            }
            try db.execute(
                sql: """
                    INSERT INTO sync_collection (account, url, kind, display_name, is_default, selected)
                    VALUES (?, ?, ?, ?, 0, 1)
                    """,
                arguments: [account, url, collection.kind.rawValue, collection.displayName])
            return true
        }
    }

    /// Stops syncing a calendar or address book of an account; its items stay here. Returns
    /// false when it was not synced. Refuses the collection new items or contacts go to.
    public func deselectSyncCollection(account: String, url: URL) throws(StoreError) -> Bool {
        try write { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT kind, is_default, selected FROM sync_collection WHERE account = ? AND url = ?",
                arguments: [account, url.absoluteString])
            else { return false }
            let kind: String = row[0]
            guard kind == "calendar" || kind == "addressbook" else {
                throw StoreError.failed("the inbox and the public calendar always sync")
            }
            guard !(row[1] as Bool) else {
                throw StoreError.failed(
                    "new \(kind == "calendar" ? "items" : "contacts") go to \(url.path); it cannot be left out")
            }
            guard row[2] as Bool else { return false }
            try db.execute(
                sql: "UPDATE sync_collection SET selected = 0 WHERE account = ? AND url = ?",
                arguments: [account, url.absoluteString])
            return true
        }
    }

    /// Removes an account and what was agreed with its server; the items stay. False when
    /// there is none of that name.
    public func removeSyncAccount(named name: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM sync_resource WHERE account = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM sync_account WHERE name = ?", arguments: [name])
            let removed = db.changesCount > 0
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_account)") == false {
                try db.execute(sql: SyncSchema.dropItemTriggers)
                try db.execute(sql: "DELETE FROM sync_dirty")
            }
            return removed
        }
    }

    /// The text of the last entry in Activities about a sync of the account, if any.
    func lastSyncNote(account: String) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT text FROM activity WHERE kind = 'sync'
                      AND (substr(text, 1, length(?1)) = ?1 OR substr(text, 1, length(?2)) = ?2)
                    ORDER BY id DESC LIMIT 1
                    """,
                arguments: ["Sync of \(account) failed", "Synced \(account):"])
        }
    }

    /// Notes how a collection's sync ended: its new token, or what went wrong.
    func noteSyncEnded(account: String, collection: URL, error: String?) throws(StoreError) {
        let now = clock.now()
        try write { db in
            try db.execute(
                sql: """
                    UPDATE sync_collection SET last_error = ?, last_sync = CASE WHEN ? IS NULL THEN ? ELSE last_sync END
                    WHERE account = ? AND url = ?
                    """,
                arguments: [error, error, now.unixSeconds, account, collection.absoluteString])
        }
    }

    // MARK: - Resources

    /// What was last agreed for each resource of a collection, by href.
    func syncedResources(account: String, collection: URL) throws(StoreError) -> [String: SyncedResource] {
        try read { db in try Self.syncedResources(db, account: account, collection: collection) }
    }

    static func syncedResources(_ db: Database, account: String, collection: URL) throws -> [String: SyncedResource] {
        try syncedResources(db, where: "", account: account, collection: collection, nil)
    }

    /// What was agreed for the resources of a collection named `hrefs` or holding one of
    /// `uids`, by href: only the rows a pull touches, so that a sync of a few changes does not
    /// read the text of every resource (11 MB at 10,000 items). With more than
    /// `targetedReadLimit` names, every row, read once.
    static func syncedResources(
        _ db: Database, account: String, collection: URL, hrefs: [String], uids: [String]
    ) throws -> [String: SyncedResource] {
        guard hrefs.count + uids.count <= targetedReadLimit else {
            return try syncedResources(db, account: account, collection: collection)
        }
        var result: [String: SyncedResource] = [:]
        for (column, names) in [("href", hrefs), ("uid", uids)] where !names.isEmpty {
            let list = InList(names)
            let found = try syncedResources(
                db, where: " AND \(column) IN (\(list.places))", account: account, collection: collection, list)
            result.merge(found) { first, _ in first }
        }
        return result
    }

    /// How many hrefs and UIDs a pull may name before it reads every row of the ledger instead.
    static let targetedReadLimit = 500

    private static func syncedResources(
        _ db: Database, where condition: String, account: String, collection: URL, _ list: InList?
    ) throws -> [String: SyncedResource] {
        var result: [String: SyncedResource] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT href, uid, etag, base, agreed FROM sync_resource WHERE account = ? AND collection = ?"
                + condition,
            arguments: StatementArguments([account, collection.absoluteString]) + (list?.arguments ?? []))
        while let row = try rows.next() {
            let resource = SyncedResource(href: row[0], uid: row[1], etag: row[2], base: row[3], agreed: row[4])
            result[resource.href] = resource
        }
        return result
    }

    /// The ETag agreed for each resource of a collection, by href (a nil ETag: the server gave
    /// none): all a listing compares the server's with, without the texts kept for merging.
    func syncedETags(account: String, collection: URL) throws(StoreError) -> [String: String?] {
        try read { db in
            var result: [String: String?] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT href, etag FROM sync_resource WHERE account = ? AND collection = ?",
                arguments: [account, collection.absoluteString])
            while let row = try rows.next() {
                result[row[0] as String] = .some(row[1] as String?)
            }
            return result
        }
    }

    // MARK: - Conflicts

    /// The conflicts kept, newest first.
    public func syncConflicts() throws(StoreError) -> [SyncConflict] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, account, uid, title, fields, mine, theirs, at FROM sync_conflict ORDER BY id DESC")
                .map { row in
                    SyncConflict(
                        id: row[0], account: row[1], uid: row[2], title: row[3],
                        fields: (row[4] as String).split(separator: ",").map(String.init), mine: row[5], theirs: row[6],
                        at: Date(unixSeconds: row[7]))
                }
        }
    }

    /// Forgets a conflict (after mine was taken, or to keep the server's version).
    public func dismissSyncConflict(id: Int64) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM sync_conflict WHERE id = ?", arguments: [id]) }
    }
}

extension SQLiteStore {
    /// What was put back by `takeMine`: the title of the item, or the name of the contact.
    public struct TakenVersion: Equatable, Sendable {
        public var title: String
        public var isContact: Bool
    }

    /// Puts my version of a conflict back in place, and forgets the conflict; it counts as
    /// changed here, whatever the clock says, so it goes out with the next sync. For an item,
    /// the fields that conflicted take my values again (the rest stays as merged); for a
    /// contact (my card, BEGIN:VCARD), my card replaces the server's whole, while what the
    /// planner knows of the person (relation, subscription, whether deleted) stays.
    public func takeMine(conflict id: Int64) throws(StoreError) -> TakenVersion {
        guard let conflict = try syncConflicts().first(where: { $0.id == id }) else {
            throw .failed("there is no conflict \(id) (datebook sync --conflicts lists them)")
        }
        if conflict.mine.hasPrefix("BEGIN:VCARD") {
            return try takeMyCard(conflict)
        }
        let coder = ICalendarResource(timeZone: timeZone, now: clock.now(), storedZoneDefinitions: try storedZoneDefinitions())
        guard let mine = coder.item(from: conflict.mine) else { throw .failed("conflict \(id) holds no item") }
        let saved = try writeBatch(.few) { db, batch in
            guard let identity = try batch.identity(ofUID: conflict.uid), var item = try batch.item(id: identity.id) else {
                throw StoreError.failed("“\(conflict.title)” is no longer here")
            }
            for field in ItemMerge.Field.allCases where conflict.fields.contains(field.name) {
                field.copy(from: mine, into: &item)
            }
            item.updated = batch.now
            let saved = try batch.write(item)
            try db.execute(sql: "DELETE FROM sync_conflict WHERE id = ?", arguments: [id])
            // No fingerprint agreed: the item counts as changed here and goes out next time,
            // by that alone rather than by its text differing from the server's (which it does
            // now, but the rule does not have to hang on it).
            try db.execute(sql: "UPDATE sync_resource SET agreed = NULL WHERE uid = ?", arguments: [conflict.uid])
            return saved
        }
        return TakenVersion(title: saved.title, isContact: false)
    }

    private func takeMyCard(_ conflict: SyncConflict) throws(StoreError) -> TakenVersion {
        guard let card = VCardReader.read(Data(conflict.mine.utf8)).cards.first else {
            throw .failed("conflict \(conflict.id) holds no card")
        }
        do {
            return try writeContacts { batch in
                guard let identity = try batch.identity(ofUID: conflict.uid) else {
                    throw StoreError.failed("the contact “\(conflict.title)” is no longer here")
                }
                var contact = card.contact
                contact.id = identity.id
                contact.uid = conflict.uid
                contact.created = identity.created
                contact.relation = identity.relation
                contact.subscription = identity.subscription
                contact.status = identity.status
                contact.statusChanged = identity.statusChanged
                contact.changed = batch.now
                try batch.write(contact)
                try batch.db.execute(sql: "DELETE FROM sync_conflict WHERE id = ?", arguments: [conflict.id])
                try batch.db.execute(
                    sql: """
                        UPDATE sync_resource SET agreed = NULL WHERE uid = ? AND collection IN
                            (SELECT url FROM sync_collection WHERE kind = 'addressbook')
                        """,
                    arguments: [conflict.uid])
                return TakenVersion(title: contact.displayName, isContact: true)
            }
        } catch {
            if case let .store(error) = error { throw error }
            throw .failed(error.description)
        }
    }
}
