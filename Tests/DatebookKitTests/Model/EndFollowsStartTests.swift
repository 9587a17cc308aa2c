import Foundation
import Testing

@testable import DatebookKit

/// `ItemDraft.endText(followingStartFrom:now:calendar:)`: when the start moves, the end moves
/// as far, so the item keeps its length.
@Suite("The end follows the start")
struct EndFollowsStartTests {
    /// Where the End goes when the Start of `draft` was `previous` (now: Sunday 22 November
    /// 2026, 10:00 in Berlin).
    func follow(_ draft: ItemDraft, from previous: String) -> String? {
        draft.endText(followingStartFrom: previous, now: Fixture.now, calendar: ItemDraftTests.berlin)
    }

    @Test("a one-hour event moved to \"tomorrow 9:30\" ends at 10:30 tomorrow")
    func timedToTomorrow() {
        let draft = ItemDraft(kind: .event, texts: [.start: "tomorrow 9:30", .end: "2026-11-22 11:00"])
        #expect(follow(draft, from: "2026-11-22 10:00") == "2026-11-23 10:30")
    }

    @Test("the length is kept to the minute, across midnight and to another day")
    func lengthKept() {
        let overnight = ItemDraft(kind: .event, texts: [.start: "2026-11-27 21:15", .end: "2026-11-25 01:00"])
        #expect(follow(overnight, from: "2026-11-24 22:00") == "2026-11-28 00:15")
        let workshop = ItemDraft(kind: .event, texts: [.start: "fri 14:00", .end: "2026-11-23 10:45"])
        #expect(follow(workshop, from: "2026-11-23 09:00") == "2026-11-27 15:45")
    }

    @Test("an end typed relative to the start (10:45) moves with it like a date")
    func relativeEnd() {
        let draft = ItemDraft(kind: .event, texts: [.start: "2026-11-30 08:00", .end: "10:45"])
        #expect(follow(draft, from: "2026-11-23 09:00") == "2026-11-30 09:45")
    }

    @Test("all day: moving the first day moves the last day by as many days")
    func allDay() {
        let fair = ItemDraft(kind: .event, allDay: true, texts: [.start: "2026-11-29", .end: "2026-11-24"])
        #expect(follow(fair, from: "2026-11-22") == "2026-12-01")
        // Over the end of March, when the clocks change: still whole days.
        let spring = ItemDraft(kind: .event, allDay: true, texts: [.start: "2027-03-28", .end: "2027-03-27"])
        #expect(follow(spring, from: "2027-03-26") == "2027-03-29")
    }

    @Test("a start moved over a change of the clocks keeps the length in real time")
    func overClockChange() {
        // 25 October 2026: Berlin goes back from 03:00 to 02:00.
        let draft = ItemDraft(kind: .event, texts: [.start: "2026-10-25 01:30", .end: "2026-10-24 02:30"])
        #expect(follow(draft, from: "2026-10-24 01:30") == "2026-10-25 02:30")
        let long = ItemDraft(kind: .event, texts: [.start: "2026-10-25 00:00", .end: "2026-10-24 04:00"])
        #expect(follow(long, from: "2026-10-24 00:00") == "2026-10-25 03:00")
    }

    @Test("nothing moves without an end, or when a start or the end cannot be read")
    func nothingToMove() {
        #expect(follow(ItemDraft(kind: .event, texts: [.start: "tomorrow 9:30"]), from: "2026-11-22 10:00") == nil)
        #expect(follow(ItemDraft(kind: .event, texts: [.start: "tomorow 9:30", .end: "11:00"]), from: "10:00") == nil)
        #expect(follow(ItemDraft(kind: .event, texts: [.start: "tomorrow 9:30", .end: "11:00"]), from: "") == nil)
        #expect(follow(ItemDraft(kind: .event, texts: [.start: "tomorrow 9:30", .end: "31/02"]), from: "10:00") == nil)
    }
}
