import Foundation
import Testing

@testable import DatebookKit

@Suite("Repeat rules in words")
struct RepeatPhraseTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    /// Tuesday 10 November 2026, 09:00 in Berlin: the second Tuesday of its month.
    let start = Date(timeIntervalSince1970: 1_794_297_600)

    @Test("common phrases become RRULEs and read back as the same words", arguments: [
        ("daily", "FREQ=DAILY"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("weekly", "FREQ=WEEKLY"),
        ("weekly on mon, wed", "FREQ=WEEKLY;BYDAY=MO,WE"),
        ("every 2 weeks on fri", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"),
        ("monthly", "FREQ=MONTHLY"),
        ("monthly on the 2nd tue", "FREQ=MONTHLY;BYDAY=2TU"),
        ("monthly on the last fri", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("yearly", "FREQ=YEARLY"),
        ("weekly 10 times", "FREQ=WEEKLY;COUNT=10"),
        ("daily until 2026-12-31", "FREQ=DAILY;UNTIL=20261231T225959Z"),
    ])
    func roundTrip(phrase: String, rule: String) throws {
        #expect(try RepeatPhrase.rule(from: phrase, start: start, calendar: calendar) == rule)
        #expect(RepeatPhrase.phrase(for: rule, calendar: calendar) == phrase)
    }

    @Test("looser ways of saying it")
    func variants() throws {
        func rule(_ text: String) throws -> String { try RepeatPhrase.rule(from: text, start: start, calendar: calendar) }
        #expect(try rule("Weekly on Friday Monday") == "FREQ=WEEKLY;BYDAY=MO,FR")
        #expect(try rule("every other week") == "FREQ=WEEKLY;INTERVAL=2")
        #expect(try rule("monthly by weekday") == "FREQ=MONTHLY;BYDAY=2TU")
        #expect(try rule("annually for 5 times") == "FREQ=YEARLY;COUNT=5")
        #expect(try rule("FREQ=weekly;byday=SA") == "FREQ=WEEKLY;BYDAY=SA")
        #expect(try rule("RRULE:FREQ=DAILY;COUNT=2") == "FREQ=DAILY;COUNT=2")
    }

    @Test("rules the words cannot say are left as RRULEs")
    func unsayable() {
        #expect(RepeatPhrase.phrase(for: "FREQ=MONTHLY;BYMONTHDAY=1,15", calendar: calendar) == nil)
        #expect(RepeatPhrase.phrase(for: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", calendar: calendar) == nil)
        #expect(RepeatPhrase.phrase(for: "FREQ=HOURLY", calendar: calendar) == nil)
        #expect(RepeatPhrase.phrase(for: "FREQ=WEEKLY;WKST=MO", calendar: calendar) == "weekly")
    }

    @Test("mistakes are explained", arguments: [
        ("fortnightly", "Cannot read"), ("weekly on funday", "not a day of the week"),
        ("daily until never", "until"), ("daily until 2020-01-01", "before it starts"),
        ("daily 0 times", "at least once"), ("monthly on the 9th tue", "monthly on the 2nd tue"), ("", "Say how"),
    ])
    func failures(text: String, message: String) {
        #expect(throws: RepeatPhrase.Failure.self) { try RepeatPhrase.rule(from: text, start: start, calendar: calendar) }
        do {
            _ = try RepeatPhrase.rule(from: text, start: start, calendar: calendar)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
