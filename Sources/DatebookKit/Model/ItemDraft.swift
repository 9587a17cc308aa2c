import Foundation

/// The fields of an item as a person types them, and the one rule that turns them into an item.
///
/// The item form and `datebook add` both fill a draft and ask it for the item, so typed text
/// means the same wherever it is typed. The rules:
/// - Dates are read by `DateParser` in the given calendar: the start relative to now, the end
///   relative to the start; a date without a time of day is that day's midnight.
/// - All day: the start is the first day and the end the **last day**, inclusive, as a person
///   says it ("22 to 24 November"); the item stores the day after it, exclusive, as iCalendar's
///   DTEND does (25 November). Without an end, an all-day event lasts its one day.
/// - An event without an end lasts one hour.
/// - A due date without a time of day is due at the start of that day; a task with no other
///   time is then all day and floats, due on that date in every zone.
/// - Categories are separated by commas (`work, home`).
/// - Priority is 0 (none) to 9; the alarms are a list of times before
///   (`15`, `90m`, `1h`) or dates they ring at, read by `AlarmText`; the sound goes to each.
/// - The repeat phrase is read by `RepeatPhrase` from the first start (a rule shown unchanged
///   keeps the item's rule exactly).
/// - A new item is anchored in the calendar's zone, an all-day one floats; an item changed from
///   all day to timed is anchored in the calendar's zone again.
/// Then the item is validated (`Item.validate()`), and every problem is given to its field.
public struct ItemDraft: Equatable, Sendable {
    /// A field of the draft: what a form shows and what a command's options set.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case kind, title, start, end, allDay, due, moreTimes, place, priority
        case alarm, sound, repeatRule, category, attachments, notes

