import Foundation
import Testing

@testable import DatebookKit

/// Monthly rules are judged month by month before libical walks them: a rule whose days
/// never or almost never come is refused at once, every other one still expands as libical
/// gives it.
@Suite("Monthly rules judged before the walk")
struct MonthlyWalkTests {
    static let start = Fixture.utc("2026-01-01 10:00").timeIntervalSince1970

    /// Rules found by fuzzing that kept one libical call busy for a second or more, and
    /// rules of the same shape that never give a time.
    @Test(
        "rules whose days never come are refused before libical walks them",
        arguments: [
            "FREQ=MONTHLY;COUNT=1000000;BYSETPOS=5",
            "FREQ=MONTHLY;BYMONTHDAY=22;BYDAY=3TH,-3SA",
            "FREQ=MONTHLY;BYDAY=-2WE,4TH;BYMONTHDAY=10,29,31,-31",
            "FREQ=MONTHLY;BYMONTHDAY=30;BYMONTH=2",
            "FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=30",
            "FREQ=MONTHLY;INTERVAL=12;BYMONTH=2",
            "FREQ=MONTHLY;BYDAY=5FR;BYMONTH=2;BYMONTHDAY=1",
            // libical counts BYSETPOS among days, not times: no month has ten Mondays (seed 2027,
            // rule input 72150: 0.97 s of CPU).
            "FREQ=MONTHLY;COUNT=45;BYDAY=MO;BYSECOND=11,50;BYSETPOS=10",
        ])
    func refused(_ rule: String) throws {
        #expect(throws: RecurrenceIterator.Failure.self) {
            try withinDeadline(5) {
                _ = try RecurrenceIterator(rule: rule, start: Self.start, isDate: false, zone: .utc, zoneDefinition: nil)
            }
        }
    }

    /// The months libical gives over fifty years are exactly those the judgement says hold a
    /// time: the model refuses nothing libical would give.
    @Test(
        "rules that do give times keep every one of them, month for month as libical gives them",
        arguments: [
            "FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYMONTHDAY=-1",
            "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
            "FREQ=MONTHLY;BYDAY=5MO", "FREQ=MONTHLY;BYDAY=-5SU", "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR",
            "FREQ=MONTHLY;BYSETPOS=23;BYDAY=MO,TU,WE,TH,FR", "FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=1,2,3,4,5,6,7",
            "FREQ=MONTHLY;INTERVAL=5;BYMONTH=2,7;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=5TH;BYMONTH=2",
            "FREQ=MONTHLY;BYDAY=-3SA;BYMONTHDAY=15,16,17", "FREQ=MONTHLY;BYSETPOS=-2;BYMONTHDAY=1,2,30", "FREQ=MONTHLY;BYDAY=MO;BYSECOND=11,50;BYSETPOS=2",
            "FREQ=MONTHLY;BYDAY=MO;BYHOUR=9,10;BYSETPOS=5",
        ])
    func matchesLibical(_ rule: String) throws {
        let iterator = try RecurrenceIterator(
            rule: rule + ";UNTIL=20751231T235959Z", start: Self.start, isDate: false, zone: .utc, zoneDefinition: nil)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var given = Set<Int>()
        while let start = iterator.next() {
            let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: start))
            given.insert(c.year! * 12 + c.month!)
        }
        #expect(!iterator.stoppedOnBudget)
        #expect(given.count > 1, "\(rule)")
        let walk = MonthlyWalk(rule: rule, startDay: 1)
        var judged = Set<Int>()
        // The months the walk visits: every INTERVAL-th from DTSTART's.
        for index in stride(from: 2026 * 12, to: 2076 * 12, by: walk.interval)
        where walk.holdsTime(year: index / 12, month: index % 12 + 1) {
            judged.insert(index + 1)
        }
        // The start month counts when DTSTART itself is a time of the rule (libical gives it first).
        given.remove(2026 * 12 + 1)
        judged.remove(2026 * 12 + 1)
        #expect(judged == given, "\(rule): libical only \(given.subtracting(judged).sorted()), the judgement only \(judged.subtracting(given).sorted())")
    }
}
