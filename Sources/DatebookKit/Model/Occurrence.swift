import Foundation

/// One time an item happens in the calendar: an event's time, one instance of a recurring
/// series, or a task's due date.
public struct Occurrence: Equatable, Hashable, Sendable, Identifiable {
    public var itemID: UUID
    public var kind: ItemKind
    public var title: String
    public var place: String
    public var start: Date
    /// The end; equal to `start` for a moment (a reminder, a due date).
    public var end: Date
    public var allDay: Bool
    public var status: ItemStatus
    /// True for an instance of a recurring series.
    public var isRecurring: Bool
    /// The series instance's original start (iCalendar RECURRENCE-ID); nil when not recurring.
    public var recurrenceID: Date?
    /// True when this is a task's due date rather than a time it happens at.
    public var isDue: Bool
    /// Which of the item's times this is, 0 for the first: a task with several times has an
    /// occurrence for each, and so has each instance of such a task that repeats.
    public var time = 0
    /// The item's iCalendar UID (`Item.icalendarUID`).
    public var uid: String {
        get { foreignUID ?? itemID.lowercasedText }
        set { foreignUID = itemID.isLowercasedText(newValue) ? nil : newValue }
    }
    /// The UID when it is not the item's id (written out only when asked for: most are not).
    private var foreignUID: String?

    public init(
        itemID: UUID, kind: ItemKind, title: String, place: String = "", start: Date, end: Date,
        allDay: Bool = false, status: ItemStatus = .active, isRecurring: Bool = false,
        recurrenceID: Date? = nil, isDue: Bool = false, uid: String? = nil
    ) {
        self.itemID = itemID
        self.kind = kind
        self.title = title
        self.place = place
        self.start = start
        self.end = end
        self.allDay = allDay
        self.status = status
        self.isRecurring = isRecurring
        self.recurrenceID = recurrenceID
        self.isDue = isDue
        self.foreignUID = uid.flatMap { itemID.isLowercasedText($0) ? nil : $0 }
    }

    /// Unique among the occurrences of a query: the item and, for a series, the instance.
    public var id: String {
        itemID.uuidString + (recurrenceID.map { "@\($0.timeIntervalSince1970)" } ?? "") + (isDue ? "!" : "")
            + (time == 0 ? "" : "#\(time)")
    }
}

/// Reads the calendar: every occurrence in a time range, with recurring series expanded.
public protocol OccurrenceStore: AnyObject {
    /// Occurrences overlapping `[from, to)` (a moment at `from` counts), sorted by start, then
    /// title, then item. Items deleted into History are left out; completed ones stay.
    ///
    /// `includingUIDs` reads each item's iCalendar UID into `uid`, which costs a look-up of the
    /// items imported with one of their own; without it, `uid` is the item's id.
    func occurrences(from: Date, to: Date, includingUIDs: Bool) throws -> [Occurrence]

    /// The same, with the series it could not show whole over the range (a rule repeating
    /// every second, asked for a week): their occurrences after `shownUntil` are missing.
    func occurrencesShowingLimits(from: Date, to: Date, includingUIDs: Bool) throws
        -> (occurrences: [Occurrence], unexpanded: [UnexpandedSeries])
}

extension OccurrenceStore {
    /// A store that always shows every series whole.
    public func occurrencesShowingLimits(from: Date, to: Date, includingUIDs: Bool) throws
        -> (occurrences: [Occurrence], unexpanded: [UnexpandedSeries])
    {
        (try occurrences(from: from, to: to, includingUIDs: includingUIDs), [])
    }

    /// Occurrences overlapping `[from, to)`, each with its item's iCalendar UID.
    public func occurrences(from: Date, to: Date) throws -> [Occurrence] {
        try occurrences(from: from, to: to, includingUIDs: true)
    }
}

extension Occurrence {
    /// The first time of the same instance, for an occurrence of one of a repeating task's later
    /// times (itself otherwise): what a change of "only this one" starts from, since an
    /// instance moves as a whole, its later times along.
    public func firstTime(of series: Item) -> Occurrence {
        guard time > 0, series.times.indices.contains(time), let first = series.times.first else { return self }
        var result = self
        result.start = start.addingTimeInterval(-series.times[time].start.timeIntervalSince(first.start))
        result.end = first.end.map { result.start.addingTimeInterval(max(0, $0.timeIntervalSince(first.start))) }
            ?? result.start
        result.time = 0
        return result
    }
}
