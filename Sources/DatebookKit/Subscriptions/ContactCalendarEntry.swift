import Foundation

/// Something of a contact's that the Calendar shows beside my own items, never as one: a busy
/// time from their subscribed calendar, or their birthday. It cannot be opened, edited or
/// exported as an item.
public struct ContactCalendarEntry: Equatable, Hashable, Sendable, Identifiable {
    public enum Kind: Equatable, Hashable, Sendable {
        /// A busy time; the title only when their feed carries one.
        case busy(title: String?)
        /// Their birthday; the age they turn, when the year of birth is known.
        case birthday(age: Int?)
    }

    public var contactID: UUID
    /// The contact's display name.
    public var name: String
    public var start: Date
    public var end: Date
    public var allDay: Bool
    public var kind: Kind

    public init(contactID: UUID, name: String, start: Date, end: Date, allDay: Bool, kind: Kind) {
        self.contactID = contactID
        self.name = name
        self.start = start
        self.end = max(start, end)
        self.allDay = allDay
        self.kind = kind
    }

    /// Unique among the entries of a range.
    public var id: String {
        let tag: String
        switch kind {
        case .busy: tag = "busy"
        case .birthday: tag = "birthday"
        }
        return "\(contactID.uuidString)/\(tag)@\(start.timeIntervalSince1970)-\(end.timeIntervalSince1970)"
    }

    /// What the Calendar writes: `Ana: busy`, `Ana: Dentist`, `Ana's birthday (34)`.
    public var label: String {
        switch kind {
        case let .busy(title): return "\(name): \(title ?? "busy")"
        case let .birthday(age): return "\(name)'s birthday" + (age.map { " (\($0))" } ?? "")
        }
    }

    /// True for a birthday.
    public var isBirthday: Bool {
        if case .birthday = kind { return true }
        return false
    }
}

/// Reads what the Calendar shows of contacts: subscribed people's busy times and birthdays.
public protocol ContactCalendarStore: AnyObject {
    /// The entries overlapping `[from, to)` (a moment at `from` counts), by start, then name:
    /// busy times of subscribed contacts that are neither blocked nor deleted, and birthdays of
    /// contacts that are not deleted.
    func contactEntries(from: Date, to: Date) throws -> [ContactCalendarEntry]
}
