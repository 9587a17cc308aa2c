import Foundation

/// What a person asks the search for: the typed text and the filters.
public struct SearchQuery: Equatable, Sendable {
    /// The text as typed.
    public var text: String
    /// The kinds to search; empty for every kind.
    public var kinds: Set<SearchKind>
    /// Only items with an occurrence in this range (`start ..< end`); nil for any time. Contacts
    /// have no dates: a range leaves them out.
    public var range: Range<Date>?
    /// Completed and deleted items, and deleted contacts, too (History).
    public var includeHistory: Bool
    /// At most this many results of each kind.
    public var limitPerKind: Int

    /// The longest query, in characters: a longer one is refused with a message.
    public static let maximumLength = 1_000

    public init(
        _ text: String, kinds: Set<SearchKind> = [], range: Range<Date>? = nil, includeHistory: Bool = false,
        limitPerKind: Int = 50
    ) {
        self.text = text
        self.kinds = kinds
        self.range = range
        self.includeHistory = includeHistory
        self.limitPerKind = limitPerKind
    }

    /// True when the kind is searched.
    public func searches(_ kind: SearchKind) -> Bool {
        if kind == .contact, range != nil { return false }
        return kinds.isEmpty || kinds.contains(kind)
    }

    /// The folded words of the query (control characters count as spaces), ready for the
    /// index, or why the query cannot be searched.
    public func terms() throws(SearchQueryProblem) -> [String] {
        let length = text.count
        if length > Self.maximumLength {
            throw .tooLong(length: length, maximum: Self.maximumLength)
        }
        var cleaned = String.UnicodeScalarView()
        var sawControl = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
                // Zero-width joiners belong to emoji: keep them.
                if scalar.value == 0x200D {
                    cleaned.append(scalar)
                } else {
                    sawControl = true
                    cleaned.append(" ")
                }
            default:
                cleaned.append(scalar)
            }
        }
        var words = SearchFolding.fold(String(cleaned)).split(whereSeparator: \.isWhitespace).map(String.init)
        // A joiner with nothing to join is a control character too.
        let joinersAlone = words.filter { $0.unicodeScalars.allSatisfy { $0.value == 0x200D } }
        if !joinersAlone.isEmpty {
            sawControl = true
            words.removeAll { $0.unicodeScalars.allSatisfy { $0.value == 0x200D } }
        }
        if words.isEmpty, sawControl { throw .onlyControlCharacters }
        return words
    }
}

/// Why a query cannot be searched, in words a person reads.
public enum SearchQueryProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(length: Int, maximum: Int)
    case onlyControlCharacters
    /// Nothing but spaces (the command line says so; the tab waits for typing).
    case empty

    public var description: String {
        switch self {
        case let .tooLong(length, maximum):
            return "The search text is \(length) characters long; at most \(maximum) can be searched."
        case .onlyControlCharacters:
            return "The search text holds only control characters; type letters, digits or symbols to search."
        case .empty:
            return "The search text is empty; give the words to find."
        }
    }
}

/// How close a result's match is: the order results come in.
public enum SearchCloseness: Int, Comparable, Sendable, Codable {
    /// The title is the query.
    case exact = 0
    /// The title begins with the query.
    case prefix = 1
    /// The title holds the query.
    case titleSubstring = 2
    /// Another text (place, notes, categories, people) holds it.
    case elsewhere = 3

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One item found.
public struct SearchHit: Equatable, Sendable {
    public var item: Item
    public var closeness: SearchCloseness
    /// The occurrence a series is shown at (its next, as the Events list shows it); nil for an
    /// item that does not repeat.
    public var listed: Occurrence?
    /// The folded words that matched, for `SearchFolding.matchedRanges` over any of its texts.
    public var terms: [String]

    /// When it is shown at: the listed occurrence of a series, else the first time or the due
    /// date; nil for an item without a date.
    public var start: Date? { listed?.start ?? item.times.first?.start ?? item.due }

    /// Where the words occur in the title.
    public var titleRanges: [Range<String.Index>] { SearchFolding.matchedRanges(of: terms, in: item.title) }
    /// Where the words occur in the place.
    public var placeRanges: [Range<String.Index>] { SearchFolding.matchedRanges(of: terms, in: item.place) }

    /// The text that matched when neither the title nor the place did (a note's line, a
    /// category, an attendee), else nil.
    public var otherMatch: String? {
        guard titleRanges.isEmpty, placeRanges.isEmpty else { return nil }
        var texts: [String] = item.overrides.compactMap(\.title) + item.overrides.compactMap(\.place)
        texts += item.notes.split(whereSeparator: \.isNewline).map(String.init)
        texts += item.overrides.compactMap(\.notes).flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }
        texts += [item.category] + item.moreCategories
        for participant in (item.organizer.map { [$0] } ?? []) + item.attendees {
            texts += [participant.name ?? "", SearchDocument.address(participant.address)]
        }
        return texts.first { !SearchFolding.matchedRanges(of: terms, in: $0).isEmpty }
    }
}

/// One contact found.
public struct ContactHit: Equatable, Sendable {
    /// The contact, without its photo.
    public var contact: Contact
    /// How close the match is to the contact's name.
    public var closeness: SearchCloseness
    /// The folded words that matched.
    public var terms: [String]

    public init(contact: Contact, closeness: SearchCloseness, terms: [String]) {
        self.contact = contact
        self.closeness = closeness
        self.terms = terms
    }

    /// True when the person is blocked: still found, marked.
    public var isBlocked: Bool { contact.relation == .blocked }

    /// Where the words occur in the name.
    public var nameRanges: [Range<String.Index>] { SearchFolding.matchedRanges(of: terms, in: contact.displayName) }

    /// What the row shows beside the name: the text that matched when the name did not (an
    /// e-mail, a phone, an organisation, a line of the notes...), else the first e-mail or phone.
    public var detail: String? {
        otherMatch ?? contact.primaryContact
    }

    /// The text that holds the words when the name does not, else nil.
    public var otherMatch: String? {
        guard nameRanges.isEmpty else { return nil }
        return SearchDocument.texts(of: contact).first {
            !$0.isEmpty && !SearchFolding.matchedRanges(of: terms, in: $0).isEmpty
        }
    }
}

/// What a search found, by kind (events, tasks, reminders, then contacts), each in order of
/// closeness, then date (contacts: then name).
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

    /// The items found, by kind.
    public var groups: [Group]
    /// The contacts found; nil when none were.
    public var contacts: Contacts?
    /// The folded words searched for.
    public var terms: [String]

    public init(groups: [Group], contacts: Contacts? = nil, terms: [String]) {
        self.groups = groups
        self.contacts = contacts
        self.terms = terms
    }

    public static let empty = SearchResults(groups: [], terms: [])

    /// Every item hit, group after group.
    public var hits: [SearchHit] { groups.flatMap(\.hits) }
    /// Every contact hit.
    public var contactHits: [ContactHit] { contacts?.hits ?? [] }
    /// True when nothing was found.
    public var isEmpty: Bool { groups.isEmpty && contactHits.isEmpty }
    /// How many results there are, items and contacts.
    public var count: Int { hits.count + contactHits.count }
}
