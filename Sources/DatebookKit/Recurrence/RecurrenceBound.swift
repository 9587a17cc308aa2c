internal import CLibical
import Foundation

/// How much work libical does to walk a rule, judged before libical walks it.
///
/// libical 3.0's `icalrecur_iterator_next` steps one candidate at a time (a second, a minute,
/// an hour, a day, a weekday of a week, or one combination of the BYHOUR, BYMINUTE and
/// BYSECOND lists that FREQ expands) inside a C loop, until a candidate passes the rule's
/// filters or the year passes 2582. A rule whose filters rarely or never pass
/// (`FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30`) keeps one call busy for hours, and nothing
/// outside libical can stop it. So a rule is judged first, in plain arithmetic: its days are
/// scanned in the series' wall clock with the filters as libical applies them, the candidates
/// libical would try between two of its times are counted, and a rule is refused when that
/// count passes `maximumGap` (or when it never gives a time at all).
///
/// Work is counted in units of about one libical step of an hourly or shorter rule (3 to 5 µs
/// in a named zone); a step of a daily or weekly rule costs about twice that and counts 2, and
/// each call counts one more unit for its own overhead (converting the start, Swift's side).
///
/// The model follows libical 3.0.16, not RFC 5545, where they differ: in a rule that filters
/// by them, a negative BYMONTHDAY or BYYEARDAY and a BYDAY with a position (`1MO`) never
/// match, and BYSECOND in a secondly rule (BYMINUTE in a minutely, BYHOUR in an hourly one)
/// replaces INTERVAL. It reads wall-clock time as a fixed offset from DTSTART, so a rule
/// that steps by an INTERVAL across a DST change is judged as if the clock did not change.
struct RecurrenceBound: Sendable {
    /// The most work libical may do between two times of a rule (one call of its iterator):
    /// about 0.3 s. `FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29` (eight years between two times
    /// around 2100, 70,128 hours) is within it.
    static let maximumGap = 75_000
    /// The most work one `RecurrenceIterator` does in all its calls: about 0.4 s.
    static let maximumWork = 100_000

    /// Why a rule is refused.
    enum Refusal: Error, Equatable, Sendable {
        /// A secondly, minutely or hourly rule on a date (all-day) start.
        case subDailyOnDate
        /// No time before the rule's end (or libical's last year, 2582) passes its filters.
        case neverMatches(frequency: String)
        /// Two of its times lie more than `maximumGap` units of work apart.
        case tooSparse(frequency: String)
        /// BYSECOND=60: a leap second, which libical never gives; a secondly rule looks for it
        /// for ever inside one call, and the others give the next minute instead.
        case leapSecond
        /// A leap month (RFC 7529's `12L`) in the Gregorian calendar, which has none: libical
        /// reads it as a month far past the year 2,000,000 and walks for ever.
        case leapMonth(String)
        /// BYWEEKNO in a yearly rule without BYDAY: libical 3.0 reads outside its table of the
        /// year's days (valgrind sees it for any week; week -53 in a year of 52 weeks is a
        /// SIGSEGV), and gives one day of the week, on a wrong weekday, where RFC 5545 means
        /// the whole week.
        case lastWeekWithoutDay
        /// A rule of another calendar (RFC 7529's RSCALE) that picks its days by that
        /// calendar's months or days, which the scans (Gregorian) cannot follow, and whose walk
        /// could take too long: a daily or shorter one, or a monthly one whose days not every
        /// month has.
        case otherCalendar(String)

        /// What a user is told.
        var message: String {
            switch self {
            case .subDailyOnDate:
                return "A rule that repeats by the hour, minute or second cannot repeat an all-day item"
            case let .neverMatches(frequency):
                return "The repeat rule never gives a time: nothing before the year 2583 passes all of its "
                    + "BY parts (FREQ=\(frequency))"
            case let .tooSparse(frequency):
                return "The repeat rule cannot be expanded: it tries more than 75,000 times between two of "
                    + "its times (FREQ=\(frequency)); use a longer FREQ or fewer BY parts"
            case .leapSecond:
                return "The repeat rule cannot be expanded: BYSECOND=60 is a leap second, which the calendar "
                    + "never has; use a second from 0 to 59"
            case let .leapMonth(month):
                return "The repeat rule cannot be expanded: BYMONTH=\(month) is a leap month, which the Gregorian "
                    + "calendar does not have; use a month from 1 to 12"
            case .lastWeekWithoutDay:
                return "The repeat rule cannot be expanded: BYWEEKNO needs the days of its weeks too "
                    + "(e.g. BYWEEKNO=20;BYDAY=MO)"
            case let .otherCalendar(calendar):
                return "The repeat rule cannot be expanded: it picks days of the \(calendar) calendar (RSCALE) "
                    + "day by day, or days not every month has; use FREQ=MONTHLY with days every month has, "
                    + "or FREQ=YEARLY"
            }
        }
    }

