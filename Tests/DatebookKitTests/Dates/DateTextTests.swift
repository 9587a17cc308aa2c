import Foundation
import Testing

@testable import DatebookKit

/// Dates as text for JSON and for the screens.
@Suite struct DateTextTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test(arguments: [
        ("2026-11-22 09:00", "Europe/Berlin", "2026-11-22T10:00:00+01:00"),
        ("2026-07-01 09:00", "Europe/Berlin", "2026-07-01T11:00:00+02:00"),
        ("2026-11-22 09:00", "UTC", "2026-11-22T09:00:00+00:00"),
        ("2026-11-22 09:00", "America/New_York", "2026-11-22T04:00:00-05:00"),
        ("2026-11-22 09:00", "Asia/Kolkata", "2026-11-22T14:30:00+05:30"),
        ("2027-01-01 00:30", "America/Los_Angeles", "2026-12-31T16:30:00-08:00"),
        ("0900-03-04 05:06", "UTC", "0900-03-04T05:06:00+00:00"),
    ])
    func iso8601WithTheOffset(utc: String, zone: String, expected: String) {
        #expect(DateText.iso8601(Fixture.utc(utc), timeZone: TimeZone(identifier: zone)!) == expected)
    }

    @Test func iso8601DropsFractionsOfSeconds() {
        let date = Fixture.utc("2026-11-22 09:00").addingTimeInterval(5.75)
        #expect(DateText.iso8601(date, timeZone: TimeZone(identifier: "UTC")!) == "2026-11-22T09:00:05+00:00")
    }

    @Test func displayForms() {
        let berlin = Self.calendar("Europe/Berlin")
        let date = Fixture.utc("2026-11-22 13:30")
        #expect(DateText(calendar: berlin).field(date, withTime: true) == "2026-11-22 14:30")
        #expect(DateText(calendar: berlin).field(date, withTime: false) == "2026-11-22")
        #expect(DateText(calendar: berlin).day(date) == "Sun 22 Nov")
        #expect(DateText(calendar: berlin).time(date) == "14:30")
        let tokyo = Self.calendar("Asia/Tokyo")
        #expect(DateText(calendar: tokyo).day(Fixture.utc("2026-11-22 16:00")) == "Mon 23 Nov")
        #expect(DateText(calendar: Self.calendar("UTC")).time(Fixture.utc("2026-01-05 00:05")) == "00:05")
        #expect(DateText(calendar: Self.calendar("UTC")).day(Fixture.utc("2026-01-05 00:05")) == "Mon 5 Jan")
    }

    @Test func theCalendarsOwnSystemDoesNotChangeMachineForms() {
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "UTC")!
        buddhist.locale = Locale(identifier: "th_TH")
        let date = Fixture.utc("2026-11-22 09:00")
        #expect(DateText(calendar: buddhist).field(date, withTime: true) == "2026-11-22 09:00")
        #expect(DateText(calendar: buddhist).day(date) == "Sun 22 Nov")
    }
}
