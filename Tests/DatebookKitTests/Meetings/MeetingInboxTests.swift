import Foundation
import Testing

@testable import DatebookKit

/// Two people, two stores: messages written by one and read by the other, by UID and SEQUENCE.
@Suite("Meetings: reading messages")
struct MeetingInboxTests {
    static let bob = Me(name: "Bob", email: "bob@example.org")

    static func store(_ me: Me) throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .random)
        try store.setMe(me)
        return store
    }

    /// Reads `message`'s text (as `datebook inbox` does) into `store`.
    @discardableResult
    static func deliver(_ message: ITIPMessage, to store: SQLiteStore) throws -> MeetingInbox.Outcome {
        let read = try ITIPReader.read(Data(ITIPWriter.text(of: message).utf8))
        return try store.writeMeetings { batch in try MeetingInbox.apply(read[0], in: batch) }
    }

    static func hosted() throws -> (SQLiteStore, Meeting) {
        let alice = try store(MeetingModelTests.alice)
        let meeting = try alice.writeMeetings { batch in try batch.write(MeetingModelTests.poll()) }
        return (alice, meeting)
    }

    @Test("a poll, a vote, a confirmation and an acceptance travel both ways; the event is in both calendars")
    func wholePoll() throws {
        let (alice, meeting) = try Self.hosted()
        let bob = try Self.store(Self.bob)
        let invited = try Self.deliver(ITIPWriter.hostMessage(for: meeting, at: Fixture.now), to: bob)
        #expect(invited.summary == "Alice invites you to “Planning”: vote on 3 times")
        var bobs = try #require(try bob.meeting(uid: meeting.uid))
        #expect(bobs.lists(for: Self.bob) == [.invitations] && !bobs.hostedByMe)

        try bobs.vote([2: .yes, 3: .yes], by: Self.bob.email)
        bobs = try bob.writeMeetings { batch in try batch.write(bobs) }
        let reply = ITIPWriter.reply(for: bobs, from: bobs.mine(Self.bob)!, at: Fixture.now)
        #expect(try Self.deliver(reply, to: alice).summary == "Bob voted on “Planning”")
        #expect(try Self.deliver(reply, to: alice).changed == false)  // read twice: nothing new
        var hosted = try #require(try alice.meeting(id: meeting.id))
        #expect(MeetingTally(hosted).summary == "1 voted · 0 refused · 1 no reply")

        try hosted.confirm(slot: 2)
        hosted = try alice.writeMeetings { batch in try batch.write(hosted) }
        #expect(try Self.deliver(ITIPWriter.hostMessage(for: hosted, at: Fixture.now), to: bob).summary
            == "“Planning” is confirmed")
        bobs = try #require(try bob.meeting(uid: meeting.uid))
        #expect(bobs.confirmedSlot?.id == 2 && bobs.mark(for: Self.bob) == .vote && bobs.event == nil)
        try bobs.accept(by: Self.bob.email)
        bobs = try bob.writeMeetings { batch in try batch.write(bobs) }
        #expect(try Self.deliver(ITIPWriter.reply(for: bobs, from: bobs.mine(Self.bob)!, at: Fixture.now), to: alice)
            .summary == "Bob accepted “Planning”")
        hosted = try #require(try alice.meeting(id: meeting.id))
        #expect(hosted.invitee(Self.bob.email)?.going == true)
        // The same instant in both calendars.
        let aliceEventID = try #require(hosted.event)
        let bobEventID = try #require(bobs.event)
        let aliceEvent = try #require(try alice.item(id: aliceEventID))
        let bobEvent = try #require(try bob.item(id: bobEventID))
        #expect(aliceEvent.times == bobEvent.times)
        #expect(bobEvent.times.first?.start == Fixture.utc("2026-12-02 10:00"))
    }

    @Test("confirmed again at another time: my acceptance was for the old one, so I am asked again")
    func confirmedElsewhere() throws {
        let (alice, meeting) = try Self.hosted()
        let bob = try Self.store(Self.bob)
        try Self.deliver(ITIPWriter.hostMessage(for: meeting, at: Fixture.now), to: bob)
        var hosted = meeting
        try hosted.confirm(slot: 2)
        hosted = try alice.writeMeetings { batch in try batch.write(hosted) }
        try Self.deliver(ITIPWriter.hostMessage(for: hosted, at: Fixture.now), to: bob)
        var bobs = try #require(try bob.meeting(uid: meeting.uid))
        try bobs.accept(by: Self.bob.email)
        bobs = try bob.writeMeetings { batch in try batch.write(bobs) }
        #expect(bobs.mark(for: Self.bob) == .going)
        // The same time sent again changes nothing of my answer.
        try Self.deliver(ITIPWriter.hostMessage(for: hosted, at: Fixture.now), to: bob)
        #expect(try bob.meeting(uid: meeting.uid)?.mark(for: Self.bob) == .going)

        try hosted.confirm(slot: 3)
        hosted = try alice.writeMeetings { batch in try batch.write(hosted) }
        let moved = try Self.deliver(ITIPWriter.hostMessage(for: hosted, at: Fixture.now), to: bob)
        #expect(moved.summary == "“Planning” was confirmed at another time; your answer is wanted again")
        bobs = try #require(try bob.meeting(uid: meeting.uid))
        #expect(bobs.confirmedSlot?.start == hosted.confirmedSlot?.start)
        #expect(bobs.mine(Self.bob)?.going == nil)
        #expect(bobs.mark(for: Self.bob) == .vote)
        // Not going until I say so: the event is out of my calendar; accepting puts it back at
        // the new time.
        #expect(try bob.activeCount() == 0)
        try bobs.accept(by: Self.bob.email)
        bobs = try bob.writeMeetings { batch in try batch.write(bobs) }
        #expect(try bob.activeCount() == 1)
        let eventID = try #require(bobs.event)
        let event = try #require(try bob.item(id: eventID))
        #expect(event.times.first?.start == hosted.confirmedSlot?.start)
        #expect(event.status == .active)
    }

    @Test("an older update after a newer one changes nothing; a cancel takes the event out")
    func sequence() throws {
        let (alice, meeting) = try Self.hosted()
        let bob = try Self.store(Self.bob)
        let first = ITIPWriter.hostMessage(for: meeting, at: Fixture.now)
        var changed = meeting
        try changed.replaceSlots(Array(meeting.slots.prefix(2)))
        changed = try alice.writeMeetings { batch in try batch.write(changed) }
        try Self.deliver(ITIPWriter.hostMessage(for: changed, at: Fixture.now), to: bob)
        let old = try Self.deliver(first, to: bob)
        #expect(!old.changed)
        #expect(old.summary.contains("older than the copy here (update 0 < 1)"))
        #expect(try bob.meeting(uid: meeting.uid)?.slots.count == 2)

        try changed.cancel()
        try Self.deliver(ITIPWriter.hostMessage(for: changed, at: Fixture.now), to: bob)
        #expect(try bob.meeting(uid: meeting.uid)?.state == .cancelled)
        #expect(try bob.meetingCount(.invitations, at: Fixture.now).total == 0)
    }

    @Test("refused: a reply from a stranger, a reply about a meeting not here, a request for my own meeting")
    func refusals() throws {
        let (alice, meeting) = try Self.hosted()
        let stranger = MeetingInvitee(person: MeetingPerson(name: "Eve", email: "eve@example.org"), answer: .voted([1: .yes]))
        #expect(throws: MeetingError.refused("a reply from eve@example.org, who is not invited to “Planning”")) {
            try Self.deliver(ITIPWriter.reply(for: meeting, from: stranger, at: Fixture.now), to: alice)
        }
        var elsewhere = meeting
        elsewhere.uid = "unknown"
        #expect(throws: MeetingError.refused("a reply about a meeting that is not here (UID unknown)")) {
            try Self.deliver(ITIPWriter.reply(for: elsewhere, from: stranger, at: Fixture.now), to: alice)
        }
        #expect(throws: MeetingError.self) {
            try Self.deliver(ITIPWriter.hostMessage(for: meeting, at: Fixture.now), to: alice)
        }
        #expect(try alice.meeting(id: meeting.id)?.invitees == meeting.invitees)
    }

    @Test("an invitation from a blocked contact is not shown")
    func blocked() throws {
        let bob = try Self.store(Self.bob)
        var alice = Contact(id: Fixture.id(50), displayName: "Alice", created: Fixture.now)
        alice.emails = [LabelledValue("Alice@Example.org")]
        alice.relation = .blocked
        try bob.writeContacts { batch in try batch.write(alice) }
        let outcome = try Self.deliver(ITIPWriter.hostMessage(for: MeetingModelTests.poll(), at: Fixture.now), to: bob)
        #expect(outcome.summary == "“Planning” is from Alice, whom you blocked; not shown")
        #expect(try bob.allMeetings().isEmpty)
    }
}