    /// Units of work libical spends on one day of the rule's walk.
    let unitsPerDay: Double
    /// Units of work libical spends on a month of a monthly rule that holds no time (0 for
    /// other rules; see `MonthlyWalk`).
    let emptyMonthUnits: Int
    /// What the scan of the rule's days found, when it scanned them (secondly to weekly rules
    /// whose walk is long enough to need it).
    private(set) var scanned: Scanned?

    /// How many days of the stretch scanned hold times (up to COUNT), and the last of them (in
    /// days from DTSTART's).
    struct Scanned: Equatable {
        var daysWithTimes: Int
        var lastDay: Int
    }

    // MARK: - Judging

    /// Judges `recurrence` from `first` (DTSTART in the series' zone); `until` is the rule's
    /// UNTIL in that zone, if any.
    /// `byYears: false` scans every day, as the judge once did (its tests compare the two).
    init(_ recurrence: icalrecurrencetype, first: icaltimetype, until: icaltimetype?, byYears: Bool = true) throws(Refusal) {
        try Self.judgeParts(recurrence)
        let rule = Rule(recurrence)
        unitsPerDay = rule.unitsPerDay
        if let calendar = recurrence.rscale.map({ String(cString: $0).uppercased() }), calendar != "GREGORIAN",
            rule.picksCalendarDays || rule.frequency == ICAL_MONTHLY_RECURRENCE
        {
            // Its days are that calendar's, not the Gregorian ones the scans count, and a rule
            // whose days never come walks to 2582: only walks of a month or a year at a time
            // are short enough to take unjudged, and a monthly one only when every month has
            // its days.
            let walk = MonthlyWalk(recurrence, startDay: Int(first.day))
            emptyMonthUnits = walk.emptyMonthUnits
            switch rule.frequency {
            case ICAL_MONTHLY_RECURRENCE:
                if !walk.isRegular { throw .otherCalendar(calendar) }
            case ICAL_YEARLY_RECURRENCE:
                break
            default:
                throw .otherCalendar(calendar)
            }
            return
        }
        if rule.frequency == ICAL_MONTHLY_RECURRENCE {
            let walk = MonthlyWalk(recurrence, startDay: Int(first.day))
            emptyMonthUnits = walk.emptyMonthUnits
            let name = icalrecur_freq_to_string(rule.frequency).map { String(cString: $0) } ?? "MONTHLY"
            try walk.scan(
                from: CivilDay(year: Int(first.year), month: Int(first.month), day: Int(first.day)),
                count: Int(recurrence.count), name: name)
            return
        }
        emptyMonthUnits = 0
        if rule.frequency == ICAL_YEARLY_RECURRENCE {
            try Self.judgeYearlyByMonth(recurrence, first: first)
        }
        guard rule.frequency.rawValue <= ICAL_WEEKLY_RECURRENCE.rawValue else {
            // Yearly rules are expanded a year at a time.
            return
        }
        if first.is_date != 0 && rule.frequency.rawValue < ICAL_DAILY_RECURRENCE.rawValue {
            throw .subDailyOnDate
        }
        let start = CivilDay(year: Int(first.year), month: Int(first.month), day: Int(first.day))
        var lastDay = CivilDay(year: 2582, month: 12, day: 31).ordinal
        if let until {
            lastDay = min(lastDay, CivilDay(year: Int(until.year), month: Int(until.month), day: Int(until.day)).ordinal)
        }
        let days = lastDay - start.ordinal + 1
        // The whole walk is cheap: nothing to scan.
        if Double(max(days, 0)) * unitsPerDay <= Double(Self.maximumGap) { return }
        let startSecond = first.is_date != 0 ? 0 : Int(first.hour) * 3600 + Int(first.minute) * 60 + Int(first.second)
        scanned = try rule.scan(
            from: start, days: days, startSecond: startSecond, count: Int(recurrence.count), byYears: byYears)
    }

