import DatebookKit
import DatebookTerminal
import Foundation

/// What the Contacts list draws.
public struct ContactListViewState: Equatable {
    public var list: ContactQuery.List
    public var filter: TextField
    /// True while the filter line has the keyboard.
    public var filtering: Bool
    /// `120 contacts`, or with a filter `3 of 120 contacts`.
    public var count: String
    /// The lines on screen: section headers and rows.
    public var lines: [ContactLine]
    /// The selected row's index in the list, nil when empty.
    public var selection: Int?
    public var emptyMessage: String?

    /// The list's name in the header.
    public static func title(_ list: ContactQuery.List) -> String {
        switch list {
        case .all: "All"
        case .requests: "Requests"
        case .blocked: "Blocked"
        case .deleted: "Deleted"
        }
    }
}

/// One line of the list: a letter's header, or a contact's row with its index in the list.
public enum ContactLine: Equatable {
    case section(Character)
    case row(Int, ContactRowState)
}

/// One contact's row: the name, the first e-mail or phone, and marks in words.
public struct ContactRowState: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var detail: String
    /// `friend`, `request`, `pending` (a request I sent), `blocked`, and `subscribed`.
    public var marks: [String]

    public init(_ listing: ContactListing) {
        id = listing.id
        name = InertText.line(listing.displayName)
        detail = InertText.line(listing.primaryContact ?? "")
        marks = Self.marks(relation: listing.relation, subscribed: listing.isSubscribed)
    }

    static func marks(relation: ContactRelation, subscribed: Bool) -> [String] {
        var marks: [String] = []
        switch relation {
        case .none: break
        case .friend: marks.append("friend")
        case .requestReceived: marks.append("request")
        case .requestSent: marks.append("pending")
        case .blocked: marks.append("blocked")
        }
        if subscribed { marks.append("subscribed") }
        return marks
    }
}
