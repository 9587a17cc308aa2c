import Foundation
import Testing

@testable import DatebookKit

/// Lengths of time typed in quick add.
@Suite struct DurationParserTests {
    @Test(arguments: [
        ("1h", ParsedDuration(minutes: 60)),
        ("90m", ParsedDuration(minutes: 90)),
        ("45min", ParsedDuration(minutes: 45)),
        ("1h30m", ParsedDuration(minutes: 90)),
        ("1h 30m", ParsedDuration(minutes: 90)),
        ("1H30M", ParsedDuration(minutes: 90)),
        ("2d", ParsedDuration(days: 2)),
        ("1w", ParsedDuration(days: 7)),
        ("1w2d3h4m", ParsedDuration(days: 9, minutes: 184)),
        ("0m", ParsedDuration()),
    ])
    func durations(text: String, expected: ParsedDuration) throws {
        #expect(try DurationParser.parse(text) == expected)
    }

    @Test(arguments: ["", "abc", "1x", "30m1h", "1h1h", "90", "h", "1.5h", "-1h", "1h30", "🙂", "١h"])
    func unreadableDurations(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        #expect(throws: DateParseError.unreadableDuration(trimmed)) { try DurationParser.parse(text) }
    }

    @Test func theMessageGivesExamples() {
        #expect(
            DateParseError.unreadableDuration("1x").description
                == "Cannot read \u{201C}1x\u{201D} as a duration (try 1h, 90m, 1h30m, 2d)")
    }

    @Test func hugeDurationsAreTooFar() {
        #expect(throws: DateParseError.tooFar("999999d")) { try DurationParser.parse("999999d") }
        #expect(throws: DateParseError.unreadableDuration("99999999999999999999h")) {
            try DurationParser.parse("99999999999999999999h")
        }
    }

    @Test func daysAreCalendarDaysAcrossAClockChange() throws {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let start = try DateParser(now: Fixture.now, calendar: berlin).parse("2026-03-28 10:00").date
        let duration = try DurationParser.parse("1d 30m")
        let end = duration.end(after: start, calendar: berlin)
        #expect(DateText(calendar: berlin).field(end, withTime: true) == "2026-03-29 10:30")
        #expect(end.timeIntervalSince(start) == 23 * 3600 + 1800)
        #expect(duration.seconds == 86_400 + 1800)
    }
}
