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
}
