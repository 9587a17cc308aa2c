import Foundation
import Testing

@testable import DatebookKit

@Suite("Alarm text")
struct AlarmTextTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    @Test("a list of times before and dates reads as alarms, in order, each with the sound")
    func readsAList() throws {
        let alarms = try AlarmText.parse(
            "15m, 1h, 1d, 2026-12-01 09:00, 30", sound: "bell", now: Fixture.now, calendar: calendar)
        #expect(alarms == [
            Alarm(minutesBefore: 15, sound: "bell"), Alarm(minutesBefore: 60, sound: "bell"),
            Alarm(minutesBefore: 1440, sound: "bell"), Alarm(at: Fixture.utc("2026-12-01 08:00"), sound: "bell"),
            Alarm(minutesBefore: 30, sound: "bell"),
        ])
        #expect(try AlarmText.parse("  ", sound: nil, now: Fixture.now, calendar: calendar).isEmpty)
    }

    @Test("the text written for alarms reads back as the same alarms")
    func writesWhatItReads() throws {
        let alarms = [Alarm(minutesBefore: 90), Alarm(minutesBefore: 0), Alarm(minutesBefore: 2880),
                      Alarm(at: Fixture.utc("2026-12-01 08:00"))]
        let text = AlarmText.text(alarms, calendar: calendar)
        #expect(text == "1h30m, 0m, 2d, 2026-12-01 09:00")
        #expect(try AlarmText.parse(text, sound: nil, now: Fixture.now, calendar: calendar) == alarms)
    }

    @Test("an entry that is neither a time before nor a date is named in the problem", arguments: [
        "soon", "15m, soon", "15m,, 1h", "-5",
    ])
    func badEntry(_ text: String) {
        #expect(throws: AlarmText.Problem.self) {
            try AlarmText.parse(text, sound: nil, now: Fixture.now, calendar: calendar)
        }
    }

    @Test("a date that is wrong says how, as a date field does")
    func wrongDate() {
        do {
            _ = try AlarmText.parse("15m, 2026-02-30 09:00", sound: nil, now: Fixture.now, calendar: calendar)
            Issue.record("30 February was read")
        } catch {
            #expect(error.description == "Alarm “2026-02-30 09:00”: February has no day 30")
        }
        do {
            _ = try AlarmText.parse("soon", sound: nil, now: Fixture.now, calendar: calendar)
        } catch {
            #expect(error.description == "Cannot read “soon” as an alarm (try 15m, 1h, 1d or 2026-12-01 09:00)")
        }
    }

    @Test("more than fifty alarms are refused with a message, before any is read")
    func tooMany() throws {
        let fifty = Array(repeating: "15m", count: 50).joined(separator: ", ")
        #expect(try AlarmText.parse(fifty, sound: nil, now: Fixture.now, calendar: calendar).count == 50)
        let many = Array(repeating: "15m", count: 100_000).joined(separator: ",")
        #expect(throws: AlarmText.Problem(entry: "", tooMany: true)) {
            try AlarmText.parse(many, sound: nil, now: Fixture.now, calendar: calendar)
        }
        #expect(AlarmText.Problem(entry: "", tooMany: true).description == "An item may have at most 50 alarms")
    }

    @Test("details say each alarm in words, and a silent one says it rings no bell")
    func describes() {
        #expect(AlarmText.describe(Alarm(minutesBefore: 15), calendar: calendar) == "15m before")
        #expect(AlarmText.describe(Alarm(minutesBefore: 60, sound: "off"), calendar: calendar) == "1h before, no sound")
        #expect(AlarmText.describe(Alarm(minutesBefore: 60, sound: "chime.oga"), calendar: calendar)
            == "1h before, sound chime.oga")
        #expect(AlarmText.describe(Alarm(at: Fixture.utc("2026-12-01 08:00")), calendar: calendar).hasPrefix("at "))
    }
}