    /// Refuses a yearly rule that names its months (BYMONTH) and whose days none of them ever
    /// holds (`BYMONTH=3,10;BYMONTHDAY=5;BYDAY=4FR`: a fourth Friday is never the 5th).
    /// Within its months such a rule picks the days a monthly one would (RFC 5545: BYDAY's
    /// positions count in the month), and libical looks for them year after year up to 2582
    /// inside one call: from the year 0, where each step goes through ICU's Julian calendar,
    /// that call never ends. The Gregorian calendar repeats every 400 years, so 400 of the
    /// rule's years tell. BYYEARDAY, BYWEEKNO and BYSETPOS pick among the whole year's days and
    /// are left to the walk.
    private static func judgeYearlyByMonth(_ recurrence: icalrecurrencetype, first: icaltimetype) throws(Refusal) {
        guard !Rule.values(recurrence.by_month).isEmpty, Rule.values(recurrence.by_year_day).isEmpty,
            Rule.values(recurrence.by_week_no).isEmpty, Rule.values(recurrence.by_set_pos).isEmpty
        else { return }
        let walk = MonthlyWalk(recurrence, startDay: Int(first.day))
        let interval = max(1, Int(recurrence.interval))
        var year = Int(first.year)
        for _ in 0..<400 where year <= 2582 {
            if (1...12).contains(where: { walk.holdsTime(year: year, month: $0) }) { return }
            year += interval
        }
        throw .neverMatches(frequency: "YEARLY")
    }

    /// Refuses the BY values libical 3.0 accepts but cannot walk, whatever the frequency and
    /// the start: it takes them for valid, then loops or reads outside its tables.
    private static func judgeParts(_ recurrence: icalrecurrencetype) throws(Refusal) {
        if Rule.values(recurrence.by_second).contains(60) {
            throw .leapSecond
        }
        // RFC 7529's leap months exist only in an RSCALE that has them (Hebrew, Chinese…).
        let scale = recurrence.rscale.map { String(cString: $0).uppercased() } ?? "GREGORIAN"
        if scale == "GREGORIAN",
            let leap = Rule.values(recurrence.by_month).first(where: { icalrecurrencetype_month_is_leap(Int16($0)) != 0 })
        {
            throw .leapMonth("\(icalrecurrencetype_month_month(Int16(leap)))L")
        }
        if recurrence.freq == ICAL_YEARLY_RECURRENCE, !Rule.values(recurrence.by_week_no).isEmpty,
            Rule.values(recurrence.by_day).isEmpty
        {
            throw .lastWeekWithoutDay
        }
        // A monthly or yearly BYSETPOS past the most times a month or a year of the rule can
        // hold never passes; libical looks for it month by month up to 2582 before it gives up
        // (a second for a monthly rule).
        let positions = Rule.values(recurrence.by_set_pos)
        if let most = mostTimesInPeriod(recurrence), !positions.isEmpty, positions.allSatisfy({ abs($0) > most }) {
            throw .neverMatches(
                frequency: icalrecur_freq_to_string(recurrence.freq).map { String(cString: $0) } ?? "?")
        }
    }

    /// The most times one month of a monthly rule, or one year of a yearly one, can hold: an
    /// upper bound from the sizes of its BY lists; nil for other frequencies.
    private static func mostTimesInPeriod(_ r: icalrecurrencetype) -> Int? {
        let times = max(1, Rule.values(r.by_hour).count) * max(1, Rule.values(r.by_minute).count)
            * max(1, Rule.values(r.by_second).count)
        let monthDays = Rule.values(r.by_month_day).count
        let weekdays = Rule.values(r.by_day)
        // A BYDAY with a position is one day of its period; without, up to 5 a month, 53 a year.
        func days(positioned: Int, plain: Int) -> Int {
            weekdays.reduce(0) { sum, day in sum + (icalrecurrencetype_day_position(Int16(day)) != 0 ? positioned : plain) }
        }
        var most: Int
        switch r.freq {
        case ICAL_MONTHLY_RECURRENCE:
            most = 31
            if monthDays > 0 { most = min(most, monthDays) }
            if !weekdays.isEmpty { most = min(most, days(positioned: 1, plain: 5)) }
        case ICAL_YEARLY_RECURRENCE:
            let months = Rule.values(r.by_month).count
            most = 366
            if months > 0 { most = min(most, 31 * months) }
            if monthDays > 0 { most = min(most, monthDays * (months > 0 ? months : 12)) }
            let yearDays = Rule.values(r.by_year_day).count
            if yearDays > 0 { most = min(most, yearDays) }
            let weeks = Rule.values(r.by_week_no).count
            if weeks > 0 { most = min(most, 7 * weeks) }
            if !weekdays.isEmpty {
                // With BYMONTH, a position counts within each month.
                most = min(most, months > 0 ? days(positioned: months, plain: 5 * months) : days(positioned: 1, plain: 53))
            }
        default:
            return nil
        }
        return most * times
    }

