import Foundation
import GRDB

/// Syncs the store's contacts two ways with one address book (CardDAV, RFC 6352), the way
/// `CalendarSync` syncs items: first what the server changed comes in (`pull`), then what was
/// changed here goes out (`push`).
///
/// What was last agreed for each card is kept in `sync_resource` (its `uid` is the contact's
/// vCard UID): its ETag, its text, and a fingerprint of the contact as it was here then. A
/// contact changed on both sides is not merged field by field: the server's card is put in
/// place and mine is kept whole in `sync_conflict`, noted in Activities (`takeMine` puts it
/// back). What the planner knows of a person (relation, subscription) is not part of a card,
/// so it never goes to the server and a card that comes down never changes it.
///
/// Each step writes what it learnt in the same transaction as the contacts it wrote, and every
/// request is conditional, so a sync killed anywhere leaves both sides consistent.
final class AddressBookSync: ResourceSync {
    let store: SQLiteStore
    let client: DAVClient
    let account: String
    let collection: SyncCollection
    /// True when contacts new here go to this address book.
    let takesNewContacts: Bool
    let progress: (String) -> Void
    let reader: CollectionReader
    let ledger: SyncLedger
    var report = SyncReport()
    /// How many contacts are read from the store at once while pushing.
    static let contactsPerChunk = 100
    static let contentType = "text/vcard; charset=utf-8"

    init(store: SQLiteStore, client: DAVClient, account: String, collection: SyncCollection, takesNewContacts: Bool,
         progress: @escaping (String) -> Void)
    {
        self.store = store
        self.client = client
        self.account = account
        self.collection = collection
        self.takesNewContacts = takesNewContacts
        self.progress = progress
        reader = CollectionReader(client: client, collection: collection, addressBook: true)
        ledger = SyncLedger(account: account, collection: collection.url)
    }

    typealias Remote = CollectionReader.Remote

    /// The key of a new card for a contact: its UID when it is plain, else its id.
    func newKey(for contact: Contact) -> String {
        collection.url.appendingPathComponent(Self.resourceName(for: contact), isDirectory: false).path
    }

    static func resourceName(for contact: Contact) -> String {
        SyncLedger.resourceName(uid: contact.uid, id: contact.id, suffix: ".vcf")
    }

    // MARK: - Cards

    /// Cards go to the server as vCard 3.0: every CardDAV server must take it (RFC 6352), some
    /// take nothing else, and Radicale keeps a 3.0 photo whole where it cuts a 4.0 `data:` URI
    /// at its comma.
    static let version = VCardWriter.Version.v3

    /// The card of a contact as it is sent.
    static func text(for contact: Contact) -> String {
        var text = ""
        VCardWriter(version: version).write(contact, into: &text)
        return text
    }

    /// A fingerprint of a card's text (64-bit FNV-1a, in hex): equal cards, equal prints. REV
    /// (when the card was written) is left out: a contact saved again unchanged is no change.
    static func fingerprint(_ text: String) -> String {
        SyncLedger.fingerprint(text, skipping: ["REV:", "REV;"])
    }

    /// The fingerprint of a contact as it is here.
    static func fingerprint(of contact: Contact) -> String {
        fingerprint(text(for: contact))
    }

    /// Is `contact` changed here since it was last agreed? Removing it is a change.
    static func isChanged(_ contact: Contact, since resource: SyncedResource?) -> Bool {
        guard let resource, let agreed = resource.agreed else { return true }
        return contact.status == .deleted || fingerprint(of: contact) != agreed
    }

    /// True when two versions of a contact hold the same card. The server may have written it
    /// its own way: only what it says counts, and the lines Datebook keeps verbatim are compared
    /// in any order, their names and parameters in any case (Radicale sorts a card's lines and
    /// writes `type=` as `TYPE=`).
    static func isSame(_ mine: Contact, _ theirs: Contact) -> Bool {
        var mine = mine
        var theirs = theirs
        theirs.id = mine.id
        theirs.changed = mine.changed
        mine.unknownProperties = mine.unknownProperties.map(comparable).sorted()
        theirs.unknownProperties = theirs.unknownProperties.map(comparable).sorted()
        return text(for: mine) == text(for: theirs)
    }

