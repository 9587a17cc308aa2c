internal import CLibical
import Foundation

/// The starts of a recurrence rule, one after another, from libical's `icalrecur_iterator`.
///
/// The rule repeats in the series' own zone: a weekly 09:00 in `Europe/Berlin` gives 09:00
/// Berlin time on both sides of a DST change. Starts come out in stored seconds (instants, or
/// wall-clock seconds for a floating series). DTSTART is always the first start, as RFC 5545
/// says, even when the rule itself would not give it.
///
/// Every walk is bounded by work done: a rule that libical would walk for too long between two
/// of its times is refused before libical sees it (`RecurrenceBound`), and each iterator stops
/// after `RecurrenceBound.maximumWork` units of work, counted over every call into libical
/// (the ones whose start it skips included). `stoppedOnBudget` then tells a caller that the
/// walk ended on the budget, not at the rule's end.
final class RecurrenceIterator {
    private var iterator: OpaquePointer
    /// The series' zone; nil for a floating series.
    private let zone: OpaquePointer?
    private let dtstart: Double
    private var pendingStart: Double?
    /// A start libical gave while DTSTART, which comes before it, was returned instead.
    private var heldStart: Double?
    private var lastStart = -Double.infinity
    /// The last start libical gave (or where the walk began), for counting work.
    private var walkedTo: Double
    private let bound: RecurrenceBound
    /// True when libical walks the zone's wall clock, without the zone (see `init`).
    private let wallClock: Bool
    private let workBudget: Int
    /// Past this year, libical's zone is asked once to cover every year up to 2583.
    private var coveredYear: Int32
    /// The walk of a rule that is only a step (see `Lattice`), made here instead of by libical.
    private var lattice: Lattice?
    /// The counted walk of a daily or shorter rule, or a weekly one without days of its own (see `Hops`).
    private var hops: Hops?
    /// How many times libical's own walk was asked for a time (tests tell stepping and hopping
    /// from walking by it).
    private(set) var libicalSteps = 0
    /// True when the walk hops over the days or times of day its rule leaves out.
    var hopsOverGaps: Bool { hops != nil }

    /// Units of work done so far (see `RecurrenceBound`).
    private(set) var work = 0
    /// True when `next()` returned nil because the work budget ran out, not because the rule
    /// ended.
    private(set) var stoppedOnBudget = false

    /// True when the rule has neither COUNT nor UNTIL.
    let isUnbounded: Bool
    /// True when the rule ends by COUNT.
    let hasCount: Bool
    /// The rule's COUNT (0 without one).
    private let count: Int
    /// Starts `next()` has returned.
    private var given = 0
    /// True when the rule's COUNT cannot be reached with the work budget left: each call into
    /// libical costs at least two units and gives at most one start, so walking on to the end
    /// would only spend the budget (`COUNT=1000000000` every second).
    var cannotReachCount: Bool {
        guard hasCount else { return false }
        let callsLeft = max(0, workBudget - work) / 2
        // DTSTART and a held start come without a call.
        return count - given > callsLeft + 2
    }
    /// The rule's UNTIL in stored seconds (the end of that day for a date), if it has one.
    let until: Double?

    // MARK: - Creating

    /// Why there is no iterator for a rule.
    enum Failure: Error, Equatable {
        /// libical cannot read the rule, or refuses it.
        case unreadable
        /// libical would walk it for too long (see `RecurrenceBound`).
        case refused(RecurrenceBound.Refusal)
    }