    /// The units of work of one call that moved the walk on by `seconds`.
    func units(walking seconds: Double) -> Int {
        // A monthly call that walked past months without a time paid for each of them.
        let emptyMonths = max(0, seconds / (31 * 86_400) - 1).rounded(.down)
        return 1 + max(1, Int(min(seconds / 86_400 * unitsPerDay + emptyMonths * Double(emptyMonthUnits), Double(Int32.max))))
    }
}

// MARK: - The rule as libical walks it

private struct Rule {
    let frequency: icalrecurrencetype_frequency
    let interval: Int
    let weekStart: Int  // 1 = Sunday … 7 = Saturday, as libical
    let seconds: [Int], minutes: [Int], hours: [Int]
    let weekdays: [Int]  // BYDAY: 1 = Sunday … 7 = Saturday; a position makes it negative-never (-1)
    let monthDays: [Int], yearDays: [Int], months: [Int]
    let unitsPerDay: Double

    init(_ r: icalrecurrencetype) {
        frequency = r.freq
        interval = max(1, Int(r.interval))
        weekStart = Int(r.week_start.rawValue)
        seconds = Self.values(r.by_second)
        minutes = Self.values(r.by_minute)
        hours = Self.values(r.by_hour)
        // A weekly rule takes the weekday of each BYDAY and drops its position; others compare
        // BYDAY with the weekday as it is stored, so `1MO` never passes.
        weekdays = Self.values(r.by_day).map { value in
            r.freq == ICAL_WEEKLY_RECURRENCE ? abs(value) % 8 : (1...7).contains(value) ? value : -1
        }
        monthDays = Self.values(r.by_month_day)
        yearDays = Self.values(r.by_year_day)
        months = Self.values(r.by_month)

        let perMinute = Double(max(seconds.count, 1))
        let perHour = Double(max(minutes.count, 1)) * perMinute
        let perDay = Double(max(hours.count, 1)) * perHour
        let i = Double(interval)
        switch frequency {
        case ICAL_SECONDLY_RECURRENCE:
            unitsPerDay = seconds.isEmpty ? 86_400 / i : 1440 * perMinute
        case ICAL_MINUTELY_RECURRENCE:
            unitsPerDay = (minutes.isEmpty ? 1440 / i : 24 * Double(minutes.count)) * perMinute
        case ICAL_HOURLY_RECURRENCE:
            unitsPerDay = (hours.isEmpty ? 24 / i : Double(hours.count)) * perHour
        case ICAL_DAILY_RECURRENCE:
            unitsPerDay = 2 * perDay / i
        case ICAL_WEEKLY_RECURRENCE:
            unitsPerDay = 2 * Double(max(weekdays.count, 1)) * perDay / (7 * i)
        case ICAL_MONTHLY_RECURRENCE:
            unitsPerDay = 2 / (30 * i)
        default:
            unitsPerDay = 2 / (365 * i)
        }
    }

