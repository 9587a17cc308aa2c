import Foundation
import Testing

@testable import DatebookKit

@Suite("Meetings: slots as typed")
struct MeetingSlotTextTests {
    static var reader: MeetingSlotText {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return MeetingSlotText(parser: DateParser(now: Fixture.now, calendar: calendar))  // Sunday 22 Nov 2026
    }

    @Test("the date fields' words make a slot", arguments: [
        ("tue 10-11", "2026-11-24 10:00", "2026-11-24 11:00"),
        ("wed 14:00 1h", "2026-11-25 14:00", "2026-11-25 15:00"),
        ("fri 9:30-10:15", "2026-11-27 09:30", "2026-11-27 10:15"),
        ("2026-12-01 10:00 11:30", "2026-12-01 10:00", "2026-12-01 11:30"),
        ("mon 10:00 tue 12:00", "2026-11-23 10:00", "2026-11-24 12:00"),
        ("thu 15:00", "2026-11-26 15:00", "2026-11-26 16:00"),
        ("1/12 2-3pm", "2026-12-01 14:00", "2026-12-01 15:00"),
        ("tomorrow 9:00 90m", "2026-11-23 09:00", "2026-11-23 10:30"),
    ])
    func reads(_ text: String, _ start: String, _ end: String) throws {
        let slot = try Self.reader.parse(text)
        #expect(slot.start == Fixture.utc(start))
        #expect(slot.end == Fixture.utc(end))
    }

    @Test("what is not a slot says why")
    func failures() {
        #expect(throws: MeetingSlotText.Failure.endsBeforeStart("tue 11-10")) { try Self.reader.parse("tue 11-10") }
        #expect(throws: MeetingSlotText.Failure.noTime("tue")) { try Self.reader.parse("tue") }
        #expect(throws: MeetingSlotText.Failure.unreadable("blah")) { try Self.reader.parse("blah") }
        #expect(throws: MeetingSlotText.Failure.date("25:00 is not a time of day")) { try Self.reader.parse("wed 25:00") }
        #expect(throws: MeetingSlotText.Failure.unreadable("")) { try Self.reader.parse("  ") }
    }
}
