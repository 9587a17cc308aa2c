import Foundation

/// What an item is: an event in the calendar, a task to do, or a reminder that rings.
public enum ItemKind: String, Codable, Sendable, CaseIterable {
    case event
    case task
    case reminder
}

/// Where an item stands: in the Events list, or in History as completed or not completed.
///
/// A deleted item is kept in History as *not completed* (seed 003); setting a History item
/// back to not completed returns it to the list as `.active`.
public enum ItemStatus: String, Codable, Sendable, CaseIterable {
    case active
    case completed
    case deleted
}

/// One time an item happens at: an event has exactly one, a task none or several (seed 000).
public struct ItemTime: Equatable, Hashable, Sendable, Codable {
    public var start: Date
    public var end: Date?

    public init(start: Date, end: Date? = nil) {
        self.start = start
        self.end = end
    }
}

/// An alarm that rings some minutes before an item's start (or a task's due time), or at a
/// fixed time. An item has any number of them (`Item.alarms`).
public struct Alarm: Equatable, Hashable, Sendable, Codable {
    /// When an alarm rings.
    public enum Trigger: Equatable, Hashable, Sendable, Codable {
        /// Some minutes before the start of each occurrence (a task's due time when it has one).
        case before(minutes: Int)
        /// At one instant, whatever the item's times.
        case at(Date)
    }

    public var trigger: Trigger
    /// A sound file to play, nil for the plain bell; `Alarm.silent` turns the bell off.
    public var sound: String?

    /// The `sound` of an alarm that rings no bell.
    public static let silent = "off"

    public init(minutesBefore: Int, sound: String? = nil) {
        self.trigger = .before(minutes: minutesBefore)
        self.sound = sound
    }

    public init(at date: Date, sound: String? = nil) {
        self.trigger = .at(date)
        self.sound = sound
    }

    /// The minutes before the start, or nil for an alarm at a fixed time.
    public var minutesBefore: Int? {
        if case let .before(minutes) = trigger { return minutes }
        return nil
    }

    /// The fixed time the alarm rings at, or nil for one relative to the start.
    public var fixedTime: Date? {
        if case let .at(date) = trigger { return date }
        return nil
    }

    /// True when the alarm shows without ringing the bell.
    public var isSilent: Bool { sound?.lowercased() == Self.silent }
}

/// An event, task or reminder with every field a person can edit.
///
/// A plain value: persistence lives in the store, validation in `Item+Validation.swift`.
public struct Item: Identifiable, Equatable, Hashable, Sendable {
    /// Stable RFC 4122 UUID; also the iCalendar UID unless `icalUID` says otherwise.
    public var id: UUID
    public var kind: ItemKind
    public var title: String
    /// Child times (seed 000). Ordered by start. For a recurring item, the first is the first
    /// instance of the series (iCalendar DTSTART and DTEND).
    public var times: [ItemTime]
    public var allDay: Bool
    public var place: String
    public var notes: String
    public var due: Date?
    /// 0 means none; 1 is the highest and 9 the lowest, as iCalendar's PRIORITY.
    public var priority: Int
    /// The alarms, in the order they were given.
    public var alarms: [Alarm]
    /// An RRULE value such as `FREQ=WEEKLY;BYDAY=MO`, kept as text.
    public var repeatRule: String?
    /// File paths (a photo, a document), or the URIs of iCalendar ATTACH properties.
    public var attachments: [String]
    /// The first category (iCalendar CATEGORIES holds a list: the rest is `moreCategories`).
    public var category: String
    /// How the times are anchored: UTC instants, a named zone, or floating wall-clock times.
    public var timeZone: ItemTimeZone
    public var status: ItemStatus
    /// When the item was last completed, deleted into History or reopened.
    public var statusChangedAt: Date?
    public var created: Date
    public var updated: Date
    /// The iCalendar fields most items lack (see `CalendarDetails`); nil when all are empty.
    private var details: Boxed<CalendarDetails>?

