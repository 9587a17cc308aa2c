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
    /// The item changed elsewhere since the form opened, in a way the save cannot merge;
    /// nothing was saved and the form stays as typed (`save(resolving:)` settles it).
    case conflict(ItemConflict)
}

/// The logic of the form that creates or edits an item.
///
/// It keeps every field's text as typed, whatever the kind shown, so switching kind or
/// failing validation never loses a character. Saving reads the fields by `ItemDraft`'s rule
/// (the one `datebook add` follows), and attaches each message to its field.
///
/// The End follows the Start: when the focus leaves a changed Start, and before saving, the
/// End moves as far as the Start did (`ItemDraft.endText(followingStartFrom:)`), unless the
/// person typed in the End, which then stays as typed. A date field entered with Tab, Enter or
/// a click has its text selected, so typing replaces it.
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
    /// The Start text the End last followed (the one it was read against).
    private var followedStart: String
    /// True once the person changed the End's text: it no longer follows the Start.
    private var endTyped = false
    private let store: DatebookStore
    /// The instance being changed when the form edits one occurrence of a series.
    public let recurrenceID: Date?
    /// True for a new public event: it is saved marked public (iCalendar `CLASS:PUBLIC`).
    public var isPublic = false
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText
    /// The occurrence as it showed when the form opened, when the form edits one occurrence.
    private var openedOccurrence: RecurrenceOverride?
    /// The people a new item invites (from a contact's `i`), shown in the heading.
    public private(set) var attendees: [Participant] = []
    /// The fields the last save kept as they were changed elsewhere while the form was open.
    public private(set) var keptFromElsewhere: [ItemMerge.Field] = []

    /// A form for a new item of a kind, with times prefilled: an event starts at `start` (by default
    /// the next full hour) and lasts one hour.
    /// `attendees` are invited (kept as ATTENDEEs); `title` prefills the title.
    public convenience init(newItemOf kind: ItemKind, store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText,
                            start: Date? = nil, attendees: [Participant] = [], title: String = "") {
        let start = start ?? dates.nextFullHour(after: clock.now())
        var texts: [ItemFormField: String] = [:]
        if !title.isEmpty { texts[.title] = title }
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
        self.attendees = attendees
    }

    /// A form for a new item with a draft's texts (a quick-add line's). They count as typed: the
    /// form has changes from the start, so Esc asks before dropping them.
    public convenience init(newItemFrom draft: ItemDraft, store: DatebookStore, clock: Clock, ids: IDSource,
                            dates: DateText) {
        var texts: [ItemFormField: String] = [:]
        for (field, text) in draft.texts where !text.isEmpty {
            if let formField = ItemFormField(rawValue: field.rawValue) { texts[formField] = text }
        }
        texts[.notes] = texts[.notes]?.replacingOccurrences(of: "\n", with: "↵")
        self.init(original: nil, kind: draft.kind, allDay: draft.allDay, texts: texts, store: store, clock: clock,
                  ids: ids, dates: dates, openedBlank: true)
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
        if occurrence.end > occurrence.start {
            texts[.end] = Self.endText(start: occurrence.start, end: occurrence.end, allDay: series.allDay, dates: dates)
        }
        self.init(original: series, kind: series.kind, allDay: series.allDay, texts: texts.filter { !$0.value.isEmpty },
                  store: store, clock: clock, ids: ids, dates: dates, recurrenceID: occurrence.recurrenceID)
        openedOccurrence = occurrence.recurrenceID.map { recurrenceID in
            RecurrenceOverride(recurrenceID: recurrenceID, start: occurrence.start,
                               end: occurrence.end > occurrence.start ? occurrence.end : nil, title: occurrence.title,
                               place: occurrence.place, notes: override?.notes ?? series.notes)
        }
    }

    private init(original: Item?, kind: ItemKind, allDay: Bool, texts: [ItemFormField: String], store: DatebookStore,
                 clock: Clock, ids: IDSource, dates: DateText, recurrenceID: Date? = nil, openedBlank: Bool = false) {
        self.recurrenceID = recurrenceID
        self.original = original
        self.kind = kind
        self.allDay = allDay
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
        initialTexts = openedBlank ? [:] : texts
        initialKind = kind
        initialAllDay = allDay
        followedStart = texts[.start] ?? ""
        for (field, text) in texts { values[field] = TextField(text) }
    }

    /// True when the form edits an existing item.
    public var isEditing: Bool { original != nil }

    /// The day the Start field held when the form opened: a time typed alone there stays on it
    /// (`11:00` moves the occurrence within its day, not to today).
    private var startDay: Date? { openedOccurrence?.start ?? original?.times.first?.start }

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
        case .nextField:
            // In Attachments, Tab completes the path being typed, as a shell does.
            if focus == .attachments, let completion = completePath() { return .stay(completion) }
            moveFocus(by: 1)
        case .previousField: moveFocus(by: -1)
        case .submit:
            if focus == fields.last { return save() }
            moveFocus(by: 1)
        case .save: return save()
        case .back: return .cancel(changed: hasChanges)
        default:
            if TextField.edits(intent) { edit(intent) }
        }
        return .stay(nil)
    }

    /// Completes the last path of the Attachments field when the cursor is at its end: the
    /// message lists the names that still match; nil when there is nothing to complete (Tab
    /// then moves on).
    private func completePath() -> StatusMessage?? {
        guard var field = values[.attachments], field.cursor == field.text.count,
            let completion = PathCompletion.complete(field.text)
        else { return nil }
        if completion.text == field.text && completion.matches.isEmpty { return nil }
        field.set(completion.text)
        values[.attachments] = field
        guard !completion.matches.isEmpty else { return .some(nil) }
        return StatusMessage("Matches: " + completion.matches.joined(separator: "  "))
    }

    /// Focuses a field (a mouse click); ignored if the field is not shown.
    public func focus(on field: ItemFormField) {
        if fields.contains(field) { enter(field) }
    }

    private func moveFocus(by step: Int) {
        let shown = fields
        let index = shown.firstIndex(of: focus) ?? 0
        enter(shown[(index + step + shown.count) % shown.count])
    }

    /// Moves the focus to a field the person went to: leaving the Start moves the End with
    /// it, and a date field's text is selected.
    private func enter(_ field: ItemFormField) {
        guard field != focus else { return }
        if focus == .start { endFollowsStart() }
        move(to: field)
        if field.isDate { values[field]?.selectAll() }
    }

    /// Moves the focus, leaving nothing selected behind.
    private func move(to field: ItemFormField) {
        values[focus]?.deselect()
        focus = field
    }

    /// Moves the End as far as the Start moved since the End last followed it, keeping the
    /// length, unless the person typed the End. A Start that cannot be read is waited for:
    /// the End follows once it is corrected.
    private func endFollowsStart() {
        let start = text(of: .start)
        guard start != followedStart else { return }
        let now = clock.now()
        let parser = DateParser(now: now, calendar: dates.calendar)
        guard (try? parser.parse(start.trimmingCharacters(in: .whitespaces))) != nil else { return }
        if !endTyped, let end = draft().endText(followingStartFrom: followedStart, now: now, calendar: dates.calendar, startDay: startDay) {
            values[.end] = TextField(end)
        }
        followedStart = start
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
            let before = field.text
            field.apply(intent)
            values[focus] = field
            guard field.text != before else { return }
            if focus == .end { endTyped = true }
            // What was said of the old text no longer holds: the next save says it again if so.
            errors[focus] = nil
        }
    }

    // MARK: - Saving

    /// Saves the form; `resolution` says what to do when the item changed elsewhere meanwhile
    /// in a way that cannot be merged (by default: nothing, `.conflict`).
    public func save(resolving resolution: ConflictResolution = .merge) -> ItemFormOutcome {
        keptFromElsewhere = []
        endFollowsStart()
        var item: Item
        var problems: [ItemFormField: String]
        (item, problems) = buildItem()
        errors = problems
        if let first = fields.first(where: { problems[$0] != nil }) {
            if first != focus { move(to: first) }
            let count = problems.count
            return .stay(.error(count == 1 ? "Cannot save: \(problems[first]!)" : "Cannot save: \(count) fields need attention"))
        }
        do {
            if let series = original, let opened = openedOccurrence {
                let edit = OccurrenceEdit(series: series, opened: opened, mine: occurrence(opened, editedTo: item))
                let saved = try store.changeOccurrence(edit, resolving: resolution)
                keptFromElsewhere = keptFromElsewhere(edit, saved: saved)
                return .saved(saved)
            }
            if let original {
                let mine = ItemMerge.applyingChanges(from: openedItem(), to: item, onto: original)
                let saved = try store.save(ItemEdit(base: original, mine: mine), resolving: resolution)
                keptFromElsewhere = resolution == .keepBoth ? [] : ItemMerge.changedFields(from: mine, to: saved)
                return .saved(saved)
            }
            if isPublic, !item.extraProperties.contains(where: { $0.uppercased().hasPrefix("CLASS:") }) {
                item.extraProperties.append("CLASS:PUBLIC")
            }
            item = try store.save(item)
            return .saved(item)
        } catch let StoreError.conflict(conflict) {
            return .conflict(conflict)
        } catch let StoreError.invalid(issues) {
            for issue in issues { errors[ItemFormField(issue.field)] = issue.message }
            return .stay(.error("Cannot save: " + issues.map(\.message).joined(separator: "; ")))
        } catch {
            return .stay(.error("Not saved: \(error). Your text is still in the form."))
        }
    }

    /// What the status line says after a save.
    public static func savedMessage(_ item: Item) -> String {
        "Saved \u{201C}\(item.title)\u{201D}"
    }

    // MARK: - What the form changed

    /// The item the fields described when the form opened, read by the same rule as now: a
    /// field whose value differs between the two is one the person changed.
    private func openedItem() -> Item {
        var texts: [ItemDraft.Field: String] = [:]
        for (field, text) in initialTexts {
            if let draftField = ItemDraft.Field(rawValue: field.rawValue) { texts[draftField] = text }
        }
        texts[.notes] = (initialTexts[.notes] ?? "").replacingOccurrences(of: "↵", with: "\n")
        let shown = recurrenceID == nil ? ItemFormField.fields(for: initialKind) : fields
        let draft = ItemDraft(kind: initialKind, allDay: initialAllDay, texts: texts,
                              fields: Set(shown.compactMap { ItemDraft.Field(rawValue: $0.rawValue) }))
        return draft.item(editing: original, now: clock.now(), calendar: dates.calendar, startDay: startDay, newID: ids.next).item
    }

    /// The occurrence as it opened, with what the person changed in the form.
    private func occurrence(_ opened: RecurrenceOverride, editedTo edited: Item) -> RecurrenceOverride {
        let before = openedItem()
        var mine = opened
        if edited.title != before.title { mine.title = edited.title }
        if edited.place != before.place { mine.place = edited.place }
        if edited.notes != before.notes { mine.notes = edited.notes }
        if edited.times.first != before.times.first {
            mine.start = edited.times.first?.start ?? opened.recurrenceID
            mine.end = edited.times.first?.end
        }
        return mine
    }

    /// The values of the occurrence a save kept as another change left them.
    private func keptFromElsewhere(_ edit: OccurrenceEdit, saved series: Item) -> [ItemMerge.Field] {
        guard let override = series.overrides.first(where: { $0.recurrenceID == edit.recurrenceID }) else { return [] }
        let saved = override.shown(in: series)
        return ItemMerge.merge(occurrence: edit.mine, mine: edit.mine, theirs: saved).keptFromTheirs
    }

    /// The item the fields describe, and what is wrong with it, by field (`ItemDraft`'s rule).
    func buildItem() -> (Item, [ItemFormField: String]) {
        var result = draft().item(editing: original, now: clock.now(), calendar: dates.calendar, startDay: startDay, newID: ids.next)
        if original == nil, !attendees.isEmpty { result.item.attendees = attendees }
        var problems: [ItemFormField: String] = [:]
        for (field, message) in result.problems {
            problems[ItemFormField(rawValue: field.rawValue) ?? .title] = message
        }
        return (result.item, problems)
    }

    /// The fields as typed, for `ItemDraft`: the shown ones set the item, the notes' `↵` are
    /// line breaks.
    private func draft() -> ItemDraft {
        var texts: [ItemDraft.Field: String] = [:]
        for (field, value) in values {
            if let draftField = ItemDraft.Field(rawValue: field.rawValue) { texts[draftField] = value.text }
        }
        texts[.notes] = text(of: .notes).replacingOccurrences(of: "↵", with: "\n")
        return ItemDraft(
            kind: kind, allDay: allDay, texts: texts,
            fields: Set(fields.compactMap { ItemDraft.Field(rawValue: $0.rawValue) }))
    }

    /// A rule as the Repeat field shows it: in words when it can be, else the RRULE itself.
    static func repeatText(_ rule: String, dates: DateText) -> String {
        ItemDraft.repeatText(rule, calendar: dates.calendar)
    }

    /// The fields' texts for an existing item.
    /// The End field's text for a time: an all-day one shows its last day, as it is typed (the
    /// stored end is the day after it).
    static func endText(start: Date, end: Date, allDay: Bool, dates: DateText) -> String {
        let shown = allDay && end > start ? dates.calendar.date(byAdding: .day, value: -1, to: end)! : end
        return dates.field(shown, withTime: !allDay)
    }

    static func texts(of item: Item, dates: DateText) -> [ItemFormField: String] {
        var texts: [ItemFormField: String] = [:]
        texts[.title] = item.title
        let cal = dates.calendar
        if let first = item.times.first {
            texts[.start] = dates.field(first.start, withTime: !item.allDay)
            if let end = first.end {
                texts[.end] = endText(start: first.start, end: end, allDay: item.allDay, dates: dates)
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
        texts[.category] = item.categories.joined(separator: ", ")
        texts[.notes] = item.notes.replacingOccurrences(of: "\n", with: "↵")
        if item.priority != 0 { texts[.priority] = String(item.priority) }
        if !item.alarms.isEmpty {
            texts[.alarm] = AlarmText.text(item.alarms, calendar: dates.calendar)
            texts[.sound] = item.alarms.first?.sound ?? ""
        }
        texts[.repeatRule] = item.repeatRule.map { repeatText($0, dates: dates) } ?? ""
        texts[.attachments] = item.attachments.joined(separator: "; ")
        return texts.filter { !$0.value.isEmpty }
    }

    // MARK: - View state

    /// ` with Ana Lima <ana@example.org>`: who a new item invites.
    private var invited: String {
        guard !attendees.isEmpty else { return "" }
        return " with " + attendees.map { person in
            let address = person.address.hasPrefix("mailto:") ? String(person.address.dropFirst(7)) : person.address
            return person.name.map { "\($0) <\(address)>" } ?? address
        }.joined(separator: ", ")
    }

    public func viewState() -> ItemFormViewState {
        let heading = recurrenceID != nil ? "Edit one occurrence of this \(kind.rawValue)"
            : (isEditing ? "Edit " : "New ") + (isPublic && kind == .event ? "public event" : kind.rawValue) + invited
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
