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
        // Contacts and meetings are not in the calendar's occurrences a date range reads.
        if kind == .contact || kind == .meeting, range != nil { return false }
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
