import Foundation
import Testing

@testable import DatebookKit

/// A poll travels through a server sealed in a `VJOURNAL`, which every CalDAV server stores;
/// the inbox opens it and reads what is inside.
@Suite("Meetings: messages sealed for a server")
struct MessageEnvelopeTests {
    static func poll() throws -> (SQLiteStore, Data) {
        let (alice, meeting) = try MeetingInboxTests.hosted()
        let text = ITIPWriter.text(of: ITIPWriter.hostMessage(for: meeting, at: Fixture.now))
        return (alice, Data(text.utf8))
    }

    @Test("a poll is sealed, other messages are not; the envelope is a VJOURNAL with the poll in base64")
    func sealing() throws {
        let (_, poll) = try Self.poll()
        #expect(MessageEnvelope.isSealed(whenSending: poll))
        #expect(MessageEnvelope.isSealed(whenSending: Data("begin:vpoll\r\n".utf8)))
        let contact = ContactMessage(
            kind: .request, from: MeetingPerson(name: "Alice", email: MeetingModelTests.alice.email),
            to: MeetingPerson(name: "Bob", email: MeetingInboxTests.bob.email), uid: "c-1", stamp: Fixture.now)
        #expect(!MessageEnvelope.isSealed(whenSending: Data(contact.text.utf8)))

        let sealed = MessageEnvelope.seal(poll, uid: "planning-request-poll-to-bob@example.org-0", now: Fixture.now)
        let text = String(decoding: sealed, as: UTF8.self)
        #expect(text.contains("BEGIN:VJOURNAL\r\nUID:planning-request-poll-to-bob@example.org-0\r\n"))
        #expect(!text.contains("VPOLL"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(MessageEnvelope.opened(sealed) == poll)
    }

    @Test("an envelope opens however the server wrote it again: other folds, LF, properties added")
    func openedAsRewritten() throws {
        let (_, poll) = try Self.poll()
        let sealed = String(decoding: MessageEnvelope.seal(poll, uid: "m-1", now: Fixture.now), as: UTF8.self)
        // Unfolded, then folded at 60 with LF line ends, as another writer might.
        let unfolded = sealed.replacingOccurrences(of: "\r\n ", with: "")
        var rewritten = ""
        for line in unfolded.split(separator: "\r\n") {
            var rest = Substring(line)
            var first = true
            while !rest.isEmpty {
                let part = rest.prefix(first ? 60 : 59)
                rewritten += (first ? "" : " ") + part + "\n"
                rest = rest.dropFirst(part.count)
                first = false
            }
            if line == "BEGIN:VJOURNAL" { rewritten += "X-RADICALE-NAME:m-1.ics\n" }
        }
        #expect(MessageEnvelope.opened(Data(rewritten.utf8)) == poll)
    }

    @Test("not an envelope: a message sent as it is, a contact request, base64 that is not, nothing at all")
    func notEnvelopes() throws {
        let (_, poll) = try Self.poll()
        #expect(MessageEnvelope.opened(poll) == nil)
        let contact = ContactMessage(
            kind: .request, from: MeetingPerson(name: "Alice", email: MeetingModelTests.alice.email),
            to: MeetingPerson(name: "Bob", email: MeetingInboxTests.bob.email), uid: "c-1", stamp: Fixture.now)
        #expect(MessageEnvelope.opened(Data(contact.text.utf8)) == nil)
        let broken = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nX-DATEBOOK-MESSAGE:***not base64***\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(MessageEnvelope.opened(Data(broken.utf8)) == nil)
        #expect(MessageEnvelope.opened(Data()) == nil)
    }

    @Test("a sealed poll read from the inbox invites as the poll itself does")
    func sealedPollInvites() throws {
        let (_, poll) = try Self.poll()
        let bob = try MeetingInboxTests.store(MeetingInboxTests.bob)
        let sealed = MessageEnvelope.seal(poll, uid: "m-1", now: Fixture.now)
        let outcomes = try InboxFile.apply(sealed, to: bob)
        #expect(outcomes.map(\.summary) == ["Alice invites you to “Planning”: vote on 3 times"])
        let uid = try #require(try ITIPReader.read(poll).first).uid
        let meeting = try #require(try bob.meeting(uid: uid))
        #expect(meeting.lists(for: MeetingInboxTests.bob) == [.invitations])
    }
}