    /// An iterator over `rule` from `start`; fails when libical cannot read the rule, or when
    /// `RecurrenceBound` refuses it.
    ///
    /// `skippingTo` asks to begin near a later moment instead of at DTSTART: libical then skips
    /// the instances before it without producing them (for daily and longer rules without
    /// COUNT; others are walked from DTSTART). Starts before `skippingTo` may still come out.
    ///
    /// `includingStart: false` gives DTSTART only when the rule itself gives it: what an
    /// exception rule (EXRULE) takes out of a series.
    ///
    /// `stepping: false` has libical walk even a rule that is only a step (for tests that
    /// compare the two walks).
    init(
        rule: String, start: Double, isDate: Bool, zone itemZone: ItemTimeZone, zoneDefinition: String?,
        skippingTo: Double? = nil, workBudget: Int = RecurrenceBound.maximumWork, includingStart: Bool = true,
        stepping: Bool = true
    ) throws(Failure) {
        Libical.prepare()
        let zone = Self.libicalZone(itemZone, definition: zoneDefinition)
        Libical.clearError()
        var recurrence = icalrecurrencetype_from_string(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, Libical.takeError() == nil else { throw .unreadable }
        Self.sortTimesOfDay(&recurrence)
        let subDaily = [ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE]
            .contains(recurrence.freq)
        // An hourly or shorter rule in a named zone is walked on the zone's wall clock, without
        // the zone, and each time read as an instant of the zone afterwards. libical steps such
        // rules with ICU in the zone itself, adding hours as elapsed time and then setting the
        // wall-clock minute and second of DTSTART again; where the clock moves by half an hour
        // (Lord Howe Island), that puts the walk back before the change it just crossed, and one
        // call of its iterator never returns. On the wall clock there is no change to cross.
        // (This is also how RFC 5545 counts: a wall-clock time that repeats comes once, as its
        // first instant, and one that does not exist is no instance; `next()` drops it.)
        let wallClock = subDaily && !isDate && zone != nil && zone != icaltimezone_get_utc_timezone()
        var first = Libical.fromTimeT(Libical.timeT(start), isDate ? 1 : 0, zone)
        first = icaltime_set_timezone(&first, wallClock ? nil : zone)
        if wallClock, icaltime_is_null_time(recurrence.until) == 0, recurrence.until.is_date == 0,
            recurrence.until.zone != nil
        {
            // An UNTIL in UTC, on the same wall clock.
            var until = Libical.convert(recurrence.until, zone)
            until = icaltime_set_timezone(&until, nil)
            recurrence.until = until
        }
        // Judged before libical walks it.
        var until: icaltimetype? = nil
        if icaltime_is_null_time(recurrence.until) == 0 {
            var time = recurrence.until
            if time.is_date == 0, let zone, time.zone != nil {
                time = Libical.convert(time, zone)
            }
            until = time
        }
        do {
            bound = try RecurrenceBound(recurrence, first: first, until: until)
        } catch {
            throw .refused(error)
        }
        // An hourly or shorter rule with no BY parts, in UTC or floating time, gives one start
        // every INTERVAL units from DTSTART: to begin near `skippingTo`, its walk starts from a
        // later start of that lattice, with what is left of a COUNT (no further than its last
        // start). (libical's own skipping gives wrong starts for these rules; BY parts make its
        // walk follow no lattice; and across the offset changes of a named zone its steps do
        // not keep one phase everywhere, so such series are walked from DTSTART, within the
        // work budget.)
        let fixedOffset = itemZone == .utc || itemZone == .floating
        var shiftedTo: Double?
        if let skippingTo, subDaily, fixedOffset, !isDate, !Self.hasByParts(recurrence) {
            let period = Self.stepSeconds(recurrence)
            var periods = ((skippingTo - start) / period).rounded(.down) - 1
            if recurrence.count > 0 { periods = min(periods, Double(recurrence.count - 1)) }
            if periods > 0 {
                let shifted = start + periods * period
                first = Libical.fromTimeT(Libical.timeT(shifted), 0, zone)
                first = icaltime_set_timezone(&first, zone)
                shiftedTo = shifted
                if recurrence.count > 0 { recurrence.count -= Int32(periods) }
            }
        }
        // The Gregorian calendar repeats every 400 years, weekdays included, so a rule whose
        // interval divides that period gives the same days from a DTSTART 400 years later.
        // A walk that is to start far past a DTSTART before 1900 starts from the latest such
        // DTSTART before it, and at least from 1583. Before 1583 ICU's calendar, which libical
        // steps through, is Julian where libical's fields are proleptic Gregorian (as RFC 5545
        // means): its walk cannot be hopped (`Hops`), and a BY part that leaves out most
        // candidates is stepped through one at a time until the budget runs out
        // (`FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29` from the year 26: 0.6 s of a read, finding
        // 71). In the first years of the era (the year 0 once libical moves it to UTC) ICU
        // counts in eras, too: skipping ahead gives wrong days (a Sunday for a weekday rule)
        // and every step costs tens of microseconds.
        if let skippingTo, shiftedTo == nil, recurrence.count == 0, first.year < 1900,
            Self.repeatsEvery400Years(recurrence)
        {
            func moved(by cycles: Int32) -> (time: icaltimetype, start: Double) {
                var time = first
                time.year += 400 * cycles
                return (time, Double(Libical.asTimeT(time, zone)))
            }
            var cycles = max(0, (1583 - first.year + 399) / 400)
            while moved(by: cycles + 1).start < skippingTo { cycles += 1 }
            let shifted = moved(by: cycles)
            if cycles > 0, shifted.start < skippingTo {
                first = shifted.time
                shiftedTo = shifted.start
            }
        }
        var hops: Hops?
        let timeFilter = Self.hasTimeFilter(recurrence)
        let isDaily = recurrence.freq == ICAL_DAILY_RECURRENCE
        // Weekly rules without days of their own: every INTERVAL weeks from DTSTART's day.
        let isPlainWeekly = recurrence.freq == ICAL_WEEKLY_RECURRENCE && !Self.hasDayParts(recurrence)
            && Self.isGregorian(recurrence)
        if stepping, subDaily || isDaily || isPlainWeekly, !isDate || !Self.hasTimeParts(recurrence),
            !Self.hasOwnLevelList(recurrence), !timeFilter || Self.keepsPhase(recurrence), first.year >= 1583,
            icaltime_is_null_time(recurrence.until) != 0 || recurrence.until.is_date == first.is_date,
            // (A sub-daily rule without BY parts or UNTIL is a `Lattice`, or walked by libical
            // where it is not.)
            let filter = isPlainWeekly
                ? DayFilter.everyDay
                : DayFilter(
                    hopping: recurrence,
                    evenWithoutDayParts: timeFilter || isDaily || icaltime_is_null_time(recurrence.until) == 0)
        {
            let days = isPlainWeekly ? 7.0 : 1.0
            hops = Hops(
                filter: filter, times: timeFilter ? Self.timesOfDay(recurrence) : nil, rule: recurrence, first: first,
                period: subDaily ? Self.stepSeconds(recurrence) : days * 86_400 * Double(max(1, recurrence.interval)))
        }
        // (libical's own iterator is made all the same, and never asked for a time of a walk
        // that hops.)
        guard let iterator = icalrecur_iterator_new(recurrence, first) else {
            _ = Libical.takeError()
            throw .unreadable
        }
        self.iterator = iterator
        self.hops = hops
        self.zone = zone
        self.wallClock = wallClock
        if stepping, subDaily, !isDate, icaltime_is_null_time(recurrence.until) != 0, !Self.hasByParts(recurrence),
            Self.isGregorian(recurrence)
        {
            // The first time libical would give: `first`, in the seconds it walks (wall-clock
            // seconds for a floating or wall-clock walk).
            let base = Double(Libical.asTimeT(first, wallClock ? nil : zone))
            lattice = Lattice(
                next: base, period: Self.stepSeconds(recurrence),
                left: recurrence.count > 0 ? Int(recurrence.count) : nil, budget: workBudget)
        }
        self.dtstart = start
        self.walkedTo = start
        self.coveredYear = first.year + 10
        self.workBudget = workBudget
        hasCount = recurrence.count > 0
        count = Int(recurrence.count)
        isUnbounded = !hasCount && icaltime_is_null_time(recurrence.until) != 0
        if icaltime_is_null_time(recurrence.until) == 0 {
            let until = recurrence.until
            let seconds = Double(Libical.asTimeT(until, until.zone ?? zone))
            self.until = until.is_date != 0 ? seconds + 86_400 : seconds
        } else {
            self.until = nil
        }
        pendingStart = includingStart ? start : nil
        if let shiftedTo {
            pendingStart = nil
            lastStart = start
            walkedTo = shiftedTo
        }
        // libical's skipping gives wrong starts for hourly and shorter rules.
        let longEnough = recurrence.freq.rawValue >= ICAL_DAILY_RECURRENCE.rawValue
            && recurrence.freq != ICAL_NO_RECURRENCE
        if let skippingTo, skippingTo > start, !hasCount, self.hops != nil {
            // A walk that hops begins at the first run from there.
            let target = Libical.fromTimeT(Libical.timeT(skippingTo), isDate ? 1 : 0, zone)
            self.hops?.skip(to: Hops.fieldSeconds(target))
            pendingStart = nil
            lastStart = start
            walkedTo = skippingTo
        } else if let skippingTo, skippingTo > start, !hasCount, longEnough {
            var target = Libical.fromTimeT(Libical.timeT(skippingTo), isDate ? 1 : 0, zone)
            target = icaltime_set_timezone(&target, zone)
            if icalrecur_iterator_set_start(iterator, target) != 0 {
                pendingStart = nil
                lastStart = start
                walkedTo = skippingTo
            }
            _ = Libical.takeError()
        }
    }

    deinit {
        icalrecur_iterator_free(iterator)
    }

    /// True when the rule has any BY part.
    /// True when the rule gives the same days from a DTSTART 400 Gregorian years later: its
    /// interval divides the 400-year cycle (146,097 days; 20,871 weeks; 4,800 months) in its unit.
    private static func repeatsEvery400Years(_ rule: icalrecurrencetype) -> Bool {
        let interval = Int(max(1, rule.interval))
        let cycle: Int
        switch rule.freq {
        case ICAL_YEARLY_RECURRENCE: cycle = 400
        case ICAL_MONTHLY_RECURRENCE: cycle = 4_800
        case ICAL_WEEKLY_RECURRENCE: cycle = 20_871
        case ICAL_DAILY_RECURRENCE: cycle = 146_097
        case ICAL_HOURLY_RECURRENCE: cycle = 146_097 * 24
        case ICAL_MINUTELY_RECURRENCE: cycle = 146_097 * 1_440
        case ICAL_SECONDLY_RECURRENCE: cycle = 146_097 * 86_400
        default: return false
        }
        return cycle % interval == 0 && isGregorian(rule)
    }

    /// True when the rule names no calendar (RSCALE) but the Gregorian.
    private static func isGregorian(_ rule: icalrecurrencetype) -> Bool {
        rule.rscale.map { String(cString: $0).uppercased() == "GREGORIAN" } ?? true
    }

    /// The seconds between two times of an hourly or shorter rule: INTERVAL of its unit.
    private static func stepSeconds(_ rule: icalrecurrencetype) -> Double {
        let unit: Double = rule.freq == ICAL_SECONDLY_RECURRENCE ? 1 : rule.freq == ICAL_MINUTELY_RECURRENCE ? 60 : 3_600
        return unit * Double(max(1, rule.interval))
    }

    /// True when an hourly or shorter rule has a BY list of its own level (BYHOUR in an hourly
    /// rule, BYMINUTE in a minutely one, BYSECOND in a secondly one).
    private static func hasOwnLevelList(_ rule: icalrecurrencetype) -> Bool {
        let none = Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        switch rule.freq {
        case ICAL_HOURLY_RECURRENCE: return Int(rule.by_hour.0) != none
        case ICAL_MINUTELY_RECURRENCE: return Int(rule.by_minute.0) != none
        case ICAL_SECONDLY_RECURRENCE: return Int(rule.by_second.0) != none
        default: return false
        }
    }

    /// True when a minutely or secondly rule filters by a coarser time (BYHOUR; BYMINUTE in a
    /// secondly rule).
    private static func hasTimeFilter(_ rule: icalrecurrencetype) -> Bool {
        let none = Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        switch rule.freq {
        case ICAL_MINUTELY_RECURRENCE: return Int(rule.by_hour.0) != none
        case ICAL_SECONDLY_RECURRENCE: return Int(rule.by_hour.0) != none || Int(rule.by_minute.0) != none
        default: return false
        }
    }

    /// True when libical's walk of a minutely or secondly rule with a time filter stays on
    /// DTSTART's lattice (DTSTART plus whole INTERVALs), as RFC 5545 says it should: libical
    /// leaves the minutes or hours the filter leaves out in jumps of whole minutes or hours
    /// (the finer fields kept), so it does only when INTERVAL divides the jump. `FREQ=MINUTELY;
    /// INTERVAL=7;BYHOUR=3` from 18:30:01 gives 03:04:01 rather than 03:01:01.
    private static func keepsPhase(_ rule: icalrecurrencetype) -> Bool {
        let none = Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        let jump = rule.freq == ICAL_SECONDLY_RECURRENCE && Int(rule.by_minute.0) != none ? 60 : 3_600
        return jump % Int(stepSeconds(rule)) == 0
    }

    /// The times of day a minutely or secondly rule's time filter lets through, in seconds from
    /// midnight, as sorted ranges that do not touch: the hours of BYHOUR (every hour without
    /// one), and in a secondly rule, the minutes of BYMINUTE in each.
    private static func timesOfDay(_ rule: icalrecurrencetype) -> [Range<Int>] {
        let hours = RecurrenceBound.values(rule.by_hour).filter { (0...23).contains($0) }
        let minutes = rule.freq == ICAL_SECONDLY_RECURRENCE
            ? RecurrenceBound.values(rule.by_minute).filter { (0...59).contains($0) } : []
        var ranges: [Range<Int>] = []
        let minuteRanges: [Range<Int>] = minutes.isEmpty ? [0..<3_600] : minutes.sorted().map { $0 * 60..<$0 * 60 + 60 }
        for hour in hours.isEmpty ? Array(0...23) : hours.sorted() {
            for minuteRange in minuteRanges {
                let range = hour * 3_600 + minuteRange.lowerBound..<hour * 3_600 + minuteRange.upperBound
                if let last = ranges.last, last.upperBound >= range.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    ranges.append(range)
                }
            }
        }
        return ranges
    }

