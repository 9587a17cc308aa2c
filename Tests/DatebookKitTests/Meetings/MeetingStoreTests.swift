import Foundation
import Testing

@testable import DatebookKit

/// Meetings in the store: written whole and read back, listed for me, and a confirmed meeting
/// as an ordinary event in my calendar.
@Suite("Meetings: the store")
struct MeetingStoreTests {
    static func store() throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.setMe(MeetingModelTests.alice)
        return store
    }

    @Test("a meeting reads back as written, votes and all")
    func roundTrip() throws {
        let store = try Self.store()
        var meeting = MeetingModelTests.poll()
        meeting.place = "Room 4"
        meeting.deadline = Fixture.utc("2026-11-30 12:00")
        try meeting.vote([1: .no, 2: .yes, 3: .maybe], by: "bob@example.org")
        try meeting.refuse(by: "carol@example.org")
        try store.writeMeetings { batch in try batch.write(meeting) }
        var read = try #require(try store.meeting(id: meeting.id))
        #expect(read.changed == Fixture.now)
        read.changed = meeting.changed
        #expect(read == meeting)
        #expect(try store.meeting(uid: meeting.uid)?.id == meeting.id)
    }

    @Test("an invalid meeting is refused whole and nothing is written")
    func invalid() throws {
        let store = try Self.store()
        var meeting = MeetingModelTests.poll()
        meeting.slots[0].end = meeting.slots[0].start
        #expect(throws: MeetingError.invalid(["Time 1 ends before it starts"])) {
            try store.writeMeetings { batch in try batch.write(meeting) }
        }
        #expect(try store.allMeetings().isEmpty)
    }

    @Test("lists: coming ones next first, then out-of-date ones below, with counts and marks")
    func lists() throws {
        let store = try Self.store()
        let now = Fixture.utc("2026-12-02 12:00")  // slot 1 and 2 of the first meeting are over
        try store.writeMeetings { batch in
            for n in 1...3 {
                var meeting = MeetingModelTests.poll()
                meeting.id = Fixture.id(100 + n)
                meeting.uid = "m\(n)"
                meeting.title = "Meeting \(n)"
                // Meeting 1 is over before `now`; 2 and 3 are coming, 3 first.
                let shift = TimeInterval([-2, 3, 1][n - 1]) * 86_400
                meeting.slots = meeting.slots.map {
                    MeetingSlot(id: $0.id, start: $0.start.addingTimeInterval(shift), end: $0.end.addingTimeInterval(shift))
                }
                try batch.write(meeting)
            }
            var invitation = MeetingModelTests.poll(hostedByMe: false)
            invitation.id = Fixture.id(200)
            invitation.uid = "from-bob"
            try batch.write(invitation)
        }
        #expect(try store.meetingCount(.hosting, at: now) == (3, 1))
        let hosting = try store.meetings(.hosting, at: now, offset: 0, limit: 10)
        #expect(hosting.map(\.title) == ["Meeting 3", "Meeting 2", "Meeting 1"])
        #expect(hosting.map { $0.isOutOfDate(at: now) } == [false, false, true])
        #expect(hosting.first?.counts == "0 voted · 0 refused · 2 no reply")
        #expect(hosting.allSatisfy { $0.mark == .host })
        #expect(try store.meetings(.hosting, at: now, offset: 2, limit: 10).map(\.title) == ["Meeting 1"])
        let invitations = try store.meetings(.invitations, at: now, offset: 0, limit: 10)
        #expect(invitations.map(\.id) == [Fixture.id(200)])
        #expect(invitations.first?.mark == .vote)
        #expect(try store.meetingCount(.coming, at: now).total == 0)
    }

    @Test("confirming puts the meeting in my calendar as an event with its people; cancelling moves it to History")
    func confirmMakesAnEvent() throws {
        let store = try Self.store()
        var meeting = MeetingModelTests.poll()
        try meeting.vote([2: .yes], by: "bob@example.org")
        try meeting.refuse(by: "carol@example.org")
        try meeting.confirm(slot: 2)
        let written = try store.writeMeetings { batch in try batch.write(meeting) }
        let eventID = try #require(written.event)
        let event = try #require(try store.item(id: eventID))
        #expect(event.kind == .event && event.status == .active)
        #expect(event.times == [ItemTime(start: Fixture.utc("2026-12-02 10:00"), end: Fixture.utc("2026-12-02 11:00"))])
        #expect(event.icalUID == meeting.uid)
        #expect(event.organizer?.address == "mailto:alice@example.org")
        #expect(event.attendees.map(\.status) == ["NEEDS-ACTION", "DECLINED"])
        let day = try store.occurrences(from: Fixture.utc("2026-12-02 00:00"), to: Fixture.utc("2026-12-03 00:00"))
        #expect(day.map(\.title) == ["Planning"])
        #expect(try store.meetingCount(.coming, at: Fixture.now).total == 1)

        var cancelled = written
        try cancelled.cancel()
        try store.writeMeetings { batch in try batch.write(cancelled) }
        #expect(try store.item(id: eventID)?.status == .deleted)
        #expect(try store.occurrences(from: Fixture.utc("2026-12-02 00:00"), to: Fixture.utc("2026-12-03 00:00")).isEmpty)
    }

    @Test("an invitee's calendar gets the event only once they accept the confirmed time")
    func inviteeAccepts() throws {
        let store = try Self.store()
        var meeting = MeetingModelTests.poll(hostedByMe: false)
        meeting.state = .confirmed(slot: 1)
        meeting.sequence = 1
        let before = try store.writeMeetings { batch in try batch.write(meeting) }
        #expect(before.event == nil)
        var accepted = before
        try accepted.accept(by: "alice@example.org")
        let after = try store.writeMeetings { batch in try batch.write(accepted) }
        #expect(try store.item(id: try #require(after.event))?.status == .active)
        #expect(try store.meetings(.coming, at: Fixture.now, offset: 0, limit: 5).first?.mark == .going)
    }

    @Test("setting who I am files every meeting again: an invitation to my new address shows")
    func setMe() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        #expect(try store.me() == nil)
        let invitation = MeetingModelTests.poll(hostedByMe: false)
        try store.writeMeetings { batch in try batch.write(invitation) }
        #expect(try store.meetingCount(.invitations, at: Fixture.now).total == 0)
        try store.setMe(MeetingModelTests.alice)
        #expect(try store.me() == MeetingModelTests.alice)
        #expect(try store.meetingCount(.invitations, at: Fixture.now).total == 1)
        #expect(throws: MeetingError.invalid(["“alice” is not an e-mail address (name@example.org)"])) {
            try store.setMe(Me(name: "Alice", email: "alice"))
        }
    }
}
