import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// The rules of contact sync that need no server: what counts as a change, the card sent, the
/// contacts marked as written, the report's words, and taking my card back after a conflict.
@Suite("Address book sync rules")
struct AddressBookSyncTests {
    static let collection = URL(string: "http://dav.example/alice/contacts/")!

    static func contact(_ name: String = "Ana Lima", email: String = "ana@example.org") -> Contact {
        var contact = Contact(id: Fixture.id(1), uid: "ana@example.org", displayName: name, created: Fixture.now)
        contact.emails = [LabelledValue(email, label: "work")]
        contact.birthday = Birthday(year: nil, month: 4, day: 23)
        return contact
    }

    static func account() -> SyncAccount {
        SyncAccount(name: "home", url: URL(string: "http://dav.example/")!, user: "alice",
                    collections: [SyncCollection(url: collection, kind: .addressBook, isDefault: true)])
    }

    static func dirty(_ store: SQLiteStore) throws -> [String] {
        try store.read { db in try String.fetchAll(db, sql: "SELECT uid FROM sync_dirty_contact ORDER BY uid") }
    }

    // MARK: - Changes

    @Test("the fingerprint leaves REV out and sees every other line")
    func fingerprint() {
        let contact = Self.contact()
        var later = contact
        later.changed = contact.changed.addingTimeInterval(3600)
        #expect(AddressBookSync.text(for: contact) != AddressBookSync.text(for: later))
        #expect(AddressBookSync.fingerprint(of: contact) == AddressBookSync.fingerprint(of: later))
        var renamed = contact
        renamed.displayName = "Ana L."
        #expect(AddressBookSync.fingerprint(of: contact) != AddressBookSync.fingerprint(of: renamed))
    }