    /// A BY array as libical stores it: values up to ICAL_RECURRENCE_ARRAY_MAX.
    static func values<T>(_ array: T) -> [Int] {
        withUnsafeBytes(of: array) { bytes in
            var result: [Int] = []
            for value in bytes.bindMemory(to: Int16.self) {
                if Int(value) == Int(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                result.append(Int(value))
            }
            return result
        }
    }

    /// True when the rule picks days by month, day of the month, day of the year or week:
    /// parts whose days depend on the calendar (RSCALE). BYDAY alone does not.
    var picksCalendarDays: Bool {
        !months.isEmpty || !monthDays.isEmpty || !yearDays.isEmpty
    }

    func isFilter(_ part: Int) -> Bool {
        // libical's expand_map: which BY parts filter (contract) at each frequency.
        // part: 0 second, 1 minute, 2 hour, 3 weekday, 4 month day, 5 year day, 7 month.
        let f = Int(frequency.rawValue)  // 0 secondly … 4 weekly
        switch part {
        case 0: return f == 0
        case 1: return f <= 1
        case 2: return f <= 2
        case 3, 4: return f <= 3
        case 5: return f <= 2
        default: return true
        }
    }

    /// Scans `days` days from `start` and throws when two matches lie too far apart.
    ///
    /// With `byYears`, whole years are taken at once: which of a year's days match depends
    /// only on its first weekday, whether it is a leap year, and where it falls in the
    /// rule's own cycle of days (INTERVAL, and the phase of a step that does not divide a
    /// day), so each such kind of year is scanned once and the 800 years a calendar rule
    /// repeats over cost a few thousand days instead of 292,000.
    func scan(
        from start: CivilDay, days: Int, startSecond: Int, count: Int, byYears: Bool = true
    ) throws(RecurrenceBound.Refusal) -> RecurrenceBound.Scanned {
        let name = icalrecur_freq_to_string(frequency).map { String(cString: $0) } ?? "?"
        let filter = DayFilter(self, start: start)
        let filtersCalendar = filter.filtersCalendar

        // Which days the walk visits at all.
        let dayStep: Int  // in days, for daily and weekly rules
        switch frequency {
        case ICAL_DAILY_RECURRENCE: dayStep = interval
        case ICAL_WEEKLY_RECURRENCE: dayStep = 7 * interval
        default: dayStep = 1
        }
        let weekOffset = (start.weekday - weekStart + 7) % 7  // days of DTSTART's week before it

        // Secondly, minutely and hourly rules that step by INTERVAL (no BY list of their own
        // level) land on other times of day each day: a phase that repeats every `phases` days.
        let stepSeconds: Int?
        switch frequency {
        case ICAL_SECONDLY_RECURRENCE where seconds.isEmpty: stepSeconds = interval
        case ICAL_MINUTELY_RECURRENCE where minutes.isEmpty: stepSeconds = interval * 60
        case ICAL_HOURLY_RECURRENCE where hours.isEmpty: stepSeconds = interval * 3600
        default: stepSeconds = nil
        }
        let hourMask = mask(hours, 24, isFilter(2) && !hours.isEmpty)
        let minuteMask = mask(minutes, 60, isFilter(1) && !minutes.isEmpty)
        let timeFiltered = hourMask != nil || minuteMask != nil
        var phases = 1
        if let step = stepSeconds { phases = step / gcd(step, 86_400) }
        var phaseHits = [Int8](repeating: 0, count: stepSeconds == nil ? 0 : phases)  // 0 unknown, 1 hit, 2 miss

        func timeMatches(day d: Int) -> Bool {
            guard let step = stepSeconds else { return true }
            // The first candidate of day d, in seconds from its midnight.
            let first = d == 0 ? startSecond : mod(startSecond - 86_400 * (d % phases), step)
            guard first < 86_400 else { return false }
            if !timeFiltered { return true }
            let index = d == 0 ? -1 : d % phases
            if index >= 0, phaseHits[index] != 0 { return phaseHits[index] == 1 }
            var hit = false
            var second = first
            while second < 86_400 {
                let hour = second / 3600, minute = second / 60 % 60
                if hourMask?[hour] ?? true {
                    if minuteMask?[minute] ?? true {
                        hit = true
                        break
                    }
                    // Jump to the next minute that may pass.
                    second += max(1, (60 - second % 60 + step - 1) / step) * step
                } else {
                    second += max(1, (3600 - second % 3600 + step - 1) / step) * step
                }
            }
            if index >= 0 { phaseHits[index] = hit ? 1 : 2 }
            return hit
        }

        // The pattern of days repeats: stop after two full rounds of it.
        var period = 1
        if filtersCalendar {
            period = 146_097  // 400 Gregorian years, a whole number of weeks
        } else if !weekdays.isEmpty || frequency == ICAL_WEEKLY_RECURRENCE {
            period = 7
        }
        period = lcm(lcm(period, dayStep), phases)
        let scanned = min(days, period > days / 2 ? days : 2 * period + 1)

        // Between the last time of one matching day and the first of the next, the walk also
        // crosses the part of a day that the time filters leave out.
        // (A rule that steps by INTERVAL past the windows the filters leave may miss some: a
        // whole day is counted then.)
        var slack = unitsPerDay
        let window = minuteMask != nil ? 60 : 3600
        if frequency.rawValue < ICAL_DAILY_RECURRENCE.rawValue
            && (stepSeconds == nil || !timeFiltered || stepSeconds! <= window)
        {
            slack = min(1, Double(largestGap(hourMask, minuteMask) + (stepSeconds ?? 0)) / 86_400) * unitsPerDay
        }
        func gap(_ from: Int, _ to: Int) -> Double {
            to == from ? 0 : Double(to - from - 1) * unitsPerDay + slack
        }

        // Whether day `d` of the walk (the date `day`) holds a time of the rule.
        func holdsTime(_ day: CivilDay, _ d: Int) -> Bool {
            guard filter.passes(day) else { return false }
            if dayStep > 1 {
                let visited = frequency == ICAL_WEEKLY_RECURRENCE ? ((d + weekOffset) / 7) % interval == 0 : d % dayStep == 0
                guard visited else { return false }
            }
            return timeMatches(day: d)
        }

        // The days of the walk after the first repeat every `cycle` days (INTERVAL, phases);
        // kinds of year repeat only if it is short.
        let cycle = lcm(dayStep, phases)
        let byYears = byYears && cycle <= 1_000
        var years: [Int: YearOfMatches] = [:]
        func year(from first: CivilDay, at d: Int, length: Int) -> YearOfMatches {
            let key = ((first.weekday * 2 + (length == 366 ? 1 : 0)) * cycle) + d % cycle
            if let known = years[key] { return known }
            var found = YearOfMatches()
            var day = first
            var previous: Int?
            for offset in 0..<length {
                if holdsTime(day, d + offset) {
                    if let previous { found.widest = max(found.widest, offset - previous) } else { found.first = offset }
                    previous = offset
                    found.last = offset
                    found.count += 1
                }
                day.advance(by: 1)
            }
            years[key] = found
            return found
        }

        var day = start
        var lastMatch = 0  // the walk begins at DTSTART
        var matches = 0
        var d = 0
        while d < scanned {
            if byYears, d > 0, day.month == 1, day.day == 1 {
                let length = CivilDay.isLeap(day.year) ? 366 : 365
                let whole = d + length <= scanned ? year(from: day, at: d, length: length) : nil
                // A year in which COUNT runs out is scanned day by day, up to its last time.
                if let whole, whole.count == 0 || count <= 0 || matches + whole.count < count {
                    if whole.count > 0 {
                        if gap(lastMatch, d + whole.first) > Double(RecurrenceBound.maximumGap)
                            || gap(0, whole.widest) > Double(RecurrenceBound.maximumGap)
                        {
                            throw .tooSparse(frequency: name)
                        }
                        lastMatch = d + whole.last
                        matches += whole.count
                    }
                    d += length
                    day = CivilDay(year: day.year + 1, month: 1, day: 1)
                    continue
                }
            }
            if !filter.monthPasses(day) {
                // Skip the rest of a month that fails BYMONTH.
                let skip = day.daysInMonth - day.day + 1
                d += skip
                day.advance(by: skip)
                continue
            }
            if holdsTime(day, d) {
                if gap(lastMatch, d) > Double(RecurrenceBound.maximumGap) {
                    throw .tooSparse(frequency: name)
                }
                lastMatch = d
                matches += 1
                if count > 0 && matches >= count { return .init(daysWithTimes: matches, lastDay: d) }
            }
            d += 1
            day.advance(by: 1)
        }
        // Two rounds of the pattern without a time, or none before the end: never.
        if matches == 0 { throw .neverMatches(frequency: name) }
        // After its last time, libical walks on to the rule's end (UNTIL or the year 2582).
        if scanned >= days && gap(lastMatch, days) > Double(RecurrenceBound.maximumGap) {
            throw .tooSparse(frequency: name)
        }
        return .init(daysWithTimes: matches, lastDay: lastMatch)
    }

    /// Which days of one year hold times of the rule, as offsets from its 1 January.
    private struct YearOfMatches {
        var count = 0
        var first = 0, last = 0
        /// The most days between two of them (0 with fewer than two).
        var widest = 0
    }

    /// The longest run of seconds of a day, around midnight included, outside the hours and
    /// minutes the masks let through (0 when there are no masks).
    private func largestGap(_ hours: [Bool]?, _ minutes: [Bool]?) -> Int {
        guard hours != nil || minutes != nil else { return 0 }
        var allowed: [Int] = []
        for minute in 0..<1440 where (hours?[minute / 60] ?? true) && (minutes?[minute % 60] ?? true) {
            allowed.append(minute)
        }
        guard let first = allowed.first, let last = allowed.last else { return 86_400 }
        var longest = first + 1440 - last
        for (a, b) in zip(allowed, allowed.dropFirst()) { longest = max(longest, b - a) }
        return longest * 60
    }

    private func mask(_ values: [Int], _ size: Int, _ filters: Bool) -> [Bool]? {
        guard filters else { return nil }
        var mask = [Bool](repeating: false, count: size)
        for v in values where (0..<size).contains(v) { mask[v] = true }
        return mask
    }
}

/// The days a rule's day-level BY parts let through, as libical compares them: BYMONTH,
/// BYMONTHDAY and BYYEARDAY (a negative value never equals a day), BYDAY (a position never
/// passes, except in a weekly rule, which drops it).
struct DayFilter {
    private var monthMask = [Bool](repeating: true, count: 13)
    private var monthDayMask: [Bool]?
    private var yearDayMask: [Bool]?
    private var weekdayMask: [Bool]
    /// True when the rule picks its days by month, day of the month or day of the year.
    let filtersCalendar: Bool

