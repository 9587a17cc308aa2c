import Foundation
import Testing

@testable import DatebookKit

/// Series that start in the first years of the era (finding 16 of Docs/Reliability.md), or
/// before 1583 (finding 71).
///
/// libical hands a time of the year 1 (the year 0 once moved to UTC) to ICU, whose calendar
/// then counts in eras: skipping ahead from such a DTSTART gives wrong days, and walking from
/// it costs a whole work budget. A read far from the start must cost what a read of a series
/// started last year costs, and give the same days.
@Suite("Series from the year 1")
struct EarlyStartTests {
    /// 1 January 2026, 00:00 UTC.
    static let from = 1_767_225_600.0

    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        /// DTSTART: Unix seconds of the year 1 (as Foundation reads "0001-01-01" in the zone).
        var start: Double
        var isDate: Bool
        var zone: ItemTimeZone
        var testDescription: String { "\(rule) \(zone)" }
    }

    static let cases: [Case] = [
        // What the fuzzer saved: weekdays from 1 January of the year 1, 11:00 on Lord Howe
        // Island, and all day in Berlin.
        Case(rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", start: -62_135_595_380, isDate: false,
             zone: .named("Australia/Lord_Howe")),
        Case(rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", start: -62_135_600_400, isDate: true,
             zone: .named("Europe/Berlin")),
        Case(rule: "FREQ=DAILY", start: -62_135_596_800, isDate: false, zone: .utc),
        Case(rule: "FREQ=MONTHLY;BYMONTHDAY=15", start: -62_135_596_800, isDate: false, zone: .floating),
        Case(rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", start: -62_135_596_800, isDate: false,
             zone: .named("America/New_York")),
        // Before 1583 libical steps through ICU's Julian calendar, where no walk hops: an
        // hourly leap-day rule from the year 26 stepped its hours until the budget ran out
        // (finding 71). Such walks start 400 years on, as often as it takes.
        Case(rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", start: -61_346_678_400, isDate: false, zone: .utc),
        Case(rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", start: -30_610_224_000, isDate: false, zone: .floating),
        Case(rule: "FREQ=HOURLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29", start: -14_831_769_600, isDate: false, zone: .utc),
        // 1700-03-01 09:00 in Berlin, on its local mean time (UTC+0:53:28).
        Case(rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYMINUTE=30", start: -8_515_209_208, isDate: false,
             zone: .named("Europe/Berlin")),
    ]

    @Test("a series from the year 1, read in 2026, skips there cheaply and gives the right days",
          arguments: cases)
    func readFarAhead(_ test: Case) throws {
        let iterator = try RecurrenceIterator(
            rule: test.rule, start: test.start, isDate: test.isDate, zone: test.zone, zoneDefinition: nil,
            skippingTo: Self.from)
        var starts: [Double] = []
        while starts.count < 12, let start = iterator.next() {
            if start >= Self.from { starts.append(start) }
        }
        #expect(!iterator.stoppedOnBudget)
        #expect(iterator.work < RecurrenceBound.maximumWork / 100, "work \(iterator.work)")
        #expect(starts.count == 12)
        // The days are those the rule gives in the zone, checked with Foundation's calendar.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.timeZone(test.zone)
        for start in starts {
            let date = Date(timeIntervalSince1970: start)
            let parts = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
            switch test.rule {
            case let rule where rule.hasPrefix("FREQ=WEEKLY"):
                #expect((2...6).contains(parts.weekday!), "\(date) is no weekday")
            case let rule where rule.hasPrefix("FREQ=MONTHLY"):
                #expect(parts.day == 15, "\(date)")
            case let rule where rule.hasPrefix("FREQ=YEARLY"):
                #expect(parts.month == 3 && parts.weekday == 1 && parts.day! > 24, "\(date)")
            case let rule where rule.hasPrefix("FREQ=HOURLY"):
                #expect(parts.month == 2 && parts.day == 29, "\(date)")
                #expect(parts.minute == (rule.contains("BYMINUTE=30") ? 30 : 0), "\(date)")
                #expect(parts.hour! % (rule.contains("INTERVAL=3") ? 3 : 1) == 0, "\(date)")
            default: break
            }
        }
        // Consecutive: nothing skipped between the first and the last.
        if test.rule.hasPrefix("FREQ=HOURLY") {
            let step = test.rule.contains("INTERVAL=3") ? 10_800.0 : 3_600
            let day = starts.prefix(8)  // eight every three hours fill a 29 February
            #expect(zip(day, day.dropFirst()).allSatisfy { $1 - $0 == step })
            #expect(calendar.component(.year, from: Date(timeIntervalSince1970: starts[0])) == 2028)
        }
        if test.rule == "FREQ=DAILY" {
            #expect(zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 == 86_400 })
            #expect(starts.first == Self.from)
        }
    }

    static func timeZone(_ zone: ItemTimeZone) -> TimeZone {
        switch zone {
        case let .named(name): return TimeZone(identifier: name)!
        default: return TimeZone(identifier: "UTC")!
        }
    }
}
