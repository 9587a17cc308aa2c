import Foundation

/// One item as `datebook list --json` prints it.
///
/// Dates are ISO 8601 with the offset of the chosen time zone (`2026-11-22T10:00:00+01:00`);
/// an all-day item's are plain days (`2026-11-22`), its `end` the last day, inclusive, as
/// `datebook add --end` takes it. A missing value is written as `null`, never left out, so
/// every object has every key.
/// `start` and `end` repeat the first of `times`.
public struct ItemJSON: Encodable, Equatable, Sendable {
    /// One time of the item.
    public struct Time: Encodable, Equatable, Sendable {
        public var start: String
        public var end: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
        }

        enum CodingKeys: String, CodingKey {
            case start, end
        }
    }

    /// One of the item's alarms: `minutesBefore` the start, or `at` a fixed time (the other
    /// is null).
    public struct Alarm: Encodable, Equatable, Sendable {
        public var minutesBefore: Int?
        public var at: String?
        public var sound: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(minutesBefore, forKey: .minutesBefore)
            try container.encode(at, forKey: .at)
            try container.encode(sound, forKey: .sound)
        }

        enum CodingKeys: String, CodingKey {
            case minutesBefore, at, sound
        }
    }

    /// An organizer or attendee, as iCalendar has them.
    public struct Person: Encodable, Equatable, Sendable {
        /// `mailto:ana@example.org`.
        public var address: String
        public var name: String?
        public var role: String?
        public var status: String?
        /// Other parameters as written (`RSVP=TRUE;CUTYPE=INDIVIDUAL`).
        public var otherParameters: String

        init(_ participant: Participant) {
            address = participant.address
            name = participant.name
            role = participant.role
            status = participant.status
            otherParameters = participant.otherParameters
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(address, forKey: .address)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encode(status, forKey: .status)
            try container.encode(otherParameters, forKey: .otherParameters)
        }

        enum CodingKeys: String, CodingKey {
            case address, name, role, status, otherParameters
        }
    }

    /// One instance of a series changed on its own: moved, retitled, cancelled or completed.
    public struct Change: Encodable, Equatable, Sendable {
        /// The instance's original start, which names it.
        public var recurrenceId: String
        public var start: String
        public var end: String?
        public var cancelled: Bool
        /// Its own texts; null where it keeps the series'.
        public var title: String?
        public var place: String?
        public var notes: String?
        public var completedAt: String?
        /// True when the change holds for this instance and those after it.
        public var thisAndFuture: Bool
        public var extraProperties: [String]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(recurrenceId, forKey: .recurrenceId)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(cancelled, forKey: .cancelled)
            try container.encode(title, forKey: .title)
            try container.encode(place, forKey: .place)
            try container.encode(notes, forKey: .notes)
            try container.encode(completedAt, forKey: .completedAt)
            try container.encode(thisAndFuture, forKey: .thisAndFuture)
            try container.encode(extraProperties, forKey: .extraProperties)
        }

        enum CodingKeys: String, CodingKey {
            case recurrenceId, start, end, cancelled, title, place, notes, completedAt, thisAndFuture, extraProperties
        }
    }

    // MARK: - Fields

    /// The lowercase UUID.
    public var id: String
    /// `event`, `task` or `reminder`.
    public var kind: String
    public var title: String
    public var start: String?
    public var end: String?
    public var due: String?
    public var allDay: Bool
    public var place: String
    public var notes: String
    /// `active`, `completed` or `deleted`.
    public var status: String
    public var statusChangedAt: String?
    public var priority: Int
    public var category: String
    public var times: [Time]
    public var alarms: [Alarm]
    public var repeatRule: String?
    public var attachments: [String]
    public var created: String
    public var updated: String
    /// `UTC`, `floating` (the wall clock wherever the planner runs), or the zone's name
    /// (`Europe/Berlin`): where the times are anchored and a series is expanded.
    public var timeZone: String
    /// The iCalendar UID, when it is not the id (an imported item's).
    public var uid: String?
    /// More times of a series (RDATE), each a start, or a start and an end.
    public var recurrenceDates: [String]
    public var recurrencePeriods: [Time]
    /// Instances left out (EXDATE): by their start, or (`exceptionDays`) whole days.
    public var exceptionDates: [String]
    public var exceptionDays: [String]
    /// True when only the instances are known, not the rule (a series imported so).
    public var instancesOnly: Bool
    /// Instances changed on their own.
    public var overrides: [Change]
    public var organizer: Person?
    public var attendees: [Person]
    /// The categories after `category`.
    public var moreCategories: [String]
    /// iCalendar properties Datebook does not show, kept as written for export.
    public var extraProperties: [String]

    // MARK: - Creating

    /// The JSON form of `item`, dates shown in `timeZone`.
    public init(_ item: Item, timeZone: TimeZone) {
        func text(_ date: Date) -> String { DateText.iso8601(date, timeZone: timeZone) }
        // An all-day item's dates are days, its end the last day (inclusive), as typed.
        func day(_ date: Date) -> String { DateText.isoDate(date, timeZone: timeZone) }
        func lastDay(_ start: Date, _ end: Date) -> String { day(max(end.addingTimeInterval(-1), start)) }
        let days = item.allDay
        func time(_ time: ItemTime) -> Time {
            guard days else { return Time(start: text(time.start), end: time.end.map(text)) }
            return Time(start: day(time.start), end: time.end.map { lastDay(time.start, $0) })
        }
        id = item.id.uuidString.lowercased()
        kind = item.kind.rawValue
        title = item.title
        let first = item.times.first.map(time)
        start = first?.start
        end = first?.end
        due = item.due.map(days ? day : text)
        allDay = item.allDay
        place = item.place
        notes = item.notes
        status = item.status.rawValue
        statusChangedAt = item.statusChangedAt.map(text)
        priority = item.priority
        category = item.category
        times = item.times.map(time)
        alarms = item.alarms.map { Alarm(minutesBefore: $0.minutesBefore, at: $0.fixedTime.map(text), sound: $0.sound) }
        repeatRule = item.repeatRule
        attachments = item.attachments
        created = text(item.created)
        updated = text(item.updated)
        switch item.timeZone {
        case .utc: self.timeZone = "UTC"
        case .floating: self.timeZone = "floating"
        case let .named(name): self.timeZone = name
        }
        uid = item.icalUID
        let instant: (Date) -> String = days ? day : text
        recurrenceDates = item.recurrenceDates.map(instant)
        recurrencePeriods = item.recurrencePeriods.map(time)
        exceptionDates = item.exceptionDates.map(instant)
        exceptionDays = item.exceptionDays.map(day)
        instancesOnly = item.instancesOnly
        overrides = item.overrides.map { change in
            Change(
                recurrenceId: instant(change.recurrenceID), start: instant(change.start),
                end: change.end.map { days ? lastDay(change.start, $0) : text($0) }, cancelled: change.isCancelled,
                title: change.title, place: change.place, notes: change.notes, completedAt: change.completedAt.map(text),
                thisAndFuture: change.thisAndFuture, extraProperties: change.extraProperties)
        }
        organizer = item.organizer.map(Person.init)
        attendees = item.attendees.map(Person.init)
        moreCategories = item.moreCategories
        extraProperties = item.extraProperties
    }

    // MARK: - Encoding

    /// The items as a pretty-printed JSON array with sorted keys, dates shown in `timeZone`.
    public static func encode(_ items: [Item], timeZone: TimeZone) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ControlCharacters.escapingInJSON(try encoder.encode(items.map { ItemJSON($0, timeZone: timeZone) }))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(due, forKey: .due)
        try container.encode(allDay, forKey: .allDay)
        try container.encode(place, forKey: .place)
        try container.encode(notes, forKey: .notes)
        try container.encode(status, forKey: .status)
        try container.encode(statusChangedAt, forKey: .statusChangedAt)
        try container.encode(priority, forKey: .priority)
        try container.encode(category, forKey: .category)
        try container.encode(times, forKey: .times)
        try container.encode(alarms, forKey: .alarms)
        try container.encode(repeatRule, forKey: .repeatRule)
        try container.encode(attachments, forKey: .attachments)
        try container.encode(created, forKey: .created)
        try container.encode(updated, forKey: .updated)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(uid, forKey: .uid)
        try container.encode(recurrenceDates, forKey: .recurrenceDates)
        try container.encode(recurrencePeriods, forKey: .recurrencePeriods)
        try container.encode(exceptionDates, forKey: .exceptionDates)
        try container.encode(exceptionDays, forKey: .exceptionDays)
        try container.encode(instancesOnly, forKey: .instancesOnly)
        try container.encode(overrides, forKey: .overrides)
        try container.encode(organizer, forKey: .organizer)
        try container.encode(attendees, forKey: .attendees)
        try container.encode(moreCategories, forKey: .moreCategories)
        try container.encode(extraProperties, forKey: .extraProperties)
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, start, end, due, allDay, place, notes, status, statusChangedAt
        case priority, category, times, alarms, repeatRule, attachments, created, updated
        case timeZone, uid, recurrenceDates, recurrencePeriods, exceptionDates, exceptionDays, instancesOnly
        case overrides, organizer, attendees, moreCategories, extraProperties
    }
}
