internal import CLibical
import Foundation

/// Writes one item as iCalendar components with libical: a VEVENT (events and reminders) or
/// a VTODO (tasks), then one component per changed or cancelled instance.
///
/// Times keep their anchoring: a named zone is written with its TZID, UTC with `Z`, floating
/// times bare, all-day dates as DATE values. The properties an import kept verbatim are
/// written back as they came.
struct ICalendarEncoder {
    let coding: StoredTime
    /// The DTSTAMP of every component.
    let now: Date
    /// VTIMEZONEs of zones the system does not know, by TZID.
    let zoneDefinitions: [String: String]

    // MARK: - Components

    /// The text of the item's components, each `BEGIN:…END:` with CRLF line ends.
    func components(for item: Item) -> [String] {
        Libical.prepare()
        var texts: [String] = []
        // Instances whose series came without them are written alone, as they came.
        let writesSeries = !(item.instancesOnly && item.repeatRule == nil)
        if writesSeries, let master = masterComponent(for: item) {
            var text = Self.take(master)
            // libical writes a comma inside a category as it is, which splits the category on
            // the next reading (CATEGORIES is a list): those are written here.
            let commaCategories = item.categories.filter { $0.contains(",") }
            if !commaCategories.isEmpty, let end = text.range(of: "END:", options: .backwards) {
                let lines = commaCategories.map { Self.folded("CATEGORIES:" + Self.escapedText($0)) }.joined()
                text.insert(contentsOf: lines, at: end.lowerBound)
            }
            // libical writes a PRIORITY that is no number as 0: one kept as it came (a word
            // Datebook does not know) is written here.
            let words = item.extraProperties.filter(Self.isWordPriority)
            if !words.isEmpty, let end = text.range(of: "END:", options: .backwards) {
                text.insert(contentsOf: words.map(Self.folded).joined(), at: end.lowerBound)
            }
            texts.append(text)
        }
        // The changes that hold from one instance on, looked up for each changed instance: a
        // scan of every override for each took 15 s for a series with 10,000 (finding 60).
        let ranges = item.overrides.filter { $0.thisAndFuture && !$0.isCancelled }
        for override in item.overrides {
            if !writesSeries && item.exceptionDates.contains(where: { RecurrenceOverride.sameInstance($0, override.recurrenceID) }) {
                continue
            }
            if let component = overrideComponent(override, of: item, ranges: ranges) {
                texts.append(Self.take(component))
            }
        }
        return texts
    }

