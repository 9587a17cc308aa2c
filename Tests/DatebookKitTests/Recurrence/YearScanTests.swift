import Foundation
import Testing

@testable import DatebookKit

/// The bound's judge takes a rule's days a whole year at a time (`RecurrenceBound`, `byYears`):
/// it must judge every rule as its scan of every day does.
@Suite("Judging rules by years")
struct YearScanTests {
    /// A rule of the kinds the scan reads (secondly to weekly) with day-level BY parts that
    /// pick calendar days, from a seeded generator.
    static func rule(_ random: inout SplitMix) -> (rule: String, start: String) {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func some(_ values: [Int], most: Int) -> String {
            let n = 1 + Int(random.next() % UInt64(most))
            return Set((0..<n).map { _ in pick(values) }).sorted().map(String.init).joined(separator: ",")
        }
        let frequency = pick(["SECONDLY", "MINUTELY", "HOURLY", "HOURLY", "DAILY", "DAILY", "WEEKLY"])
        var parts = ["FREQ=\(frequency)"]
        if random.next() % 3 == 0 { parts.append("INTERVAL=\(pick([2, 3, 5, 7, 11, 13, 25, 61, 97]))") }
        if random.next() % 2 == 0 { parts.append("BYMONTH=\(some(Array(1...12), most: 3))") }
        if random.next() % 2 == 0 { parts.append("BYMONTHDAY=\(some([1, 5, 13, 28, 29, 30, 31, -1], most: 3))") }
        if random.next() % 5 == 0 { parts.append("BYYEARDAY=\(some([1, 59, 60, 200, 365, 366], most: 2))") }
        if random.next() % 3 == 0 {
            parts.append("BYDAY=" + (0..<(1 + Int(random.next() % 2))).map { _ in
                pick(["", "", "", "1", "-1"]) + pick(["MO", "TU", "WE", "TH", "FR", "SA", "SU"])
            }.joined(separator: ","))
        }
        if random.next() % 4 == 0 { parts.append("BYHOUR=\(some([0, 6, 12, 23], most: 2))") }
        if random.next() % 5 == 0 { parts.append("BYMINUTE=\(some([0, 15, 59], most: 2))") }
        switch random.next() % 6 {
        case 0: parts.append("COUNT=\(pick([1, 2, 10, 400, 5_000, 100_000]))")
        case 1: parts.append("UNTIL=\(pick([2030, 2100, 2400, 2581, 3000]))0301T000000")
        default: break
        }
        let year = pick([1601, 1900, 1970, 2026, 2096, 2099, 2300, 2500, 2570, 2581])
        let month = 1 + Int(random.next() % 12), day = 1 + Int(random.next() % 28)
        let second = Int(random.next() % 86_400)
        let start = String(format: "%04d%02d%02dT%02d%02d%02d", year, month, day, second / 3600, second / 60 % 60,
                           second % 60)
        return (parts.joined(separator: ";"), start)
    }

    @Test("a whole year at a time judges 240 seeded rules as the scan of every day does", arguments: 0..<8)
    func sameJudgement(batch: Int) throws {
        var random = SplitMix(seed: UInt64(4_100 + batch))
        var accepted = 0, scanned = 0, tooSparse = 0, never = 0
        for _ in 0..<30 {
            let (rule, start) = Self.rule(&random)
            let byYears = try #require(RecurrenceBound.judgement(of: rule, from: start, byYears: true), "\(rule)")
            let byDays = try #require(RecurrenceBound.judgement(of: rule, from: start, byYears: false), "\(rule)")
            switch byDays {
            case .success(let bound):
                accepted += 1
                if bound.scanned != nil { scanned += 1 }
                let other = try? byYears.get()
                #expect(other?.unitsPerDay == bound.unitsPerDay, "\(rule) from \(start)")
                // The same days found, up to the same last one.
                #expect(other?.scanned == bound.scanned, "\(rule) from \(start)")
            case .failure(let refusal):
                if case .tooSparse = refusal { tooSparse += 1 }
                if case .neverMatches = refusal { never += 1 }
                #expect(throws: refusal, "\(rule) from \(start)") { try byYears.get() }
            }
        }
        // Each batch holds rules of each outcome, so the comparison means something.
        #expect(scanned > 0 && tooSparse > 0, "\(accepted) accepted (\(scanned) scanned), \(tooSparse) too sparse, \(never) never")
    }

    @Test("rules whose times come years apart are judged by the gaps between and within years")
    func gapsAcrossYears() throws {
        let cases: [(rule: String, start: String, tooSparse: Bool)] = [
            // 29 February from 2097: eight years to 2104, 70,128 hours, within the bound.
            ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", "20970301T000000", false),
            // The same by the minute: never within it.
            ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29", "20260101T000000", true),
            // 31 December and 1 January: a gap inside one year (364 days) of an hourly rule.
            ("FREQ=HOURLY;BYYEARDAY=1,366;BYMONTHDAY=1,31", "20260101T000000", false),
            ("FREQ=MINUTELY;BYMONTH=1;BYMONTHDAY=1", "20260101T000000", true),
            // 1 and 31 January, 1 and 31 December by the minute, from 15 December: the first
            // year's days hold no long gap, every whole year after does (304 days, from
            // 31 January to 1 December).
            ("FREQ=MINUTELY;BYMONTH=1,12;BYMONTHDAY=1,31", "20261215T000000", true),
            ("FREQ=MINUTELY;BYMONTH=1,12;BYMONTHDAY=1,31;UNTIL=20271201T000000", "20261215T000000", true),
            ("FREQ=MINUTELY;BYMONTH=1,12;BYMONTHDAY=1,31;UNTIL=20270120T000000", "20261215T000000", false),
            // A leap day on a Sunday: 28 years apart at most (2032, 2060 …), with a century
            // gap of 40 years around 2100.
            ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU", "20260101T000000", false),
            ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU", "20260101T000000", true),
        ]
        for test in cases {
            for byYears in [true, false] {
                let judgement = try #require(RecurrenceBound.judgement(of: test.rule, from: test.start, byYears: byYears))
                var refused = false
                if case .failure(.tooSparse) = judgement { refused = true }
                #expect(refused == test.tooSparse, "\(test.rule) by years: \(byYears): \(judgement)")
            }
        }
    }
}
