import DatebookKit
import Foundation

extension ContactDraft.Field {
    /// The label beside the field.
    public var label: String {
        switch self {
        case .displayName: "Name"
        case .givenName: "Given name"
        case .familyName: "Family name"
        case .nicknames: "Nicknames"
        case .emails: "E-mail"
        case .phones: "Phone"
        case .organisation: "Organisation"
        case .title: "Title"
        case .birthday: "Birthday"
        case .address: "Address"
        case .url: "URL"
        case .notes: "Notes"
        case .categories: "Categories"
        }
    }

    /// A hint shown greyed beside the focused field.
    public var hint: String {
        switch self {
        case .displayName: "required"
        case .nicknames, .categories: "separated by commas"
        case .emails: "work: ana@example.org, home: ana@example.net"
        case .phones: "mobile: +49 170 1234567, work: 030 12345"
        case .birthday: "1990-04-23, 23/4/1990, apr 23, --04-23"
        case .address: "street, city, postcode, region, country"
        case .notes: "↵ for a new line"
        default: ""
        }
    }
}

/// What the contact form shows.
public struct ContactFormViewState: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var field: ContactDraft.Field
        public var value: TextField
        public var focused: Bool
        public var error: String?
    }

    public var heading: String
    public var rows: [Row]
}

/// What became of a form intent.
public enum ContactFormOutcome: Equatable, Sendable {
    case stay(StatusMessage?)
    case saved(Contact)
    /// The person wants to leave; `changed` says whether anything would be lost.
    case cancel(changed: Bool)
}

/// The logic of the form that adds or edits a contact: every field's text kept as typed, read by
/// `ContactDraft`'s rule, each problem under its field, saved through `ContactStore.save`.
public final class ContactFormPresenter {
    public private(set) var focus: ContactDraft.Field = .displayName
    public private(set) var errors: [ContactDraft.Field: String] = [:]
    private var values: [ContactDraft.Field: TextField] = [:]
    private let initial: ContactDraft
    private let original: Contact?
    private let store: ContactStore
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText

    /// A form for a new contact (`original` nil) or one that edits a stored contact.
    public init(editing original: Contact?, store: ContactStore, clock: Clock, ids: IDSource, dates: DateText) {
        self.original = original
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
        initial = original.map(ContactDraft.init) ?? ContactDraft()
        for (field, text) in initial.texts { values[field] = TextField(text) }
    }

    public var isEditing: Bool { original != nil }

    public func text(of field: ContactDraft.Field) -> String { values[field]?.text ?? "" }

    private var draft: ContactDraft {
        ContactDraft(texts: values.mapValues(\.text).filter { !$0.value.isEmpty })
    }

    public var hasChanges: Bool { draft != ContactDraft(texts: initial.texts.filter { !$0.value.isEmpty }) }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> ContactFormOutcome {
        let fields = ContactDraft.Field.allCases
        let index = fields.firstIndex(of: focus) ?? 0
        switch intent {
        case .nextField: focus = fields[(index + 1) % fields.count]
        case .previousField: focus = fields[(index + fields.count - 1) % fields.count]
        case .submit:
            if focus == fields.last { return save() }
            focus = fields[index + 1]
        case .save: return save()
        case .back: return .cancel(changed: hasChanges)
        default:
            guard TextField.edits(intent) else { return .stay(nil) }
            var field = values[focus] ?? TextField()
            let before = field.text
            field.apply(intent)
            values[focus] = field
            // What was said of the old text no longer holds: the next save says it again if so.
            if field.text != before { errors[focus] = nil }
        }
        return .stay(nil)
    }

    /// Focuses a field (a click).
    public func focus(on field: ContactDraft.Field) { focus = field }

    /// Saves the contact, or shows each problem under its field with the text kept.
    public func save() -> ContactFormOutcome {
        let (contact, problems) = draft.contact(editing: original, newID: ids.next, now: clock.now(),
                                                calendar: dates.calendar)
        errors = problems
        if let first = ContactDraft.Field.allCases.first(where: { problems[$0] != nil }) {
            focus = first
            let count = problems.count
            return .stay(.error(count == 1 ? "Cannot save: \(problems[first]!)" : "Cannot save: \(count) fields need attention"))
        }
        do {
            return .saved(try store.save(contact))
        } catch {
            return .stay(.error("Not saved: \(error). Your text is still in the form."))
        }
    }

    // MARK: - View state

    public func viewState() -> ContactFormViewState {
        let heading = isEditing ? "Edit contact" : "New contact"
        return ContactFormViewState(heading: heading, rows: ContactDraft.Field.allCases.map { field in
            ContactFormViewState.Row(field: field, value: values[field] ?? TextField(), focused: field == focus,
                                     error: errors[field])
        })
    }
}
