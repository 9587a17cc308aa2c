import DatebookKit
import Foundation

/// How dates read on screen: `Sun 22 Nov`, `14:30`, in one calendar and time zone.
public struct DateText: Sendable {
    public let calendar: Calendar

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    private static let weekdays = DateFormatting.shortWeekdayNames
    private static let months = DateFormatting.shortMonthNames
    /// Weekday names from Sunday, as `Calendar.component(.weekday)` counts.
    public static let longWeekdays = DateFormatting.weekdayNames
    public static let longMonths = DateFormatting.monthNames

    /// `Sun 22 Nov`, with the year added when it is not `referenceYear`'s.
    public func day(_ date: Date, relativeTo reference: Date? = nil) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        var text = "\(DateText.weekdays[c.weekday! - 1]) \(c.day!) \(DateText.months[c.month! - 1])"
        if let reference, calendar.component(.year, from: reference) != c.year! {
            text += " \(c.year!)"
        }
        return text
    }

    /// `14:30`.
    public func time(_ date: Date) -> String {
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour!, c.minute!)
    }

    /// `Sun 22 Nov 2026 14:30`, the long form of the details page.
    public func full(_ date: Date, withTime: Bool = true) -> String {
        let year = calendar.component(.year, from: date)
        let d = day(date) + " \(year)"
        return withTime ? d + " " + time(date) : d
    }

    /// The time span of an item time on one line: `10:00-11:00`, `all day`.
    public func span(start: Date, end: Date?, allDay: Bool) -> String {
        if allDay { return "all day" }
        guard let end else { return time(start) }
        if calendar.isDate(start, inSameDayAs: end) { return time(start) + "-" + time(end) }
        // Ending on a later day: `23:00-01:30+1` (one day later), `23:00-24:00` at midnight.
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: start),
                                           to: calendar.startOfDay(for: end)).day ?? 0
        if days == 1 && calendar.startOfDay(for: end) == end { return time(start) + "-24:00" }
        return time(start) + "-" + time(end) + "+\(days)"
    }

    /// The start of the next full hour after `date`.
    public func nextFullHour(after date: Date) -> Date {
        let hour = calendar.dateInterval(of: .hour, for: date)!.start
        return calendar.date(byAdding: .hour, value: 1, to: hour)!
    }
}

// MARK: - Form fields

extension DateText {
    /// The text a date field holds: `2026-11-22 14:30`, or `2026-11-22` without a time.
    public func field(_ date: Date, withTime: Bool = true) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        return withTime ? day + String(format: " %02d:%02d", c.hour!, c.minute!) : day
    }
}
