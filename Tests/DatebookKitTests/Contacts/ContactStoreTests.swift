import Foundation
import Testing

@testable import DatebookKit

/// The address book in the store: one write path, lists in name order with a filter, the
/// planner's own fields, deleting and restoring, and the change feed.
@Suite struct ContactStoreTests {
    let store: SQLiteStore

    init() throws {
        store = try SQLiteStore.inMemory(clock: .fixed(ContactModelTests.now), ids: .sequential())
    }

    func add(_ name: String, emails: [String] = [], phones: [String] = [], nickname: String? = nil,
             organisation: String = "") throws -> Contact
    {
        var contact = ContactModelTests.contact(name, emails: emails, phones: phones)
        contact.nicknames = nickname.map { [$0] } ?? []
        contact.organisation = organisation
        return try store.save(contact)
    }

    @Test func everyFieldIsKeptAsSaved() throws {
        var contact = Contact(id: UUID(), uid: "card-1@example.org", displayName: "Ana Lima",
                              created: Date(timeIntervalSince1970: 0))
        contact.givenName = "Ana"
        contact.familyName = "Lima"
        contact.additionalNames = "Maria"
        contact.namePrefix = "Dr."
        contact.nameSuffix = "PhD"
        contact.nicknames = ["Aninha"]
        contact.emails = [LabelledValue("ana@example.org", label: "work", preferred: true), LabelledValue("a@home.org", label: "home")]
        contact.phones = [LabelledValue("+55 11 5555-0000", label: "mobile")]
        contact.organisation = "Acme"
        contact.organisationUnits = ["Research", "Labs"]
        contact.title = "Chemist"
        contact.birthday = Birthday(year: nil, month: 4, day: 23)
        contact.address = PostalAddress(label: "home", street: "Rua A, 1", locality: "São Paulo", postalCode: "01000", country: "Brasil")
        contact.url = "https://ana.example.org"
        contact.notes = "Met at\nthe conference"
        contact.photo = .inline(Data([0xFF, 0xD8, 0xFF, 0x00]), mediaType: "image/jpeg")
        contact.categories = ["Friends", "Work"]
        contact.unknownProperties = ["X-SOCIALPROFILE;TYPE=twitter:x.com/ana", "item3.X-ABDATE:2010-01-01"]
        contact.relation = .friend
        contact.subscription = ContactSubscription(source: .file(path: "/tmp/ana.ics"), lastRead: Date(timeIntervalSince1970: 5), lastError: "gone")
        let saved = try store.save(contact)
        #expect(saved.created == ContactModelTests.now && saved.changed == ContactModelTests.now)
        #expect(try store.contact(id: contact.id) == saved)
        #expect(try store.contact(uid: "card-1@example.org") == saved)
        var edited = saved
        edited.emails.removeFirst()
        edited.photo = .reference("/home/ana/me.png")
        #expect(try store.contact(id: contact.id) != edited)
        try store.save(edited)
        #expect(try store.contact(id: contact.id) == edited)
    }

