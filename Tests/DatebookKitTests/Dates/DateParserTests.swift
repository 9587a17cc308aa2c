import Foundation
import Testing

@testable import DatebookKit

/// What a person types in a date field, read against Sunday 2026-11-22 09:00 in Berlin.
@Suite struct DateParserTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// Sunday 2026-11-22 09:00 in Berlin (08:00 UTC).
    static let now = Fixture.utc("2026-11-22 08:00")
    let parser = DateParser(now: now, calendar: berlin)

    /// The parse result as Berlin field text, with `T` marking that a time was given.
    func read(_ text: String) throws -> String {
        let parsed = try parser.parse(text)
        return DateText(calendar: Self.berlin).field(parsed.date, withTime: parsed.hasTime)
            + (parsed.hasTime ? " T" : "")
    }

    // MARK: - Dates

    @Test(arguments: [
        ("2026-11-22", "2026-11-22"),
        ("2026-1-5", "2026-01-05"),
        ("2028-02-29", "2028-02-29"),
        ("22/11", "2026-11-22"),
        ("22/11/2026", "2026-11-22"),
        ("5/1/27", "2027-01-05"),
        ("22.11.2026", "2026-11-22"),
        ("22.11.", "2026-11-22"),
        ("22.11", "2026-11-22"),
        ("22 nov", "2026-11-22"),
        ("Nov 22 2027", "2027-11-22"),
        ("1st December", "2026-12-01"),
        ("today", "2026-11-22"),
        ("Today", "2026-11-22"),
        ("TOMORROW", "2026-11-23"),
        ("tmrw", "2026-11-23"),
        ("yesterday", "2026-11-21"),
    ])
    func dates(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test(arguments: [
        ("sun", "2026-11-22"),  // today is a Sunday: "sun" is today
        ("sunday", "2026-11-22"),
        ("mon", "2026-11-23"),
        ("fri", "2026-11-27"),
        ("Friday", "2026-11-27"),
        ("sat", "2026-11-28"),
        ("this fri", "2026-11-27"),
        ("next fri", "2026-12-04"),
        ("next sun", "2026-11-29"),
        ("next mon", "2026-11-30"),
        ("last fri", "2026-11-20"),
        ("last sun", "2026-11-15"),
    ])
    func weekdays(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test(arguments: [
        ("+3d", "2026-11-25"),
        ("-1d", "2026-11-21"),
        ("+0d", "2026-11-22"),
        ("+2w", "2026-12-06"),
        ("+1m", "2026-12-22"),
        ("+2m", "2027-01-22"),
        ("+1y", "2027-11-22"),
        ("-10y", "2016-11-22"),
        ("+2h", "2026-11-22 11:00 T"),
        ("+15min", "2026-11-22 09:15 T"),
        ("-90min", "2026-11-22 07:30 T"),
    ])
    func offsets(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test func monthOffsetsStopAtTheEndOfAShorterMonth() throws {
        let parser = DateParser(now: Fixture.utc("2026-01-31 12:00"), calendar: Self.berlin)
        let parsed = try parser.parse("+1m")
        #expect(DateText(calendar: Self.berlin).field(parsed.date, withTime: false) == "2026-02-28")
    }

    @Test func aDateWithoutATimeIsTheStartOfThatDayInTheCalendarsZone() throws {
        let parsed = try parser.parse("2026-11-23")
        #expect(parsed == ParsedDate(date: Fixture.utc("2026-11-22 23:00"), hasTime: false))
    }

    // MARK: - Times

    @Test(arguments: [
        ("14:30", "2026-11-22 14:30 T"),
        ("9:05", "2026-11-22 09:05 T"),
        ("2pm", "2026-11-22 14:00 T"),
        ("2PM", "2026-11-22 14:00 T"),
        ("2:30pm", "2026-11-22 14:30 T"),
        ("2 pm", "2026-11-22 14:00 T"),
        ("11 a.m.", "2026-11-22 11:00 T"),
        ("12am", "2026-11-22 00:00 T"),
        ("12pm", "2026-11-22 12:00 T"),
        ("noon", "2026-11-22 12:00 T"),
        ("midnight", "2026-11-22 00:00 T"),
        ("0:00", "2026-11-22 00:00 T"),
        ("23:59", "2026-11-22 23:59 T"),
    ])
    func timesMeanToday(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test func secondsAreKept() throws {
        let parsed = try parser.parse("14:30:15")
        #expect(parsed == ParsedDate(date: Fixture.utc("2026-11-22 13:30").addingTimeInterval(15), hasTime: true))
    }

    @Test func nowIsNowWithATime() throws {
        #expect(try parser.parse("now") == ParsedDate(date: Self.now, hasTime: true))
    }

    // MARK: - Date and time

    @Test(arguments: [
        ("2026-11-22 14:30", "2026-11-22 14:30 T"),
        ("2026-11-22T14:30", "2026-11-22 14:30 T"),
        ("2026-11-22t14:30:00", "2026-11-22 14:30 T"),
        ("tomorrow 2pm", "2026-11-23 14:00 T"),
        ("tomorrow at 2pm", "2026-11-23 14:00 T"),
        ("Tomorrow, 14:00", "2026-11-23 14:00 T"),
        ("2pm tomorrow", "2026-11-23 14:00 T"),
        ("14:30 on fri", "2026-11-27 14:30 T"),
        ("fri 14:30", "2026-11-27 14:30 T"),
        ("next fri 9am", "2026-12-04 09:00 T"),
        ("22/11 9:00", "2026-11-22 09:00 T"),
        ("22.11.2026 18:45", "2026-11-22 18:45 T"),
        ("+3d 8:15", "2026-11-25 08:15 T"),
        ("22 November 2026 10:00", "2026-11-22 10:00 T"),
        ("  tomorrow   2 pm  ", "2026-11-23 14:00 T"),
    ])
    func dateAndTime(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test func isoWithAnOffsetIsReadInThatOffset() throws {
        #expect(try read("2026-11-22T10:00:00+01:00") == "2026-11-22 10:00 T")
        #expect(try read("2026-11-22T10:00:00Z") == "2026-11-22 11:00 T")
        #expect(try read("2026-11-22T10:00:00-05:00") == "2026-11-22 16:00 T")
        #expect(try read("2026-11-22T10:00+0530") == "2026-11-22 05:30 T")
    }

    // MARK: - Errors

    @Test(arguments: [
        ("31/02", DateParseError.noSuchDay(day: 31, month: 2, year: nil), "February has no day 31"),
        ("29/02/2027", .noSuchDay(day: 29, month: 2, year: 2027), "February 2027 has no day 29"),
        ("2026-04-31", .noSuchDay(day: 31, month: 4, year: nil), "April has no day 31"),
        ("0/5", .noSuchDay(day: 0, month: 5, year: nil), "May has no day 0"),
        ("31 feb 14:00", .noSuchDay(day: 31, month: 2, year: nil), "February has no day 31"),
        ("13/13", .noSuchMonth(13), "There is no month 13 (months are 1 to 12)"),
        ("25:00", .notATime("25:00"), "25:00 is not a time of day"),
        ("fri 25:00", .notATime("25:00"), "25:00 is not a time of day"),
        ("14:60", .notATime("14:60"), "14:60 is not a time of day"),
        ("13pm", .notATime("13pm"), "13pm is not a time of day"),
        ("0 am", .notATime("0 am"), "0 am is not a time of day"),
        ("2026-11-22T24:00", .notATime("24:00"), "24:00 is not a time of day"),
        (
            "blah", .unreadable("blah"),
            "Cannot read \u{201C}blah\u{201D} as a date (try 2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm)"
        ),
        (
            "2026-11-22 blah", .unreadable("2026-11-22 blah"),
            "Cannot read \u{201C}2026-11-22 blah\u{201D} as a date (try 2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm)"
        ),
        ("next", .unreadable("next"), nil),
        ("14", .unreadable("14"), nil),
        ("+3x", .unreadable("+3x"), nil),
        ("1:5", .unreadable("1:5"), nil),
        ("", .empty, "Type a date (e.g. 2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm)"),
        ("   ", .empty, nil),
        ("+99999999d", .tooFar("+99999999d"), "+99999999d is too far away"),
        ("+999999999h", .tooFar("+999999999h"), nil),
        ("+9000y", .tooFar("+9000y"), nil),
        ("0000-01-01", .yearOutOfRange(0), "The year 0 is out of range (1 to 9999)"),
    ] as [(String, DateParseError, String?)])
    func errorsSayWhatIsWrong(text: String, error: DateParseError, message: String?) {
        #expect(throws: error) { try parser.parse(text) }
        if let message {
            #expect(error.description == message)
        }
    }

    @Test func longInputIsShortenedInTheMessage() {
        let text = String(repeating: "x", count: 80)
        #expect(throws: DateParseError.unreadable(text)) { try parser.parse(text) }
        #expect(DateParseError.unreadable(text).description.contains(String(repeating: "x", count: 39) + "…"))
    }

    // MARK: - Anything at all

    @Test func garbageAndUnicodeNeverCrash() {
        let pieces: [String] = [
            "0", "1", "2", "9", "12", "31", "99", "2026", "99999999999999999999", "-", "+", "/", ".",
            ":", "t", "T", "z", "am", "pm", "a.m.", " ", ",", "at", "on", "next", "last", "fri", "nov",
            "d", "w", "m", "y", "h", "today", "noon", "\u{0}", "\u{1B}[31m", "🙂", "👩‍👩‍👧", "会议",
            "٣", "١٢", "𝟙", "½", "e\u{301}", "\u{202E}", "\n", "\t", "ß", "İ", "\u{FEFF}", "日",
        ]
        var generator = SplitMix(seed: 42)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 8)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            do {
                let parsed = try parser.parse(text)
                #expect(parsed.date.timeIntervalSince1970.isFinite)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        for text in [
            String(repeating: "9", count: 500), "9999999999:99", "99999999999999999999/99999999999999999999",
            "-99999999999999999999d", "+9223372036854775807d", "2026-11-22T", "T14:30", "t", "--",
            "::", "9999-12-31 23:59", "0001-01-01", "+1000000d", "-1000000m",
        ] {
            _ = try? parser.parse(text)
        }
    }

    // MARK: - Round trip

    @Test(arguments: ["Europe/Berlin", "UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"])
    func fieldTextReadsBackToTheSameMinute(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parser = DateParser(now: Self.now, calendar: calendar)
        var generator = SplitMix(seed: 99)
        for _ in 0..<3000 {
            let minutes = Double(generator.next() % (40 * 366 * 24 * 60))
            let date = Fixture.utc("2000-01-01 00:00").addingTimeInterval(minutes * 60)

            let text = DateText(calendar: calendar).field(date, withTime: true)
            let parsed = try parser.parse(text)
            #expect(parsed.hasTime)
            if parsed.date != date {
                // Only the repeated hour when clocks go back can read as the other instant.
                #expect(DateText(calendar: calendar).field(parsed.date, withTime: true) == text)
            }

            let dayText = DateText(calendar: calendar).field(date, withTime: false)
            let day = try parser.parse(dayText)
            #expect(day == ParsedDate(date: calendar.startOfDay(for: date), hasTime: false))
        }
    }

    @Test func isoTextReadsBackToTheSameSecond() throws {
        var generator = SplitMix(seed: 5)
        for zone in ["Europe/Berlin", "UTC", "America/Los_Angeles", "Asia/Kathmandu"] {
            let timeZone = TimeZone(identifier: zone)!
            for _ in 0..<500 {
                let seconds = Double(generator.next() % (30 * 366 * 86_400))
                let date = Fixture.utc("2000-01-01 00:00").addingTimeInterval(seconds)
                let text = DateText.iso8601(date, timeZone: timeZone)
                #expect(try parser.parse(text) == ParsedDate(date: date, hasTime: true))
            }
        }
    }
}
