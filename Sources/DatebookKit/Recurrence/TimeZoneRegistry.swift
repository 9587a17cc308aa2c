internal import CLibical
import Foundation
import Synchronization

/// Finds libical's time zone for a TZID: one of the system's zones (read by libical from
/// /usr/share/zoneinfo), or one defined by a VTIMEZONE that came with an imported file.
///
/// Zones are made once per process and kept: libical's zones cache their DST changes and
/// lock that cache themselves, so one zone serves every thread.
final class TimeZoneRegistry: Sendable {
    /// The registry every part of Datebook shares.
    static let shared = TimeZoneRegistry()

    /// A libical zone; only ever used through libical, which locks what it changes.
    struct Zone: @unchecked Sendable {
        let pointer: OpaquePointer
        /// For a zone a VTIMEZONE defines, the most changes of its clocks libical may walk to
        /// expand it (`expansionYears(of:)`); 0 for a system zone.
        var expansionYears = 0
        /// For a system zone whose changes from 2038 were written out (`retimed`), libical's
        /// zone as it read it, whose VTIMEZONE an export carries: a few rules, not a thousand
        /// RDATEs in every resource; programs read a TZID of the system's by their own tables.
        var written: OpaquePointer? = nil
    }

    private let zones = Mutex<[String: Zone]>([:])
    private let definedZones = Mutex<[String: Zone]>([:])
    /// The TZIDs `systemZone` found no zone for.
    private let unknownNames = Mutex<Set<String>>([])
    /// `regularFrom(of:)` of every zone made here, by its pointer's address.
    private let regularYears = Mutex<[Int: Int32]>([:])

    private init() {
        Libical.prepare()
    }

    // MARK: - Looking up

    /// The system zone a TZID names, or nil.
    ///
    /// Besides plain names (`Europe/Berlin`), reads the prefixed names other programs write
    /// (`/freeassociation.sourceforge.net/Europe/Berlin`, `/mozilla.org/20050126_1/Europe/Berlin`)
    /// and the common names of UTC.
    func systemZone(_ tzid: String) -> Zone? {
        if let cached = zones.withLock({ $0[tzid] }) { return cached }
        // A name the system does not know is looked for once: libical compares it with each of
        // its zones' names, and an export asked again for every time of every item in a zone a
        // file defined (a sixth of exporting 15,600 such events).
        if unknownNames.withLock({ $0.contains(tzid) }) { return nil }
        guard let found = Self.findSystemZone(tzid) else {
            unknownNames.withLock { _ = $0.insert(tzid) }
            return nil
        }
        noteRegularity(of: found.pointer, icaltimezone_get_component(found.pointer))
        zones.withLock { $0[tzid] = found }
        return found
    }

    /// The first year from which a zone made here changes its clocks by yearly rules alone,
    /// alike in every year whose days fall on the same weekdays (`Libical.twinYear`), or nil
    /// when it does not or was not made here.
    func regularFrom(_ zone: OpaquePointer) -> Int32? {
        regularYears.withLock { $0[Int(bitPattern: zone)] }
    }

    private func noteRegularity(of zone: OpaquePointer, _ component: OpaquePointer?) {
        guard let component, let year = Self.regularFrom(of: component) else { return }
        regularYears.withLock { $0[Int(bitPattern: zone)] = year }
    }

    /// The first year (from 1971) from which a VTIMEZONE's changes are those of its parts
    /// that repeat without end, yearly and every year (neither INTERVAL nor RSCALE), and
    /// nothing else: every DTSTART, RDATE and UNTIL lies in an earlier year. From then on a
    /// year's changes depend only on the weekday its days fall on and whether it is leap.
    /// nil when a part repeats otherwise, or with COUNT.
    static func regularFrom(of component: OpaquePointer) -> Int32? {
        var regular: Int32 = 1971
        for (part, _, start, rules) in parts(of: component) {
            var dates: [Int32] = []
            var property = icalcomponent_get_first_property(part, ICAL_RDATE_PROPERTY)
            while let date = property {
                let value = icalproperty_get_rdate(date)
                dates.append(max(value.time.year, value.period.start.year, value.period.end.year))
                property = icalcomponent_get_next_property(part, ICAL_RDATE_PROPERTY)
            }
            regular = max(regular, start.year + 1, (dates.max() ?? 0) + 1)
            for rule in rules {
                guard rule.freq == ICAL_YEARLY_RECURRENCE, rule.interval <= 1, rule.count == 0,
                    rule.rscale == nil || String(cString: rule.rscale).uppercased() == "GREGORIAN"
                else { return nil }
                if icaltime_is_null_time(rule.until) == 0 { regular = max(regular, rule.until.year + 1) }
            }
        }
        // Changes up to libical's last year (a rule's written out, `retimed`) stand for more.
        return regular > Int32(Libical.lastZoneYear) ? nil : regular
    }

