import Foundation

/// What a quick-add line says: the item's fields as they were read, before they become an item.
///
/// It turns into an `ItemDraft` (`draft(dates:)`), so a quick-add line is saved by the same rule
/// as the form and `datebook add --start …`, and the form can open prefilled with it.
public struct QuickAddResult: Equatable, Sendable {
    public var kind: ItemKind
    public var title: String
    /// The first time: a moment, or the first day of an all-day item.
    public var start: Date?
    /// The end: a moment, or the **last day** (inclusive) of an all-day item.
    public var end: Date?
    public var allDay: Bool
    /// When a task is due, and whether a time of day was given.
    public var due: Date?
    public var dueHasTime: Bool
    public var place: String
    /// The `#` tags, in the order typed, each once.
    public var categories: [String]
    /// 0 none; 1 highest … 9 lowest.
    public var priority: Int
    /// The repeat in words, as the Repeat field reads it (`weekly on mon`, `every 2 weeks`).
    public var repeatPhrase: String?
    /// The alarm, in minutes before the start (or due time).
    public var alarmMinutes: Int?

    public init(
        kind: ItemKind, title: String, start: Date? = nil, end: Date? = nil, allDay: Bool = false, due: Date? = nil,
        dueHasTime: Bool = false, place: String = "", categories: [String] = [], priority: Int = 0,
        repeatPhrase: String? = nil, alarmMinutes: Int? = nil
    ) {
        self.kind = kind
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.due = due
        self.dueHasTime = dueHasTime
        self.place = place
        self.categories = categories
        self.priority = priority
        self.repeatPhrase = repeatPhrase
        self.alarmMinutes = alarmMinutes
    }

    // MARK: - Into a draft

    /// The fields as a form would hold them: dates as the form writes them (`2026-11-24 12:30`).
    public func draft(dates: DateText) -> ItemDraft {
        var draft = ItemDraft(kind: kind, allDay: allDay)
        draft[.title] = title
        if let start { draft[.start] = dates.field(start, withTime: !allDay) }
        if let end { draft[.end] = dates.field(end, withTime: !allDay) }
        if let due { draft[.due] = dates.field(due, withTime: dueHasTime) }
        draft[.place] = place
        draft[.category] = categories.joined(separator: ", ")
        if priority != 0 { draft[.priority] = String(priority) }
        draft[.repeatRule] = repeatPhrase ?? ""
        Self.setAlarm(alarmMinutes, in: &draft)
        return draft
    }

    /// Puts the alarm in the draft: the one place quick add says how an alarm is stored.
    static func setAlarm(_ minutes: Int?, in draft: inout ItemDraft) {
        draft[.alarm] = minutes.map(String.init) ?? ""
    }

    /// The item to save, or what stops it (the first problem in the form's order).
    public func item(now: Date, dates: DateText, newID: () -> UUID) throws(QuickAddError) -> Item {
        let result = draft(dates: dates).item(now: now, calendar: dates.calendar, newID: newID)
        if let field = ItemDraft.Field.allCases.first(where: { result.problems[$0] != nil }) {
            throw .field(field, result.problems[field]!)
        }
        return result.item
    }

    // MARK: - In words

    /// What was understood, one field a line (`title: Lunch with Ana`): `add --dry-run` prints
    /// it, and the TUI's preview shows it. Only the fields the line set are listed.
    public func lines(dates: DateText) -> [(label: String, value: String)] {
        var lines: [(String, String)] = [("kind", kind.rawValue), ("title", title)]
        if let start {
            if allDay {
                let last = end ?? start
                lines.append(("when", last == start
                    ? dates.full(start, withTime: false) + ", all day"
                    : dates.full(start, withTime: false) + " to " + dates.full(last, withTime: false) + ", all day"))
            } else if let end {
                let sameDay = dates.calendar.isDate(start, inSameDayAs: end)
                lines.append(("when", dates.full(start) + " to " + (sameDay ? dates.time(end) : dates.full(end))))
            } else {
                lines.append(("when", dates.full(start)))
            }
        }
        if let due { lines.append(("due", dates.full(due, withTime: dueHasTime))) }
        if !place.isEmpty { lines.append(("place", place)) }
        if !categories.isEmpty { lines.append(("categories", categories.joined(separator: ", "))) }
        if priority != 0 { lines.append(("priority", Self.priorityWords(priority))) }
        if let repeatPhrase { lines.append(("repeat", repeatPhrase)) }
        if let alarmMinutes { lines.append(("reminder", Self.minutesWords(alarmMinutes) + " before")) }
        return lines
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
        if minutes == 0 { return "0 minutes" }
        var parts: [String] = []
        var rest = minutes
        if rest >= 1440, rest % 1440 == 0 || rest >= 2880 {
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
