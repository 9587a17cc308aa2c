import Foundation
import Testing

@testable import DatebookKit

/// A meeting's rules as a value: votes, tallies, the best slot, who may do what, and the lists
/// and marks it shows under.
@Suite("Meetings: the model")
struct MeetingModelTests {
    static let alice = Me(name: "Alice", email: "alice@example.org")
    static let bob = MeetingPerson(name: "Bob", email: "bob@example.org")
    static let carol = MeetingPerson(name: "Carol", email: "Carol@Example.org")

    static func poll(hostedByMe: Bool = true) -> Meeting {
        let slots = (1...3).map { n in
            MeetingSlot(id: n, start: Fixture.utc("2026-12-0\(n) 10:00"), end: Fixture.utc("2026-12-0\(n) 11:00"))
        }
        return Meeting(
            id: Fixture.id(900), title: "Planning", host: hostedByMe ? alice.person : bob, hostedByMe: hostedByMe,
            slots: slots,
            invitees: hostedByMe ? [MeetingInvitee(person: bob), MeetingInvitee(person: carol)]
                : [MeetingInvitee(person: alice.person), MeetingInvitee(person: carol)],
            created: Fixture.now)
    }

    @Test("votes are counted per slot, the best slot is the one most can come to, and the host's counts add up")
    func tally() throws {
        var meeting = Self.poll()
        try meeting.vote([1: .no, 2: .yes, 3: .yes], by: "bob@example.org")
        try meeting.vote([1: .yes, 2: .maybe, 3: .yes], by: "carol@example.org")  // matched without case
        let tally = MeetingTally(meeting)
        #expect(tally.count(of: 3) == .init(slot: 3, yes: 2, maybe: 0, no: 0))
        #expect(tally.count(of: 2) == .init(slot: 2, yes: 1, maybe: 1, no: 0))
        #expect(tally.best == 3)
        #expect(tally.summary == "2 voted · 0 refused · 0 no reply")
        try meeting.refuse(by: "carol@example.org")
        #expect(MeetingTally(meeting).summary == "1 voted · 1 refused · 0 no reply")
        #expect(MeetingTally(meeting).best == 2)  // ties on yes: the earlier slot
    }

    @Test("only invitees vote, only on slots that exist, only while polling; only the host confirms and cancels")
    func rules() throws {
        var meeting = Self.poll()
        #expect(throws: MeetingError.notInvited("eve@example.org")) { try meeting.vote([1: .yes], by: "eve@example.org") }
        #expect(throws: MeetingError.noSlot(9)) { try meeting.vote([9: .yes], by: "bob@example.org") }
        try meeting.confirm(slot: 2)
        #expect(meeting.sequence == 1)
        #expect(meeting.confirmedSlot?.id == 2)
        #expect(throws: MeetingError.self) { try meeting.vote([1: .yes], by: "bob@example.org") }
        try meeting.accept(by: "bob@example.org")
        #expect(meeting.invitee("bob@example.org")?.going == true)

        var invited = Self.poll(hostedByMe: false)
        #expect(throws: MeetingError.notHost) { try invited.confirm(slot: 1) }
        #expect(throws: MeetingError.notHost) { try invited.cancel() }
        #expect(throws: MeetingError.wrongState("No time is confirmed yet")) {
            try invited.accept(by: "alice@example.org")
        }
    }

    @Test("removing a slot drops the votes on it and keeps the others; removing the confirmed one reopens the poll")
    func editSlots() throws {
        var meeting = Self.poll()
        try meeting.vote([1: .yes, 2: .no, 3: .maybe], by: "bob@example.org")
        try meeting.confirm(slot: 2)
        try meeting.replaceSlots(meeting.slots.filter { $0.id != 2 })
        #expect(meeting.invitee("bob@example.org")?.answer == .voted([1: .yes, 3: .maybe]))
        #expect(meeting.state == .polling)
        #expect(meeting.sequence == 2)
        #expect(meeting.nextSlotID == 4)  // an id is never given again
    }

    @Test("what is wrong with a meeting is said in words")
    func problems() {
        var meeting = Self.poll()
        meeting.title = " "
        meeting.slots.append(MeetingSlot(id: 4, start: Fixture.utc("2026-12-05 12:00"), end: Fixture.utc("2026-12-05 11:00")))
        meeting.invitees.append(MeetingInvitee(person: MeetingPerson(name: "", email: "not an address")))
        meeting.invitees.append(MeetingInvitee(person: MeetingPerson(name: "B", email: "BOB@example.org")))
        #expect(meeting.problems() == [
            "A meeting needs a title", "Time 4 ends before it starts",
            "“not an address” is not an e-mail address (name@example.org)", "Someone is invited twice",
        ])
        meeting.slots = (1...51).map { MeetingSlot(id: $0, start: Fixture.now, end: Fixture.now.addingTimeInterval(60)) }
        #expect(meeting.problems().contains("A meeting can offer at most 50 times (this one has 51)"))
        meeting.slots = []
        #expect(meeting.problems().contains("A meeting needs at least one time"))
    }

    @Test("an invitation is in Invitations until I accept the confirmed time, then in Coming marked Going")
    func listsAndMarks() throws {
        var meeting = Self.poll(hostedByMe: false)
        #expect(meeting.lists(for: Self.alice) == [.invitations])
        #expect(meeting.mark(for: Self.alice) == .vote)
        try meeting.vote([1: .yes], by: "alice@example.org")
        #expect(meeting.mark(for: Self.alice) == .voted)
        meeting.state = .confirmed(slot: 1)
        #expect(meeting.lists(for: Self.alice) == [.invitations])
        #expect(meeting.mark(for: Self.alice) == .vote)
        try meeting.accept(by: "alice@example.org")
        #expect(meeting.lists(for: Self.alice) == [.coming])
        #expect(meeting.mark(for: Self.alice) == .going)
        meeting.state = .cancelled
        #expect(meeting.lists(for: Self.alice).isEmpty)

        let mine = Self.poll()
        #expect(mine.lists(for: Self.alice) == [.hosting])
        #expect(mine.mark(for: Self.alice) == .host)
        #expect(mine.isOutOfDate(at: Fixture.utc("2026-12-03 11:00")))
        #expect(!mine.isOutOfDate(at: Fixture.utc("2026-12-03 10:59")))
    }
}

extension MeetingModelTests {
    @Test("after the deadline a vote is refused; before it, taken")
    func deadline() throws {
        var meeting = Self.poll()
        meeting.deadline = Fixture.utc("2026-11-30 12:00")
        try meeting.vote([1: .yes], by: "bob@example.org", at: Fixture.utc("2026-11-30 11:59"))
        #expect(throws: MeetingError.votingClosed(Fixture.utc("2026-11-30 12:00"))) {
            try meeting.vote([2: .yes], by: "bob@example.org", at: Fixture.utc("2026-11-30 12:01"))
        }
        #expect(meeting.invitee("bob@example.org")?.answer == .voted([1: .yes]))
        #expect(MeetingError.votingClosed(Fixture.utc("2026-11-30 12:00")).description.hasPrefix("Votes closed at 2026-11-30"))
    }
}