    /// True when the rule has a BY part of the day level or coarser, or BYSETPOS.
    private static func hasDayParts(_ rule: icalrecurrencetype) -> Bool {
        let none = Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        return [
            rule.by_day.0, rule.by_month_day.0, rule.by_year_day.0, rule.by_week_no.0, rule.by_month.0,
            rule.by_set_pos.0,
        ].contains { Int($0) != none }
    }

    /// True when the rule has BYHOUR, BYMINUTE or BYSECOND.
    private static func hasTimeParts(_ rule: icalrecurrencetype) -> Bool {
        let none = Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        return [rule.by_second.0, rule.by_minute.0, rule.by_hour.0].contains { Int($0) != none }
    }

    private static func hasByParts(_ rule: icalrecurrencetype) -> Bool {
        hasDayParts(rule) || hasTimeParts(rule)
    }

    // MARK: - Iterating

    /// The next start, or nil when the rule has no more or the work budget is spent
    /// (`stoppedOnBudget`).
    func next() -> Double? {
        let start = nextStart()
        if start != nil { given += 1 }
        return start
    }

    private func nextStart() -> Double? {
        if let held = heldStart {
            heldStart = nil
            lastStart = held
            return held
        }
        while true {
            guard work < workBudget else {
                stoppedOnBudget = true
                if let pending = pendingStart {
                    pendingStart = nil
                    return pending
                }
                return nil
            }
            let time = lattice?.step() ?? walkNext()
            guard icaltime_is_null_time(time) == 0 else {
                if let pending = pendingStart {
                    pendingStart = nil
                    return pending
                }
                return nil
            }
            if time.year > coveredYear, let zone {
                // libical computes a zone's changes up to five years past the latest time it
                // converted, and computes them again from the start for each later year: a
                // walk far ahead cost about 10 ms an instance. One conversion at libical's
                // last year covers them all, once per zone.
                var last = icaltime_null_time()
                last.year = 2583
                last.month = 1
                last.day = 1
                _ = Libical.asTimeT(last, zone)
                coveredYear = Int32.max
            }
            let start: Double
            if wallClock {
                // A wall-clock time the zone skips (02:15 when the clock goes from 02:00 to
                // 02:30) is no instance, and one it shows twice is the first: RFC 5545 says so
                // (libical would take the offset after the change for both).
                guard let instant = firstInstant(showing: time) else {
                    work += bound.units(walking: 0)
                    continue
                }
                start = instant
            } else if hops != nil, time.is_date == 0, let zone, zone != icaltimezone_get_utc_timezone() {
                start = steppedInstant(showing: time, in: zone)
            } else {
                start = Double(Libical.asTimeT(time, zone))
            }
            // A time counted here took no step of libical's (see `Hops`): it costs what a time
            // that came at once does.
            let walked = hops != nil ? 0 : start - walkedTo
            work += bound.units(walking: walked)
            walkedTo = max(walkedTo, start)
            if let pending = pendingStart {
                if pending < start {
                    // DTSTART did not match the rule: it still comes first, and the rule's
                    // first start next.
                    pendingStart = nil
                    lastStart = pending
                    heldStart = start
                    return pending
                }
                pendingStart = nil
            }
            // Never go back (a DST change can map two wall-clock times to one instant); the
            // budget above ends a rule that gives the same start again and again.
            guard start > lastStart else { continue }
            lastStart = start
            return start
        }
    }

