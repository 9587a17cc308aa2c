internal import CLibical
import Foundation

/// Turns one parsed VEVENT or VTODO into an item, or into an override of a series when it
/// has a RECURRENCE-ID.
///
/// The properties Datebook reads fill the item's fields; every other property and
/// subcomponent is kept verbatim in `extraProperties` (a VALARM that becomes one of `alarms` is
/// kept there too, see `ICalendarAlarm`). What cannot be read exactly is read as best it can be and
/// said in `notes`; what cannot be read at all makes the component skipped.
struct ComponentDecoder {
    /// A component read.
    struct Decoded {
        /// The item; for an override, the instance as an item of its own (used when its series
        /// is not in the file nor in the database).
        var item: Item
        /// The component's UID (made up when it had none).
        var uid: String
        /// Set for a component with a RECURRENCE-ID.
        var override: RecurrenceOverride?
        /// What was read as best it could be.
        var notes: [String]
    }

    /// Why a component was skipped.
    struct Skip: Error {
        var uid: String?
        var reason: String
    }

    /// The id of an item read, until the importer gives it its own.
    static let unidentified = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    let zones: ICalendarZones
    let coding: StoredTime
    let now: Date

    /// Our own properties: the kind of a reminder, and a task's times after the first.
    static let kindProperty = "X-DATEBOOK-KIND"
    static let timeProperty = "X-DATEBOOK-TIME"
    /// When an event, or one instance of a series, was completed (iCalendar has COMPLETED for
    /// tasks only).
    static let completedProperty = "X-DATEBOOK-COMPLETED"
    /// The due date of an event or reminder (iCalendar has DUE for tasks only).
    static let dueProperty = "X-DATEBOOK-DUE"

    // MARK: - Decoding