    private func masterComponent(for item: Item) -> OpaquePointer? {
        let isTodo = item.kind == .task
        guard let component = icalcomponent_new(isTodo ? ICAL_VTODO_COMPONENT : ICAL_VEVENT_COMPONENT) else {
            return nil
        }
        let isDate = item.allDay
        func add(_ property: OpaquePointer?) {
            if let property { icalcomponent_add_property(component, property) }
        }
        add(icalproperty_new_uid(item.icalendarUID))
        add(Libical.property(icalproperty_new_dtstamp, utc(now)))
        add(Libical.property(icalproperty_new_created, utc(item.created)))
        add(Libical.property(icalproperty_new_lastmodified, utc(item.updated)))
        add(icalproperty_new_summary(item.title))
        if let first = item.times.first {
            add(timed(icalproperty_new_dtstart, first.start, item, isDate: isDate))
            if !isTodo, item.kind == .event, let end = first.end {
                add(timed(icalproperty_new_dtend, end, item, isDate: isDate))
            }
        }
        if let due = item.due {
            if isTodo {
                // A task of days is due on a date (DUE;VALUE=DATE, as its DTSTART is a date),
                // unless its due has a time of day of its own.
                let wall = item.timeZone == .floating ? coding.seconds(due, .floating) : coding.wallClock.wallSeconds(of: due)
                let dueIsDate = isDate && wall.truncatingRemainder(dividingBy: 86_400) == 0
                add(timed(icalproperty_new_due, due, item, isDate: dueIsDate))
            } else {
                add(Self.xProperty(ComponentDecoder.dueProperty, value: Self.utcText(due)))
            }
        }
        if item.kind == .reminder {
            add(Self.xProperty(ComponentDecoder.kindProperty, value: "REMINDER"))
        }
        let spansToDue = isTodo && item.times.count == 1 && item.times[0].end == item.due
        if item.times.count > 1 || (isTodo && item.times.first?.end != nil && !spansToDue) {
            for time in item.times {
                let value = Self.utcText(time.start) + "/" + (time.end.map(Self.utcText) ?? "")
                add(Self.xProperty(ComponentDecoder.timeProperty, value: value))
            }
        }
        if !item.place.isEmpty { add(icalproperty_new_location(item.place)) }
        if !item.notes.isEmpty { add(icalproperty_new_description(item.notes)) }
        if item.priority > 0 { add(icalproperty_new_priority(Int32(item.priority))) }
        for category in item.categories where !category.contains(",") {
            add(icalproperty_new_categories(category))
        }
        for path in item.attachments {
            if let attach = icalattach_new_from_url(Self.attachmentURI(path)) {
                add(icalproperty_new_attach(attach))
                icalattach_unref(attach)
            }
        }
        if let rule = item.repeatRule {
            Libical.clearError()
            let recurrence = icalrecurrencetype_from_string(rule)
            if recurrence.freq != ICAL_NO_RECURRENCE, Libical.takeError() == nil {
                add(icalproperty_new_rrule(recurrence))
            }
        }
        for date in item.recurrenceDates {
            var value = icaldatetimeperiodtype()
            value.time = time(date, item, isDate: isDate)
            value.period = icalperiodtype_null_period()
            add(zoned(Libical.recurrenceDate(value), item, isDate: isDate))
        }
        for period in item.recurrencePeriods {
            var value = icaldatetimeperiodtype()
            value.time = icaltime_null_time()
            value.period = icalperiodtype_null_period()
            value.period.start = time(period.start, item, isDate: false)
            value.period.end = time(period.end ?? period.start, item, isDate: false)
            add(zoned(Libical.recurrenceDate(value), item, isDate: false))
        }
        for date in item.exceptionDates {
            add(timed(icalproperty_new_exdate, date, item, isDate: isDate))
        }
        for day in item.exceptionDays {
            let wall = coding.seconds(day, .floating)
            add(Libical.property(icalproperty_new_exdate, Libical.fromTimeT(Libical.timeT(wall.rounded(.down)), 1, nil)))
        }
        if let organizer = item.organizer {
            add(Self.participant(organizer, name: "ORGANIZER"))
        }
        for attendee in item.attendees {
            add(Self.participant(attendee, name: "ATTENDEE"))
        }
        var writesStatus = false
        switch item.status {
        case .completed where isTodo:
            add(icalproperty_new_status(ICAL_STATUS_COMPLETED))
            add(Libical.property(icalproperty_new_completed, utc(item.statusChangedAt ?? item.updated)))
            writesStatus = true
        case .completed:
            // iCalendar has no completed event: Datebook says it in a property of its own.
            add(Self.xProperty(ComponentDecoder.completedProperty, value: Self.utcText(item.statusChangedAt ?? item.updated)))
        case .deleted:
            add(icalproperty_new_status(ICAL_STATUS_CANCELLED))
            writesStatus = true
        default:
            break
        }
        // Kept properties, and the alarms: each alarm as the kept VALARM that says it (in its
        // place), else as a new one after them; a kept VALARM no alarm says any more is left out.
        var unmatched: [Alarm] = []
        var matched = Set<Int>()
        let kept = item.extraProperties.enumerated().compactMap { index, text in
            ICalendarAlarm.alarm(ofText: text).map { (index, $0) }
        }
        // The kept VALARMs saying each alarm, in order; each alarm takes the first not taken.
        var saying: [Alarm: [Int]] = [:]
        for (index, alarm) in kept { saying[alarm, default: []].append(index) }
        var taken: [Alarm: Int] = [:]
        for alarm in item.alarms {
            let next = taken[alarm, default: 0]
            if let indexes = saying[alarm], next < indexes.count {
                matched.insert(indexes[next])
                taken[alarm] = next + 1
            } else {
                unmatched.append(alarm)
            }
        }
        let keptIndexes = Set(kept.map(\.0))
        for (index, text) in item.extraProperties.enumerated() {
            if writesStatus && (text.hasPrefix("STATUS:") || text.hasPrefix("STATUS;")) { continue }
            if Self.isWordPriority(text) { continue }
            if keptIndexes.contains(index) && !matched.contains(index) { continue }
            addVerbatim(text, to: component)
        }
        for alarm in unmatched {
            if let valarm = ICalendarAlarm.component(for: alarm, description: item.title) {
                icalcomponent_add_component(component, valarm)
            }
        }
        return component
    }

