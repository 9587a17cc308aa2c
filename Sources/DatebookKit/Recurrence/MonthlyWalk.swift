internal import CLibical

/// How libical walks a monthly rule, judged month by month before it walks it.
///
/// libical 3.0 steps a monthly rule one month (of INTERVAL) at a time inside one call, until a
/// month holds a time that passes the rule or the year passes 2582. A month that holds a time
/// costs about one step of a daily rule (7 µs); a month that holds none costs far more (40 to
/// 500 µs, measured in CPU time: libical tries each of its days against every BY list), so a
/// rule whose days rarely or never come (`BYMONTHDAY=22;BYDAY=3TH`: the third Thursday is never
/// the 22nd) keeps one call busy for seconds. UNTIL does not stop that walk: libical compares a
/// time with UNTIL only once it has found one.
///
/// The days of a month are taken as RFC 5545 defines them (BYMONTH, BYMONTHDAY and BYDAY with
/// their positions), and BYSETPOS as libical 3.0 reads it: a position among the month's days,
/// whose every time (BYHOUR, BYMINUTE, BYSECOND) it then gives, where RFC 5545 counts the times.
struct MonthlyWalk {
    let interval: Int
    /// BYMONTH as a mask (1 … 12); every month when empty.
    let months: [Bool]
    let monthDays: [Int]
    /// BYDAY: position (0 for every one) and weekday (1 = Sunday … 7 = Saturday).
    let weekdays: [(position: Int, weekday: Int)]
    let setPositions: [Int]
    /// Times of day each day of the set gives (BYHOUR × BYMINUTE × BYSECOND).
    let timesPerDay: Int
    /// DTSTART's day of the month: the day of a rule with neither BYMONTHDAY nor BYDAY.
    let startDay: Int
    /// Units of work (see `RecurrenceBound`) libical spends on a month without a time.
    let emptyMonthUnits: Int

    init(_ r: icalrecurrencetype, startDay: Int) {
        interval = max(1, Int(r.interval))
        let byMonth = RecurrenceBound.values(r.by_month)
        var months = [Bool](repeating: byMonth.isEmpty, count: 13)
        for m in byMonth where (1...12).contains(m) { months[m] = true }
        self.months = months
        monthDays = RecurrenceBound.values(r.by_month_day)
        weekdays = RecurrenceBound.values(r.by_day).map { value in
            (Int(icalrecurrencetype_day_position(Int16(value))),
             Int(icalrecurrencetype_day_day_of_week(Int16(value)).rawValue))
        }
        setPositions = RecurrenceBound.values(r.by_set_pos)
        timesPerDay = max(1, RecurrenceBound.values(r.by_hour).count) * max(1, RecurrenceBound.values(r.by_minute).count)
            * max(1, RecurrenceBound.values(r.by_second).count)
        self.startDay = startDay
        // Fitted to libical 3.0.16 (CPU time, 2026 to 2582): 24 units for a month of a
        // BYSETPOS rule of one day, 31 for BYDAY=1MO;BYMONTHDAY=30, 49 for two BYDAY and four
        // BYMONTHDAY, 128 for BYSETPOS over 31 days.
        let setSize = setPositions.isEmpty ? 0 : (monthDays.isEmpty ? 1 : monthDays.count) * timesPerDay
        emptyMonthUnits = 24 + 3 * weekdays.count + 4 * monthDays.count + 3 * setSize
    }

    /// The walk of an RRULE value, read by libical.
    init(rule: String, startDay: Int) {
        self.init(icalrecurrencetype_from_string(rule), startDay: startDay)
    }

    /// True when every month the walk visits holds a time, so that nothing needs scanning: no
    /// BYSETPOS, days every month has (the 1st to the 28th, a weekday's first to fourth), and
    /// months that INTERVAL cannot step past.
    var isRegular: Bool {
        guard setPositions.isEmpty, interval == 1 || months.allSatisfy({ $0 }) else { return false }
        if !monthDays.isEmpty && !weekdays.isEmpty { return false }
        if !monthDays.isEmpty { return monthDays.contains { (1...28).contains(abs($0)) } }
        if !weekdays.isEmpty { return weekdays.contains { abs($0.position) <= 4 } }
        return startDay <= 28
    }

    /// True when the month holds at least one time of the rule.
    func holdsTime(year: Int, month: Int) -> Bool {
        guard months[month] else { return false }
        let length = CivilDay.daysIn(month, year)
        let firstWeekday = CivilDay(year: year, month: month, day: 1).weekday
        func passesWeekdays(_ day: Int) -> Bool {
            guard !weekdays.isEmpty else { return true }
            let weekday = (firstWeekday - 1 + day - 1) % 7 + 1
            return weekdays.contains { entry in
                guard entry.weekday == weekday else { return false }
                if entry.position > 0 { return (day - 1) / 7 + 1 == entry.position }
                if entry.position < 0 { return (length - day) / 7 + 1 == -entry.position }
                return true
            }
        }
        var days = 0
        if !monthDays.isEmpty {
            var seen = Set<Int>()
            for value in monthDays {
                let day = value > 0 ? value : length + 1 + value
                if (1...length).contains(day), passesWeekdays(day), seen.insert(day).inserted { days += 1 }
            }
        } else if !weekdays.isEmpty {
            for day in 1...length where passesWeekdays(day) { days += 1 }
        } else if startDay <= length {
            days = 1
        }
        if setPositions.isEmpty { return days > 0 }
        // libical picks BYSETPOS among the days, then gives every time of the days picked.
        return setPositions.contains { $0 != 0 && abs($0) <= days }
    }

    /// Walks the months from DTSTART's to the end of 2582, as libical would, and throws when it
    /// never finds a time or when the months between two times cost more than `maximumGap`.
    /// `count` is the rule's COUNT (0 for none): after that many times libical stops at once.
    func scan(from start: CivilDay, count: Int, name: String) throws(RecurrenceBound.Refusal) {
        if isRegular { return }
        var year = start.year
        var month = start.month
        var step = 0  // months of the walk from DTSTART's
        var lastMatch = 0  // the walk begins at DTSTART
        var matches = holdsTime(year: year, month: month) ? 1 : 0
        if count > 0 && matches >= count { return }
        func gap(_ from: Int, _ to: Int) -> Int { max(0, to - from - 1) * emptyMonthUnits }
        while year <= 2582 {
            if step > 0, holdsTime(year: year, month: month) {
                if gap(lastMatch, step) > RecurrenceBound.maximumGap { throw .tooSparse(frequency: name) }
                lastMatch = step
                matches += 1
                if count > 0 && matches >= count { return }
            }
            step += 1
            month += interval
            year += (month - 1) / 12
            month = (month - 1) % 12 + 1
        }
        if matches == 0 { throw .neverMatches(frequency: name) }
        // After its last time, libical walks on to 2582 (UNTIL or not).
        if gap(lastMatch, step) > RecurrenceBound.maximumGap { throw .tooSparse(frequency: name) }
    }
}
