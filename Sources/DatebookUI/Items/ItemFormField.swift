import DatebookKit

/// A field of the item form, in the order the form shows them.
public enum ItemFormField: String, CaseIterable, Hashable, Sendable {
    case kind, title, start, end, allDay, due, moreTimes, place, priority
    case alarm, sound, repeatRule, category, attachments, notes

    /// The label beside the field.
    public var label: String {
        switch self {
        case .kind: return "Kind"
        case .title: return "Title"
        case .start: return "Start"
        case .end: return "End"
        case .allDay: return "All day"
        case .due: return "Due"
        case .moreTimes: return "More times"
        case .place: return "Place"
        case .priority: return "Priority"
        case .alarm: return "Alarm"
        case .sound: return "Sound"
        case .repeatRule: return "Repeat"
        case .category: return "Category"
        case .attachments: return "Attachments"
        case .notes: return "Notes"
        }
    }

    /// A hint shown greyed beside an empty field.
    public var hint: String {
        switch self {
        case .start, .end, .due: return "2026-11-22 14:30, 22/11, tomorrow 2pm, fri, +3d"
        case .moreTimes: return "22/11 10:00 - 11:00; fri 14:00"
        case .priority: return "0 none, 1 high … 9 low"
        case .alarm: return "minutes before: 15, 1h; empty for none"
        case .repeatRule: return "daily, weekdays, weekly on mon fri, monthly, every 2 weeks, until 31/12, 10 times"
        case .attachments: return "file paths or links separated by ; (Tab completes a path)"
        case .kind: return "←/→ or e/t/r"
        case .allDay: return "Space or ←/→ to switch"
        default: return ""
        }
    }

    /// True for fields whose value is picked, not typed.
    public var isChoice: Bool { self == .kind || self == .allDay }

    /// True for the date fields, whose text is selected when they are entered (typing replaces it).
    public var isDate: Bool { self == .start || self == .end || self == .due }

    /// The fields shown for a kind of item.
    public static func fields(for kind: ItemKind) -> [ItemFormField] {
        switch kind {
        case .event:
            return [.kind, .title, .start, .end, .allDay, .place, .repeatRule, .alarm, .sound, .priority,
                    .category, .attachments, .notes]
        case .task:
            return [.kind, .title, .due, .start, .end, .moreTimes, .place, .priority, .alarm, .sound,
                    .repeatRule, .category, .attachments, .notes]
        case .reminder:
            return [.kind, .title, .start, .repeatRule, .alarm, .sound, .place, .priority, .category,
                    .attachments, .notes]
        }
    }

    /// The form field a model validation issue belongs to (the draft's field of the same name).
    public init(_ field: ItemField) {
        self = ItemFormField(rawValue: ItemDraft.Field(field).rawValue) ?? .title
    }
}
