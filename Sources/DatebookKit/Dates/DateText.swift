import Foundation

/// Dates as text: how they read on screen and in the command line's output (`Sun 22 Nov`,
/// `14:30`, a form's `2026-11-22 14:30`) in one calendar and time zone, and ISO 8601 for
/// machines.
///
/// Dates are Gregorian and names English whatever the calendar or the process's locale, so the
/// text is the same on every machine and a form's text reads back through `DateParser`. Nothing
/// here reads the clock.
public struct DateText: Sendable {
    /// The calendar days, weeks and times are counted in (Gregorian, in the zone to show).
    public let calendar: Calendar

    /// Text in `calendar`'s time zone and weeks; a calendar of another system is taken as a
    /// Gregorian one with the same zone and weeks.
    public init(calendar: Calendar) {
        guard calendar.identifier != .gregorian else {
            self.calendar = calendar
            return
        }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        gregorian.firstWeekday = calendar.firstWeekday
        gregorian.minimumDaysInFirstWeek = calendar.minimumDaysInFirstWeek
        self.calendar = gregorian
    }

    // MARK: - Names

    /// English month names, January first.
    public static let longMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
    /// English weekday names from Sunday, as `Calendar.component(.weekday)` counts.
    public static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let weekdays = longWeekdays.map { String($0.prefix(3)) }
    private static let months = longMonths.map { String($0.prefix(3)) }

    // MARK: - Screen forms

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

// MARK: - List rows

extension DateText {
    /// The date and time columns of an item's row in a list: `Sun 22 Nov` and `10:00-11:00`,
    /// `due 17:00` or `due`; both empty for an item with no date.
    public func columns(of item: Item, now: Date) -> (date: String, time: String) {
        if let first = item.times.first {
            return (day(first.start, relativeTo: now), span(start: first.start, end: first.end, allDay: item.allDay))
        }
        if let due = item.due {
            // A due date typed without a time is kept at midnight and shown without one.
            let dateOnly = item.allDay || calendar.startOfDay(for: due) == due
            return (day(due, relativeTo: now), dateOnly ? "due" : "due " + time(due))
        }
        return ("", "")
    }

    /// The date and time columns of History's row for one occurrence of `series` completed or
    /// deleted on its own.
    public func columns(of occurrence: OccurrenceHistoryEntry, series: Item, now: Date) -> (date: String, time: String) {
        let start = occurrence.start
        // A series repeating its due date shows it as one.
        if series.times.isEmpty { return (day(start, relativeTo: now), series.allDay ? "due" : "due " + time(start)) }
        return (day(start, relativeTo: now), span(start: start, end: occurrence.end, allDay: series.allDay))
    }

    /// The date and time columns of one occurrence in a list (the one a repeating item shows).
    public func columns(of occurrence: Occurrence, now: Date) -> (date: String, time: String) {
        let start = occurrence.start
        if occurrence.isDue {
            let dateOnly = occurrence.allDay || calendar.startOfDay(for: start) == start
            return (day(start, relativeTo: now), dateOnly ? "due" : "due " + time(start))
        }
        let end = occurrence.end == start ? nil : occurrence.end
        return (day(start, relativeTo: now), span(start: start, end: end, allDay: occurrence.allDay))
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

// MARK: - Machine formats

extension DateText {
    /// ISO 8601 with the offset of `timeZone` at that moment, to the second:
    /// `2026-11-22T10:00:00+01:00` (UTC is written `+00:00`).
    public static func iso8601(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let offsetMinutes = abs(offset) / 60
        return "\(pad(c.year ?? 1970, 4))-\(pad(c.month ?? 1))-\(pad(c.day ?? 1))"
            + "T\(pad(c.hour ?? 0)):\(pad(c.minute ?? 0)):\(pad(c.second ?? 0))"
            + "\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
    }

    /// The day of `date` in `timeZone`, ISO 8601: `2026-11-22`.
    public static func isoDate(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(pad(c.year ?? 1970, 4))-\(pad(c.month ?? 1))-\(pad(c.day ?? 1))"
    }

    /// `value` in decimal with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