    /// libical's next time; for a walk that hops, the next time counted here (see `Hops`).
    private func walkNext() -> icaltimetype {
        guard var walk = hops else {
            libicalSteps += 1
            return icalrecur_iterator_next(iterator)
        }
        defer { hops = walk }
        return walk.nextTime().map { walk.time(fields: $0) } ?? icaltime_null_time()
    }

    // MARK: - Stepping

    /// The walk of an hourly or shorter rule with no BY part, no UNTIL and no calendar but the
    /// Gregorian: one time every INTERVAL units from the first, which is all libical's walk of
    /// it gives, stepping each through ICU's calendar (about 2 µs a time: a read of a few such
    /// series every second spent most of its time there). Times are the same seconds libical
    /// gives, as `icaltimetype`s without a zone, and the walk charges the same work.
    ///
    /// Kept to the years 1900 to 2500, where libical's steps are plain arithmetic (its walk
    /// ends in 2582, and ICU counts the first years of the era its own way).
    private struct Lattice {
        var next: Double
        let period: Double
        /// Times left before COUNT; nil without one.
        var left: Int?

        static let years = -2_208_988_800.0..<16_725_225_600.0

        /// Nil when the walk could leave those years before the work budget ends it.
        init?(next: Double, period: Double, left: Int?, budget: Int) {
            // Every call costs at least two units of work.
            let furthest = next + Double(budget / 2 + 2) * period
            guard Self.years.contains(next), Self.years.contains(furthest) else { return nil }
            self.next = next
            self.period = period
            self.left = left
        }