    /// A kept line with its name and parameters (what comes before the value) in lower case.
    static func comparable(_ line: String) -> String {
        var quoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return line[..<index].lowercased() + line[index...]
            default: continue
            }
        }
        return line
    }

    /// The contact a card describes, or nil when it holds none.
    static func contact(from text: String) -> Contact? {
        VCardReader.read(Data(text.utf8)).cards.first?.contact
    }

    /// The server's card as it is stored here: the contact's id and what the planner knows of
    /// the person (relation, subscription) stay; `changed` is the card's REV.
    static func stored(_ card: VCardReader.Card, over identity: ContactIdentity?, batch: ContactBatch) -> Contact {
        var contact = card.contact
        let now = Date(timeIntervalSince1970: batch.now.timeIntervalSince1970.rounded(.down))
        if let identity {
            contact.id = identity.id
            contact.created = identity.created
            contact.relation = identity.relation
            contact.subscription = identity.subscription
            contact.status = .active
            contact.statusChanged = identity.status == .deleted ? batch.now : identity.statusChanged
        } else {
            contact.id = batch.newID()
            contact.created = card.revision ?? now
        }
        contact.changed = card.revision ?? now
        return contact
    }

    // MARK: - As a resource sync

    static var counts: WritableKeyPath<SyncReport, TransferCounts> { \.contacts }
    static let changes = "contact changes"
    static var perChunk: Int { contactsPerChunk }

    func decode(_ text: String) -> VCardReader.Card? { VCardReader.read(Data(text.utf8)).cards.first }
    func uid(of card: VCardReader.Card) -> String { card.contact.uid }
    func text(for contact: Contact) -> String { Self.text(for: contact) }
    func fingerprint(_ text: String) -> String { Self.fingerprint(text) }
    func isRemoved(_ contact: Contact) -> Bool { contact.status == .deleted }
    func named(_ contact: Contact) -> String { "the contact \u{201C}\(contact.displayName)\u{201D}" }

    /// Runs `body` in one write transaction with a contact batch and the connection.
    func write<T>(_ body: (Database, ContactBatch) throws -> T) throws -> T {
        try store.writeContacts { batch in try body(batch.db, batch) }
    }

    /// One card the server changed: written here when the contact was not changed here; when
    /// it was, the server's card is put in place and mine is kept as a conflict.
    func receive(_ remote: Remote, _ card: VCardReader.Card, agreed: SyncedResource?, _ db: Database,
                         _ batch: ContactBatch) throws
    {
        let uid = card.contact.uid
        let identity = try batch.identity(ofUID: uid)
        let mine = try identity.flatMap { try batch.contact(id: $0.id) }
        if let agreed, agreed.key != remote.key {
            // The same UID under another name: the old name is forgotten.
            try forget(agreed.key, db)
        }
        let theirs = Self.stored(card, over: identity, batch: batch)
        if let mine, mine.status == .deleted {
            // Removed here, changed there: the change wins, and the contact comes back.
            report.notes.append("the contact “\(theirs.displayName)” was removed here but changed on the server; it comes back")
            try ActivityRows.insert(
                Activity(
                    at: store.clock.now(), kind: .sync,
                    text: "The contact “\(theirs.displayName)” was removed here after it was changed on the server; "
                        + "the change wins, it is back"),
                db)
        }
        guard let mine, mine.status != .deleted, Self.isChanged(mine, since: agreed) else {
            // New here, not changed here since, or removed here: the server's card, as it is.
            try batch.write(theirs)
            if mine == nil { report.contacts.receivedNew += 1 } else { report.contacts.receivedChanged += 1 }
            try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: theirs.id, db, batch)
            return
        }
        if Self.isSame(mine, theirs) {
            // The same card on both sides (or sent by a sync that stopped before it could note it).
            try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: mine.id, db, batch)
            return
        }
        // Changed on both sides: the server's card in place, mine kept.
        try keepConflict(mine: mine, theirsText: remote.text, db)
        try batch.write(theirs)
        try remember(remote.key, uid: uid, etag: remote.etag, base: remote.text, agreed: theirs.id, db, batch)
    }

    /// Keeps my version of a contact both sides changed, and says so in Activities.
    func keepConflict(mine: Contact, theirsText: String, _ db: Database) throws {
        report.conflicts += 1
        try db.execute(
            sql: "INSERT INTO sync_conflict (account, uid, title, fields, mine, theirs, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [account, mine.uid, mine.displayName, "Card", Self.text(for: mine), theirsText,
                        store.clock.now().unixSeconds])
        try ActivityRows.insert(
            Activity(
                at: store.clock.now(), kind: .sync,
                text: "Conflict on the contact “\(mine.displayName)”: changed here and on the server; the server's "
                    + "card is in place, yours is kept (datebook sync --conflicts)"),
            db)
    }

    /// The server removed a card: its contact goes to the deleted ones, unless it was changed
    /// here since, in which case the change wins and it goes back to the server.
    func receiveRemoval(of resource: SyncedResource, _ db: Database, _ batch: ContactBatch) throws {
        try forget(resource.key, db)
        guard let identity = try batch.identity(ofUID: resource.uid), var mine = try batch.contact(id: identity.id)
        else { return }
        guard mine.status != .deleted else {
            try clearDirty(resource.uid, db)
            return
        }
        if Self.isChanged(mine, since: resource) {
            report.notes.append("the contact “\(mine.displayName)” was removed on the server but changed here; it goes back")
            try ActivityRows.insert(
                Activity(
                    at: store.clock.now(), kind: .sync,
                    text: "The contact “\(mine.displayName)” was removed on the server after it was changed here; "
                        + "the change wins, it is sent again"),
                db)
            return
        }
        mine.status = .deleted
        mine.statusChanged = batch.now
        mine.changed = batch.now
        try batch.write(mine)
        try clearDirty(resource.uid, db)
        report.contacts.receivedRemoved += 1
    }

    // MARK: - What was agreed

    /// Notes what was agreed for a card: `agreed` is the id of the contact as the server now
    /// has it (nil: the contact here holds changes still to send). The contact is read back as
    /// stored, so its fingerprint is the one the next sync computes.
    func remember(_ key: String, uid: String, etag: String?, base: String, agreed: UUID?, _ db: Database,
                  _ batch: ContactBatch) throws
    {
        var print: String?
        if let agreed {
            print = try batch.contact(id: agreed).map { Self.fingerprint(of: $0) }
            try clearDirty(uid, db)
        }
        try ledger.remember(key, uid: uid, etag: etag, base: base, agreed: print, db)
    }

    func forget(_ key: String, _ db: Database) throws {
        try ledger.forget(key, db)
    }

    func clearDirty(_ uid: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_dirty_contact WHERE uid = ?").execute(arguments: [uid])
    }
}

extension SyncEngine {
    /// Syncs the account's address books after its calendars; the first error stops it.
    func syncAddressBooks(_ account: SyncAccount, client: DAVClient, dryRun: Bool, into outcome: inout Outcome,
                          progress: @escaping (String) -> Void)
    {
        let books = account.collections.filter { $0.kind == .addressBook && $0.isSelected }
        let takingNew = books.first { $0.isDefault } ?? books.first
        for collection in books {
            let sync = AddressBookSync(
                store: store, client: client, account: account.name, collection: collection,
                takesNewContacts: collection.url == takingNew?.url, progress: progress)
            do {
                outcome.report = outcome.report + (dryRun ? try sync.dryRun() : try sync.run())
                if !dryRun { try store.noteSyncEnded(account: account.name, collection: collection.url, error: nil) }
            } catch {
                // What was done before the error is kept, and counted.
                outcome.report = outcome.report + sync.report
                let text = Self.text(of: error)
                outcome.error = text
                if !dryRun { try? store.noteSyncEnded(account: account.name, collection: collection.url, error: text) }
                return
            }
        }
    }
}
