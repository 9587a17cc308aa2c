import Foundation

/// One search result as `datebook search --json` prints it.
public struct SearchJSON: Encodable, Equatable, Sendable {
    public var id: String
    public var kind: String
    public var title: String
    public var place: String
    /// When it is shown at (a repeating item: its next occurrence), ISO 8601; a day for an
    /// all-day item; nil without a date.
    public var start: String?
    public var status: String
    /// `exact`, `prefix`, `title` or `other`: how close the match is.
    public var closeness: String
    /// Where the query occurs in the title: pairs of offset and length, in characters.
    public var matches: [[Int]]
    /// The other text that holds the query when neither the title nor the place does.
    public var match: String?
    /// A contact's relation (`none`, `friend`, `request-received`, `request-sent`,
    /// `blocked`); nil for an item.
    public var relation: String?

    public init(_ hit: SearchHit, timeZone: TimeZone) {
        let item = hit.item
        id = item.id.uuidString.lowercased()
        kind = item.kind.rawValue
        title = item.title
        place = item.place
        start = hit.start.map {
            item.allDay ? DateText.isoDate($0, timeZone: timeZone) : DateText.iso8601($0, timeZone: timeZone)
        }
        status = item.status.rawValue
        closeness = Self.word(hit.closeness)
        matches = hit.titleRanges.map { range in
            [item.title.distance(from: item.title.startIndex, to: range.lowerBound),
             item.title.distance(from: range.lowerBound, to: range.upperBound)]
        }
        match = hit.otherMatch
    }

    /// A contact found: its name as the title, its e-mail or phone as the place.
    public init(_ hit: ContactHit) {
        let contact = hit.contact
        id = contact.id.uuidString.lowercased()
        kind = SearchKind.contact.rawValue
        let name = contact.displayName
        title = name
        place = contact.primaryContact ?? ""
        start = nil
        status = contact.status.rawValue
        closeness = Self.word(hit.closeness)
        matches = hit.nameRanges.map { range in
            [name.distance(from: name.startIndex, to: range.lowerBound),
             name.distance(from: range.lowerBound, to: range.upperBound)]
        }
        match = hit.otherMatch
        relation = contact.relation.rawValue
    }

    /// A meeting found: its title, its place, its first time, `active` or `cancelled`.
    public init(_ hit: MeetingHit, timeZone: TimeZone) {
        let meeting = hit.meeting
        id = meeting.id.uuidString.lowercased()
        kind = SearchKind.meeting.rawValue
        title = meeting.title
        place = meeting.place
        start = meeting.span.map { DateText.iso8601($0.start, timeZone: timeZone) }
        status = meeting.state == .cancelled ? "cancelled" : "active"
        closeness = Self.word(hit.closeness)
        matches = hit.titleRanges.map { range in
            [meeting.title.distance(from: meeting.title.startIndex, to: range.lowerBound),
             meeting.title.distance(from: range.lowerBound, to: range.upperBound)]
        }
        match = hit.titleRanges.isEmpty && hit.detail != meeting.place ? hit.detail : nil
    }

    static func word(_ closeness: SearchCloseness) -> String {
        switch closeness {
        case .exact: "exact"
        case .prefix: "prefix"
        case .titleSubstring: "title"
        case .elsewhere: "other"
        }
    }

    /// Every hit, group after group, then the contacts and the meetings, as a pretty-printed JSON array with
    /// sorted keys.
    public static func encode(_ results: SearchResults, timeZone: TimeZone) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let all = results.hits.map { SearchJSON($0, timeZone: timeZone) } + results.contactHits.map(SearchJSON.init)
            + results.meetingHits.map { SearchJSON($0, timeZone: timeZone) }
        return ControlCharacters.escapingInJSON(try encoder.encode(all))
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, title, place, start, status, closeness, matches, match, relation
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(place, forKey: .place)
        try container.encode(start, forKey: .start)
        try container.encode(status, forKey: .status)
        try container.encode(closeness, forKey: .closeness)
        try container.encode(matches, forKey: .matches)
        try container.encode(match, forKey: .match)
        if let relation { try container.encode(relation, forKey: .relation) }
    }
}