        /// The draft field a validation issue belongs to.
        public init(_ field: ItemField) {
            switch field {
            case .kind: self = .kind
            case .title: self = .title
            case .start: self = .start
            case .end: self = .end
            case .allDay: self = .allDay
            case .place: self = .place
            case .notes: self = .notes
            case .due: self = .due
            case .priority: self = .priority
            case .alarm: self = .alarm
            case .repeatRule: self = .repeatRule
            case .attachments: self = .attachments
            case .category: self = .category
            case .moreTimes: self = .moreTimes
            }
        }
    }

    /// What a draft turned into.
    public struct Result: Equatable, Sendable {
        /// The item the fields describe, as far as they could be read.
        public var item: Item
        /// What is wrong, by field (a problem of a field the draft does not set goes to the
        /// title); the item can be saved when it is empty.
        public var problems: [Field: String]

        /// True when the item can be saved.
        public var isValid: Bool { problems.isEmpty }
    }

    public var kind: ItemKind
    public var allDay: Bool
    /// The typed text of each field; a missing field is empty.
    public var texts: [Field: String]
    /// The fields the draft sets (a form shows some of them for each kind); every other field
    /// keeps the value of the item edited, or none for a new item.
    public var fields: Set<Field>

    /// A draft of `kind` setting `fields` (by default all of them), with the texts given.
    public init(
        kind: ItemKind, allDay: Bool = false, texts: [Field: String] = [:], fields: Set<Field> = Set(Field.allCases)
    ) {
        self.kind = kind
        self.allDay = allDay
        self.texts = texts
        self.fields = fields
    }

    /// The text of a field, empty when none was typed.
    public subscript(field: Field) -> String {
        get { texts[field] ?? "" }
        set { texts[field] = newValue }
    }

    // MARK: - Reading

    /// The item the fields describe, and what is wrong with it.
    ///
    /// - Parameters:
    ///   - original: the item edited, whose id, creation, zone and unset fields are kept; nil
    ///     for a new item, which gets `newID()` and is created `now`.
    ///   - now: what relative dates count from.
    ///   - calendar: the calendar (and zone) dates are read in.
    ///   - startDay: the day a time typed alone in Start is on (the day the field held when a form
    ///     opened an item or an occurrence); today when nil.
    public func item(
        editing original: Item? = nil, now: Date, calendar: Calendar, startDay: Date? = nil, newID: () -> UUID
    ) -> Result {
        var problems: [Field: String] = [:]
        func date(_ field: Field, relativeTo base: Date, timeAloneDay: Date? = nil) -> ParsedDate? {
            let raw = text(field)
            guard fields.contains(field), !raw.isEmpty else { return nil }
            do {
                return try DateParser(now: base, calendar: calendar, timeAloneDay: timeAloneDay).parse(raw)
            } catch {
                problems[field] = "\(error)"
                return nil
            }
        }
        let due = date(.due, relativeTo: now)
        let allDay = kind == .task ? isDateOnlyTask(due: due) : self.allDay

        var item =
            original ?? Item(id: newID(), kind: kind, title: "", created: now, timeZone: .local(calendar.timeZone))
        if allDay != (original?.allDay ?? false) || original == nil {
            // Days float: the 31st is the 31st in every zone. Times typed here are this zone's.
            if allDay {
                item.timeZone = .floating
            } else if item.timeZone == .floating {
                item.timeZone = .local(calendar.timeZone)
            }
        }
        item.kind = kind
        item.allDay = allDay
        item.title = text(.title)

        var times: [ItemTime] = []
        if let start = date(.start, relativeTo: now, timeAloneDay: startDay) {
            let first = allDay || !start.hasTime ? calendar.startOfDay(for: start.date) : start.date
            var end: Date? = nil
            if let typed = date(.end, relativeTo: start.date) {
                // All day: the last day typed is inclusive; the stored end is the day after it.
                end = allDay ? calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: typed.date)) : typed.date
            } else if kind == .event && problems[.end] == nil {
                end = allDay ? calendar.date(byAdding: .day, value: 1, to: first) : first.addingTimeInterval(3600)
            }
            times.append(ItemTime(start: first, end: end))
        } else if fields.contains(.end), !text(.end).isEmpty, problems[.start] == nil {
            problems[.end] = "An end needs a start"
        }
        // Without a Start, the first of the More times is the item's first time; its problems
        // are still the More times'.
        let firstTimeIsMoreTimes = times.isEmpty
        if fields.contains(.moreTimes) {
            times += moreTimes(now: now, calendar: calendar, problems: &problems)
        }
        item.times = times
        item.due = due.map { $0.hasTime ? $0.date : calendar.startOfDay(for: $0.date) }
        item.place = text(.place)
        item.categories = Self.categories(text(.category))
        item.notes = self[.notes]

        let priorityText = text(.priority)
        if priorityText.isEmpty {
            item.priority = 0
        } else if let value = Int(priorityText), (0...9).contains(value) {
            item.priority = value
        } else {
            problems[.priority] = "Priority is a number from 0 (none) to 9"
        }

        let sound = text(.sound)
        do {
            item.alarms = try AlarmText.parse(
                text(.alarm), sound: sound.isEmpty ? nil : sound, now: now, calendar: calendar)
        } catch {
            problems[.alarm] = error.description
        }

        let rule = text(.repeatRule)
        if !fields.contains(.repeatRule) {
            // Not set here: the edited item's rule stays.
        } else if rule.isEmpty {
            item.repeatRule = nil
        } else if let existing = original?.repeatRule, rule == Self.repeatText(existing, calendar: calendar) {
            item.repeatRule = existing  // unchanged: keep the rule exactly as it was
        } else {
            do {
                item.repeatRule = try RepeatPhrase.rule(from: rule, start: times.first?.start ?? now, calendar: calendar)
            } catch {
                problems[.repeatRule] = error.description
            }
        }
        // An alarm before a time that is not there would never ring.
        if problems[.alarm] == nil, item.alarms.contains(where: { $0.minutesBefore != nil }), item.times.isEmpty,
            item.due == nil
        {
            problems[.alarm] = "An alarm before needs a time to count from: give a start or a due date, or an alarm at a time"
        }
        // A relative path is kept from the folder it was typed in, so it opens from anywhere.
        item.attachments = self[.attachments].split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { AttachmentFile.absolute($0) }

        for issue in item.validate() {
            var field = Field(issue.field)
            if field == .end && firstTimeIsMoreTimes && !item.times.isEmpty { field = .moreTimes }
            let shown = fields.contains(field) ? field : .title
            if problems[shown] == nil { problems[shown] = issue.message }
        }
        return Result(item: item, problems: problems)
    }

    /// A rule as a draft shows it: in words when it can be, else the RRULE itself.
    public static func repeatText(_ rule: String, calendar: Calendar) -> String {
        RepeatPhrase.phrase(for: rule, calendar: calendar) ?? rule
    }

    // MARK: - Helpers

    /// True when a task is made of days only: due on a date without a time, and with no time
    /// of its own. Such a task floats, so that it is due on that date in every zone.
    private func isDateOnlyTask(due: ParsedDate?) -> Bool {
        guard let due, !due.hasTime else { return false }
        let timeFields: [Field] = [.start, .end, .moreTimes]
        return timeFields.allSatisfy { !fields.contains($0) || text($0).isEmpty }
    }

    /// The text of a field without the spaces around it.
    private func text(_ field: Field) -> String {
        self[field].trimmingCharacters(in: .whitespaces)
    }

    /// The categories typed in one field, separated by commas, each once and in order.
    static func categories(_ text: String) -> [String] {
        var result: [String] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// The times after the first: `start - end` pairs separated by `;`. A time that ends before
    /// it starts is named in the More times' problem.
    private func moreTimes(now: Date, calendar: Calendar, problems: inout [Field: String]) -> [ItemTime] {
        var result: [ItemTime] = []
        for part in self[.moreTimes].split(separator: ";") {
            let pieces = part.components(separatedBy: " - ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = pieces.first, !first.isEmpty else { continue }
            do {
                let start = try DateParser(now: now, calendar: calendar).parse(first)
                var end: Date? = nil
                if pieces.count > 1 {
                    end = try DateParser(now: start.date, calendar: calendar).parse(pieces[1]).date
                }
                if let end, end < start.date, problems[.moreTimes] == nil {
                    let entry = part.trimmingCharacters(in: .whitespaces)
                    problems[.moreTimes] = "In \u{201C}\(entry)\u{201D} the end is before the start"
                }
                result.append(ItemTime(start: start.date, end: end))
            } catch {
                problems[.moreTimes] = "\(error)"
            }
        }
        return result
    }
}