        /// The next time, or the null time at the rule's end.
        mutating func step() -> icaltimetype {
            if let count = left {
                guard count > 0 else { return icaltime_null_time() }
                left = count - 1
            }
            let seconds = next
            next += period
            return Libical.fromTimeT(Libical.timeT(seconds), 0, nil)
        }
    }

    /// libical walks a rule one candidate at a time, through ICU's calendar (2 to 3 µs a
    /// step), and through the days its BY parts leave out as well: `FREQ=HOURLY;BYMONTH=2;
    /// BYMONTHDAY=29` steps through four years of hours inside one call between two of its
    /// times (finding 34), and `FREQ=SECONDLY;BYHOUR=11,17,22,23;BYMINUTE=38` through the
    /// 86,400 seconds of each day for its 240 times (finding 56).
    ///
    /// So the times of daily and shorter rules, and of weekly rules without days of their own,
    /// are counted here instead, without libical: the times of the rule's lattice (DTSTART
    /// plus whole INTERVALs; in each of its hours, minutes or days, the times BYHOUR, BYMINUTE
    /// and BYSECOND give) that fall within the days the rule's day-level BY parts let through
    /// (`DayFilter`) and, for a minutely or secondly rule with BYHOUR or BYMINUTE, within the
    /// times of day they let through: a run of consecutive seconds at a time, hopping over
    /// what lies between. libical gives the same (`HopsTests` compares them, start for start).
    /// COUNT and UNTIL are counted here too, and a walk may begin at a later run (`skip`). Each
    /// time is charged the work of a time that comes at once (two units), as nothing between
    /// is stepped, so a budget takes such a series further than libical's walk could.
    ///
    /// libical cannot walk a run of such a rule alone: a walk from 22:38:00 with
    /// `BYHOUR=11,17,22,23;BYMINUTE=38` first steps from 11:38:00 up to it, as libical moves a
    /// start to the first values of BYHOUR and BYMINUTE (the second kept) and steps from there.
    /// That is also where its first time comes from (see `firstFrom`): `BYHOUR=22` from
    /// 18:30:17 gives 22:30:17 first, not 22:00:00.
    ///
    /// All arithmetic is on the times' fields (their wall clock, or a date's midnight, read as
    /// UTC seconds); the times go out as fields of DTSTART's zone. Only for rules whose own
    /// level has no BY list (BYHOUR in an hourly rule replaces its INTERVAL in libical), whose
    /// time filter, if any, keeps INTERVAL's phase (see `keepsPhase`), in the Gregorian years
    /// from 1583, with an UNTIL, if any, of the same kind (date or time) as DTSTART, and, on a
    /// date, without BYHOUR, BYMINUTE or BYSECOND.
    private struct Hops {
        let filter: DayFilter
        /// The times of day the rule lets through, in seconds from midnight (sorted, apart);
        /// the whole day for a rule without a time filter.
        private let times: [Range<Int>]
        /// The seconds from the start of each period's hour, minute or day that its times fall
        /// at (BYHOUR's, BYMINUTE's and BYSECOND's, DTSTART's for those left out), when the rule
        /// gives several a period or moves DTSTART's; else the period's start alone (0).
        private let offsets: [Double]
        /// A time of the lattice the times are counted on (field seconds; the start of an
        /// hour, a minute or a day when `offsets` give the times), and the next one to give,
        /// with the offset to give it at.
        private let anchor: Double
        private var point = 0.0
        private var offsetIndex = 0
        /// The second after the current run of times (field seconds).
        private var runEndSeconds = -Double.infinity
        /// The rule's UNTIL, in field seconds of the walk's zone.
        private let until: Double?
        /// The last day a time may fall on: the day after UNTIL's, or the last of libical's years.
        private let lastOrdinal: Int
        /// The time between two periods of the rule.
        private let period: Double
        private let first: icaltimetype
        /// Where the next run is looked for from: a day, and a second of it.
        private var runEnd: (day: CivilDay, second: Int)
        /// Where the first time is looked for from (field seconds).
        private let searchFrom: Double
        /// Times left before COUNT; nil without one.
        var left: Int?
        /// True when no time is left.
        var isOver = false

