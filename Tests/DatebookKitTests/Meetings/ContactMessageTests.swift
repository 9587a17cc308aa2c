import Foundation
import Testing

@testable import DatebookKit

/// Contact requests as messages: written and read back, and what each does to the person
/// received, in every relation.
@Suite("Contact requests as messages")
struct ContactMessageTests {
    let alice = MeetingPerson(name: "Alice", email: "alice@example.org")
    let bob = MeetingPerson(name: "Bob", email: "bob@example.org")

    func message(_ kind: ContactMessage.Kind, from: MeetingPerson? = nil, to: MeetingPerson? = nil) -> ContactMessage {
        ContactMessage(kind: kind, from: from ?? alice, to: to ?? bob, uid: "u-\(kind.rawValue)", stamp: Fixture.now)
    }

    /// Bob's store, with Alice as a contact in `relation` (or not a contact at all).
    func bobsStore(aliceIs relation: ContactRelation?) throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .random)
        try store.setMe(Me(name: "Bob", email: "bob@example.org"))
        if let relation {
            var contact = Contact(id: UUID(), displayName: "Alice Lima", created: Fixture.now)
            contact.emails = [LabelledValue("ALICE@example.org")]
            contact.relation = relation
            try store.save(contact)
        }
        return store
    }

    func apply(_ message: ContactMessage, to store: SQLiteStore) throws -> [InboxFile.Outcome] {
        try InboxFile.apply(Data(message.text.utf8), to: store)
    }

    func relations(_ store: SQLiteStore) throws -> [String] {
        try store.wholeContacts(ContactQuery()).map { "\($0.displayName): \($0.relation.rawValue)" }
    }

    @Test("each kind is written as a VJOURNAL and read back the same; a meeting message is not one")
    func roundTrip() throws {
        for kind in ContactMessage.Kind.allCases {
            var sent = message(kind, from: MeetingPerson(name: "Ana; \"the\" boss, Lima", email: "ana@example.org"))
            let text = sent.text
            #expect(text.contains("BEGIN:VJOURNAL\r\n"))
            #expect(text.contains("X-DATEBOOK-CONTACT:\(kind.rawValue)\r\n"))
            let read = try #require(try ContactMessage.read(Data(text.utf8)))
            sent.from.name = "Ana; the boss, Lima"  // a quote cannot be written in a parameter
            #expect(read == sent)
        }
        let meeting = ITIPWriter.text(of: ITIPMessage(method: .request, form: .poll, uid: "m", sequence: 0, organizer: alice))
        #expect(try ContactMessage.read(Data(meeting.utf8)) == nil)
        let unknown = message(.request).text.replacingOccurrences(of: "X-DATEBOOK-CONTACT:REQUEST", with: "X-DATEBOOK-CONTACT:HUG")
        #expect(throws: ITIPReader.Failure.self) { try ContactMessage.read(Data(unknown.utf8)) }
        let anonymous = message(.request).text.replacingOccurrences(of: "ORGANIZER;CN=Alice:mailto:alice@example.org\r\n", with: "")
        #expect(throws: ITIPReader.Failure.self) { try ContactMessage.read(Data(anonymous.utf8)) }
    }

    @Test("what a received message does, by what Alice was to Bob")
    func receiving() throws {
        let cases: [(ContactMessage.Kind, ContactRelation?, String?, Bool)] = [
            (.request, nil, "Alice: request-received", true),
            (.request, ContactRelation.none, "Alice Lima: request-received", true),
            (.request, .requestSent, "Alice Lima: friend", true),
            (.request, .friend, "Alice Lima: friend", false),
            (.request, .requestReceived, "Alice Lima: request-received", false),
            (.request, .blocked, "Alice Lima: blocked", false),
            (.accept, .requestSent, "Alice Lima: friend", true),
            (.accept, ContactRelation.none, "Alice Lima: none", false),
            (.accept, nil, nil, false),
            (.decline, .requestSent, "Alice Lima: none", true),
            (.decline, .friend, "Alice Lima: friend", false),
            (.withdraw, .requestReceived, "Alice Lima: none", true),
            (.withdraw, .requestSent, "Alice Lima: request-sent", false),
        ]
        for (kind, before, after, changes) in cases {
            let store = try bobsStore(aliceIs: before)
            let outcomes = try apply(message(kind), to: store)
            #expect(outcomes.map(\.changed) == [changes], "\(kind) when \(String(describing: before))")
            #expect(try relations(store) == (after.map { [$0] } ?? []), "\(kind) when \(String(describing: before))")
            let activities = try store.activities(limit: 10)
            #expect(activities.count == (changes ? 1 : 0), "\(kind) when \(String(describing: before))")
            if changes { #expect(activities.first?.kind == .request) }
        }
    }

    @Test("a message for someone else or from myself is refused; before I say who I am it cannot be read")
    func refused() throws {
        let store = try bobsStore(aliceIs: nil)
        #expect(throws: MeetingError.self) { try apply(message(.request, to: MeetingPerson(name: "", email: "carol@example.org")), to: store) }
        #expect(throws: MeetingError.self) { try apply(message(.request, from: bob), to: store) }
        #expect(try relations(store) == [])
        let nobody = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .random)
        #expect(throws: MeetingError.noMe) { try apply(message(.request), to: nobody) }
    }

    @Test("sending sets the relation and leaves the message in the outbox; what makes no sense is refused")
    func sending() throws {
        let store = try bobsStore(aliceIs: .requestReceived)
        let outbox = MeetingOutbox(folder: Fixture.makeFolder())
        defer { Fixture.removeFolder(outbox.folder) }
        let me = Me(name: "Bob", email: "bob@example.org")
        let alice = try #require(try store.wholeContacts(ContactQuery()).first)
        let path = try ContactInbox.send(.accept, to: alice, as: me, store: store, outbox: outbox, now: Fixture.now)
        #expect((path as NSString).lastPathComponent.hasPrefix("contact-accept-to-alice@example.org-"))
        let written = try #require(try ContactMessage.read(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(written.kind == .accept && written.from == me.person && written.to.key == "alice@example.org")
        #expect(try relations(store) == ["Alice Lima: friend"])
        let friend = try #require(try store.wholeContacts(ContactQuery()).first)
        #expect(throws: MeetingError.self) { try ContactInbox.send(.request, to: friend, as: me, store: store, outbox: outbox, now: Fixture.now) }
        #expect(throws: MeetingError.self) { try ContactInbox.send(.decline, to: friend, as: me, store: store, outbox: outbox, now: Fixture.now) }
        var noAddress = friend
        noAddress.emails = []
        noAddress.relation = .none
        #expect(throws: MeetingError.self) { try ContactInbox.send(.request, to: noAddress, as: me, store: store, outbox: outbox, now: Fixture.now) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outbox.folder).count == 1)
    }
}
