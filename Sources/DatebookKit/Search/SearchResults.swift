import Foundation

/// What a search found, by kind (events, tasks, reminders, then contacts, then meetings), each
/// in order of closeness, then date (contacts: then name).
public struct SearchResults: Equatable, Sendable {
    public struct Group: Equatable, Sendable {
        public var kind: ItemKind
        public var hits: [SearchHit]
        /// True when more matched than `SearchQuery.limitPerKind`.
        public var hasMore: Bool
    }

    /// The contacts found, after the items.
    public struct Contacts: Equatable, Sendable {
        public var hits: [ContactHit]
        /// True when more matched than `SearchQuery.limitPerKind`.
        public var hasMore: Bool
    }

    /// The meetings found, after the contacts.
    public struct Meetings: Equatable, Sendable {
        public var hits: [MeetingHit]
        public var hasMore: Bool
    }

    /// The items found, by kind.
    public var groups: [Group]
    /// The contacts found; nil when none were.
    public var contacts: Contacts?
    /// The folded words searched for.
    public var terms: [String]

    /// The meetings found; nil when none were.
    public var meetings: Meetings?

    public init(groups: [Group], contacts: Contacts? = nil, meetings: Meetings? = nil, terms: [String]) {
        self.groups = groups
        self.contacts = contacts
        self.meetings = meetings
        self.terms = terms
    }

    public static let empty = SearchResults(groups: [], terms: [])

    /// Every item hit, group after group.
    public var hits: [SearchHit] { groups.flatMap(\.hits) }
    /// Every contact hit.
    public var contactHits: [ContactHit] { contacts?.hits ?? [] }
    /// Every meeting hit.
    public var meetingHits: [MeetingHit] { meetings?.hits ?? [] }
    /// True when nothing was found.
    public var isEmpty: Bool { groups.isEmpty && contactHits.isEmpty && meetingHits.isEmpty }
    /// How many results there are: items, contacts, meetings.
    public var count: Int { hits.count + contactHits.count + meetingHits.count }
}