    public init(
        id: UUID,
        kind: ItemKind,
        title: String,
        times: [ItemTime] = [],
        allDay: Bool = false,
        place: String = "",
        notes: String = "",
        due: Date? = nil,
        priority: Int = 0,
        alarms: [Alarm] = [],
        repeatRule: String? = nil,
        attachments: [String] = [],
        category: String = "",
        status: ItemStatus = .active,
        statusChangedAt: Date? = nil,
        created: Date,
        updated: Date? = nil,
        timeZone: ItemTimeZone = .utc,
        icalUID: String? = nil,
        recurrenceDates: [Date] = [],
        exceptionDates: [Date] = [],
        overrides: [RecurrenceOverride] = [],
        organizer: Participant? = nil,
        attendees: [Participant] = [],
        moreCategories: [String] = [],
        extraProperties: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.times = times
        self.allDay = allDay
        self.place = place
        self.notes = notes
        self.due = due
        self.priority = priority
        self.alarms = alarms
        self.repeatRule = repeatRule
        self.attachments = attachments
        self.category = category
        self.status = status
        self.statusChangedAt = statusChangedAt
        self.created = created
        self.updated = updated ?? created
        self.timeZone = timeZone
        self.details = nil
        self.icalUID = icalUID
        self.recurrenceDates = recurrenceDates
        self.exceptionDates = exceptionDates
        self.overrides = overrides
        self.organizer = organizer
        self.attendees = attendees
        self.moreCategories = moreCategories
        self.extraProperties = extraProperties
    }
}

// MARK: - iCalendar details

extension Item {
    /// The iCalendar fields most items lack, kept in one box out of line, so that an item stays
    /// small: a hundred thousand items are held at once when importing or seeding.
    struct CalendarDetails: Equatable, Hashable, Sendable {
        var icalUID: String?
        var recurrenceDates: [Date] = []
        var exceptionDates: [Date] = []
        var overrides: [RecurrenceOverride] = []
        var organizer: Participant?
        var attendees: [Participant] = []
        var moreCategories: [String] = []
        var extraProperties: [String] = []
        /// The rarer shapes of a series, boxed again: nearly every imported item has details
        /// (its UID), very few have these, and a large import holds every item at once.
        var series: Boxed<SeriesDetails>?

        var isEmpty: Bool {
            icalUID == nil && recurrenceDates.isEmpty && exceptionDates.isEmpty && overrides.isEmpty
                && organizer == nil && attendees.isEmpty && moreCategories.isEmpty && extraProperties.isEmpty
                && series == nil
        }
    }

    /// RDATE periods, EXDATE days, and instances held without their series.
    struct SeriesDetails: Equatable, Hashable, Sendable {
        var recurrencePeriods: [ItemTime] = []
        var exceptionDays: [Date] = []
        var instancesOnly = false

        var isEmpty: Bool { recurrencePeriods.isEmpty && exceptionDays.isEmpty && !instancesOnly }
    }