    /// The canonical system name for a TZID (`Europe/Berlin` for a prefixed one), or nil.
    func systemName(_ tzid: String) -> String? {
        guard let zone = systemZone(tzid) else { return nil }
        if zone.pointer == icaltimezone_get_utc_timezone() { return "UTC" }
        return icaltimezone_get_location(zone.pointer).map { String(cString: $0) } ?? tzid
    }

    /// The zone a VTIMEZONE defines, or nil when libical cannot read it as one or it is not
    /// safe to hand libical (see `problem(ofDefinition:)`).
    func definedZone(_ vtimezone: String) -> Zone? {
        if let cached = definedZones.withLock({ $0[vtimezone] }) { return cached }
        guard let component = Libical.parse(vtimezone) else { return nil }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT, Self.problem(of: component) == nil,
            let zone = icaltimezone_new()
        else {
            icalcomponent_free(component)
            return nil
        }
        // Counted before the zone takes the component over.
        let years = Self.expansionYears(of: component)
        guard icaltimezone_set_component(zone, component) != 0 else {
            icaltimezone_free(zone, 1)
            return nil
        }
        let found = Zone(pointer: zone, expansionYears: years)
        noteRegularity(of: zone, icaltimezone_get_component(zone))
        definedZones.withLock { $0[vtimezone] = found }
        return found
    }

    /// The most RRULEs one STANDARD or DAYLIGHT part may have (real zones have one).
    static let mostRulesInAPart = 4

    /// Why a VTIMEZONE's text cannot define a zone, or nil when it can.
    static func problem(ofDefinition vtimezone: String) -> String? {
        guard let component = Libical.parse(vtimezone) else { return "libical cannot read it" }
        defer { icalcomponent_free(component) }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT else { return "it is not a VTIMEZONE" }
        return problem(of: component)
    }

    /// The most changes of the clocks libical may walk to expand a VTIMEZONE: for each part
    /// that repeats, the changes a year its rule may give (`changesPerYear(of:)`), from its
    /// DTSTART up to a few years from now, where its first expansion may stop
    /// (`Libical.firstCoveredYear`), and for a time past them, again up to the last year a
    /// twin may be in a zone regular from some year (`Libical.stand`), else to 2582, the last
    /// year libical expands to. About 7 µs a change through ICU: a zone as Outlook writes it
    /// (two parts from 1601, regular from 1602, a change a year each) is 860 in 2026, 6 ms;
    /// one whose rules change in 2300 is 2,822, 20 ms. A part changing the clocks every day
    /// from 1601 counted as 430 years before (finding 64): ten such zones took 3.5 s to read,
    /// and one changing them twelve times a day 5 s and 3.7 million changes.
    private static func expansionYears(of component: OpaquePointer) -> Int {
        let lastYear = 2582
        let firstYear = Int(Libical.firstCoveredYear) + 1
        let twinsEnd = regularFrom(of: component).map { Int($0) + 1 + Int(Libical.twinYears) + 5 }
        let walks = Set([firstYear, max(firstYear, min(lastYear, twinsEnd ?? lastYear))])
        var years = 0
        for (_, _, dtstart, rules) in parts(of: component) {
            let start = Int(dtstart.year)
            for rule in rules {
                let end = icaltime_is_null_time(rule.until) == 0 ? min(Int(rule.until.year), lastYear) : lastYear
                let perYear = changesPerYear(of: rule)
                years = walks.reduce(years) { sum, walk in
                    let walked = max(0, min(end, walk) - start) * perYear
                    return sum > Int.max / 2 || walked > Int.max / 2 ? Int.max / 2 : sum + walked
                }
            }
        }
        return years
    }

