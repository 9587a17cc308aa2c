import Foundation

/// Why typed text is not a date, a time or a duration, with a message that says exactly what
/// is wrong (shown next to a form field or on stderr).
public enum DateParseError: Error, Equatable, Hashable, Sendable {
    /// Nothing was typed.
    case empty
    /// The text has no shape of a date or time at all.
    case unreadable(String)
    /// A day that the month does not have; `year` is set when only that year lacks it (29 February).
    case noSuchDay(day: Int, month: Int, year: Int?)
    /// A month number outside 1–12.
    case noSuchMonth(Int)
    /// Something shaped like a time of day whose hour, minute or second is out of range.
    case notATime(String)
    /// A year outside 1–9999.
    case yearOutOfRange(Int)
    /// An offset (`+99999d`) that lands outside the years 1–9999.
    case tooFar(String)
    /// Text that is not a duration.
    case unreadableDuration(String)
}

extension DateParseError: CustomStringConvertible {
    /// The examples every "cannot read" message offers.
    static let dateExamples = "2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm"

    /// The one-line message for a person.
    public var description: String {
        switch self {
        case .empty:
            return "Type a date (e.g. \(Self.dateExamples))"
        case let .unreadable(text):
            return "Cannot read \u{201C}\(Self.shortened(text))\u{201D} as a date (try \(Self.dateExamples))"
        case let .noSuchDay(day, month, year):
            let monthName = (1...12).contains(month) ? DateText.longMonths[month - 1] : "Month \(month)"
            if let year {
                return "\(monthName) \(year) has no day \(day)"
            }
            return "\(monthName) has no day \(day)"
        case let .noSuchMonth(month):
            return "There is no month \(month) (months are 1 to 12)"
        case let .notATime(text):
            return "\(Self.shortened(text)) is not a time of day"
        case let .yearOutOfRange(year):
            return "The year \(year) is out of range (1 to 9999)"
        case let .tooFar(text):
            return "\(Self.shortened(text)) is too far away"
        case let .unreadableDuration(text):
            return "Cannot read \u{201C}\(Self.shortened(text))\u{201D} as a duration (try 1h, 90m, 1h30m, 2d)"
        }
    }

    /// The text, cut to 40 characters so a message stays one line.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
