import Foundation

/// What an item about to be saved holds, one field a line (`title: Lunch with Ana`):
/// `datebook add --dry-run` prints it and the quick-add preview shows it. Only the fields the
/// item sets are listed.
public enum ItemSummary {
    /// One line: a field's name and its value in words.
    public struct Line: Equatable, Sendable {
        public var label: String
        public var value: String
    }

    public static func lines(of item: Item, dates: DateText) -> [Line] {
        var lines = [Line(label: "kind", value: item.kind.rawValue), Line(label: "title", value: item.title)]
        if let first = item.times.first {
            lines.append(Line(label: "when", value: when(first, allDay: item.allDay, dates: dates)))
        }
        if let due = item.due {
            let hasTime = dates.calendar.startOfDay(for: due) != due
            lines.append(Line(label: "due", value: dates.full(due, withTime: hasTime)))
        }
        if !item.place.isEmpty { lines.append(Line(label: "place", value: item.place)) }
        if !item.categories.isEmpty {
            lines.append(Line(label: "categories", value: item.categories.joined(separator: ", ")))
        }
        if item.priority != 0 { lines.append(Line(label: "priority", value: priorityWords(item.priority))) }
        if let rule = item.repeatRule {
            lines.append(Line(label: "repeat", value: RepeatPhrase.phrase(for: rule, calendar: dates.calendar) ?? rule))
        }
        if let reminder = reminderWords(item) { lines.append(Line(label: "reminder", value: reminder)) }
        if !item.notes.isEmpty { lines.append(Line(label: "notes", value: item.notes)) }
        return lines
    }

    /// `Tue 24 Nov 2026 12:30 to 13:30`, `Fri 4 Dec 2026, all day`, `Mon … to Wed …, all day`.
    static func when(_ time: ItemTime, allDay: Bool, dates: DateText) -> String {
        let calendar = dates.calendar
        if allDay {
            // The stored end is the day after the last.
            let last = time.end.flatMap { calendar.date(byAdding: .day, value: -1, to: $0) } ?? time.start
            guard last > time.start else { return dates.full(time.start, withTime: false) + ", all day" }
            return dates.full(time.start, withTime: false) + " to " + dates.full(last, withTime: false) + ", all day"
        }
        guard let end = time.end, end > time.start else { return dates.full(time.start) }
        let sameDay = calendar.isDate(time.start, inSameDayAs: end)
        return dates.full(time.start) + " to " + (sameDay ? dates.time(end) : dates.full(end))
    }

    /// The alarm in words: the one place the summary reads it.
    static func reminderWords(_ item: Item) -> String? {
        item.alarm.map { minutesWords($0.minutesBefore) + " before" }
    }

    /// `1 (high)`, `5 (medium)`, `9 (low)`, or the number.
    static func priorityWords(_ priority: Int) -> String {
        switch priority {
        case 1: return "1 (high)"
        case 5: return "5 (medium)"
        case 9: return "9 (low)"
        default: return String(priority)
        }
    }

    /// `10 minutes`, `1 hour`, `2 days`, `1 hour 30 minutes`.
    static func minutesWords(_ minutes: Int) -> String {
        func unit(_ n: Int, _ name: String) -> String { "\(n) \(name)\(n == 1 ? "" : "s")" }
        guard minutes > 0 else { return "0 minutes" }
        var parts: [String] = []
        var rest = minutes
        if rest >= 1440 {
            parts.append(unit(rest / 1440, "day"))
            rest %= 1440
        }
        if rest >= 60 {
            parts.append(unit(rest / 60, "hour"))
            rest %= 60
        }
        if rest > 0 { parts.append(unit(rest, "minute")) }
        return parts.joined(separator: " ")
    }
}
