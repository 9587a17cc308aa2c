import Foundation
import Testing

@testable import DatebookKit

/// An hourly or shorter rule with no BY part and no UNTIL is walked by stepping, not through
/// libical: the two walks must give the same starts, end the same way and charge the same work.
@Suite("Stepped walks")
struct SteppedWalkTests {
    /// Rules, starts, zones and skips drawn from a fixed seed: DST changes in Berlin, New York
    /// and Lord Howe (half an hour), a fractional start, a COUNT the budget cannot reach.
    static let cases: [WalkCase] = {
        var generator = SplitMix(seed: 2042)
        let starts: [Double] = [
            1_774_746_000, 1_774_747_800, 1_792_890_000, 1_806_933_600, 1_800_000_000.5, 1_775_357_100,
            -2_208_988_800, 4_102_444_800, 16_725_000_000,
        ]
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("America/New_York"),
                                     .named("Australia/Lord_Howe")]
        return (0..<240).map { _ in
            let frequency = ["SECONDLY", "MINUTELY", "HOURLY"].randomElement(using: &generator)!
            var rule = "FREQ=\(frequency)"
            if Bool.random(using: &generator) { rule += ";INTERVAL=\([2, 7, 15, 90, 1441].randomElement(using: &generator)!)" }
            if Bool.random(using: &generator) { rule += ";COUNT=\([1, 5, 500, 1_000_000_000].randomElement(using: &generator)!)" }
            let start = starts.randomElement(using: &generator)!
            let skip: Double? = Bool.random(using: &generator) ? nil : start + Double(Int.random(in: 1...400_000, using: &generator))
            return WalkCase(
                rule: rule, start: start, zone: zones.randomElement(using: &generator)!, skippingTo: skip,
                budget: [600, 5_000, RecurrenceBound.maximumWork].randomElement(using: &generator)!,
                includingStart: Int.random(in: 0..<4, using: &generator) != 0)
        }
    }()

    @Test("stepping gives what libical's walk gives", arguments: cases)
    func sameAsLibical(_ c: WalkCase) throws {
        let stepped = try #require(c.walk(own: true, limit: 4_000))
        let walked = try #require(c.walk(own: false, limit: 4_000))
        #expect(stepped.starts.count == walked.starts.count)
        if let index = zip(stepped.starts, walked.starts).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("start \(index): stepped \(stepped.starts[index]), libical \(walked.starts[index])")
        }
        #expect(stepped.onBudget == walked.onBudget)
        #expect(stepped.work == walked.work)
    }

    @Test("a secondly series read over a month is stepped: the read takes a fraction of libical's time")
    func steppingIsCheaper() throws {
        func seconds(stepping: Bool) throws -> (Double, Int) {
            let clock = ContinuousClock()
            var count = 0
            let elapsed = try clock.measure {
                for _ in 0..<5 {
                    let iterator = try RecurrenceIterator(
                        rule: "FREQ=SECONDLY;COUNT=1000000000", start: 1_796_495_400, isDate: false, zone: .floating,
                        zoneDefinition: nil, stepping: stepping)
                    while iterator.next() != nil { count += 1 }
                }
            }
            return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, count)
        }
        let (stepped, steppedCount) = try seconds(stepping: true)
        let (walked, walkedCount) = try seconds(stepping: false)
        #expect(steppedCount == walkedCount)
        #expect(steppedCount == 5 * (RecurrenceBound.maximumWork / 2))
        // Measured: about 15 times faster in a debug build; a third is far from either.
        #expect(stepped < walked / 3, "stepped \(stepped) s, libical \(walked) s")
    }
}