    @Test("changed since agreed: the card's fields and a removal count; relation and subscription do not")
    func changes() throws {
        let contact = Self.contact()
        let agreed = SyncedResource(
            href: "/alice/contacts/a.vcf", uid: contact.uid, etag: "\"1\"", base: "",
            agreed: AddressBookSync.fingerprint(of: contact))
        #expect(!AddressBookSync.isChanged(contact, since: agreed))
        #expect(AddressBookSync.isChanged(contact, since: nil))
        var waiting = agreed
        waiting.agreed = nil
        #expect(AddressBookSync.isChanged(contact, since: waiting))

        var local = contact
        local.relation = .blocked
        local.subscription = ContactSubscription(source: try #require(ContactSubscription.Source("https://cal.example/a.ics")))
        #expect(!AddressBookSync.isChanged(local, since: agreed))
        var removed = contact
        removed.status = .deleted
        #expect(AddressBookSync.isChanged(removed, since: agreed))
        var edited = contact
        edited.emails.append(LabelledValue("ana@home.example"))
        #expect(AddressBookSync.isChanged(edited, since: agreed))
    }

    @Test("the card sent is vCard 3.0 with neither relation nor subscription in it")
    func cardSent() throws {
        var contact = Self.contact()
        contact.relation = .requestReceived
        contact.subscription = ContactSubscription(source: try #require(ContactSubscription.Source("/home/ana.ics")))
        let text = AddressBookSync.text(for: contact)
        #expect(text.contains("VERSION:3.0\r\n"))
        #expect(text.contains("FN:Ana Lima\r\n"))
        #expect(!text.lowercased().contains("request"))
        #expect(!text.contains("ana.ics"))
        let read = try #require(AddressBookSync.contact(from: text))
        #expect(read.birthday == contact.birthday)
        #expect(read.emails == contact.emails)
    }

    @Test("two versions are the same when their cards are, whatever the ids and times")
    func same() {
        let mine = Self.contact()
        var theirs = mine
        theirs.id = Fixture.id(9)
        theirs.changed = Fixture.now.addingTimeInterval(60)
        #expect(AddressBookSync.isSame(mine, theirs))
        // Kept lines as a server rewrites them: sorted, names and parameters in capitals.
        var kept = mine
        kept.unknownProperties = ["X-SOCIALPROFILE;type=twitter:https://twitter.com/Ana", "X-A:1"]
        theirs.unknownProperties = ["X-A:1", "X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/Ana"]
        #expect(AddressBookSync.isSame(kept, theirs))
        theirs.unknownProperties = ["X-A:1", "X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/ana"]
        #expect(!AddressBookSync.isSame(kept, theirs))
        theirs.unknownProperties = kept.unknownProperties
        theirs.emails = []
        #expect(!AddressBookSync.isSame(kept, theirs))
    }

    @Test("a new card is named by its UID when plain, else by the contact's id")
    func resourceNames() {
        var contact = Self.contact()
        #expect(AddressBookSync.resourceName(for: contact) == "ana@example.org.vcf")
        contact.uid = "urn:uuid:x/y z"
        #expect(AddressBookSync.resourceName(for: contact) == Fixture.id(1).uuidString.lowercased() + ".vcf")
        contact.uid = "..hidden"
        #expect(AddressBookSync.resourceName(for: contact) == Fixture.id(1).uuidString.lowercased() + ".vcf")
    }

    @Test("the server's card keeps the contact's id, relation and subscription here, and brings a removed one back")
    func storedCard() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        var mine = Self.contact()
        mine.id = Fixture.id(50)
        mine.relation = .blocked
        mine.status = .deleted
        mine.statusChanged = Fixture.now
        try store.save(mine)
        var theirs = Self.contact(email: "ana@elsewhere.example")
        theirs.id = VCardReader.placeholderID
        let text = AddressBookSync.text(for: theirs)
        let card = try #require(VCardReader.read(Data(text.utf8)).cards.first)
        let stored = try store.writeContacts { batch in
            AddressBookSync.stored(card, over: try batch.identity(ofUID: mine.uid), batch: batch)
        }
        #expect(stored.id == mine.id)
        #expect(stored.relation == .blocked)
        #expect(stored.status == .active)
        #expect(stored.emails.map(\.value) == ["ana@elsewhere.example"])
        let new = try store.writeContacts { batch in AddressBookSync.stored(card, over: nil, batch: batch) }
        #expect(new.id != mine.id && new.relation == ContactRelation.none)
    }

    // MARK: - Contacts written since a sync looked

    @Test("once an account exists, writing a contact marks it; a feed read does not; before, nothing is marked")
    func dirtyContacts() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Self.contact())
        #expect(try Self.dirty(store).isEmpty)
        try store.addSyncAccount(Self.account())
        var bruno = Contact(id: Fixture.id(2), uid: "bruno", displayName: "Bruno", created: Fixture.now)
        bruno.phones = [LabelledValue("+351 21 000 0000")]
        try store.save(bruno)
        #expect(try Self.dirty(store) == ["bruno"])
        try store.write { db in
            try db.execute(sql: "DELETE FROM sync_dirty_contact")
            try db.execute(sql: "UPDATE contact SET subscription_read = 1, subscription_error = 'down'")
        }
        #expect(try Self.dirty(store).isEmpty)
        try store.setRelation(.friend, of: Fixture.id(1))
        try store.deleteContact(id: Fixture.id(2))
        #expect(try Self.dirty(store) == ["ana@example.org", "bruno"])
        // The calendar's own table is not touched by contacts.
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_dirty") } == 0)
    }

    // MARK: - The report

    @Test("the summary says what went either way for contacts after the items'")
    func summary() {
        var report = SyncReport()
        #expect(report.isEmpty)
        report.contacts.receivedNew = 3
        #expect(!report.isEmpty)
        #expect(report.summary == "contacts: received 3 (3 new)")
        var items = SyncReport()
        items.items.sentNew = 2
        items.conflicts = 1
        var more = SyncReport()
        more.contacts.sentChanged = 1
        more.contacts.sentRemoved = 1
        let sum = items + report + more
        #expect(sum.summary == "sent 2 (2 new), 1 conflict; contacts: received 3 (3 new), sent 2 (1 changed, 1 removed)")
    }

    // MARK: - Taking my card back

    @Test("take-mine on a contact conflict puts my card back whole, keeps the relation, and sends it next time")
    func takeMyCard() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.addSyncAccount(Self.account())
        var theirs = Self.contact(email: "ana@server.example")
        theirs.relation = .blocked
        try store.save(theirs)
        var mine = Self.contact(email: "ana@mine.example")
        mine.nicknames = ["Aninha"]
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_resource (account, collection, href, uid, etag, base, agreed)
                    VALUES ('home', ?, '/alice/contacts/ana.vcf', ?, '"2"', 'BEGIN:VCARD', 'abc')
                    """,
                arguments: [Self.collection.absoluteString, theirs.uid])
            try db.execute(
                sql: """
                    INSERT INTO sync_conflict (account, uid, title, fields, mine, theirs, at)
                    VALUES ('home', ?, 'Ana Lima', 'Card', ?, ?, 0)
                    """,
                arguments: [theirs.uid, AddressBookSync.text(for: mine), AddressBookSync.text(for: theirs)])
        }
        let id = try #require(try store.syncConflicts().first?.id)
        let taken = try store.takeMine(conflict: id)
        #expect(taken == SQLiteStore.TakenVersion(title: "Ana Lima", isContact: true))
        let now = try #require(try store.contact(uid: theirs.uid))
        #expect(now.emails.map(\.value) == ["ana@mine.example"])
        #expect(now.nicknames == ["Aninha"])
        #expect(now.relation == .blocked)
        #expect(now.id == theirs.id)
        #expect(try store.syncConflicts().isEmpty)
        let agreed = try store.read { db in try String?.fetchOne(db, sql: "SELECT agreed FROM sync_resource") }
        #expect(agreed == .some(nil))
        #expect(throws: StoreError.self) { try store.takeMine(conflict: id) }
    }
}
