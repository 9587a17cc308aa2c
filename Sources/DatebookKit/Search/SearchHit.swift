import Foundation

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

/// One meeting found.
public struct MeetingHit: Equatable, Sendable {
    public var meeting: Meeting
    public var closeness: SearchCloseness
    /// The folded words that matched.
    public var terms: [String]

    public init(meeting: Meeting, closeness: SearchCloseness, terms: [String]) {
        self.meeting = meeting
        self.closeness = closeness
        self.terms = terms
    }

    /// Where the words occur in the title.
    public var titleRanges: [Range<String.Index>] { SearchFolding.matchedRanges(of: terms, in: meeting.title) }

    /// What the row shows beside the title: the text that matched when the title did not (the
    /// place, a person, a line of the notes), else the place.
    public var detail: String {
        guard titleRanges.isEmpty else { return meeting.place }
        let people = ([meeting.host] + meeting.invitees.map(\.person)).flatMap { [$0.name, $0.email] }
        let texts = [meeting.place] + people + meeting.notes.split(whereSeparator: \.isNewline).map(String.init)
        return texts.first { !$0.isEmpty && !SearchFolding.matchedRanges(of: terms, in: $0).isEmpty } ?? meeting.place
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