        init(filter: DayFilter, times: [Range<Int>]?, rule: icalrecurrencetype, first: icaltimetype, period: Double) {
            self.filter = filter
            self.times = times ?? [0..<86_400]
            self.first = first
            self.period = period
            let base = Self.fieldSeconds(first)
            left = rule.count > 0 ? Int(rule.count) : nil
            // The times each period gives, from the start of its hour, minute or day.
            let seconds = Self.values(rule.by_second, in: 0...59)
            let minutes = Self.values(rule.by_minute, in: 0...59)
            let hours = Self.values(rule.by_hour, in: 0...23)
            var unitStart: Double?
            switch rule.freq {
            case ICAL_HOURLY_RECURRENCE where !seconds.isEmpty || !minutes.isEmpty:
                unitStart = base - Double(first.minute) * 60 - Double(first.second)
                offsets = Self.combined(nil, minutes, seconds, first: first)
            case ICAL_MINUTELY_RECURRENCE where !seconds.isEmpty:
                unitStart = base - Double(first.second)
                offsets = seconds.map(Double.init)
            case let frequency
            where [ICAL_DAILY_RECURRENCE, ICAL_WEEKLY_RECURRENCE].contains(frequency) && first.is_date == 0
                && !(seconds.isEmpty && minutes.isEmpty && hours.isEmpty):
                unitStart = base - Double(first.hour) * 3_600 - Double(first.minute) * 60 - Double(first.second)
                offsets = Self.combined(hours, minutes, seconds, first: first)
            default:
                offsets = [0]
            }
            anchor = unitStart ?? base
            var last = CivilDay(year: 2582, month: 12, day: 31).ordinal
            if icaltime_is_null_time(rule.until) == 0 {
                var fields = rule.until
                if fields.zone != nil, first.zone != nil, fields.is_date == 0 {
                    fields = Libical.convert(fields, first.zone)
                }
                let seconds = Self.fieldSeconds(fields)
                until = seconds
                last = min(last, Int((seconds / 86_400).rounded(.down)))
            } else {
                until = nil
            }
            lastOrdinal = last
            searchFrom = times != nil
                ? Self.firstFrom(rule, first: first, base: base, unitStart: unitStart) : base
            runEnd = Self.position(searchFrom)
        }

