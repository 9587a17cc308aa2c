import Foundation

/// A moment read from what a person typed, and whether they gave a time of day.
///
/// Without a time (`2026-11-22`, `tomorrow`, `fri`, `+3d`) the date is the start of that day
/// in the parser's time zone, and `hasTime` is false: a form shows it as a date only and an
/// item made from it can be all-day.
public struct ParsedDate: Equatable, Hashable, Sendable {
    public var date: Date
    public var hasTime: Bool

    public init(date: Date, hasTime: Bool) {
        self.date = date
        self.hasTime = hasTime
    }
}