extension MeetingInboxTests {
    @Test("blocking the host after the invitation came hides it from Invitations; unblocking shows it again")
    func blockedLater() throws {
        let bob = try Self.store(Self.bob)
        try Self.deliver(ITIPWriter.hostMessage(for: MeetingModelTests.poll(), at: Fixture.now), to: bob)
        #expect(try bob.meetingCount(.invitations, at: Fixture.now).total == 1)
        var alice = Contact(id: Fixture.id(51), displayName: "Alice", created: Fixture.now)
        alice.emails = [LabelledValue("ALICE@example.org")]
        try bob.writeContacts { batch in try batch.write(alice) }
        try bob.setRelation(.blocked, of: alice.id)
        #expect(try bob.meetingCount(.invitations, at: Fixture.now).total == 0)
        #expect(try bob.meetings(.invitations, at: Fixture.now, offset: 0, limit: 10).isEmpty)
        try bob.setRelation(.none, of: alice.id)
        #expect(try bob.meetingCount(.invitations, at: Fixture.now).total == 1)
    }
}

extension MeetingInboxTests {
    @Test("someone the host takes off the invitees gets a cancel; the others get the new poll")
    func removedInvitee() throws {
        let (alice, meeting) = try Self.hosted()
        let outbox = MeetingOutbox(folder: NSTemporaryDirectory() + "datebook-test-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: outbox.folder) }
        let result = try MeetingActions.perform(on: alice, outbox: outbox, find: { try $0.meeting(id: meeting.id) },
                                                now: Fixture.now) { meeting, _ in
            try meeting.replaceInvitees([meeting.invitees[0]])
        }
        #expect(result.sent.map(\.recipient.email) == ["bob@example.org", "Carol@Example.org"])
        let toCarol = try ITIPReader.read(try Data(contentsOf: URL(fileURLWithPath: result.sent[1].path)))
        #expect(toCarol.first?.method == .cancel)
        let toBob = try ITIPReader.read(try Data(contentsOf: URL(fileURLWithPath: result.sent[0].path)))
        #expect(toBob.first?.method == .request && toBob.first?.people.map(\.person.email) == ["bob@example.org"])
        // Carol, reading it, sees the meeting cancelled.
        let carol = try Self.store(Me(name: "Carol", email: "carol@example.org"))
        try Self.deliver(ITIPWriter.hostMessage(for: meeting, at: Fixture.now), to: carol)
        try carol.writeMeetings { batch in try MeetingInbox.apply(toCarol[0], in: batch) }
        #expect(try carol.meeting(uid: meeting.uid)?.state == .cancelled)
    }
}