    /// `ranges` are the item's changes that hold from one instance on, in the item's order.
    private func overrideComponent(_ override: RecurrenceOverride, of item: Item, ranges: [RecurrenceOverride])
        -> OpaquePointer?
    {
        let isTodo = item.kind == .task
        guard let component = icalcomponent_new(isTodo ? ICAL_VTODO_COMPONENT : ICAL_VEVENT_COMPONENT) else {
            return nil
        }
        func add(_ property: OpaquePointer?) {
            if let property { icalcomponent_add_property(component, property) }
        }
        let isDate = item.allDay
        add(icalproperty_new_uid(item.icalendarUID))
        add(Libical.property(icalproperty_new_dtstamp, utc(now)))
        let recurrenceID = timed(icalproperty_new_recurrenceid, override.recurrenceID, item, isDate: isDate)
        if override.thisAndFuture, let recurrenceID {
            icalproperty_add_parameter(recurrenceID, icalparameter_new_range(ICAL_RANGE_THISANDFUTURE))
        }
        add(recurrenceID)
        // What the instance shows where it says nothing itself: the change that holds from an
        // earlier instance on (RANGE=THISANDFUTURE), else the series. Instances written without
        // their series take nothing from it but a title.
        let range = ranges.last { $0.recurrenceID < override.recurrenceID }
        let series: (place: String, notes: String) = item.instancesOnly ? ("", "") : (item.place, item.notes)
        add(icalproperty_new_summary(override.title ?? range?.title ?? item.title))
        add(timed(icalproperty_new_dtstart, override.start, item, isDate: isDate))
        if let end = override.end, !isTodo {
            add(timed(icalproperty_new_dtend, end, item, isDate: isDate))
        }
        if let place = override.place ?? range?.place ?? (series.place.isEmpty ? nil : series.place) {
            add(icalproperty_new_location(place))
        }
        if let notes = override.notes ?? range?.notes ?? (series.notes.isEmpty ? nil : series.notes) {
            add(icalproperty_new_description(notes))
        }
        if override.isCancelled {
            add(icalproperty_new_status(ICAL_STATUS_CANCELLED))
        } else if let completed = override.completedAt {
            // One instance completed while the series goes on.
            if isTodo {
                add(icalproperty_new_status(ICAL_STATUS_COMPLETED))
                add(Libical.property(icalproperty_new_completed, utc(completed)))
            } else {
                add(Self.xProperty(ComponentDecoder.completedProperty, value: Self.utcText(completed)))
            }
        }
        let writesStatus = override.isCancelled || (isTodo && override.isCompleted)
        for text in override.extraProperties {
            if writesStatus && (text.hasPrefix("STATUS:") || text.hasPrefix("STATUS;")) { continue }
            addVerbatim(text, to: component)
        }
        return component
    }

    // MARK: - Times

    /// A date as libical's time in the item's anchoring.
    private func time(_ date: Date, _ item: Item, isDate: Bool) -> icaltimetype {
        if isDate {
            let wall = item.timeZone == .floating ? coding.seconds(date, .floating) : coding.wallClock.wallSeconds(of: date)
            return Libical.fromTimeT(Libical.timeT(wall.rounded(.down)), 1, nil)
        }
        switch item.timeZone {
        case .utc:
            return utc(date)
        case .floating:
            return Libical.fromTimeT(Libical.timeT(coding.seconds(date, .floating)), 0, nil)
        case let .named(name):
            guard let zone = zonePointer(name) else { return utc(date) }
            var local = Libical.fromTimeT(Libical.timeT(date.unixSeconds), 0, zone)
            local = icaltime_set_timezone(&local, zone)
            return local
        }
    }