        /// A BY array's values within `range`, sorted, once each.
        private static func values<T>(_ array: T, in range: ClosedRange<Int>) -> [Int] {
            Set(RecurrenceBound.values(array).filter { range.contains($0) }).sorted()
        }

        /// The seconds from the start of a day (of an hour, for `hours` nil) of every
        /// combination of the hours, minutes and seconds given, DTSTART's standing in for a list
        /// left out.
        private static func combined(_ hours: [Int]?, _ minutes: [Int], _ seconds: [Int], first: icaltimetype) -> [Double] {
            let hourList = hours.map { $0.isEmpty ? [Int(first.hour)] : $0 } ?? [0]
            let minuteList = minutes.isEmpty ? [Int(first.minute)] : minutes
            let secondList = seconds.isEmpty ? [Int(first.second)] : seconds
            var result: [Double] = []
            for hour in hourList {
                for minute in minuteList {
                    for second in secondList {
                        result.append(Double(hour * 3_600 + minute * 60 + second))
                    }
                }
            }
            return result.sorted()
        }

        /// A position in field seconds as a day and a second of it.
        private static func position(_ seconds: Double) -> (day: CivilDay, second: Int) {
            let fields = Libical.fromTimeT(Libical.timeT(seconds), 0, nil)
            let day = CivilDay(year: Int(fields.year), month: Int(fields.month), day: Int(fields.day))
            return (day, Int(seconds.rounded(.down)) - day.ordinal * 86_400)
        }

        /// Where the first time of a rule with a time filter is looked for from (field
        /// seconds), as libical looks for it: libical moves DTSTART to the first values of
        /// BYHOUR and (in a secondly rule) BYMINUTE, on DTSTART's day, and steps from there;
        /// its first time is the first one at or after both. Past DTSTART, that is the moved
        /// time itself when it passes (the start of its minute, when BYSECOND gives a minutely
        /// rule's seconds, `unitStart` given); else the first time from DTSTART.
        private static func firstFrom(_ rule: icalrecurrencetype, first: icaltimetype, base: Double, unitStart: Double?) -> Double {
            let hour = values(rule.by_hour, in: 0...23).first ?? Int(first.hour)
            let minute = (rule.freq == ICAL_SECONDLY_RECURRENCE ? values(rule.by_minute, in: 0...59).first : nil)
                ?? Int(first.minute)
            let moved = base + Double((hour - Int(first.hour)) * 3_600 + (minute - Int(first.minute)) * 60)
            guard moved > base else { return base }
            return unitStart != nil ? moved - Double(first.second) : moved
        }

        /// A time's fields (its wall clock, or a date's midnight), read as UTC seconds.
        static func fieldSeconds(_ time: icaltimetype) -> Double {
            let day = Double(CivilDay.ordinal(Int(time.year), Int(time.month), Int(time.day))) * 86_400
            guard time.is_date == 0 else { return day }
            return day + Double(time.hour) * 3_600 + Double(time.minute) * 60 + Double(time.second)
        }

        /// A time with the given fields, of DTSTART's kind and zone.
        func time(fields seconds: Double) -> icaltimetype {
            var time = Libical.fromTimeT(Libical.timeT(seconds), first.is_date, nil)
            time = icaltime_set_timezone(&time, first.zone)
            return time
        }

        /// Begins the walk at the first run from `position` (field seconds) instead, when that
        /// is later than where its first time is looked for.
        mutating func skip(to position: Double) {
            guard position > searchFrom else { return }
            runEnd = Self.position(position)
            runEndSeconds = -Double.infinity
        }

        /// The first run of seconds within `times` from `runEnd` on, on a day the filter lets
        /// through: its day and first second, and where the run after it is looked for from
        /// (its day and the second after it); nil when none is left before the rule's last day.
        private func nextRun() -> (start: CivilDay, second: Int, end: (day: CivilDay, second: Int))? {
            var day = runEnd.day
            var second = runEnd.second
            while true {
                guard let passing = filter.first(from: day, through: lastOrdinal) else { return nil }
                if passing.ordinal != day.ordinal { second = 0 }
                day = passing
                guard let range = times.first(where: { $0.upperBound > second }) else {
                    day.advance(by: 1)
                    second = 0
                    continue
                }
                let start = max(range.lowerBound, second)
                if let until, Double(day.ordinal * 86_400 + start) > until { return nil }
                // A run ends at midnight at the latest: the next day's is looked for from there.
                return (day, start, (day, range.upperBound))
            }
        }