    /// The most times a year a yearly rule may give, at least 1: its days (by BYYEARDAY,
    /// BYWEEKNO, BYMONTHDAY or BYDAY, within BYMONTH) times its hours, minutes and seconds.
    /// BYSETPOS may give fewer; it is not counted on.
    static func changesPerYear(of rule: icalrecurrencetype) -> Int {
        let months = max(1, RecurrenceBound.values(rule.by_month).count)
        let weekdays = RecurrenceBound.values(rule.by_day)
        let days: Int
        if !RecurrenceBound.values(rule.by_year_day).isEmpty {
            days = RecurrenceBound.values(rule.by_year_day).count
        } else if !RecurrenceBound.values(rule.by_month_day).isEmpty {
            days = RecurrenceBound.values(rule.by_month_day).count * months
        } else if !RecurrenceBound.values(rule.by_week_no).isEmpty {
            days = RecurrenceBound.values(rule.by_week_no).count * 7
        } else if !weekdays.isEmpty {
            // A weekday at a position (-1SU) comes once a month, or once a year without BYMONTH;
            // one without, every week of them.
            let placed = weekdays.filter { $0 / 8 != 0 }.count
            let every = weekdays.count - placed
            let weeks = RecurrenceBound.values(rule.by_month).isEmpty ? 53 : 5 * months
            days = placed * months + every * weeks
        } else {
            days = months
        }
        // (Each array read alone: they are tuples of different lengths.)
        let hours = max(1, RecurrenceBound.values(rule.by_hour).count)
        let minutes = max(1, RecurrenceBound.values(rule.by_minute).count)
        let seconds = max(1, RecurrenceBound.values(rule.by_second).count)
        return max(1, days * hours * minutes * seconds)
    }