    fileprivate init(_ rule: Rule, start: CivilDay) {
        if !rule.months.isEmpty {
            monthMask = [Bool](repeating: false, count: 13)
            for m in rule.months where (1...12).contains(m) { monthMask[m] = true }
        }
        if rule.isFilter(4) && !rule.monthDays.isEmpty {
            var mask = [Bool](repeating: false, count: 32)
            for d in rule.monthDays where (1...31).contains(d) { mask[d] = true }
            monthDayMask = mask
        }
        if rule.isFilter(5) && !rule.yearDays.isEmpty {
            var mask = [Bool](repeating: false, count: 367)
            for d in rule.yearDays where (1...366).contains(d) { mask[d] = true }
            yearDayMask = mask
        }
        weekdayMask = [Bool](repeating: rule.frequency != ICAL_WEEKLY_RECURRENCE, count: 8)
        if !rule.weekdays.isEmpty {
            weekdayMask = [Bool](repeating: false, count: 8)
            for w in rule.weekdays where w > 0 { weekdayMask[w] = true }
        } else if rule.frequency == ICAL_WEEKLY_RECURRENCE {
            weekdayMask[start.weekday] = true  // a weekly rule without BYDAY keeps DTSTART's weekday
        }
        filtersCalendar = !rule.months.isEmpty || monthDayMask != nil || yearDayMask != nil
    }

