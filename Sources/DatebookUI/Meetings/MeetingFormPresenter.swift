import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// The group-meeting form: printable keys are typed into its fields.
    public static let meetingForm = Mode("meetingForm", helpTitle: "Group meeting form", input: .text, pushed: true)
}

/// The group-meeting form: title, place, one row per candidate time (an empty last row adds
/// another), invitees picked from contacts as their names are typed, a deadline, notes. Saving
/// checks everything, shows each problem under its field and keeps the text.
public final class MeetingFormPresenter {
    public private(set) var draft: MeetingDraft
    /// The field with the keyboard, as an index into `fields`.
    public private(set) var focus = 0
    public private(set) var problems: [MeetingDraft.Field: String] = [:]
    /// Contacts whose name or address matches what is being typed in Invitees, and the one
    /// highlighted.
    public private(set) var suggestions: [MeetingPerson] = []
    public private(set) var suggestion: Int?
    /// The meeting edited, or nil for a new one.
    public let original: Meeting?
    private var editors: [MeetingDraft.Field: TextField] = [:]
    private let initial: MeetingDraft
    private let store: DatebookStore
    private let clock: Clock
    private let dates: DateText

    public init(editing meeting: Meeting? = nil, store: DatebookStore, clock: Clock, dates: DateText) {
        original = meeting
        draft = meeting.map { MeetingDraft($0, dates: dates) } ?? MeetingDraft()
        initial = draft
        self.store = store
        self.clock = clock
        self.dates = dates
        for field in fields { editors[field] = TextField(text(of: field)) }
    }

    /// The fields in order: one row per time.
    public var fields: [MeetingDraft.Field] {
        [.title, .place] + draft.slots.indices.map { .slot($0) } + [.invitees, .deadline, .notes]
    }

    public var focusedField: MeetingDraft.Field { fields[min(focus, fields.count - 1)] }

    public var hasChanges: Bool { draft != initial }

    public func label(_ field: MeetingDraft.Field) -> String {
        switch field {
        case .title: return "Title"
        case .place: return "Place"
        case .slot(let row): return "Time \(row + 1)"
        case .invitees: return "Invitees"
        case .deadline: return "Vote until"
        case .notes: return "Notes"
        }
    }

    public func hint(_ field: MeetingDraft.Field) -> String {
        switch field {
        case .slot: return "tue 10-11 · wed 14:00 1h · 1/12 9:30-11"
        case .invitees: return "names of contacts, or addresses, by commas"
        case .deadline: return "optional: fri 18:00"
        default: return ""
        }
    }

    func text(of field: MeetingDraft.Field) -> String {
        switch field {
        case .title: return draft.title
        case .place: return draft.place
        case .slot(let row): return draft.slots.indices.contains(row) ? draft.slots[row] : ""
        case .invitees: return draft.invitees
        case .deadline: return draft.deadline
        case .notes: return draft.notes
        }
    }

    public func editor(_ field: MeetingDraft.Field) -> TextField { editors[field] ?? TextField(text(of: field)) }

    private func set(_ field: MeetingDraft.Field, _ value: String) {
        switch field {
        case .title: draft.title = value
        case .place: draft.place = value
        case .slot(let row):
            draft.slots[row] = value
            // One empty row at the end, always: typing in it adds the next, and emptying the
            // row before it takes the spare one away again, so that rows typed and rubbed out
            // do not pile up between the times and Invitees.
            if row == draft.slots.count - 1, !value.isEmpty {
                draft.slots.append("")
                editors[.slot(row + 1)] = TextField()
            } else if value.isEmpty, row == draft.slots.count - 2, draft.slots[row + 1].isEmpty {
                draft.slots.removeLast()
                editors[.slot(row + 1)] = nil
            }
        case .invitees: draft.invitees = value
        case .deadline: draft.deadline = value
        case .notes: draft.notes = value
        }
    }

    // MARK: - Keys

    /// Handles a key of the form; `.save` and `.back` are the coordinator's.
    public func handle(_ intent: Intent) {
        let field = focusedField
        switch intent {
        case .nextField: move(by: 1)
        case .previousField: move(by: -1)
        case .moveDown:
            if let index = suggestion, !suggestions.isEmpty {
                suggestion = min(suggestions.count - 1, index + 1)
            } else if !suggestions.isEmpty, field == .invitees {
                suggestion = 0
            } else {
                move(by: 1)
            }
        case .moveUp:
            if let index = suggestion { suggestion = index == 0 ? nil : index - 1 } else { move(by: -1) }
        case .submit:
            if field == .invitees, let index = suggestion, suggestions.indices.contains(index) {
                pick(suggestions[index])
            } else {
                move(by: 1)
            }
        default:
            guard var editor = editors[field], editor.apply(intent) else { return }
            editors[field] = editor
            set(field, editor.text)
            problems[field] = nil
            if field == .invitees { suggest() }
        }
    }

    private func move(by step: Int) {
        focus = max(0, min(fields.count - 1, focus + step))
        suggestions = []
        suggestion = nil
        if focusedField == .invitees { suggest() }
    }

    /// Moves to a field (a click).
    public func focus(on field: MeetingDraft.Field) {
        if let index = fields.firstIndex(of: field) {
            focus = index
            suggestions = []
            suggestion = nil
        }
    }

    /// Contacts matching the name being typed (the text after the last comma).
    private func suggest() {
        suggestion = nil
        let token = draft.invitees.split(separator: ",", omittingEmptySubsequences: false).last
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !token.isEmpty, !token.contains("<") else {
            suggestions = []
            return
        }
        let listed = (try? store.contacts(ContactQuery(.all, filter: token), offset: 0, limit: 20)) ?? []
        suggestions = Array(listed.compactMap { listing -> MeetingPerson? in
            guard listing.relation != .blocked, let email = listing.primaryContact, email.contains("@") else { return nil }
            return MeetingPerson(name: listing.displayName, email: email)
        }.prefix(5))
    }

    /// Puts a suggested contact in place of what was being typed.
    private func pick(_ person: MeetingPerson) {
        var parts = draft.invitees.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if !parts.isEmpty { parts.removeLast() }
        parts = parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        parts.append("\(person.name) <\(person.email)>")
        let text = parts.joined(separator: ", ") + ", "
        draft.invitees = text
        editors[.invitees] = TextField(text)
        suggestions = []
        suggestion = nil
        problems[.invitees] = nil
    }

    // MARK: - Saving

    /// The meeting the form describes, or the problems (shown under their fields; focus on the
    /// first).
    public func build(me: Me, id: UUID) -> Meeting? {
        let base = original ?? Meeting(
            id: id, title: "", host: me.person, hostedByMe: true, slots: [], created: clock.now())
        let reader = MeetingSlotText(parser: DateParser(now: clock.now(), calendar: dates.calendar),
                                     duration: base.duration)
        switch draft.meeting(base: base, slotReader: reader, contact: { [store] name in
            let found = (try? store.contacts(ContactQuery(.all, filter: name), offset: 0, limit: 50)) ?? []
            return found.first { $0.displayName.caseInsensitiveCompare(name) == .orderedSame
                && $0.primaryContact?.contains("@") == true }
                .map { MeetingPerson(name: $0.displayName, email: $0.primaryContact!) }
        }) {
        case .success(let meeting):
            problems = [:]
            return meeting
        case .failure(let found):
            problems = found.byField
            if let first = fields.firstIndex(where: { problems[$0] != nil }) { focus = first }
            return nil
        }
    }
}
