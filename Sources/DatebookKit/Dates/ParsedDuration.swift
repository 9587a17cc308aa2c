import Foundation

/// A length of time read from what a person typed: whole days plus minutes.
///
/// Days are calendar days, so `2d` from 10:00 ends at 10:00 two days later even across a
/// change to or from summer time; minutes are exact.
public struct ParsedDuration: Equatable, Hashable, Sendable {
    public var days: Int
    public var minutes: Int

    public init(days: Int = 0, minutes: Int = 0) {
        self.days = days
        self.minutes = minutes
    }

    /// The nominal length in seconds (a day counted as 24 hours).
    public var seconds: TimeInterval {
        TimeInterval(days) * 86_400 + TimeInterval(minutes) * 60
    }

    /// The moment this long after `start`, days counted in `calendar`.
    public func end(after start: Date, calendar: Calendar) -> Date {
        let afterDays = days == 0 ? start : calendar.date(byAdding: .day, value: days, to: start) ?? start
        return afterDays.addingTimeInterval(TimeInterval(minutes) * 60)
    }
}
