import Foundation

/// One time a subscribed person is busy, as their calendar feed says: never an item of mine.
public struct BusyBlock: Equatable, Hashable, Sendable {
    public var start: Date
    /// The end; equal to `start` for an event without length.
    public var end: Date
    /// True for whole days (iCalendar DATE values).
    public var allDay: Bool
    /// True when the feed gave wall-clock times without a zone (whole days among them): they
    /// are kept as such and shown in the zone Datebook runs in.
    public var isFloating: Bool
    /// The event's title when the feed carries one (and did not mark it private); nil: just busy.
    public var title: String?

    public init(start: Date, end: Date, allDay: Bool = false, isFloating: Bool = false, title: String? = nil) {
        self.start = start
        self.end = max(start, end)
        self.allDay = allDay
        self.isFloating = isFloating
        self.title = title
    }
}
