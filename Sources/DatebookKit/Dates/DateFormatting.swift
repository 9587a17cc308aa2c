import Foundation

/// Dates as text: ISO 8601 for machines, and the forms the screens show.
///
/// Every function takes the time zone (or a calendar for its time zone) to show the date in;
/// none reads the clock or the process's locale. Dates are Gregorian and names English, so the
/// text is the same on every machine, and a form's text reads back through `DateParser`.
public enum DateFormatting {
    // MARK: - Names

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// Three-letter English month names, Jan first.
    public static let shortMonthNames = monthNames.map { String($0.prefix(3)) }

    /// English weekday names, Sunday first (as `Calendar`'s weekday 1).
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Three-letter English weekday names, Sun first (as `Calendar`'s weekday 1).
    public static let shortWeekdayNames = weekdayNames.map { String($0.prefix(3)) }

    // MARK: - Machine formats

    /// ISO 8601 with the offset of `timeZone` at that moment, to the second:
    /// `2026-11-22T10:00:00+01:00` (UTC is written `+00:00`).
    public static func iso8601(_ date: Date, timeZone: TimeZone) -> String {
        let parts = components(of: date, in: timeZone)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let offsetMinutes = abs(offset) / 60
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
            + "T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
            + "\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
    }

    // MARK: - Display formats

    /// The text of a date field: `2026-11-22 14:30`, or `2026-11-22` without a time.
    ///
    /// `DateParser` in the same time zone reads it back to the same minute.
    public static func fieldText(_ date: Date, hasTime: Bool, calendar: Calendar) -> String {
        let parts = components(of: date, in: calendar.timeZone)
        let day = "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
        return hasTime ? "\(day) \(pad(parts.hour)):\(pad(parts.minute))" : day
    }

    /// A day in a list: `Sun 22 Nov`.
    public static func listDate(_ date: Date, calendar: Calendar) -> String {
        let parts = components(of: date, in: calendar.timeZone)
        return "\(shortWeekdayNames[parts.weekday - 1]) \(parts.day) \(shortMonthNames[parts.month - 1])"
    }

    /// A time of day in a list: `14:30`.
    public static func time(_ date: Date, calendar: Calendar) -> String {
        let parts = components(of: date, in: calendar.timeZone)
        return "\(pad(parts.hour)):\(pad(parts.minute))"
    }

    // MARK: - Fields and digits

    /// The Gregorian fields of a moment in a time zone.
    struct Fields {
        var year, month, day, hour, minute, second, weekday: Int
    }

    static func components(of date: Date, in timeZone: TimeZone) -> Fields {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        return Fields(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0,
            weekday: parts.weekday ?? 1)
    }

    /// `value` in decimal with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