    /// A value kept on the heap, compared and hashed as the value.
    enum Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
        indirect case value(Value)
    }

    private var calendarDetails: CalendarDetails {
        get {
            if case let .value(value)? = details { return value }
            return CalendarDetails()
        }
        set { details = newValue.isEmpty ? nil : .value(newValue) }
    }

    /// True when the item has RDATE periods, EXDATE days or instances without their series:
    /// one look, where reading each of them would copy the details.
    var hasSeriesDetails: Bool {
        guard case let .value(value)? = details else { return false }
        return value.series != nil
    }

    private var seriesDetails: SeriesDetails {
        get {
            if case let .value(value)? = calendarDetails.series { return value }
            return SeriesDetails()
        }
        set { calendarDetails.series = newValue.isEmpty ? nil : .value(newValue) }
    }

    /// The iCalendar UID when it is not `id` (an imported item keeps the UID it came with);
    /// nil means the lowercase `id`. See `icalendarUID`.
    public var icalUID: String? {
        get { calendarDetails.icalUID }
        set { calendarDetails.icalUID = newValue }
    }

    /// More instances of the series (iCalendar RDATE), as instants like `times`.
    public var recurrenceDates: [Date] {
        get { calendarDetails.recurrenceDates }
        set { calendarDetails.recurrenceDates = newValue }
    }

    /// Instances taken out of the series (iCalendar EXDATE), by their original start.
    public var exceptionDates: [Date] {
        get { calendarDetails.exceptionDates }
        set { calendarDetails.exceptionDates = newValue }
    }

    /// More instances with their own length (iCalendar RDATE;VALUE=PERIOD), as instants like
    /// `times`; an instance without an end takes the series' length.
    public var recurrencePeriods: [ItemTime] {
        get { seriesDetails.recurrencePeriods }
        set { seriesDetails.recurrencePeriods = newValue }
    }

    /// Days taken out of a series of timed instances (iCalendar EXDATE;VALUE=DATE): every
    /// instance that starts on one of them, as the series' zone sees it, is left out. Each is
    /// the day's midnight as all-day dates are (a floating time); an all-day series keeps its
    /// removed days in `exceptionDates`.
    public var exceptionDays: [Date] {
        get { seriesDetails.exceptionDays }
        set { seriesDetails.exceptionDays = newValue }
    }

    /// True when the item holds instances of a series that was not given with them (an
    /// iCalendar file with RECURRENCE-IDs but not their series, as shared calendars export an
    /// invitation to some instances): `recurrenceDates` name the instances, each replaced by its
    /// override, and an export writes the instances alone, as they came.
    public var instancesOnly: Bool {
        get { seriesDetails.instancesOnly }
        set { seriesDetails.instancesOnly = newValue }
    }

    /// Instances changed or cancelled one at a time (iCalendar RECURRENCE-ID).
    public var overrides: [RecurrenceOverride] {
        get { calendarDetails.overrides }
        set { calendarDetails.overrides = newValue }
    }

    /// Who organizes it (iCalendar ORGANIZER).
    public var organizer: Participant? {
        get { calendarDetails.organizer }
        set { calendarDetails.organizer = newValue }
    }

    /// Who is invited (iCalendar ATTENDEE).
    public var attendees: [Participant] {
        get { calendarDetails.attendees }
        set { calendarDetails.attendees = newValue }
    }

    /// The categories after `category`, in order.
    public var moreCategories: [String] {
        get { calendarDetails.moreCategories }
        set { calendarDetails.moreCategories = newValue }
    }

    /// iCalendar properties and components Datebook does not read, kept verbatim and written
    /// back on export: each is one unfolded content line (`X-MOZ-GENERATION:3`,
    /// `CLASS:PRIVATE`) or a whole component (`BEGIN:VALARM` … `END:VALARM`, lines joined
    /// by CRLF).
    public var extraProperties: [String] {
        get { calendarDetails.extraProperties }
        set { calendarDetails.extraProperties = newValue }
    }
}

// MARK: - Derived values

extension Item {
    /// Start of the first time, if any.
    public var start: Date? { times.first?.start }

    /// End of the first time, if any.
    public var end: Date? { times.first?.end }

    /// The date the Events list sorts by: the first start, else the due date.
    public var sortDate: Date? { start ?? due }

    /// True for a recurring series: it has a repeat rule or extra dates (RDATE).
    public var isRecurring: Bool {
        if repeatRule != nil { return true }
        guard case let .value(details)? = details else { return false }
        if !details.recurrenceDates.isEmpty { return true }
        guard case let .value(series)? = details.series else { return false }
        return !series.recurrencePeriods.isEmpty
    }

    /// The iCalendar UID: `icalUID`, else the lowercase `id`.
    public var icalendarUID: String { icalUID ?? id.lowercasedText }

    /// Every category in order: `category` then `moreCategories`, empty names left out.
    public var categories: [String] {
        get { ([category] + moreCategories).filter { !$0.isEmpty } }
        set {
            category = newValue.first ?? ""
            moreCategories = Array(newValue.dropFirst())
        }
    }
}