    /// A property made from a time, with the TZID parameter its anchoring needs.
    private func timed(_ make: (icaltimetype) -> OpaquePointer?, _ date: Date, _ item: Item, isDate: Bool)
        -> OpaquePointer?
    {
        zoned(Libical.property(make, time(date, item, isDate: isDate)), item, isDate: isDate)
    }

    private func zoned(_ property: OpaquePointer?, _ item: Item, isDate: Bool) -> OpaquePointer? {
        guard let property, !isDate, case let .named(name) = item.timeZone, zonePointer(name) != nil else {
            return property
        }
        icalproperty_add_parameter(property, icalparameter_new_tzid(name))
        return property
    }

    private func zonePointer(_ name: String) -> OpaquePointer? {
        TimeZoneRegistry.shared.zone(name, definition: zoneDefinitions[name])?.pointer
    }

    private func utc(_ date: Date) -> icaltimetype {
        Libical.fromTimeT(Libical.timeT(date.unixSeconds.rounded(.down)), 0, icaltimezone_get_utc_timezone())
    }

    /// `20261122T090000Z`.
    static func utcText(_ date: Date) -> String {
        let time = Libical.fromTimeT(
            Libical.timeT(date.unixSeconds.rounded(.down)), 0, icaltimezone_get_utc_timezone())
        return Libical.takeString(icaltime_as_ical_string_r(time)) ?? ""
    }

    // MARK: - Other properties

    private static func xProperty(_ name: String, value: String) -> OpaquePointer? {
        guard let property = icalproperty_new_x(value) else { return nil }
        icalproperty_set_x_name(property, name)
        return property
    }

    /// An ORGANIZER or ATTENDEE with its parameters.
    private static func participant(_ participant: Participant, name: String) -> OpaquePointer? {
        var line = name
        if let cn = participant.name { line += ";CN=" + quoted(cn) }
        if let role = participant.role { line += ";ROLE=" + quoted(role) }
        if let status = participant.status { line += ";PARTSTAT=" + quoted(status) }
        if !participant.otherParameters.isEmpty { line += ";" + participant.otherParameters }
        line += ":" + participant.address
        if let property = icalproperty_new_from_string(line) {
            return property
        }
        _ = Libical.takeError()
        // Parameters libical refuses are dropped rather than the person.
        return name == "ORGANIZER"
            ? icalproperty_new_organizer(participant.address) : icalproperty_new_attendee(participant.address)
    }

    /// A parameter value, in quotes when it holds `:`, `;` or `,` (a quote inside becomes `'`).
    private static func quoted(_ value: String) -> String {
        let clean = value.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// Adds a property or component kept verbatim.
    private func addVerbatim(_ text: String, to component: OpaquePointer) {
        if text.hasPrefix("BEGIN:") {
            if let sub = Libical.parse(text) {
                icalcomponent_add_component(component, sub)
            }
        } else if let property = icalproperty_new_from_string(text) {
            icalcomponent_add_property(component, property)
        }
        _ = Libical.takeError()
    }

    /// An attachment as a URI: a path becomes a `file:` URI, a URI stays as it is.
    static func attachmentURI(_ path: String) -> String {
        if path.hasPrefix("/") {
            return URL(fileURLWithPath: path).absoluteString
        }
        if let colon = path.firstIndex(of: ":"), path[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
            colon != path.startIndex
        {
            return path
        }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// TEXT escaped as RFC 5545 asks: `\\`, `\;`, `\,` and `\n`.
    static func escapedText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// True for a kept `PRIORITY` line whose value is not a number.
    static func isWordPriority(_ text: String) -> Bool {
        guard text.hasPrefix("PRIORITY:") else { return false }
        return Int(text.dropFirst("PRIORITY:".count).trimmingCharacters(in: .whitespaces)) == nil
    }

    /// A content line folded at 75 octets (never inside a UTF-8 character), with its CRLF.
    static func folded(_ line: String) -> String {
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result + "\r\n"
    }

    /// The text of a component, freeing it.
    private static func take(_ component: OpaquePointer) -> String {
        defer { icalcomponent_free(component) }
        return Libical.takeString(icalcomponent_as_ical_string_r(component)) ?? ""
    }
}
