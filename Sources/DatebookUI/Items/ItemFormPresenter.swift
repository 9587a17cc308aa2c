import DatebookKit
import Foundation

/// What the form screen shows.
public struct ItemFormViewState: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var field: ItemFormField
        public var label: String
        /// The editable text, or the picked value's text for a choice field.
        public var value: TextField
        public var isChoice: Bool
        public var focused: Bool
        public var error: String?
        public var hint: String
    }

    public var heading: String
    public var rows: [Row]
}

/// What became of a form intent.
public enum ItemFormOutcome: Equatable, Sendable {
    /// The form stays open, perhaps with a message.
    case stay(StatusMessage?)
    /// The item was saved; close the form.
    case saved(Item)
    /// The person wants to leave; `changed` says whether anything would be lost.
    case cancel(changed: Bool)
}

/// The logic of the form that creates or edits an item.
///
/// It keeps every field's text as typed, whatever the kind shown, so switching kind or
/// failing validation never loses a character. Saving parses the fields, validates the item
/// in the model, and attaches each message to its field.
public final class ItemFormPresenter {
    public private(set) var kind: ItemKind
    public private(set) var allDay: Bool
    public private(set) var focus: ItemFormField = .title
    public private(set) var errors: [ItemFormField: String] = [:]
    private var values: [ItemFormField: TextField] = [:]
    private let original: Item?
    private let initialTexts: [ItemFormField: String]
    private let initialKind: ItemKind
    private let initialAllDay: Bool
    private let store: DatebookStore
    /// The instance being changed when the form edits one occurrence of a series.
    public let recurrenceID: Date?
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText

    /// A form for a new item of a kind, with times prefilled: an event starts at `start` (by default
    /// the next full hour) and lasts one hour.
    public convenience init(newItemOf kind: ItemKind, store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText,
                            start: Date? = nil) {
        let start = start ?? dates.nextFullHour(after: clock.now())
        var texts: [ItemFormField: String] = [:]
        switch kind {
        case .event:
            texts[.start] = dates.field(start)
            texts[.end] = dates.field(start.addingTimeInterval(3600))
        case .reminder:
            texts[.start] = dates.field(start)
        case .task:
            break
        }
        self.init(original: nil, kind: kind, allDay: false, texts: texts, store: store, clock: clock, ids: ids,
                  dates: dates)
    }

    /// A form that edits an existing item.
    public convenience init(editing item: Item, store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText) {
        self.init(original: item, kind: item.kind, allDay: item.allDay, texts: ItemFormPresenter.texts(of: item, dates: dates),
                  store: store, clock: clock, ids: ids, dates: dates)
    }

    /// A form that changes one occurrence of a recurring series: its title, times, place and
    /// notes; saving keeps the change as an exception of the series (RECURRENCE-ID).
    public convenience init(editing occurrence: Occurrence, of series: Item, store: DatebookStore, clock: Clock,
                            ids: IDSource, dates: DateText) {
        let override = series.overrides.first { $0.recurrenceID == occurrence.recurrenceID }
        var texts: [ItemFormField: String] = [
            .title: occurrence.title,
            .start: dates.field(occurrence.start, withTime: !series.allDay),
            .place: occurrence.place,
            .notes: (override?.notes ?? series.notes).replacingOccurrences(of: "\n", with: "↵"),
        ]
        if occurrence.end > occurrence.start { texts[.end] = dates.field(occurrence.end, withTime: !series.allDay) }
        self.init(original: series, kind: series.kind, allDay: series.allDay, texts: texts.filter { !$0.value.isEmpty },
                  store: store, clock: clock, ids: ids, dates: dates, recurrenceID: occurrence.recurrenceID)
    }

    private init(original: Item?, kind: ItemKind, allDay: Bool, texts: [ItemFormField: String], store: DatebookStore,
                 clock: Clock, ids: IDSource, dates: DateText, recurrenceID: Date? = nil) {
        self.recurrenceID = recurrenceID
        self.original = original
        self.kind = kind
        self.allDay = allDay
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
        initialTexts = texts
        initialKind = kind
        initialAllDay = allDay
        for (field, text) in texts { values[field] = TextField(text) }
    }

