import Foundation
import Testing

@testable import DatebookKit

/// The times of daily and shorter rules, and of weekly rules without days of their own, are
/// counted a run at a time, hopping over the days and times of day the rule leaves out
/// (`RecurrenceIterator.Hops`): the walk must give libical's starts (where libical is right:
/// see `skippedTimeOfDay`), and go at least as far on the same budget as libical's walk through
/// every candidate.
@Suite("Walks that hop over the days and times of day a rule leaves out")
struct HopsTests {
    /// Day filters of every kind libical 3.0 applies (positions and negative days that never
    /// match included), with expansions of finer levels, time filters, COUNT and UNTIL, in
    /// four zones, from starts across DST changes and leap days, drawn from a fixed seed.
    static let cases: [WalkCase] = {
        var generator = SplitMix(seed: 2045)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let starts: [Double] = [
            1_774_746_000,  // 2026-03-29 01:00 UTC, Berlin's change
            1_792_890_000,  // 2026-10-25
            1_835_395_200,  // 2028-02-29 00:00, a leap day
            1_806_933_600,  // 2027-04-05 14:00, a day after Lord Howe's change
            4_013_798_400,  // 2097-03-11: the next 29 February is in 2104
            1_800_000_000.5,
        ]
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("Australia/Lord_Howe")]
        let dayParts = [
            "BYMONTH=2;BYMONTHDAY=29", "BYMONTHDAY=31", "BYMONTHDAY=1,15", "BYMONTHDAY=-1", "BYDAY=MO",
            "BYDAY=SA,SU", "BYDAY=1MO", "BYYEARDAY=60", "BYYEARDAY=1,100,366", "BYMONTH=3,10;BYDAY=SU",
            "BYMONTH=6", "BYDAY=TU;BYMONTHDAY=13", "BYMONTH=2;BYDAY=TH", "BYYEARDAY=-1;BYDAY=MO",
        ]
        return (0..<240).map { _ in
            let frequency = any(["SECONDLY", "MINUTELY", "MINUTELY", "HOURLY", "HOURLY", "HOURLY"])
            var rule = "FREQ=\(frequency);\(any(dayParts))"
            if Bool.random(using: &generator) { rule += ";INTERVAL=\(any([2, 5, 7, 25, 90]))" }
            switch (frequency, Int.random(in: 0..<4, using: &generator)) {
            case ("HOURLY", 0): rule += ";BYMINUTE=\(any(["0", "15,45", "59"]))"
            case ("HOURLY", 1): rule += ";BYMINUTE=30;BYSECOND=0,30"
            case ("MINUTELY", 0): rule += ";BYSECOND=\(any(["0", "10,50"]))"
            case ("MINUTELY", 1): rule += ";BYHOUR=\(any(["9", "0,23"]))"
            case ("SECONDLY", 0): rule += ";BYMINUTE=\(any(["0", "30"]));BYHOUR=12"
            default: break
            }
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: rule += ";COUNT=\(any([1, 3, 40, 1_000_000_000]))"
            case 1: rule += ";UNTIL=\(any(["20280301T120000Z", "20290101T000000Z", "21040301T000000Z"]))"
            default: break
            }
            let start = any(starts)
            let skip: Double? = Bool.random(using: &generator) ? nil : start + Double(any([3_600, 86_400 * 40, 86_400 * 800]))
            return WalkCase(
                rule: rule, start: start, zone: any(zones), skippingTo: skip,
                budget: any([600, 5_000, 30_000, 30_000, RecurrenceBound.maximumWork]),
                includingStart: Int.random(in: 0..<4, using: &generator) != 0)
        }
    }()

    /// Daily rules that pick days by month or day of the month, timed or all day, with
    /// BYHOUR and BYMINUTE expansions, COUNT and UNTIL (a date for an all-day start).
    static let dailyCases: [WalkCase] = {
        var generator = SplitMix(seed: 2046)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("America/New_York")]
        let dayParts = [
            "BYMONTH=2;BYMONTHDAY=29", "BYMONTHDAY=31", "BYMONTHDAY=1,15", "BYMONTHDAY=-1", "BYMONTH=6",
            "BYMONTH=3,10;BYDAY=SU", "BYDAY=TU;BYMONTHDAY=13", "BYMONTH=2;BYDAY=TH", "BYMONTH=11;BYDAY=1MO",
        ]
        return (0..<120).map { _ in
            let isDate = Int.random(in: 0..<3, using: &generator) == 0
            var rule = "FREQ=DAILY;\(any(dayParts))"
            if Bool.random(using: &generator) { rule += ";INTERVAL=\(any([2, 3, 7, 30]))" }
            if !isDate, Int.random(in: 0..<3, using: &generator) == 0 {
                rule += any([";BYHOUR=9,17", ";BYHOUR=0;BYMINUTE=0,30", ";BYMINUTE=15"])
            }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: rule += ";COUNT=\(any([1, 3, 40, 1_000_000_000]))"
            case 1: rule += isDate ? ";UNTIL=\(any(["20280301", "21040301"]))" : ";UNTIL=\(any(["20280229T120000Z", "21040301T000000Z"]))"
            default: break
            }
            // Midnight UTC for a date; otherwise 09:30 UTC.
            let day = any([20_541.0, 20_751, 21_243, 46_455])  // 2026-03-29, 2026-10-25, 2028-02-29, 2097-03-10
            return WalkCase(
                rule: rule, start: day * 86_400 + (isDate ? 0 : 34_200), zone: isDate ? .floating : any(zones),
                skippingTo: nil, budget: any([600, 5_000, 30_000, RecurrenceBound.maximumWork]),
                includingStart: Int.random(in: 0..<4, using: &generator) != 0, isDate: isDate)
        }
    }()

    /// Minutely and secondly rules with BYHOUR (and BYMINUTE), with and without day parts and
    /// expansions, INTERVALs that divide the minute or the hour and ones that do not, COUNT,
    /// and UNTILs inside and between the times they let through, in four zones.
    static let timeCases: [WalkCase] = {
        var generator = SplitMix(seed: 2047)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let starts: [Double] = [
            1_796_495_400,  // 2026-12-05 18:30 UTC
            1_796_495_417,  // 18:30:17
            1_798_761_599,  // 2026-12-31 23:59:59
            1_774_746_000,  // 2026-03-29 01:00 UTC, Berlin's change
            1_806_933_600,  // 2027-04-05 14:00, a day after Lord Howe's change
            1_796_511_617,  // 2026-12-05 23:00:17
            1_796_467_140,  // 2026-12-05 10:39:00
        ]
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("Australia/Lord_Howe")]
        return (0..<240).map { _ in
            let secondly = Int.random(in: 0..<3, using: &generator) != 0
            var rule = "FREQ=\(secondly ? "SECONDLY" : "MINUTELY")"
            let hours = any(["", "11,17,22,23", "0,23", "3", "2,3", "11", "12,13,14"])
            if !hours.isEmpty { rule += ";BYHOUR=\(hours)" }
            if secondly, hours.isEmpty || Bool.random(using: &generator) {
                rule += ";BYMINUTE=\(any(["38", "0,59", "0,1,2", "30,31", "15,45"]))"
            }
            if !secondly, Int.random(in: 0..<4, using: &generator) == 0 { rule += ";BYSECOND=\(any(["0", "10,50"]))" }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                rule += ";" + any(["BYDAY=MO", "BYDAY=SA,SU", "BYMONTHDAY=1,15", "BYMONTH=1,4", "BYDAY=1MO"])
            }
            if Bool.random(using: &generator) {
                rule += ";INTERVAL=\(secondly ? any([2, 3, 7, 15, 45, 60, 90, 1_800]) : any([2, 4, 7, 25, 30, 60]))"
            }
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: rule += ";COUNT=\(any([1, 3, 61, 1_000_000_000]))"
            case 1:
                rule += ";UNTIL=" + any([
                    "20261206T113830Z", "20261206T170000Z", "20261205T223859Z", "20270101T030000Z", "20270406T120000Z",
                    "20261206T113830",
                ])
            default: break
            }
            return WalkCase(
                rule: rule, start: any(starts), zone: any(zones), skippingTo: nil,
                budget: any([600, 5_000, 30_000]), includingStart: Int.random(in: 0..<4, using: &generator) != 0)
        }
    }()

    /// Hourly and shorter rules without day or time filters (a rule without BY parts and
    /// UNTIL is a `Lattice`, walked apart), with the finer levels' expansions, INTERVALs, COUNT
    /// and UNTILs (one of them a day November does not have), in four zones.
    static let plainCases: [WalkCase] = {
        var generator = SplitMix(seed: 2048)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("Australia/Lord_Howe")]
        return (0..<120).map { _ in
            let frequency = any(["SECONDLY", "MINUTELY", "HOURLY"])
            var rule = "FREQ=\(frequency)"
            switch (frequency, Int.random(in: 0..<3, using: &generator)) {
            case ("MINUTELY", 0): rule += ";BYSECOND=\(any(["0", "10,50", "59"]))"
            case ("HOURLY", 0): rule += ";BYMINUTE=\(any(["0", "15,45", "59"]))"
            case ("HOURLY", 1): rule += ";BYMINUTE=30;BYSECOND=0,30"
            case ("HOURLY", 2): rule += ";BYSECOND=\(any(["5", "0,59"]))"
            default: break
            }
            if Bool.random(using: &generator) { rule += ";INTERVAL=\(any([2, 7, 25, 90]))" }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                rule += ";COUNT=\(any([1, 3, 400]))"
            } else {
                rule += ";UNTIL=" + any([
                    "20261206T113830Z", "20261131T100000Z", "20270101T030000Z", "20270406T120000Z", "20261207T000000",
                ])
            }
            return WalkCase(
                rule: rule, start: any([1_796_495_400, 1_796_495_417, 1_798_761_599, 1_774_746_000, 1_806_933_600]),
                zone: any(zones), skippingTo: nil, budget: any([600, 5_000, 30_000]),
                includingStart: Int.random(in: 0..<4, using: &generator) != 0)
        }
    }()

    /// The day filters and expansions of `cases`, in minutely, hourly and daily rules, and
    /// weekly rules without days of their own, from starts between 1583 (from when ICU's
    /// calendar is Gregorian, as libical's fields are) and 1900, in zones that kept local mean
    /// time then (Berlin until 1893, Lord Howe until 1895), read from DTSTART or skipping on.
    static let earlyCases: [WalkCase] = {
        var generator = SplitMix(seed: 2050)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let starts: [Double] = [
            -12_212_553_600,  // 1583-01-01 00:00 UTC
            -5_364_662_400,  // 1800-01-01
            -2_272_060_800,  // 1898-01-01
            -2_492_985_600,  // 1891-01-01
            -11_676_096_000 + 0.5,  // 1600-01-01, half a second on
        ]
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("Australia/Lord_Howe")]
        let dayParts = [
            "BYMONTH=2;BYMONTHDAY=29", "BYMONTHDAY=31", "BYDAY=MO", "BYYEARDAY=60", "BYMONTH=3,10;BYDAY=SU",
            "BYDAY=TU;BYMONTHDAY=13", "BYMONTHDAY=-1",
        ]
        return (0..<80).map { _ in
            let frequency = any(["MINUTELY", "HOURLY", "HOURLY", "DAILY", "WEEKLY"])
            // A weekly rule hops without days of its own; a daily one with them.
            var rule = frequency == "WEEKLY" ? "FREQ=WEEKLY" : "FREQ=\(frequency);\(any(dayParts))"
            if Bool.random(using: &generator) { rule += ";INTERVAL=\(any([2, 7, 25]))" }
            if frequency == "HOURLY", Bool.random(using: &generator) { rule += ";BYMINUTE=15,45" }
            if frequency == "DAILY" || frequency == "WEEKLY", Bool.random(using: &generator) { rule += ";BYHOUR=9,17" }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: rule += ";COUNT=\(any([3, 40]))"
            case 1: rule += ";UNTIL=\(any(["18990101T000000Z", "16000301T000000Z"]))"
            default: break
            }
            let start = any(starts)
            let skip: Double? = Bool.random(using: &generator) ? nil : start + Double(any([86_400 * 40, 86_400 * 800]))
            return WalkCase(
                rule: rule, start: start, zone: any(zones), skippingTo: skip,
                budget: any([5_000, 30_000, RecurrenceBound.maximumWork]),
                includingStart: Int.random(in: 0..<4, using: &generator) != 0)
        }
    }()

    /// UNTILs on a time the rule gives, inside a run of seconds and at its ends, and one a
    /// second before DTSTART.
    static let untilCases: [WalkCase] = [
        ("FREQ=SECONDLY;BYHOUR=11;BYMINUTE=38;UNTIL=20261206T113830Z", ItemTimeZone.utc),
        ("FREQ=SECONDLY;BYHOUR=11;BYMINUTE=38;UNTIL=20261206T113800Z", .utc),
        ("FREQ=SECONDLY;BYHOUR=11;BYMINUTE=38;UNTIL=20261206T113859Z", .utc),
        ("FREQ=SECONDLY;BYHOUR=12;BYMINUTE=38;UNTIL=20261206T113830Z", .named("Europe/Berlin")),
        ("FREQ=SECONDLY;INTERVAL=2;BYMINUTE=38;UNTIL=20261205T183810", .floating),
        ("FREQ=MINUTELY;BYHOUR=11;UNTIL=20261206T113000Z", .utc),
        ("FREQ=MINUTELY;BYHOUR=11;BYSECOND=0,30;UNTIL=20261206T113030Z", .utc),
        ("FREQ=SECONDLY;UNTIL=20261205T183010Z", .utc),
        ("FREQ=HOURLY;BYMINUTE=0,30;UNTIL=20261206T003000Z", .utc),
        ("FREQ=SECONDLY;BYMINUTE=30;UNTIL=20261205T182959Z", .utc),
    ].map { rule, zone in
        WalkCase(rule: rule, start: 1_796_495_400, zone: zone, skippingTo: nil, budget: 30_000, includingStart: true)
    }

    /// Daily and weekly rules without days of their own, timed (across DST changes) or all
    /// day, with BYHOUR, BYMINUTE and BYSECOND, INTERVALs, COUNT and UNTIL, read from DTSTART or
    /// from a later day. (A time the clock skips is `skippedTimeOfDay`'s: libical gets the day
    /// after it wrong.)
    static let weekCases: [WalkCase] = {
        var generator = SplitMix(seed: 2049)
        func any<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }
        let zones: [ItemTimeZone] = [.utc, .floating, .named("Europe/Berlin"), .named("America/New_York"),
                                     .named("Australia/Lord_Howe")]
        return (0..<160).map { _ in
            let isDate = Int.random(in: 0..<4, using: &generator) == 0
            var rule = "FREQ=\(any(["DAILY", "WEEKLY", "WEEKLY"]))"
            if Bool.random(using: &generator) { rule += ";INTERVAL=\(any([2, 3, 5]))" }
            let zone = isDate ? ItemTimeZone.floating : any(zones)
            if !isDate, Int.random(in: 0..<3, using: &generator) == 0 {
                let hours = zone == .utc || zone == .floating ? ";BYHOUR=2" : ";BYHOUR=9,17"
                rule += any([hours, ";BYMINUTE=0,30", ";BYHOUR=0;BYMINUTE=0,30", ";BYSECOND=5"])
            }
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: rule += ";COUNT=\(any([1, 3, 40, 1_000_000_000]))"
            case 1: rule += isDate ? ";UNTIL=\(any(["20280301", "20270101"]))" : ";UNTIL=\(any(["20280229T120000Z", "20270101T000000Z"]))"
            default: break
            }
            let day = any([20_540.0, 20_751, 21_243, 46_455])  // 2026-03-28, 2026-10-25, 2028-02-29, 2097-03-10
            let start = day * 86_400 + (isDate ? 0 : any([34_200.0, 9_000, 86_399]))
            let skip: Double? = any([nil, start + 86_400 * 40, start + 86_400 * 800, start + 3_600])
            return WalkCase(
                rule: rule, start: start, zone: zone, skippingTo: skip,
                budget: any([600, 5_000, 30_000, RecurrenceBound.maximumWork]),
                includingStart: Int.random(in: 0..<4, using: &generator) != 0, isDate: isDate)
        }
    }()

    /// RFC 5545 reads a time the clock skips as it reads such a DATE-TIME: 02:30 on the day
    /// Berlin goes from 02:00 to 03:00 is 03:30, and the next day's 02:30 is 02:30 again.
    /// libical's walk steps from 03:30 and gives 03:30 the next day too (finding 58).
    @Test("a daily time the clock skips is moved on that day alone", arguments: ["FREQ=DAILY", "FREQ=DAILY;BYHOUR=2"])
    func skippedTimeOfDay(_ rule: String) throws {
        // 2026-03-27 02:30 in Berlin (01:30 UTC); the clock skips 02:00–03:00 on the 29th.
        let iterator = try RecurrenceIterator(
            rule: rule, start: 1_774_575_000, isDate: false, zone: .named("Europe/Berlin"), zoneDefinition: nil)
        var starts: [Double] = []
        while starts.count < 5, let start = iterator.next() { starts.append(start) }
        let utcHours = starts.map { Int($0.truncatingRemainder(dividingBy: 86_400)) / 60 }
        // 02:30 CET is 01:30 UTC; 03:30 CEST on the 29th and 02:30 CEST after are 01:30 and 00:30.
        #expect(utcHours == [90, 90, 90, 30, 30])
        #expect(iterator.hopsOverGaps)
    }

    @Test("hopping gives libical's starts, and goes at least as far on the same budget",
          arguments: cases + dailyCases + timeCases + plainCases + untilCases + weekCases + earlyCases)
    func sameAsLibical(_ c: WalkCase) throws {
        // (With COUNT, both walk from DTSTART.)
        if let skip = c.skippingTo, skip > c.start, !c.rule.contains("COUNT="),
            (try? RecurrenceIterator(
                rule: c.rule, start: c.start, isDate: c.isDate, zone: c.zone, zoneDefinition: nil))?.hopsOverGaps == true
        {
            try sameAfterSkipping(c, skip)
            return
        }
        let hopped = c.walk(own: true, limit: 3_000)
        let walked = c.walk(own: false, limit: 3_000)
        #expect((hopped == nil) == (walked == nil))
        guard let hopped, let walked else { return }
        // Hops charge less work for the days they leave out: never less far on a budget.
        #expect(hopped.starts.count >= walked.starts.count)
        #expect(hopped.work <= walked.work || walked.onBudget)
        if !walked.onBudget {
            #expect(hopped.starts == walked.starts)
            #expect(!hopped.onBudget)
        }
        // Every start hopped to is libical's: a walk with a larger budget gives them too.
        let far = walked.onBudget
            ? try #require(c.walk(own: false, budget: min(8 * c.budget, 4 * RecurrenceBound.maximumWork), limit: 3_000))
            : walked
        let common = min(hopped.starts.count, far.starts.count)
        if let index = zip(hopped.starts, far.starts).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("start \(index): hopped \(hopped.starts[index]), libical \(far.starts[index])")
        }
        #expect(common == hopped.starts.count || far.onBudget, "hopped past where libical's walk ended")
    }

    /// A walk that hops begins at the first run from where it is asked to begin. libical's
    /// walk of an hourly or shorter rule begins at DTSTART (its skipping gives wrong starts),
    /// of a longer one where `icalrecur_iterator_set_start` puts it: from the skip on, the two
    /// give the same starts.
    private func sameAfterSkipping(_ c: WalkCase, _ skip: Double) throws {
        let hopped = c.walk(own: true, limit: 3_000)
        let walked = c.walk(own: false, budget: min(8 * c.budget, 2 * RecurrenceBound.maximumWork), limit: 20_000)
        #expect((hopped == nil) == (walked == nil))
        guard let hopped, let walked else { return }
        // Nothing a day or more before the skip (a day's slack: the skip is read on the wall clock).
        #expect(hopped.starts.allSatisfy { $0 > skip - 86_400 }, "\(hopped.starts.prefix(3)) before \(skip)")
        let hoppedAfter = hopped.starts.filter { $0 >= skip }
        let walkedAfter = walked.starts.filter { $0 >= skip }
        if let index = zip(hoppedAfter, walkedAfter).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("start \(index) after the skip: hopped \(hoppedAfter[index]), libical \(walkedAfter[index])")
        }
        // libical's walk ended with the rule: the hopped one gives as many from the skip.
        if !walked.onBudget, walked.starts.count < 20_000, !hopped.onBudget, hopped.starts.count < 3_000 {
            #expect(hoppedAfter.count == walkedAfter.count)
        }
    }

    @Test("most of the cases hop")
    func casesHop() {
        let sample = Self.cases.prefix(40) + Self.dailyCases.prefix(20) + Self.timeCases.prefix(40)
        let hopping = sample.filter { c in
            (try? RecurrenceIterator(
                rule: c.rule, start: c.start, isDate: c.isDate, zone: c.zone, zoneDefinition: nil))?.hopsOverGaps ?? false
        }
        #expect(hopping.count > sample.count / 2, "\(hopping.count) of \(sample.count)")
        // From 1583 on, too.
        let early = Self.earlyCases.filter { c in
            (try? RecurrenceIterator(
                rule: c.rule, start: c.start, isDate: c.isDate, zone: c.zone, zoneDefinition: nil))?.hopsOverGaps ?? false
        }
        #expect(early.count > Self.earlyCases.count / 2, "\(early.count) of \(Self.earlyCases.count)")
    }

    @Test("an hourly leap-day rule from 2097 is walked in a fraction of libical's time, to the same start")
    func leapDayIsCheap() throws {
        // 2097-03-01: the next 29 February is in 2104 (2100 is no leap year), 61,000 hours on.
        func firstThree(hopping: Bool) throws -> (result: [Double], seconds: Double) {
            let iterator = try RecurrenceIterator(
                rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", start: 4_012_934_400, isDate: false, zone: .utc,
                zoneDefinition: nil, stepping: hopping)
            // The walk alone: judging the rule takes the same time either way.
            return ThreadCPU.measure { [iterator.next(), iterator.next(), iterator.next()].compactMap { $0 } }
        }
        let hopped = try firstThree(hopping: true)
        let walked = try firstThree(hopping: false)
        #expect(hopped.result == walked.result)
        #expect(hopped.result.dropFirst().first == 4_233_686_400)  // 2104-02-29 00:00 UTC
        // Measured in this thread's CPU time, which other processes do not stretch as they do
        // the wall clock: a twentieth of the walk's is far above what hopping takes.
        #expect(hopped.seconds < walked.seconds / 20, "hopped in \(hopped.seconds) s, walked in \(walked.seconds) s")
    }

    /// `FREQ=SECONDLY;BYHOUR=11,17,22,23;BYMINUTE=38` gives 240 times a day, and libical steps
    /// through the 86,400 seconds of the day for them: 18 such series took a second of CPU to
    /// import (finding 56). The walk now hops from one 38th minute to the next.
    @Test("a secondly rule of a few minutes a day is walked minute to minute, to libical's starts")
    func minutesOfTheDay() throws {
        func twoDays(hopping: Bool) throws -> (starts: [Double], work: Int) {
            let iterator = try RecurrenceIterator(
                rule: "FREQ=SECONDLY;BYHOUR=23,17,22,11;BYMINUTE=38", start: 1_796_495_400, isDate: false,
                zone: .named("Europe/Berlin"), zoneDefinition: nil, workBudget: 4 * RecurrenceBound.maximumWork,
                stepping: hopping)
            var starts: [Double] = []
            while starts.count < 481, let start = iterator.next() { starts.append(start) }
            return (starts, iterator.work)
        }
        let hopped = try twoDays(hopping: true)
        let walked = try twoDays(hopping: false)
        #expect(hopped.starts == walked.starts)
        #expect(hopped.starts.count == 481)
        // 2026-12-05 18:30 UTC is 19:30 in Berlin: the first time after DTSTART is 22:38:00.
        let firstTime: Double = 1_796_495_400 + 11_280
        #expect(hopped.starts.dropFirst().first == firstTime)
        // Two units a time, as a time that came at once: no second is stepped. libical's walk is
        // charged every second of the days.
        #expect(hopped.work <= 2 * 481, "\(hopped.work) units")
        #expect(walked.work > 2 * 86_400 * 9 / 10, "\(walked.work) units")
    }
}
