import Foundation

/// Why a quick-add line cannot be saved, with a message for a person (the status line, or
/// stderr for `datebook add`). The line itself is never changed by it.
public enum QuickAddError: Error, Equatable, Sendable {
    /// Nothing was typed.
    case empty
    /// Everything typed was read as a date, a place, a tag…: nothing is left for the title.
    case noTitle
    /// A phrase shaped like a date or time that is not one (`31/02`, `25:00`).
    case date(DateParseError)
    /// A length (`1h`) with no time of day to count it from.
    case lengthNeedsTime(String)
    /// A reminder (`remind 10m before`) on an item with no time to count it from.
    case reminderNeedsTime
    /// A field the line filled cannot be saved as it is (the rule of `ItemDraft`).
    case field(ItemDraft.Field, String)
}

extension QuickAddError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            return "Type what to add, e.g. \u{201C}Lunch with Ana tomorrow 12:30 1h @Cafe #work\u{201D}"
        case .noTitle:
            return "Give it a title: everything typed reads as a date, place, tag or setting"
        case .date(let error):
            return "\(error)"
        case .lengthNeedsTime(let typed):
            return "A length (\(typed)) needs a time of day to start at, e.g. \u{201C}tomorrow 9:00 \(typed)\u{201D}"
        case .reminderNeedsTime:
            return "A reminder needs a date or time to count from, e.g. \u{201C}tomorrow 9:00 remind 10m before\u{201D}"
        case .field(let field, let message):
            return "\(QuickAddError.name(of: field)): \(message)"
        }
    }

    /// How a field is named in a message.
    public static func name(of field: ItemDraft.Field) -> String {
        switch field {
        case .repeatRule: return "Repeat"
        case .allDay: return "All day"
        case .moreTimes: return "More times"
        default: return field.rawValue.prefix(1).uppercased() + field.rawValue.dropFirst()
        }
    }
}