        /// The next time (field seconds); nil at the rule's end.
        mutating func nextTime() -> Double? {
            guard !isOver, left.map({ $0 > 0 }) ?? true else {
                isOver = true
                return nil
            }
            while true {
                if let time = nextInRun() {
                    if let until, time > until { break }
                    if let count = left { left = count - 1 }
                    return time
                }
                guard let run = nextRun() else { break }
                runEnd = run.end
                let start = Double(run.start.ordinal * 86_400 + run.second)
                runEndSeconds = Double(run.end.day.ordinal * 86_400 + run.end.second)
                // The lattice's first time at or after the run's start.
                point = anchor + ((start - anchor) / period).rounded(.down) * period
                offsetIndex = 0
                while point + offsets[offsetIndex] < start {
                    offsetIndex += 1
                    if offsetIndex == offsets.count {
                        offsetIndex = 0
                        point += period
                    }
                }
            }
            isOver = true
            return nil
        }

        /// The next time of the current run, if it has one.
        private mutating func nextInRun() -> Double? {
            let time = point + offsets[offsetIndex]
            guard time < runEndSeconds else { return nil }
            offsetIndex += 1
            if offsetIndex == offsets.count {
                offsetIndex = 0
                point += period
            }
            return time
        }
    }

    // MARK: - Zones

    /// The instant libical's walk gives for the time `time` of a zone (counted by `Hops`, not
    /// stepped): a time the zone's clock skips (02:30 when it goes from 02:00 to 03:00) is read
    /// with the offset before the change, as ICU's calendar steps it (03:30 after the change).
    private func steppedInstant(showing time: icaltimetype, in zone: OpaquePointer) -> Double {
        let instant = Double(Libical.asTimeT(time, zone))
        let fields = Hops.fieldSeconds(time)
        func shown(_ instant: Double) -> Double {
            Hops.fieldSeconds(Libical.fromTimeT(Libical.timeT(instant), 0, zone))
        }
        guard shown(instant) != fields else { return instant }
        let before = instant - 86_400
        return fields - (shown(before) - before)
    }

    /// The first instant at which the series' zone shows the wall-clock time `wall`, or nil
    /// when its clock skips that time.
    private func firstInstant(showing wall: icaltimetype) -> Double? {
        var floating = wall
        floating = icaltime_set_timezone(&floating, nil)
        let asUTC = Double(icaltime_as_timet(floating))
        // The zone's offset at an instant: its wall clock then, read as UTC, less the instant.
        func offset(at instant: Double) -> Double {
            var shown = Libical.fromTimeT(Libical.timeT(instant), 0, zone)
            shown = icaltime_set_timezone(&shown, nil)
            return Double(icaltime_as_timet(shown)) - instant
        }
        // The offsets in force two days either side; a time is shown at `asUTC - o` when the
        // offset there is `o`. Mostly the two are one (no change near), checked once.
        let before = offset(at: asUTC - 172_800)
        let after = offset(at: asUTC + 172_800)
        var first: Double?
        for candidate in before == after ? [asUTC - before] : [asUTC - before, asUTC - after]
        where offset(at: candidate) == asUTC - candidate {
            first = min(first ?? candidate, candidate)
        }
        return first
    }

    /// Puts BYHOUR, BYMINUTE and BYSECOND in ascending order, as libical needs them: it walks
    /// a day's times in the order written, so `FREQ=MINUTELY;BYHOUR=23,22` gave the 23rd hour
    /// and never the 22nd (finding 53). The rule's text is kept as it was written.
    static func sortTimesOfDay(_ recurrence: inout icalrecurrencetype) {
        func sort<T>(_ array: inout T) {
            withUnsafeMutableBytes(of: &array) { raw in
                var values = raw.bindMemory(to: Int16.self)
                let count = values.firstIndex(of: Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)) ?? values.count
                values[..<count].sort()
            }
        }
        sort(&recurrence.by_hour)
        sort(&recurrence.by_minute)
        sort(&recurrence.by_second)
    }

    /// libical's zone for a series: UTC, none (floating), or a named zone (UTC when the name is
    /// unknown and no definition came with it).
    static func libicalZone(_ zone: ItemTimeZone, definition: String?) -> OpaquePointer? {
        switch zone {
        case .utc:
            return icaltimezone_get_utc_timezone()
        case .floating:
            return nil
        case let .named(name):
            return TimeZoneRegistry.shared.zone(name, definition: definition)?.pointer
                ?? icaltimezone_get_utc_timezone()
        }
    }
}