    /// Reads a VEVENT or VTODO.
    func decode(_ component: OpaquePointer, text: String) -> Result<Decoded, Skip> {
        let isTodo = icalcomponent_isa(component) == ICAL_VTODO_COMPONENT
        var notes: [String] = []
        var properties: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            properties.append(current)
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        func first(_ kind: icalproperty_kind) -> OpaquePointer? {
            properties.first { icalproperty_isa($0) == kind }
        }

        // The UID, and the zone the item's times are anchored in.
        var uid = first(ICAL_UID_PROPERTY).flatMap { icalproperty_get_uid($0) }.map { String(cString: $0) } ?? ""
        if uid.first?.isWhitespace == true || uid.last?.isWhitespace == true {
            uid = uid.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if uid.isEmpty {
            uid = "datebook-" + Self.fingerprint(text) + "@import"
            notes.append("it has no UID; it was given \(uid), the same on every import of this file")
        }
        let startProperty = first(ICAL_DTSTART_PROPERTY)
        let dueProperty = isTodo ? first(ICAL_DUE_PROPERTY) : nil
        guard isTodo || startProperty != nil else {
            return .failure(Skip(uid: uid, reason: "it has no DTSTART"))
        }
        let anchorProperty = startProperty ?? dueProperty
        var anchor = anchorProperty.map { self.anchor(of: $0, notes: &notes) } ?? Anchor(zone: .utc, pointer: nil)
        // A floating start beside a zoned end (or due date) is read in the end's zone, as other
        // programs read it: read apart, the two need not even come in order.
        if let anchorProperty, Self.isFloatingTime(anchorProperty),
            let other = anchorProperty == startProperty ? (isTodo ? dueProperty : first(ICAL_DTEND_PROPERTY)) : nil,
            !Self.isFloatingTime(other), icalvalue_get_datetime(icalproperty_get_value(other)).is_date == 0
        {
            var ignored: [String] = []
            let zoned = self.anchor(of: other, notes: &ignored)
            if zoned.zone != .floating {
                anchor = zoned
                let name = zoned.zone == .utc ? "UTC" : zoned.zone.identifier ?? "its zone"
                notes.append(
                    "its start is a floating time and its \(isTodo ? "due date" : "end") is in \(name); "
                        + "the start was read in \(name) too")
            }
        }

        var item = Item(
            id: Self.unidentified, kind: isTodo ? .task : .event, title: "", created: now, updated: now, timeZone: anchor.zone,
            icalUID: uid)
        // What the item keeps verbatim, gathered here and set once: each append through the
        // item's boxed details copied all before it (20,000 VALARMs took seconds).
        var extras: [String] = []
        var categories: [String] = []
        var attendees: [Participant] = []
        var periods: [ItemTime] = []
        var recurrenceDates: [Date] = []
        var exceptionRuleCount = 0
        var recurrenceID: Date?
        var isCancelled = false
        var instanceCompleted: Date?
        var overrideText: (title: String?, place: String?, notes: String?) = (nil, nil, nil)
        var start: Date?
        var startIsDate = false
        var end: Date?
        var duration: Double?
        var completed: Date?
        /// DTSTAMP, and whether CREATED was given (without it, the stamp says when it was made).
        var stamp: Date?
        var sawCreated = false
        var status: icalproperty_status?
        var sawStatus = false
        var sawRule = false
        var extraTimes: [ItemTime] = []
        var thisAndFuture = false
        /// EXDATEs, and whether each is a date: on a timed series a date takes out a whole day.
        var exceptions: [(date: Date, isDate: Bool)] = []
        let isOverride = first(ICAL_RECURRENCEID_PROPERTY) != nil

        for property in properties {
            let kind = icalproperty_isa(property)
            let completes =
                kind == ICAL_COMPLETED_PROPERTY
                || (kind == ICAL_X_PROPERTY && Self.xName(property) == Self.completedProperty)
            if isOverride && !Self.overrideKinds.contains(kind) && !completes {
                // An instance keeps its own times and texts; the rest of it stays as it came.
                extras.append(Self.unfoldedText(of: property))
                continue
            }
            if Self.timeKinds.contains(kind), let note = Self.impossibleTime(in: property) {
                notes.append(note)
            }
            switch kind {
            case ICAL_UID_PROPERTY:
                break
            case ICAL_DTSTAMP_PROPERTY:
                stamp = date(icalproperty_get_dtstamp(property), property, anchor)
            case ICAL_XLICERROR_PROPERTY:
                let message = icalproperty_get_xlicerror(property).map { String(cString: $0) } ?? "unreadable"
                notes.append("libical could not read a property (\(message)); it was left out")
            case ICAL_DTSTART_PROPERTY where property == startProperty:
                let time = icalproperty_get_dtstart(property)
                startIsDate = time.is_date != 0
                start = date(time, property, anchor)
            case ICAL_DTEND_PROPERTY where !isTodo && end == nil:
                end = date(icalproperty_get_dtend(property), property, anchor)
            case ICAL_DUE_PROPERTY where isTodo && item.due == nil:
                item.due = date(icalproperty_get_due(property), property, anchor)
            case ICAL_DURATION_PROPERTY where duration == nil:
                duration = Double(icaldurationtype_as_int(icalproperty_get_duration(property)))
            case ICAL_RECURRENCEID_PROPERTY where recurrenceID == nil:
                recurrenceID = date(icalproperty_get_recurrenceid(property), property, anchor)
                if let range = icalproperty_get_first_parameter(property, ICAL_RANGE_PARAMETER),
                    icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
                {
                    thisAndFuture = true
                }
            case ICAL_SUMMARY_PROPERTY where overrideText.title == nil:
                overrideText.title = string(icalproperty_get_summary(property))
            case ICAL_LOCATION_PROPERTY where overrideText.place == nil:
                overrideText.place = string(icalproperty_get_location(property))
            case ICAL_DESCRIPTION_PROPERTY where overrideText.notes == nil:
                overrideText.notes = string(icalproperty_get_description(property))
            case ICAL_PRIORITY_PROPERTY:
                let priority = Int(icalproperty_get_priority(property))
                if priority == 0, let written = Self.writtenValue(of: "PRIORITY", in: text),
                    Int(written.trimmingCharacters(in: .whitespaces)) == nil
                {
                    // libical reads a word as 0: the word is read here.
                    if let level = Self.priority(named: written) {
                        item.priority = level
                        if level != 0 {
                            notes.append("PRIORITY \u{201C}\(written)\u{201D} was read as \(level)")
                        }
                    } else {
                        notes.append("PRIORITY \u{201C}\(written)\u{201D} is neither a number nor a level Datebook knows; "
                            + "it is kept as it is for export")
                        extras.append("PRIORITY:" + written)
                    }
                    break
                }
                item.priority = min(max(priority, 0), 9)
                if priority != item.priority {
                    notes.append("PRIORITY \(priority) is outside 0–9; read as \(item.priority)")
                }
            case ICAL_CATEGORIES_PROPERTY:
                if let value = icalproperty_get_categories(property) {
                    categories += [String(cString: value)].filter { !$0.isEmpty }
                }
            case ICAL_ATTACH_PROPERTY:
                if let attach = icalproperty_get_attach(property), icalattach_get_is_url(attach) != 0,
                    let url = icalattach_get_url(attach)
                {
                    item.attachments.append(Self.attachmentPath(String(cString: url)))
                } else {
                    extras.append(Self.unfoldedText(of: property))
                }
            case ICAL_RRULE_PROPERTY where !sawRule:
                sawRule = true
                item.repeatRule = Libical.takeString(icalproperty_get_value_as_string_r(property))
            case ICAL_RDATE_PROPERTY:
                let value = icalproperty_get_rdate(property)
                if icaltime_is_null_time(value.time) == 0 {
                    recurrenceDates.append(date(value.time, property, anchor))
                } else {
                    // A period: the instance has its own length, to its end or for its duration.
                    let periodStart = date(value.period.start, property, anchor)
                    let periodEnd: Date =
                        icaltime_is_null_time(value.period.end) == 0
                        ? date(value.period.end, property, anchor)
                        : periodStart.addingTimeInterval(Double(icaldurationtype_as_int(value.period.duration)))
                    periods.append(ItemTime(start: periodStart, end: max(periodEnd, periodStart)))
                }
            case ICAL_EXDATE_PROPERTY:
                let time = icalproperty_get_exdate(property)
                exceptions.append((date(time, property, anchor), time.is_date != 0))
            case ICAL_ORGANIZER_PROPERTY where item.organizer == nil:
                item.organizer = participant(property, address: icalproperty_get_organizer(property))
            case ICAL_ATTENDEE_PROPERTY:
                if let attendee = participant(property, address: icalproperty_get_attendee(property)) {
                    attendees.append(attendee)
                }
            case ICAL_STATUS_PROPERTY where !sawStatus:
                sawStatus = true
                let value = icalproperty_get_status(property)
                if value == ICAL_STATUS_COMPLETED || value == ICAL_STATUS_CANCELLED {
                    status = value
                } else {
                    extras.append(Self.unfoldedText(of: property))
                }
            case ICAL_COMPLETED_PROPERTY where isTodo && completed == nil:
                completed = date(icalproperty_get_completed(property), property, anchor)
            case ICAL_CREATED_PROPERTY:
                item.created = date(icalproperty_get_created(property), property, anchor)
                sawCreated = true
            case ICAL_LASTMODIFIED_PROPERTY:
                item.updated = date(icalproperty_get_lastmodified(property), property, anchor)
            case ICAL_X_PROPERTY where Self.xName(property) == Self.kindProperty:
                if string(icalproperty_get_x(property))?.lowercased() == ItemKind.reminder.rawValue, !isTodo {
                    item.kind = .reminder
                }
            case ICAL_X_PROPERTY where Self.xName(property) == Self.dueProperty && !isTodo:
                if let value = string(icalproperty_get_x(property)), let time = extraTime(value, anchor) {
                    item.due = time.start
                } else {
                    extras.append(Self.unfoldedText(of: property))
                }
            case ICAL_X_PROPERTY where Self.xName(property) == Self.completedProperty && !isTodo && completed == nil:
                if let value = string(icalproperty_get_x(property)), let time = extraTime(value, anchor) {
                    completed = time.start
                } else {
                    extras.append(Self.unfoldedText(of: property))
                }
            case ICAL_X_PROPERTY where Self.xName(property) == Self.timeProperty:
                if let value = string(icalproperty_get_x(property)), let time = extraTime(value, anchor) {
                    extraTimes.append(time)
                } else {
                    extras.append(Self.unfoldedText(of: property))
                }
            default:
                if kind == ICAL_RRULE_PROPERTY {
                    notes.append("only the first RRULE is expanded; the others are kept as they are")
                } else if kind == ICAL_EXRULE_PROPERTY, exceptionRuleCount >= Item.mostExceptionRules {
                    exceptionRuleCount += 1
                    if exceptionRuleCount == Item.mostExceptionRules + 1 {
                        notes.append("only the first \(Item.mostExceptionRules) EXRULEs are applied; "
                            + "the others are kept as they are")
                    }
                } else if kind == ICAL_EXRULE_PROPERTY, let start = startProperty {
                    // Applied with the series (see `Item.exceptionRules`), unless too costly to walk.
                    exceptionRuleCount += 1
                    let rule = Libical.takeString(icalproperty_get_value_as_string_r(property)) ?? ""
                    let time = icalproperty_get_dtstart(start)
                    let seconds = coding.seconds(date(time, start, anchor), anchor.zone)
                    if let problem = RecurrenceRule.exceptionProblem(
                        rule, start: seconds, isDate: time.is_date != 0 && anchor.zone == .floating, zone: anchor.zone)
                    {
                        notes.append("EXRULE:\(rule): \(problem.prefix(1).lowercased() + problem.dropFirst()); "
                            + "kept but not applied")
                    }
                }
                extras.append(Self.unfoldedText(of: property))
            }
        }

        if !categories.isEmpty { item.categories = categories }
        if !attendees.isEmpty { item.attendees = attendees }
        if !periods.isEmpty { item.recurrencePeriods = periods }
        if !recurrenceDates.isEmpty { item.recurrenceDates = recurrenceDates }

        // Subcomponents: every VALARM and anything else is kept verbatim; every alarm Datebook
        // can show becomes one of `alarms`.
        var subcomponent = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        var subcomponents: [OpaquePointer] = []
        while let current = subcomponent {
            subcomponents.append(current)
            subcomponent = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        for sub in subcomponents {
            for message in Self.removeErrors(from: sub) {
                notes.append("libical could not read a property of a \(Self.name(of: sub)) (\(message)); it was left out")
            }
            guard let text = Libical.takeString(icalcomponent_as_ical_string_r(sub)).map(Self.trimmingLineEnd) else {
                continue
            }
            if let alarm = ICalendarAlarm.alarm(of: sub) {
                item.alarms.append(alarm)
                // An alarm that says nothing more than `alarm` (as Datebook writes them) need
                // not be kept: an export writes it again.
                if text == ICalendarAlarm.text(for: alarm, description: overrideText.title ?? "") {
                    continue
                }
            }
            extras.append(text)
        }

        // EXDATEs: a date on a series of timed instances takes out the day.
        var exceptionDays: [Date] = []
        var exceptionDates: [Date] = []
        for exception in exceptions {
            if exception.isDate && !startIsDate && start != nil {
                exceptionDays.append(exception.date)
            } else {
                exceptionDates.append(exception.date)
            }
        }
        if !exceptionDays.isEmpty { item.exceptionDays += exceptionDays }
        if !exceptionDates.isEmpty { item.exceptionDates += exceptionDates }

        // Times.
        item.title = overrideText.title ?? ""
        item.place = overrideText.place ?? ""
        item.notes = overrideText.notes ?? ""
        if let start {
            item.allDay = startIsDate
            let zone = item.timeZone
            var finish = end ?? duration.map { coding.date(coding.seconds(start, zone) + $0, zone) }
            if finish == nil && !isTodo && item.kind == .event {
                finish = startIsDate ? start.addingTimeInterval(86_400) : start
            }
            if startIsDate, !isTodo, let given = finish, given <= start {
                // A day-long event of no days: other programs show it on its one day.
                notes.append("its DTEND is not after its DTSTART; it was made to last its first day")
                finish = start.addingTimeInterval(86_400)
            } else if let given = finish, given < start {
                notes.append("it ends before it starts; it was made to end at its start")
                finish = start
            }
            // A task with a start and a due date is worked on between the two.
            let taskEnd = item.due.flatMap { $0 >= start ? $0 : nil }
            item.times = extraTimes.isEmpty ? [ItemTime(start: start, end: isTodo ? taskEnd : finish)] : extraTimes
        }
        if isTodo, start == nil, dueProperty.map({ icalproperty_get_due($0).is_date != 0 }) == true {
            // Due on a date, with no time of its own: a task of days, due that date in every zone.
            item.allDay = true
        }
        if isTodo, item.due == nil, let start, let duration {
            item.due = start.addingTimeInterval(duration)
        }
        if item.kind == .reminder, let start {
            item.times = [ItemTime(start: start)]
        }
        // Without CREATED, the time the file was written stands for when the item was made, not
        // the time it was read: two devices reading one resource then agree on it. (An instance
        // read alone keeps the time it was read, as an instance's stamps are not the item's.)
        if !isOverride, !sawCreated, let stamp, stamp <= now {
            item.created = stamp
        }

        // Status.
        if status == ICAL_STATUS_CANCELLED {
            if recurrenceID != nil {
                isCancelled = true
            } else {
                item.status = .deleted
                item.statusChangedAt = item.updated
            }
        } else if isTodo ? status == ICAL_STATUS_COMPLETED || (!sawStatus && completed != nil) : completed != nil {
            // A task with STATUS:COMPLETED or only a COMPLETED time; an event with Datebook's mark.
            if recurrenceID != nil {
                instanceCompleted = completed ?? item.updated
            } else {
                item.status = .completed
                item.statusChangedAt = completed ?? item.updated
            }
        } else if isTodo, let property = first(ICAL_COMPLETED_PROPERTY) {
            // COMPLETED on a task whose STATUS says otherwise: STATUS wins, COMPLETED is kept.
            extras.append(Self.unfoldedText(of: property))
        }

        // The repeat rule: one libical cannot expand, one it would take too long to walk, or one
        // that ends before it starts, is kept verbatim (an export writes it back) and the item
        // imported without it: its DTSTART and RDATEs only.
        if isOverride {
            // Properties of an instance were kept above.
        } else if let rule = item.repeatRule, let begin = start ?? item.due {
            let seconds = coding.seconds(begin, item.timeZone)
            let isDate = item.allDay && item.timeZone == .floating
            if let problem = RecurrenceRule.problem(rule, start: seconds, isDate: isDate, zone: item.timeZone) {
                let unexpanded = RecurrenceRule.refusal(rule, start: seconds, isDate: isDate, zone: item.timeZone) != nil
                notes.append(
                    "RRULE:\(rule): \(problem.prefix(1).lowercased() + problem.dropFirst()); "
                        + (unexpanded ? "kept unexpanded: only its first time is shown" : "imported without it"))
                extras.insert("RRULE:" + rule, at: 0)
                item.repeatRule = nil
            }
        } else if let rule = item.repeatRule {
            notes.append("RRULE:\(rule) has no DTSTART to repeat from; kept but not applied")
            extras.insert("RRULE:" + rule, at: 0)
            item.repeatRule = nil
        }
        item.extraProperties = extras
        if item.title.allSatisfy(\.isWhitespace) && recurrenceID == nil {
            item.title = "(no title)"
            notes.append("it has no SUMMARY; it was titled \u{201C}(no title)\u{201D}")
        }
        zones.use(item.timeZone)

        var override: RecurrenceOverride?
        if let recurrenceID {
            let instanceStart = start ?? recurrenceID
            override = RecurrenceOverride(
                recurrenceID: recurrenceID, isCancelled: isCancelled, start: instanceStart,
                end: item.times.first?.end, title: overrideText.title, place: overrideText.place,
                notes: overrideText.notes, extraProperties: item.extraProperties, completedAt: instanceCompleted,
                thisAndFuture: thisAndFuture)
            if item.title.allSatisfy(\.isWhitespace) { item.title = "(no title)" }
        }
        return .success(Decoded(item: item, uid: uid, override: override, notes: notes))
    }

    /// Takes libical's X-LIC-ERROR properties out of a component and those inside it, and
    /// returns their messages.
    private static func removeErrors(from component: OpaquePointer) -> [String] {
        var messages: [String] = []
        var errors: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            errors.append(current)
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        for error in errors {
            messages.append(icalproperty_get_xlicerror(error).map { String(cString: $0) } ?? "unreadable")
            icalcomponent_remove_property(component, error)
            icalproperty_free(error)
        }
        var subcomponents: [OpaquePointer] = []
        var sub = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = sub {
            subcomponents.append(current)
            sub = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        for sub in subcomponents {
            messages += removeErrors(from: sub)
        }
        return messages
    }

    private static func name(of component: OpaquePointer) -> String {
        icalcomponent_kind_to_string(icalcomponent_isa(component)).map { String(cString: $0) } ?? "component"
    }

    // MARK: - Times

    /// The properties whose value is one date or time.
    static let timeKinds: Set<icalproperty_kind> = [
        ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_DUE_PROPERTY, ICAL_RECURRENCEID_PROPERTY,
        ICAL_EXDATE_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_COMPLETED_PROPERTY,
    ]

    /// A note when a property's date or time is none of the calendar's (`20260230`, `T250000`):
    /// libical counts on past the month's end or the day's, and the note says where that landed.
    static func impossibleTime(in property: OpaquePointer) -> String? {
        guard let value = icalproperty_get_value(property),
            icalvalue_isa(value) == ICAL_DATE_VALUE || icalvalue_isa(value) == ICAL_DATETIME_VALUE
        else { return nil }
        let time = icalvalue_get_datetime(value)
        guard icaltime_is_null_time(time) == 0 else { return nil }
        let problem: DateParseError
        if !(1...12).contains(time.month) {
            problem = .noSuchMonth(Int(time.month))
        } else if !(1...CivilDay.daysIn(Int(time.month), Int(time.year))).contains(Int(time.day)) {
            let leapDay = time.month == 2 && time.day == 29
            problem = .noSuchDay(day: Int(time.day), month: Int(time.month), year: leapDay ? Int(time.year) : nil)
        } else if time.is_date == 0 && (time.hour > 23 || time.minute > 59 || time.second > 60) {
            problem = .notATime(String(format: "%02d:%02d:%02d", time.hour, time.minute, time.second))
        } else {
            return nil
        }
        let name = icalproperty_get_property_name(property).map { String(cString: $0) } ?? "a time"
        let written = Libical.takeString(icalvalue_as_ical_string_r(value)) ?? ""
        let landed = icaltime_normalize(time)
        let read = String(format: "%04d-%02d-%02d", landed.year, landed.month, landed.day)
            + (time.is_date == 0 ? String(format: " %02d:%02d", landed.hour, landed.minute) : "")
        // "February has no day 30" keeps its capital; "There is no month 13" does not.
        let why = problem.description.hasPrefix("There ") ? "t" + problem.description.dropFirst() : problem.description
        return "\(name) \(written) is not a date: \(why); it was read as \(read)"
    }

    /// How the times of one item are anchored, as found on its DTSTART (or DUE).
    struct Anchor {
        var zone: ItemTimeZone
        var pointer: OpaquePointer?
    }

    private func anchor(of property: OpaquePointer, notes: inout [String]) -> Anchor {
        let time = icalvalue_get_datetime(icalproperty_get_value(property))
        if time.is_date != 0 { return Anchor(zone: .floating, pointer: nil) }
        if icaltime_is_utc(time) != 0 { return Anchor(zone: .utc, pointer: icaltimezone_get_utc_timezone()) }
        guard let tzid = Self.tzid(of: property) else { return Anchor(zone: .floating, pointer: nil) }
        let resolved = zones.resolve(tzid)
        if let problem = resolved.problem {
            notes.append("the VTIMEZONE of \u{201C}\(tzid)\u{201D} cannot be used (\(problem)); "
                + "its times were read as floating (local) times")
        } else if resolved.pointer == nil {
            notes.append("the TZID \u{201C}\(tzid)\u{201D} is neither a known time zone nor defined in the file; "
                + "its times were read as floating (local) times")
        }
        return Anchor(zone: resolved.zone, pointer: resolved.pointer)
    }

    /// The date a property's time stands for, in an item anchored by `anchor`.
    private func date(_ time: icaltimetype, _ property: OpaquePointer, _ anchor: Anchor) -> Date {
        let wall = Double(Libical.asTimeT(time, nil))
        if time.is_date != 0 {
            return coding.date(wall, .floating)
        }
        if icaltime_is_utc(time) != 0 {
            return Date(unixSeconds: Double(Libical.asTimeT(time, icaltimezone_get_utc_timezone())))
        }
        if let tzid = Self.tzid(of: property), let zone = zones.resolve(tzid).pointer {
            return Date(unixSeconds: Double(Libical.asTimeT(time, zone)))
        }
        // A floating time: in a floating item it stays one; in a zoned item it is read in that zone.
        if anchor.zone != .floating, let zone = anchor.pointer {
            return Date(unixSeconds: Double(Libical.asTimeT(time, zone)))
        }
        return coding.date(wall, .floating)
    }

    /// A task's further time, from `X-DATEBOOK-TIME:START/END` (iCalendar date-times, floating or UTC).
    private func extraTime(_ value: String, _ anchor: Anchor) -> ItemTime? {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        func read(_ text: String) -> Date? {
            let time = icaltime_from_string(text)
            guard icaltime_is_null_time(time) == 0, icaltime_is_valid_time(time) != 0 else { return nil }
            if icaltime_is_utc(time) != 0 {
                return Date(unixSeconds: Double(Libical.asTimeT(time, icaltimezone_get_utc_timezone())))
            }
            if anchor.zone != .floating, let zone = anchor.pointer {
                return Date(unixSeconds: Double(Libical.asTimeT(time, zone)))
            }
            return coding.date(Double(Libical.asTimeT(time, nil)), .floating)
        }
        guard let start = read(parts[0]) else { return nil }
        if parts.count == 2, !parts[1].isEmpty {
            guard let end = read(parts[1]) else { return nil }
            return ItemTime(start: start, end: end)
        }
        return ItemTime(start: start)
    }

    // MARK: - Participants

    private func participant(_ property: OpaquePointer, address: UnsafePointer<CChar>?) -> Participant? {
        guard let address else { return nil }
        var participant = Participant(address: String(cString: address))
        var others: [String] = []
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            switch icalparameter_isa(current) {
            case ICAL_CN_PARAMETER:
                participant.name = string(icalparameter_get_cn(current))
            case ICAL_ROLE_PARAMETER:
                participant.role = Self.parameterValue(current)
            case ICAL_PARTSTAT_PARAMETER:
                participant.status = Self.parameterValue(current)
            default:
                if let text = Libical.takeString(icalparameter_as_ical_string_r(current)) {
                    others.append(text)
                }
            }
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
        }
        participant.otherParameters = others.joined(separator: ";")
        return participant
    }

    /// The value of a parameter, as written (`CHAIR` from `ROLE=CHAIR`).
    private static func parameterValue(_ parameter: OpaquePointer) -> String? {
        guard let text = Libical.takeString(icalparameter_as_ical_string_r(parameter)),
            let equals = text.firstIndex(of: "=")
        else { return nil }
        return String(text[text.index(after: equals)...])
    }

    // MARK: - Text

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func tzid(of property: OpaquePointer) -> String? {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
            let tzid = icalparameter_get_tzid(parameter)
        else { return nil }
        return String(cString: tzid)
    }

    /// True for a DATE-TIME without a zone: neither UTC nor with a TZID.
    private static func isFloatingTime(_ property: OpaquePointer) -> Bool {
        let time = icalvalue_get_datetime(icalproperty_get_value(property))
        return time.is_date == 0 && icaltime_is_utc(time) == 0
            && icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER) == nil
    }

    /// The value of the first `name` property of a component's own text as written, unfolded
    /// (what libical read as something else), or nil.
    static func writtenValue(of name: String, in text: String) -> String? {
        writtenValues(of: [name], in: text)[name]
    }

    /// The values of the first property of each of `names` (upper-case ASCII) in a
    /// component's own text as written, unfolded, in one pass over its bytes: a line ends at
    /// CR, LF or both; a line that begins with a space or a tab continues the one before
    /// (without that character); a name is compared without regard to ASCII case; the value
    /// is what follows the line's first colon. The lines of components inside it (a VALARM's
    /// SUMMARY) are not its own.
    static func writtenValues(of names: [String], in text: String) -> [String: String] {
        var unfolded: [UInt8] = []
        unfolded.reserveCapacity(text.utf8.count)
        var starts: [Int] = []
        var atLineStart = true
        for byte in text.utf8 {
            if byte == 13 || byte == 10 {
                atLineStart = true
                continue
            }
            if atLineStart {
                atLineStart = false
                if (byte == 32 || byte == 9) && !starts.isEmpty { continue }
                starts.append(unfolded.count)
            }
            unfolded.append(byte)
        }
        func isName(_ bytes: ArraySlice<UInt8>, _ name: [UInt8]) -> Bool {
            bytes.count == name.count && zip(name, bytes).allSatisfy { $0 == ($1 >= 97 && $1 <= 122 ? $1 - 32 : $1) }
        }
        let wanted = names.map { Array($0.utf8) }
        let begin = Array("BEGIN".utf8), end = Array("END".utf8)
        var depth = 0  // components begun and not ended: 1 inside the component itself
        var found: [String: String] = [:]
        for (index, start) in starts.enumerated() where found.count < names.count {
            let lineEnd = index + 1 < starts.count ? starts[index + 1] : unfolded.count
            guard let nameEnd = unfolded[start..<lineEnd].firstIndex(where: { $0 == 58 || $0 == 59 }),
                let colon = unfolded[start..<lineEnd].firstIndex(of: 58)
            else { continue }
            let name = unfolded[start..<nameEnd]
            if isName(name, begin) {
                depth += 1
            } else if isName(name, end) {
                depth -= 1
            } else if depth <= 1 {
                for (n, bytes) in wanted.enumerated() where found[names[n]] == nil && isName(name, bytes) {
                    found[names[n]] = String(decoding: unfolded[(colon + 1)..<lineEnd], as: UTF8.self)
                }
            }
        }
        return found
    }

    /// The PRIORITY of a level written as a word (as some programs write it), or nil for a word
    /// Datebook does not know: RFC 5545 counts 1–4 as high, 5 as medium and 6–9 as low.
    static func priority(named word: String) -> Int? {
        switch word.trimmingCharacters(in: .whitespaces).uppercased() {
        case "HIGH", "HIGHEST", "URGENT", "IMPORTANT", "CRITICAL": return 1
        case "MEDIUM", "NORMAL", "MODERATE": return 5
        case "LOW", "LOWEST": return 9
        case "", "NONE", "UNDEFINED", "UNKNOWN": return 0
        default: return nil
        }
    }

    private static func xName(_ property: OpaquePointer) -> String? {
        icalproperty_get_x_name(property).map { String(cString: $0).uppercased() }
    }

    /// A property as one unfolded content line without its line end.
    static func unfoldedText(of property: OpaquePointer) -> String {
        guard let pointer = icalproperty_as_ical_string_r(property) else { return "" }
        defer { icalmemory_free_buffer(pointer) }
        // Unfold on bytes: a fold may fall inside a UTF-8 character.
        var bytes: [UInt8] = []
        var index = 0
        let raw = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        while raw[index] != 0 {
            let byte = raw[index]
            if byte == 0x0D && raw[index + 1] == 0x0A && (raw[index + 2] == 0x20 || raw[index + 2] == 0x09) {
                index += 3
                continue
            }
            if byte == 0x0A && (raw[index + 1] == 0x20 || raw[index + 1] == 0x09) {
                index += 2
                continue
            }
            bytes.append(byte)
            index += 1
        }
        return trimmingLineEnd(String(decoding: bytes, as: UTF8.self))
    }

    static func trimmingLineEnd(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == "\n" || last == "\r" || last == "\r\n" {
            result = result.dropLast()
        }
        return String(result)
    }

    /// An ATTACH URI as an attachment: a `file:` URI becomes its path, others stay URIs.
    static func attachmentPath(_ uri: String) -> String {
        if uri.lowercased().hasPrefix("file://"), let url = URL(string: uri), url.isFileURL {
            return url.path
        }
        return uri
    }

    /// The properties an instance of a series (a component with a RECURRENCE-ID) is read
    /// for; its others are kept verbatim.
    static let overrideKinds: [icalproperty_kind] = [
        ICAL_UID_PROPERTY, ICAL_DTSTAMP_PROPERTY, ICAL_XLICERROR_PROPERTY, ICAL_DTSTART_PROPERTY,
        ICAL_DTEND_PROPERTY, ICAL_DURATION_PROPERTY, ICAL_RECURRENCEID_PROPERTY, ICAL_SUMMARY_PROPERTY,
        ICAL_LOCATION_PROPERTY, ICAL_DESCRIPTION_PROPERTY, ICAL_STATUS_PROPERTY,
    ]

    /// A stable short fingerprint of a component's text (FNV-1a, 64 bits, in hex).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