    @Test func anInvalidContactIsRefusedWithEveryIssueAndNothingWritten() throws {
        #expect(throws: ContactError.invalid([ContactIssue(field: .email, index: 0, message: "“ana@” is not an e-mail address (name@example.org)")])) {
            try add("Ana", emails: ["ana@"])
        }
        #expect(try store.contactCount(ContactQuery()) == 0)
    }

    @Test func theListIsInNameOrderAWindowAtATimeWithSections() throws {
        for name in ["zoë", "The Beatles", "Émile", "李雷", "bob", "Ángel"] { _ = try add(name) }
        let all = try store.contacts(ContactQuery(), offset: 0, limit: 100)
        #expect(all.map(\.displayName) == ["Ángel", "The Beatles", "bob", "Émile", "zoë", "李雷"])
        #expect(String(all.map(\.section)) == "ABBEZ#")
        #expect(try store.contacts(ContactQuery(), offset: 2, limit: 2).map(\.displayName) == ["bob", "Émile"])
        #expect(try store.contactCount(ContactQuery()) == 6)
        #expect(try store.contactIndex(of: all[4].id, in: ContactQuery()) == 4)
    }

    @Test func theFilterLooksInNameNicknameEmailPhoneAndOrganisationIgnoringCaseAndAccents() throws {
        let ana = try add("Ana Lima", emails: ["ana@example.org"], phones: ["+49 (30) 123-4567"])
        let jose = try add("José Ortiz", nickname: "Pepe", organisation: "Café Müller")
        _ = try add("Zed")
        func found(_ filter: String) throws -> [UUID] {
            try store.contacts(ContactQuery(filter: filter), offset: 0, limit: 10).map(\.id)
        }
        #expect(try found("jose") == [jose.id])
        #expect(try found("PEPE") == [jose.id])
        #expect(try found("cafe mu") == [jose.id])
        #expect(try found("EXAMPLE.org") == [ana.id])
        #expect(try found("301234") == [ana.id])
        #expect(try found("30 123-45") == [ana.id])
        #expect(try found("nobody").isEmpty)
        #expect(try store.contactCount(ContactQuery(filter: "a")) == 2)
        #expect(try store.contactIndex(of: ana.id, in: ContactQuery(filter: "pepe")) == nil)
    }

    @Test func relationsMakeTheRequestsAndBlockedListsAndDeletedContactsComeBack() throws {
        let ana = try add("Ana")
        let bob = try add("Bob")
        let cy = try add("Cy")
        try store.setRelation(.requestReceived, of: ana.id)
        try store.setRelation(.requestSent, of: cy.id)
        try store.setRelation(.blocked, of: bob.id)
        #expect(try store.contacts(ContactQuery(.requests), offset: 0, limit: 9).map(\.id) == [ana.id, cy.id])
        #expect(try store.contacts(ContactQuery(.blocked), offset: 0, limit: 9).map(\.relation) == [.blocked])
        try store.setSubscription(ContactSubscription(source: .url(URL(string: "https://example.org/c.ics")!)), of: cy.id)
        #expect(try store.contacts(ContactQuery(), offset: 0, limit: 9).map(\.isSubscribed) == [false, false, true])
        try store.deleteContact(id: bob.id)
        #expect(try store.contactCount(ContactQuery()) == 2)
        #expect(try store.contacts(ContactQuery(.deleted), offset: 0, limit: 9).map(\.id) == [bob.id])
        #expect(try store.contact(id: bob.id)?.status == .deleted)
        try store.restoreContact(id: bob.id)
        #expect(try store.contactCount(ContactQuery()) == 3)
        #expect(try store.contact(id: bob.id)?.relation == .blocked)
        try store.setSubscription(nil, of: cy.id)
        #expect(try store.contact(id: cy.id)?.subscription == nil)
        let nobody = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!
        #expect(throws: ContactError.notFound(nobody)) { try store.deleteContact(id: nobody) }
    }

    @Test("unblocking gives back what the person was: a friend, a request either way, none")
    func unblockingGivesBackTheRelation() throws {
        for relation in [ContactRelation.friend, .requestReceived, .requestSent, .none] {
            let contact = try add("Ana \(relation.rawValue)")
            try store.setRelation(relation, of: contact.id)
            try store.block(id: contact.id)
            #expect(try store.contact(id: contact.id)?.relation == .blocked)
            // Blocking twice keeps the first relation; an edit of the card keeps it too.
            try store.block(id: contact.id)
            var edited = try #require(try store.contact(id: contact.id))
            edited.notes = "edited while blocked"
            try store.save(edited)
            #expect(try store.unblock(id: contact.id) == relation)
            #expect(try store.contact(id: contact.id)?.relation == relation)
            #expect(try store.contact(id: contact.id)?.notes == "edited while blocked")
            // Not blocked: nothing changes.
            #expect(try store.unblock(id: contact.id) == relation)
        }
        // Blocked without `block` (an import, `--relation blocked`): none when unblocked.
        let bob = try add("Bob")
        try store.setRelation(.blocked, of: bob.id)
        #expect(try store.unblock(id: bob.id) == ContactRelation.none)
        let nobody = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!
        #expect(throws: ContactError.notFound(nobody)) { try store.block(id: nobody) }
    }

    @Test func theChangeFeedTellsContactChangesFromOthers() throws {
        let feed = try store.changeFeed()
        let ana = try add("Ana")
        #expect(try feed.changesSinceLastAsked() == StoreChanges(commits: 1, contacts: 1))
        try store.save(Fixture.task(1, "A task"))
        #expect(try feed.changesSinceLastAsked() == StoreChanges(commits: 1, contacts: 0))
        try store.setRelation(.friend, of: ana.id)
        try store.deleteContact(id: ana.id)
        #expect(try feed.changesSinceLastAsked() == StoreChanges(commits: 2, contacts: 2))
        _ = try? add("Bad", emails: ["@"])
        #expect(try feed.changesSinceLastAsked().isEmpty)
    }
}
