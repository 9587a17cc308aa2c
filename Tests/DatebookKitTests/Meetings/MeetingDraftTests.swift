import Foundation
import Testing

@testable import DatebookKit

/// `MeetingDraft`: the form's fields read into a meeting, times and deadline against "now"
/// (Sunday 22 November 2026, 10:00 in Berlin).
@Suite("Meeting drafts")
struct MeetingDraftTests {
    static var berlin: Calendar { ItemDraftTests.berlin }

    func read(slots: [String], deadline: String = "", base: Meeting? = nil) -> Result<Meeting, MeetingDraft.Problems> {
        var draft = MeetingDraft()
        draft.title = "Planning"
        draft.slots = slots
        draft.invitees = "bob@example.org"
        draft.deadline = deadline
        var empty = MeetingModelTests.poll()
        empty.slots = []
        empty.deadline = nil
        return draft.meeting(
            base: base ?? empty, slotReader: MeetingSlotText(parser: DateParser(now: Fixture.now, calendar: Self.berlin)),
            contact: { _ in nil })
    }

    @Test("a deadline of a date alone is the end of that day; one that has passed is refused")
    func deadlines() throws {
        let meeting = try read(slots: ["2026-12-01 10-11"], deadline: "2026-11-30").get()
        #expect(meeting.deadline == Fixture.utc("2026-11-30 23:00"))  // midnight after the 30th, Berlin
        let timed = try read(slots: ["2026-12-01 10-11"], deadline: "2026-11-30 12:00").get()
        #expect(timed.deadline == Fixture.utc("2026-11-30 11:00"))
        // Today, a date alone: votes until tonight, not closed since this morning.
        #expect(try read(slots: ["2026-12-01 10-11"], deadline: "today").get().deadline == Fixture.utc("2026-11-22 23:00"))
        guard case let .failure(problems) = read(slots: ["2026-12-01 10-11"], deadline: "yesterday") else {
            Issue.record("a deadline of yesterday was taken")
            return
        }
        #expect(problems.byField == [.deadline: "That has passed: votes would close before anyone could vote"])
    }

    @Test("a time already over is refused, unless the meeting had it")
    func pastTimes() throws {
        guard case let .failure(problems) = read(slots: ["yesterday 10-11", "2026-12-01 10-11"]) else {
            Issue.record("a time of yesterday was taken")
            return
        }
        #expect(problems.byField == [.slot(0): "That time is over already"])
        // An edit keeps a time the meeting already offered, over or not.
        var base = MeetingModelTests.poll()
        base.slots = [MeetingSlot(id: 1, start: Fixture.utc("2026-11-20 09:00"), end: Fixture.utc("2026-11-20 10:00"))]
        let kept = try read(slots: ["2026-11-20 10-11", "2026-12-01 10-11"], base: base).get()
        #expect(kept.slots.map(\.id) == [1, 2])
    }
}
