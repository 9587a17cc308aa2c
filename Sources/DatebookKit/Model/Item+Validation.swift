import Foundation

/// A field of an item that a form edits and a validation message can point at.
///
/// `start` and `end` are the first time's; `moreTimes` are the times after it.
public enum ItemField: String, Sendable, CaseIterable {
    case kind, title, start, end, allDay, place, notes, due, priority
    case alarm, repeatRule, attachments, category, moreTimes
}

/// One thing wrong with an item, attached to the field that is wrong.
public struct ValidationIssue: Equatable, Hashable, Sendable {
    public var field: ItemField
    public var message: String

    public init(field: ItemField, message: String) {
        self.field = field
        self.message = message
    }
}

extension Item {
    /// The dates an item may hold: the years 1 to 9999, as the Gregorian calendar of the date
    /// fields reckons them (it is Julian before 1582, so its 1 January of the year 1 falls two
    /// days before the proleptic one), with a day of room for wall-clock times.
    public static let storableDates: Range<Date> =
        Date(timeIntervalSince1970: -62_135_596_800 - 3 * 86_400)..<Date(timeIntervalSince1970: 253_402_300_800 + 86_400)

    /// Everything wrong with this item, in field order; empty when it can be saved.
    ///
    /// The rules: a title is required; an event needs a start and an end no earlier than it
    /// (an all-day one, an end after it: its last day is not before its first);
    /// a reminder needs a time to ring at; a task needs nothing else. Every time's end must
    /// not come before its start (the first time's is a problem of the `end`, a later one's
    /// of `moreTimes`); priority is 0–9; alarm minutes are not negative. A repeat
    /// rule must be one libical reads, on an item with a start (or a due date), and must not
    /// end (UNTIL) before that start.
    public func validate() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if title.allSatisfy(\.isWhitespace) {
            issues.append(ValidationIssue(field: .title, message: "A title is required"))
        }
        switch kind {
        case .event:
            if times.isEmpty {
                issues.append(ValidationIssue(field: .start, message: "An event needs a start"))
            } else if times[0].end == nil {
                issues.append(ValidationIssue(field: .end, message: "An event needs an end"))
            }
        case .reminder:
            if times.isEmpty && due == nil {
                issues.append(ValidationIssue(field: .start, message: "A reminder needs a time"))
            }
        case .task:
            break
        }
        // An all-day end is stored as the day after the last (iCalendar's DTEND): a time that
        // ends where it starts would be a day-long event of no days.
        func endsBeforeStart(_ time: ItemTime) -> Bool {
            time.end.map { allDay ? $0 <= time.start : $0 < time.start } ?? false
        }
        if let first = times.first, endsBeforeStart(first) {
            let message = allDay ? "The last day is before the first day" : "The end is before the start"
            issues.append(ValidationIssue(field: .end, message: message))
        }
        if times.dropFirst().contains(where: endsBeforeStart) {
            issues.append(ValidationIssue(field: .moreTimes, message: "A time ends before it starts"))
        }
        let dates = times.flatMap { [$0.start] + ($0.end.map { [$0] } ?? []) } + (due.map { [$0] } ?? [])
        if dates.contains(where: { !Self.storableDates.contains($0) }) {
            issues.append(ValidationIssue(field: .start, message: "Dates must lie within the years 1 to 9999"))
        }
        // When it was made, changed and done are stored as the times are, and read back only
        // within the same years (an import's `modified` of the year 0 made the History unreadable).
        let stamps = [created, updated] + (statusChangedAt.map { [$0] } ?? [])
        if stamps.contains(where: { !Self.storableDates.contains($0) }) {
            issues.append(ValidationIssue(
                field: .start, message: "When it was made, changed or done must lie within the years 1 to 9999"))
        }
        if !(0...9).contains(priority) {
            issues.append(ValidationIssue(field: .priority, message: "Priority is 0 (none) to 9"))
        }
        if alarms.contains(where: { ($0.minutesBefore ?? 0) < 0 }) {
            issues.append(ValidationIssue(field: .alarm, message: "Alarm minutes cannot be negative"))
        }
        if let repeatRule {
            if let anchor = times.first?.start ?? due {
                // A start beyond the years is already a problem of its own; a rule is judged
                // only from a start within them.
                guard Self.storableDates.contains(anchor) else { return issues }
                let coding = StoredTime(timeZone: .current)
                if let problem = RecurrenceRule.problem(
                    repeatRule, start: coding.seconds(anchor, timeZone), isDate: allDay && timeZone == .floating,
                    zone: timeZone)
                {
                    issues.append(ValidationIssue(field: .repeatRule, message: problem))
                }
            } else {
                issues.append(ValidationIssue(field: .repeatRule, message: "A repeating item needs a start"))
            }
        }
        return issues
    }
}
