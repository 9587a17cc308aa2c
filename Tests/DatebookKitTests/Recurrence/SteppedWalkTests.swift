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

    /// What made such reads cheap (about 15 times, measured in a debug build) is that libical's
    /// walk is not asked at all: counted, not timed, so that a busy machine cannot fail it.
    @Test("a secondly series read over a month is stepped: libical's walk is never asked for a time")
    func steppingIsCheaper() throws {
        func walk(stepping: Bool) throws -> (count: Int, libicalSteps: Int) {
            let iterator = try RecurrenceIterator(
                rule: "FREQ=SECONDLY;COUNT=1000000000", start: 1_796_495_400, isDate: false, zone: .floating,
                zoneDefinition: nil, stepping: stepping)
            var count = 0
            while iterator.next() != nil { count += 1 }
            return (count, iterator.libicalSteps)
        }
        let stepped = try walk(stepping: true)
        let walked = try walk(stepping: false)
        #expect(stepped.count == walked.count)
        #expect(stepped.count == RecurrenceBound.maximumWork / 2)
        #expect(stepped.libicalSteps == 0)
        #expect(walked.libicalSteps >= walked.count)
    }

    /// A dense series with a COUNT, read far from its start, skips there as one without does,
    /// with what is left of its COUNT: before, it was walked from DTSTART and a read a few days
    /// in found its budget spent.
    @Test("a COUNT series read far ahead skips there, and ends where its COUNT ends", arguments: countCases)
    func countSkips(_ c: WalkCase) throws {
        let skip = try #require(c.skippingTo)
        var whole = c
        whole.skippingTo = nil
        let walked = try #require(whole.walk(own: false, budget: 40 * RecurrenceBound.maximumWork, limit: 400_000))
        #expect(!walked.onBudget)
        let expected = Array(walked.starts.filter { $0 >= skip }.prefix(200))
        // The walk begins a start or two before `skippingTo`; libical takes no start past its
        // last year (2582), where the whole walk ends too.
        guard let skipped = c.walk(own: true, limit: 203) else {
            #expect(expected.isEmpty && skip > 19_000_000_000)
            return
        }
        #expect(Array(skipped.starts.filter { $0 >= skip }.prefix(200)) == expected)
        #expect(!skipped.onBudget)
        // A few steps of work, not the walk from DTSTART.
        #expect(skipped.work < 1_000, "work \(skipped.work)")
    }

    static let countCases: [WalkCase] = {
        var generator = SplitMix(seed: 2047)
        return (0..<60).map { _ in
            let frequency = ["SECONDLY", "MINUTELY", "HOURLY"].randomElement(using: &generator)!
            let interval = [1, 2, 7, 90].randomElement(using: &generator)!
            let count = [1, 2, 50, 3_000, 150_000].randomElement(using: &generator)!
            let step = Double(interval) * (frequency == "SECONDLY" ? 1 : frequency == "MINUTELY" ? 60 : 3_600)
            let start = [1_774_746_000.0, 1_800_000_000.5].randomElement(using: &generator)!
            // Before, at or past the COUNT's end.
            let into = Double(Int.random(in: 0...Int(Double(count) * 1.2), using: &generator)) * step
                + Double(Int.random(in: 0...59, using: &generator))
            return WalkCase(
                rule: "FREQ=\(frequency);INTERVAL=\(interval);COUNT=\(count)", start: start,
                zone: [.utc, .floating].randomElement(using: &generator)!, skippingTo: start + into,
                budget: RecurrenceBound.maximumWork / 10, includingStart: true)
        }
    }()
}
