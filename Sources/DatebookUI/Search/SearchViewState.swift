import DatebookKit
import DatebookTerminal
import Foundation

/// What the Search tab draws.
public struct SearchViewState: Equatable {
    public var field: TextField
    public var queryFocused: Bool
    /// The filters, in words.
    public var filters: String
    /// The prompt for two dates, drawn over the filters while it is open.
    public var datePrompt: SearchDatePrompt?
    /// The count of results, or why there are none.
    public var status: String
    public var isProblem: Bool
    /// The lines of results on screen.
    public var lines: [SearchLine]
    /// The selected result (its index among all results), nil while the query has the keyboard.
    public var selection: Int?
}

/// One line of results: a kind's heading or a result's row (with its index among all results).
public enum SearchLine: Equatable {
    case heading(String)
    case hit(Int, SearchRowState)
    case contact(Int, SearchContactRowState)
    /// A meeting: drawn as a contact's row is, its title where the name stands.
    case meeting(Int, SearchContactRowState)

    /// The result's index among all results; nil for a heading.
    var index: Int? {
        switch self {
        case .heading: nil
        case .hit(let index, _), .contact(let index, _), .meeting(let index, _): index
        }
    }
}

/// One contact's row: the name and, beside it, the e-mail or phone (or the other text that
/// matched), with where the query matched in each, as character offsets; and a mark for a
/// blocked or deleted contact.
public struct SearchContactRowState: Equatable {
    public var id: UUID
    public var name: String
    public var nameMatches: [Range<Int>]
    public var side: String
    public var sideMatches: [Range<Int>]
    /// `blocked`, `deleted`, or empty.
    public var mark: String

    init(hit: ContactHit) {
        id = hit.contact.id
        name = InertText.line(hit.contact.displayName)
        nameMatches = SearchRowState.offsets(SearchFolding.matchedRanges(of: hit.terms, in: name), in: name)
        side = InertText.line(hit.detail ?? "")
        sideMatches = SearchRowState.offsets(SearchFolding.matchedRanges(of: hit.terms, in: side), in: side)
        mark = hit.contact.status == .deleted ? "deleted" : hit.isBlocked ? "blocked" : ""
    }

    /// A meeting's row: its title, and its days with the place (or the text that matched).
    init(meeting hit: MeetingHit, now: Date, dates: DateText) {
        let meeting = hit.meeting
        id = meeting.id
        name = InertText.line(meeting.title)
        nameMatches = SearchRowState.offsets(SearchFolding.matchedRanges(of: hit.terms, in: name), in: name)
        let detail = InertText.line(hit.detail)
        let when = meeting.span.map { dates.day($0.start, relativeTo: now) } ?? ""
        side = [when, detail].filter { !$0.isEmpty }.joined(separator: " · ")
        sideMatches = SearchRowState.offsets(SearchFolding.matchedRanges(of: hit.terms, in: side), in: side)
        mark = meeting.state == .cancelled ? "cancelled" : ""
    }
}

/// One result's row: date, time, mark, title and place (or the other text that matched), with
/// where the query matched in each, as character offsets.
public struct SearchRowState: Equatable {
    public var id: UUID
    public var mark: String
    public var date: String
    public var time: String
    public var title: String
    public var titleMatches: [Range<Int>]
    /// The place or, when the match was elsewhere (notes, categories, attendees), that text.
    public var side: String
    public var sideMatches: [Range<Int>]
    public var tone: ItemRowState.Tone

    init(hit: SearchHit, now: Date, dates: DateText) {
        let row = ItemRowState(item: hit.item, listed: hit.listed, now: now, dates: dates)
        id = row.id
        mark = row.mark
        date = row.date
        time = row.time
        tone = row.tone
        title = InertText.line(hit.item.title)
        titleMatches = Self.offsets(SearchFolding.matchedRanges(of: hit.terms, in: title), in: title)
        let other = hit.otherMatch.map { InertText.line($0) }
        side = other ?? InertText.line(hit.item.place)
        sideMatches = Self.offsets(SearchFolding.matchedRanges(of: hit.terms, in: side), in: side)
    }

    static func offsets(_ ranges: [Range<String.Index>], in text: String) -> [Range<Int>] {
        ranges.map { range in
            let lower = text.distance(from: text.startIndex, to: range.lowerBound)
            return lower..<(lower + text.distance(from: range.lowerBound, to: range.upperBound))
        }
    }
}