    /// The filter of a daily or shorter rule, whose day-level BY parts only filter; nil for
    /// other rules, for rules without such parts (a daily rule: without BYMONTH or BYMONTHDAY,
    /// which alone leave out more than a week), and for parts it does not model (BYWEEKNO,
    /// BYSETPOS, a daily BYYEARDAY, another calendar). `evenWithoutDayParts` asks for the
    /// filter of an hourly or shorter rule without day-level parts too (it passes every day).
    init?(hopping recurrence: icalrecurrencetype, evenWithoutDayParts: Bool = false) {
        let rule = Rule(recurrence)
        let subDaily = [ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE].contains(rule.frequency)
        let daily = rule.frequency == ICAL_DAILY_RECURRENCE && rule.yearDays.isEmpty
        guard subDaily && (evenWithoutDayParts || rule.picksCalendarDays || !rule.weekdays.isEmpty)
            || daily && (evenWithoutDayParts || rule.picksCalendarDays),
            Rule.values(recurrence.by_week_no).isEmpty, Rule.values(recurrence.by_set_pos).isEmpty,
            recurrence.rscale.map({ String(cString: $0).uppercased() == "GREGORIAN" }) ?? true
        else { return nil }
        self.init(rule, start: CivilDay(year: 2000, month: 1, day: 1))
    }