    /// True when the form edits an existing item.
    public var isEditing: Bool { original != nil }

    /// The fields shown now, in order.
    public var fields: [ItemFormField] {
        recurrenceID == nil ? ItemFormField.fields(for: kind) : [.title, .start, .end, .place, .notes]
    }

    /// The current text of a field.
    public func text(of field: ItemFormField) -> String { values[field]?.text ?? "" }

    /// True when anything differs from how the form opened.
    public var hasChanges: Bool {
        if kind != initialKind || allDay != initialAllDay { return true }
        return ItemFormField.allCases.contains { text(of: $0) != (initialTexts[$0] ?? "") }
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> ItemFormOutcome {
        switch intent {
        case .nextField: moveFocus(by: 1)
        case .previousField: moveFocus(by: -1)
        case .submit:
            if focus == fields.last { return save() }
            moveFocus(by: 1)
        case .save: return save()
        case .back: return .cancel(changed: hasChanges)
        case .cursorLeft, .cursorRight, .cursorHome, .cursorEnd, .deleteBackward, .deleteForward, .insert:
            edit(intent)
        default: break
        }
        return .stay(nil)
    }

    /// Focuses a field (a mouse click); ignored if the field is not shown.
    public func focus(on field: ItemFormField) {
        if fields.contains(field) { focus = field }
    }

    private func moveFocus(by step: Int) {
        let shown = fields
        let index = shown.firstIndex(of: focus) ?? 0
        focus = shown[(index + step + shown.count) % shown.count]
    }

    private func edit(_ intent: Intent) {
        switch focus {
        case .kind:
            let all = ItemKind.allCases
            let index = all.firstIndex(of: kind)!
            switch intent {
            case .cursorLeft: kind = all[(index + all.count - 1) % all.count]
            case .cursorRight, .insert(" "): kind = all[(index + 1) % all.count]
            case .insert("e"), .insert("E"): kind = .event
            case .insert("t"), .insert("T"): kind = .task
            case .insert("r"), .insert("R"): kind = .reminder
            default: break
            }
        case .allDay:
            switch intent {
            case .cursorLeft, .cursorRight, .insert(" "): allDay.toggle()
            case .insert("y"), .insert("Y"): allDay = true
            case .insert("n"), .insert("N"): allDay = false
            default: break
            }
        default:
            var field = values[focus] ?? TextField()
            field.apply(intent)
            values[focus] = field
        }
    }

    // MARK: - Saving

    private func save() -> ItemFormOutcome {
        var item: Item
        var problems: [ItemFormField: String]
        (item, problems) = buildItem()
        for issue in item.validate() {
            let field = ItemFormField(issue.field)
            let shownField = fields.contains(field) ? field : .title
            if problems[shownField] == nil { problems[shownField] = issue.message }
        }
        errors = problems
        if let first = fields.first(where: { problems[$0] != nil }) {
            focus = first
            let count = problems.count
            return .stay(.error(count == 1 ? "Cannot save: \(problems[first]!)" : "Cannot save: \(count) fields need attention"))
        }
        do {
            if let recurrenceID, let series = original {
                return .saved(try store.changeOccurrence(of: series.id, to: override(of: series, by: item, at: recurrenceID)))
            }
            item = try store.save(item)
            return .saved(item)
        } catch let StoreError.invalid(issues) {
            for issue in issues { errors[ItemFormField(issue.field)] = issue.message }
            return .stay(.error("Cannot save: " + issues.map(\.message).joined(separator: "; ")))
        } catch {
            return .stay(.error("Not saved: \(error). Your text is still in the form."))
        }
    }

    /// The change to one instance the form describes: only what differs from the series is kept.
    private func override(of series: Item, by edited: Item, at recurrenceID: Date) -> RecurrenceOverride {
        RecurrenceOverride(
            recurrenceID: recurrenceID, start: edited.times.first?.start ?? recurrenceID, end: edited.times.first?.end,
            title: edited.title == series.title ? nil : edited.title,
            place: edited.place == series.place ? nil : edited.place,
            notes: edited.notes == series.notes ? nil : edited.notes,
            extraProperties: series.overrides.first { $0.recurrenceID == recurrenceID }?.extraProperties ?? [])
    }

    /// The item the fields describe, and the fields that could not be read.
    func buildItem() -> (Item, [ItemFormField: String]) {
        let now = clock.now()
        var problems: [ItemFormField: String] = [:]
        // A new item keeps the zone it was typed in, so a series stays at its wall-clock time
        // across DST; all-day dates float.
        var item = original ?? Item(id: ids.next(), kind: kind, title: "", created: now,
                                    timeZone: .local(dates.calendar.timeZone))
        if original == nil && allDay { item.timeZone = .floating }
        item.kind = kind
        item.allDay = allDay
        item.title = text(of: .title).trimmingCharacters(in: .whitespaces)
        let shown = Set(fields)

        func date(_ field: ItemFormField, relativeTo base: Date) -> ParsedDate? {
            let raw = text(of: field).trimmingCharacters(in: .whitespaces)
            guard shown.contains(field), !raw.isEmpty else { return nil }
            do {
                return try DateParser(now: base, calendar: dates.calendar).parse(raw)
            } catch {
                problems[field] = "\(error)"
                return nil
            }
        }

        let cal = dates.calendar
        var times: [ItemTime] = []
        if let start = date(.start, relativeTo: now) {
            var startDate = allDay ? cal.startOfDay(for: start.date) : start.date
            var endDate: Date? = nil
            if let end = date(.end, relativeTo: start.date) {
                endDate = allDay ? cal.date(byAdding: .day, value: 1, to: cal.startOfDay(for: end.date)) : end.date
            } else if allDay && kind == .event && problems[.end] == nil {
                endDate = cal.date(byAdding: .day, value: 1, to: startDate)
            }
            if !start.hasTime && !allDay { startDate = cal.startOfDay(for: startDate) }
            times.append(ItemTime(start: startDate, end: endDate))
        } else if shown.contains(.end), !text(of: .end).trimmingCharacters(in: .whitespaces).isEmpty,
                  problems[.start] == nil {
            problems[.end] = "An end needs a start"
        }
        if shown.contains(.moreTimes) {
            times += parseMoreTimes(now: now, problems: &problems)
        }
        item.times = times
        item.due = date(.due, relativeTo: now).map { $0.hasTime ? $0.date : cal.startOfDay(for: $0.date) }
        item.place = text(of: .place).trimmingCharacters(in: .whitespaces)
        item.category = text(of: .category).trimmingCharacters(in: .whitespaces)
        item.notes = text(of: .notes).replacingOccurrences(of: "↵", with: "\n")

        let priorityText = text(of: .priority).trimmingCharacters(in: .whitespaces)
        if priorityText.isEmpty {
            item.priority = 0
        } else if let value = Int(priorityText), (0...9).contains(value) {
            item.priority = value
        } else {
            problems[.priority] = "Priority is a number from 0 (none) to 9"
        }

        let alarmText = text(of: .alarm).trimmingCharacters(in: .whitespaces)
        if alarmText.isEmpty {
            item.alarm = nil
        } else if let minutes = Int(alarmText).flatMap({ $0 >= 0 ? $0 : nil })
                    ?? (try? DurationParser.parse(alarmText)).map({ $0.days * 1440 + $0.minutes }) {
            let sound = text(of: .sound).trimmingCharacters(in: .whitespaces)
            item.alarm = Alarm(minutesBefore: minutes, sound: sound.isEmpty ? nil : sound)
        } else {
            problems[.alarm] = "Cannot read \"\(alarmText)\" as minutes before (try 15, 90m, 1h)"
        }

        let rule = text(of: .repeatRule).trimmingCharacters(in: .whitespaces)
        if rule.isEmpty || !shown.contains(.repeatRule) {
            item.repeatRule = shown.contains(.repeatRule) ? nil : item.repeatRule
        } else if let existing = original?.repeatRule, rule == ItemFormPresenter.repeatText(existing, dates: dates) {
            item.repeatRule = existing  // unchanged: keep the rule exactly as it was
        } else {
            do {
                item.repeatRule = try RepeatPhrase.rule(from: rule, start: times.first?.start ?? now, calendar: cal)
            } catch {
                problems[.repeatRule] = error.description
            }
        }
        item.attachments = text(of: .attachments).split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (item, problems)
    }

    private func parseMoreTimes(now: Date, problems: inout [ItemFormField: String]) -> [ItemTime] {
        var result: [ItemTime] = []
        for part in text(of: .moreTimes).split(separator: ";") {
            let pieces = part.components(separatedBy: " - ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = pieces.first, !first.isEmpty else { continue }
            do {
                let parser = DateParser(now: now, calendar: dates.calendar)
                let start = try parser.parse(first)
                var end: Date? = nil
                if pieces.count > 1 {
                    end = try DateParser(now: start.date, calendar: dates.calendar).parse(pieces[1]).date
                }
                result.append(ItemTime(start: start.date, end: end))
            } catch {
                problems[.moreTimes] = "\(error)"
            }
        }
        return result
    }

    /// A rule as the Repeat field shows it: in words when it can be, else the RRULE itself.
    static func repeatText(_ rule: String, dates: DateText) -> String {
        RepeatPhrase.phrase(for: rule, calendar: dates.calendar) ?? rule
    }

    /// The fields' texts for an existing item.
    static func texts(of item: Item, dates: DateText) -> [ItemFormField: String] {
        var texts: [ItemFormField: String] = [:]
        texts[.title] = item.title
        let cal = dates.calendar
        if let first = item.times.first {
            texts[.start] = dates.field(first.start, withTime: !item.allDay)
            if let end = first.end {
                let shownEnd = item.allDay && end > first.start ? cal.date(byAdding: .day, value: -1, to: end)! : end
                texts[.end] = dates.field(shownEnd, withTime: !item.allDay)
            }
        }
        if item.times.count > 1 {
            texts[.moreTimes] = item.times.dropFirst().map { time in
                var s = dates.field(time.start)
                if let end = time.end { s += " - " + dates.field(end) }
                return s
            }.joined(separator: "; ")
        }
        if let due = item.due {
            let hasTime = cal.startOfDay(for: due) != due
            texts[.due] = dates.field(due, withTime: hasTime)
        }
        texts[.place] = item.place
        texts[.category] = item.category
        texts[.notes] = item.notes.replacingOccurrences(of: "\n", with: "↵")
        if item.priority != 0 { texts[.priority] = String(item.priority) }
        if let alarm = item.alarm {
            texts[.alarm] = String(alarm.minutesBefore)
            texts[.sound] = alarm.sound ?? ""
        }
        texts[.repeatRule] = item.repeatRule.map { repeatText($0, dates: dates) } ?? ""
        texts[.attachments] = item.attachments.joined(separator: "; ")
        return texts.filter { !$0.value.isEmpty }
    }

    // MARK: - View state

    public func viewState() -> ItemFormViewState {
        let heading = recurrenceID != nil ? "Edit one occurrence of this \(kind.rawValue)"
            : (isEditing ? "Edit " : "New ") + kind.rawValue
        let rows = fields.map { field -> ItemFormViewState.Row in
            var label = field.label
            if field == .start && kind == .reminder { label = "At" }
            let value: TextField
            switch field {
            case .kind:
                value = TextField(ItemKind.allCases.map { $0 == kind ? "[\($0.rawValue)]" : " \($0.rawValue) " }.joined(separator: " "))
            case .allDay:
                value = TextField(allDay ? "[x] yes" : "[ ] no")
            default:
                value = values[field] ?? TextField()
            }
            return ItemFormViewState.Row(field: field, label: label, value: value, isChoice: field.isChoice,
                                         focused: field == focus, error: errors[field], hint: field.hint)
        }
        return ItemFormViewState(heading: heading, rows: rows)
    }
}