    /// The STANDARD and DAYLIGHT parts of a VTIMEZONE, each with its name, its DTSTART and its
    /// repeat rules (gathered before the DTSTART is read: reading it moves libical's iterator
    /// over the part's properties).
    private static func parts(of component: OpaquePointer)
        -> [(part: OpaquePointer, name: String, start: icaltimetype, rules: [icalrecurrencetype])]
    {
        var parts: [(OpaquePointer, String, icaltimetype, [icalrecurrencetype])] = []
        for (kind, name) in [(ICAL_XSTANDARD_COMPONENT, "STANDARD"), (ICAL_XDAYLIGHT_COMPONENT, "DAYLIGHT")] {
            var part = icalcomponent_get_first_component(component, kind)
            while let current = part {
                var rules: [icalrecurrencetype] = []
                var property = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY)
                while let rule = property {
                    rules.append(icalproperty_get_rrule(rule))
                    property = icalcomponent_get_next_property(current, ICAL_RRULE_PROPERTY)
                }
                parts.append((current, name, icalcomponent_get_dtstart(current), rules))
                part = icalcomponent_get_next_component(component, kind)
            }
        }
        return parts
    }

    /// Why a parsed VTIMEZONE cannot define a zone: a STANDARD or DAYLIGHT part that repeats
    /// other than yearly, or by a rule the bound on rules refuses.
    ///
    /// libical expands a zone's parts from their DTSTART up to each time it converts, inside
    /// one call: a part repeating by the minute from 1601 would take hours, and nothing can
    /// stop it once begun. Real zones change their clocks at most a few times a year.
    private static func problem(of zone: OpaquePointer) -> String? {
        for (_, name, dtstart, rules) in parts(of: zone) {
            guard !rules.isEmpty else { continue }
            // One rule a part is what zones have; libical walks each of them from DTSTART.
            guard rules.count <= Self.mostRulesInAPart else {
                return "its \(name) part has \(rules.count) repeat rules (\(Self.mostRulesInAPart) at most)"
            }
            // Judged by the bound on rules, in plain Swift, from the part's day and time in
            // 2000: zones begin in 1601 or 1970, and what makes a rule unsafe to walk does not
            // depend on the year it begins.
            var start = dtstart
            let years = 2000 - start.year
            start.zone = nil
            start.year = 2000
            for recurrence in rules {
                guard recurrence.freq == ICAL_YEARLY_RECURRENCE else {
                    return "its \(name) part repeats other than yearly"
                }
                var until: icaltimetype?
                if icaltime_is_null_time(recurrence.until) == 0 {
                    until = recurrence.until
                    until?.zone = nil
                    until?.year += years
                }
                do {
                    _ = try RecurrenceBound(recurrence, first: start, until: until)
                } catch {
                    return "the repeat rule of its \(name) part cannot be expanded (\(error))"
                }
            }
        }
        return nil
    }

    /// The zone of `name`: a system zone, else the one `definition` defines, else nil.
    func zone(_ name: String, definition: String?) -> Zone? {
        if let definition, systemZone(name) == nil {
            return definedZone(definition)
        }
        return systemZone(name)
    }

    /// The VTIMEZONE text libical writes for a system zone, every change since it began, with
    /// `tzid` as its TZID.
    ///
    /// libical names the zones it reads from the system `/freeassociation.sourceforge.net/…`
    /// whatever prefix it is told to use, so the TZID is set here.
    func definition(ofSystemZone tzid: String) -> String? {
        guard let zone = systemZone(tzid), let component = icaltimezone_get_component(zone.written ?? zone.pointer),
            let copy = icalcomponent_new_clone(component)
        else {
            return nil
        }
        defer { icalcomponent_free(copy) }
        if let property = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(property, tzid)
        }
        return Libical.takeString(icalcomponent_as_ical_string_r(copy))
    }

    // MARK: - Search

    private static let utcNames: Set<String> = ["utc", "z", "gmt", "etc/utc", "etc/gmt", "etc/zulu", "zulu", "universal"]

    private static func findSystemZone(_ tzid: String) -> Zone? {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        if utcNames.contains(trimmed.lowercased()) {
            return icaltimezone_get_utc_timezone().map { Zone(pointer: $0) }
        }
        if let zone = icaltimezone_get_builtin_timezone(trimmed) {
            return readZone(zone, location: trimmed)
        }
        // A prefixed name: try its last two and three parts (`Europe/Berlin`,
        // `America/Argentina/Buenos_Aires`).
        let parts = trimmed.split(separator: "/")
        for count in [2, 3] where parts.count > count {
            let location = parts.suffix(count).joined(separator: "/")
            if let zone = icaltimezone_get_builtin_timezone(location) {
                return readZone(zone, location: location)
            }
        }
        return nil
    }

    /// A zone libical read from the system's files, mended (`repaired`, `retimed`).
    private static func readZone(_ zone: OpaquePointer, location: String) -> Zone {
        let mended = repaired(zone, location: location)
        let retimed = retimed(mended, location: location)
        return Zone(pointer: retimed, written: retimed == mended ? nil : mended)
    }

    // MARK: - Repair

    /// `zone`, or a copy of it whose last rules give the offsets the system's zone gives.
    ///
    /// libical 3.0 reads a TZif file's table of changes up to 2037, then the rule the file
    /// gives for later years; for `America/St_Johns` (`NST3:30NDT,M3.2.0,M11.1.0`) it writes
    /// that rule's summer offset as -01:30, not -02:30, so every summer time there from 2038
    /// read an hour early, and exports carried the slip. Of the 443 zones Foundation knows, it
    /// was the only one (their noons of four months in seven years from 2026 to 3000, checked
    /// against Foundation's). A part that repeats without end and goes to an offset the system's
    /// zone never has in 2100 is set to the one it does have that the other such part does not.
    private static func repaired(_ zone: OpaquePointer, location: String) -> OpaquePointer {
        guard let system = TimeZone(identifier: location), let component = icaltimezone_get_component(zone) else {
            return zone
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let offsets = Set([1, 7].compactMap { month in
            calendar.date(from: DateComponents(year: 2100, month: month, day: 15)).map { system.secondsFromGMT(for: $0) }
        })
        let targets = endlessParts(of: component).compactMap { part in
            icalcomponent_get_first_property(part, ICAL_TZOFFSETTO_PROPERTY).map { Int(icalproperty_get_tzoffsetto($0)) }
        }
        // Two such parts, one going to an offset the system has and one not.
        guard offsets.count == 2, targets.count == 2, offsets.contains(targets[0]) != offsets.contains(targets[1]),
            let copy = icalcomponent_new_clone(component)
        else { return zone }
        let slipped = offsets.contains(targets[0]) ? targets[1] : targets[0]
        let right = Int32(offsets.subtracting([slipped == targets[0] ? targets[1] : targets[0]]).first!)
        for part in endlessParts(of: copy) {
            if let to = icalcomponent_get_first_property(part, ICAL_TZOFFSETTO_PROPERTY),
                Int(icalproperty_get_tzoffsetto(to)) == slipped
            {
                icalproperty_set_tzoffsetto(to, right)
            }
            // The other part comes from it.
            if let from = icalcomponent_get_first_property(part, ICAL_TZOFFSETFROM_PROPERTY),
                Int(icalproperty_get_tzoffsetfrom(from)) == slipped
            {
                icalproperty_set_tzoffsetfrom(from, right)
            }
        }
        return made(from: copy) ?? zone
    }

    /// `zone`, or a copy of it whose changes from 2038 on are the system's.
    ///
    /// libical 3.0 writes the rule at the end of a TZif file as parts repeating yearly from
    /// 2038. For eight zones it puts their changes on other days or hours than the rule gives
    /// (Africa/Cairo's at 24:00 on the last Thursday of October, the negative hours of
    /// America/Nuuk's, Atlantic/Azores', Australia/Lord_Howe's half hour…), so times near them
    /// read an hour off from 2038, where Foundation, the screens and zdump agree. Each zone's
    /// changes over 30 years from where those parts begin are checked against Foundation's;
    /// when one differs, the parts are replaced by the system's changes from there up to 2582,
    /// as RDATEs in UTC (libical takes those without walking a rule).
    private static func retimed(_ zone: OpaquePointer, location: String) -> OpaquePointer {
        guard let system = TimeZone(identifier: location), let component = icaltimezone_get_component(zone),
            let firstYear = endlessParts(of: component).map({ Int(icalcomponent_get_dtstart($0).year) }).min()
        else { return zone }
        func utc(_ year: Int) -> Date { Date(timeIntervalSince1970: Double(CivilDay.ordinal(year, 1, 1)) * 86_400) }
        // From the year the parts without end begin (2037 or 2038): what they give.
        func changes(until end: Date) -> [Date] {
            var found: [Date] = []
            var after = utc(firstYear)
            while let next = system.nextDaylightSavingTimeTransition(after: after), next < end {
                found.append(next)
                after = next
            }
            return found
        }
        let utcZone = icaltimezone_get_utc_timezone()
        func utcTime(_ date: Date) -> icaltimetype {
            icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970), 0, utcZone)
        }
        // Expanded that far at once: libical would walk the zone again for every later year.
        var last = utcTime(utc(firstYear + 30))
        _ = icaltimezone_get_utc_offset_of_utc_time(zone, &last, nil)
        let agrees = changes(until: utc(firstYear + 30)).allSatisfy { change in
            [change.addingTimeInterval(-1), change].allSatisfy { instant in
                var time = utcTime(instant)
                return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, nil)) == system.secondsFromGMT(for: instant)
            }
        }
        guard !agrees, let copy = icalcomponent_new_clone(component) else { return zone }
        for part in endlessParts(of: copy) {
            icalcomponent_remove_component(copy, part)
            icalcomponent_free(part)
        }
        // One part for each kind of change (its offsets before and after, and summer time or
        // not), in the order the kinds first come.
        struct Kind: Hashable { let from: Int, to: Int, daylight: Bool }
        var kinds: [Kind] = []
        var dates: [Kind: [Date]] = [:]
        for change in changes(until: utc(2583)) {
            let kind = Kind(from: system.secondsFromGMT(for: change.addingTimeInterval(-1)),
                            to: system.secondsFromGMT(for: change), daylight: system.isDaylightSavingTime(for: change))
            if dates[kind] == nil { kinds.append(kind) }
            dates[kind, default: []].append(change)
        }
        for kind in kinds {
            guard let all = dates[kind], let first = all.first,
                let part = icalcomponent_new(kind.daylight ? ICAL_XDAYLIGHT_COMPONENT : ICAL_XSTANDARD_COMPONENT)
            else { continue }
            var start = icaltime_from_timet_with_zone(time_t(first.timeIntervalSince1970) + time_t(kind.from), 0, nil)
            start.zone = nil
            icalcomponent_add_property(part, icalproperty_new_dtstart(start))
            icalcomponent_add_property(part, icalproperty_new_tzoffsetfrom(Int32(kind.from)))
            icalcomponent_add_property(part, icalproperty_new_tzoffsetto(Int32(kind.to)))
            if let name = system.abbreviation(for: first) { icalcomponent_add_property(part, icalproperty_new_tzname(name)) }
            for date in all {
                var value = icaldatetimeperiodtype()
                value.time = utcTime(date)
                value.period = icalperiodtype_null_period()
                icalcomponent_add_property(part, icalproperty_new_rdate(value))
            }
            icalcomponent_add_component(copy, part)
        }
        return made(from: copy) ?? zone
    }

    /// A new zone that takes `copy` (a VTIMEZONE) over, or nil (and `copy` freed) when libical
    /// cannot make one of it.
    private static func made(from copy: OpaquePointer) -> OpaquePointer? {
        guard let fixed = icaltimezone_new() else {
            icalcomponent_free(copy)
            return nil
        }
        guard icaltimezone_set_component(fixed, copy) != 0 else {
            icaltimezone_free(fixed, 1)
            return nil
        }
        return fixed
    }

    /// The STANDARD and DAYLIGHT parts of a VTIMEZONE that repeat without end.
    private static func endlessParts(of component: OpaquePointer) -> [OpaquePointer] {
        var parts: [OpaquePointer] = []
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            var part = icalcomponent_get_first_component(component, kind)
            while let current = part {
                if let rule = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY),
                    icaltime_is_null_time(icalproperty_get_rrule(rule).until) != 0
                {
                    parts.append(current)
                }
                part = icalcomponent_get_next_component(component, kind)
            }
        }
        return parts
    }
}