    /// The filter that lets every day through.
    static let everyDay = DayFilter(Rule(icalrecurrencetype_from_string("FREQ=DAILY")), start: CivilDay(year: 2000, month: 1, day: 1))

    func monthPasses(_ day: CivilDay) -> Bool { monthMask[day.month] }

    func passes(_ day: CivilDay) -> Bool {
        monthMask[day.month] && weekdayMask[day.weekday] && (monthDayMask?[day.day] ?? true)
            && (yearDayMask?[day.yearDay] ?? true)
    }

    /// The first day from `day` on, up to the day `lastOrdinal` (see `CivilDay.ordinal`), that
    /// passes; nil when none does.
    func first(from day: CivilDay, through lastOrdinal: Int) -> CivilDay? {
        var day = day
        var ordinal = day.ordinal
        while ordinal <= lastOrdinal {
            if !monthMask[day.month] {
                let skip = day.daysInMonth - day.day + 1
                ordinal += skip
                day.advance(by: skip)
                continue
            }
            if passes(day) { return day }
            ordinal += 1
            day.advance(by: 1)
        }
        return nil
    }
}

extension RecurrenceBound {
    /// A BY array as libical stores it: values up to ICAL_RECURRENCE_ARRAY_MAX.
    static func values<T>(_ array: T) -> [Int] { Rule.values(array) }

    /// The judgement of `rule` from the floating DTSTART `start` (`20260101T090000`), its
    /// UNTIL read as it is written; nil when libical cannot read either. `byYears` as in
    /// `init`: the tests judge rules both ways.
    static func judgement(of rule: String, from start: String, byYears: Bool) -> Result<RecurrenceBound, Refusal>? {
        Libical.prepare()
        Libical.clearError()
        let recurrence = icalrecurrencetype_from_string(rule)
        let first = icaltime_from_string(start)
        guard recurrence.freq != ICAL_NO_RECURRENCE, icaltime_is_null_time(first) == 0, Libical.takeError() == nil
        else { return nil }
        let until = icaltime_is_null_time(recurrence.until) == 0 ? recurrence.until : nil
        do {
            return .success(try RecurrenceBound(recurrence, first: first, until: until, byYears: byYears))
        } catch {
            return .failure(error)
        }
    }

    /// The units of work a day of `rule`'s walk costs, read from the rule alone (0 for a rule
    /// libical cannot read): how dense a series is, before any walk.
    static func unitsPerDay(of rule: String) -> Double {
        Libical.prepare()
        Libical.clearError()
        let recurrence = icalrecurrencetype_from_string(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, Libical.takeError() == nil else { return 0 }
        return Rule(recurrence).unitsPerDay
    }
}

private func mod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
private func lcm(_ a: Int, _ b: Int) -> Int {
    let g = gcd(a, b)
    let (product, overflow) = (a / g).multipliedReportingOverflow(by: b)
    return overflow ? Int.max / 4 : product
}

/// A day of the proleptic Gregorian calendar, stepped forward cheaply.
struct CivilDay {
    private(set) var year: Int
    private(set) var month: Int
    private(set) var day: Int
    /// 1 = Sunday … 7 = Saturday, as libical.
    private(set) var weekday: Int
    /// 1 … 366.
    private(set) var yearDay: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
        let ordinal = Self.ordinal(year, month, day)
        weekday = mod(ordinal + 4, 7) + 1  // 1970-01-01 (ordinal 0) was a Thursday
        yearDay = ordinal - Self.ordinal(year, 1, 1) + 1
    }

    /// Days since 1970-01-01.
    var ordinal: Int { Self.ordinal(year, month, day) }

    var daysInMonth: Int { Self.daysIn(month, year) }

    mutating func advance(by days: Int) {
        for _ in 0..<days {
            weekday = weekday == 7 ? 1 : weekday + 1
            if day < daysInMonth {
                day += 1
                yearDay += 1
            } else if month < 12 {
                month += 1
                day = 1
                yearDay += 1
            } else {
                year += 1
                month = 1
                day = 1
                yearDay = 1
            }
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date (Howard Hinnant's days_from_civil).
    static func ordinal(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
