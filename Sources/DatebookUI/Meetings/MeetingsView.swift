import DatebookKit
import DatebookTerminal
import Foundation

/// What the Meetings tab's list draws.
public struct MeetingsViewState: Equatable {
    public enum Line: Equatable {
        case row(Int, MeetingRowState)
        /// The line above meetings whose slots have all passed.
        case outOfDate
    }

    /// The three lists, the shown one in brackets.
    public var heading: String
    public var count: String
    public var lines: [Line]
    public var selection: Int?
}

/// One meeting's row: its mark, title, time (or the span of its slots), and the host's counts.
public struct MeetingRowState: Equatable {
    public var id: UUID
    public var mark: String
    public var title: String
    public var when: String
    /// "3 voted · 1 refused · 2 no reply" for the host; the host's name for others.
    public var side: String
    /// `side` where it does not fit: "3/6 voted" for the host.
    public var shortSide: String
    public var isOutOfDate: Bool

    init(_ row: MeetingListing, now: Date, dates: DateText) {
        id = row.id
        mark = row.mark.rawValue
        title = InertText.line(row.title)
        if row.isConfirmed {
            when = dates.day(row.start, relativeTo: now) + " " + dates.time(row.start) + "-" + dates.time(row.end)
        } else {
            let first = dates.day(row.start, relativeTo: now)
            let last = dates.day(row.end, relativeTo: now)
            // "Tue 24 – Thu 26 Nov" within a month: the month once.
            let sameMonth = dates.calendar.isDate(row.start, equalTo: row.end, toGranularity: .month)
            let shortFirst = sameMonth ? first.split(separator: " ").prefix(2).joined(separator: " ") : first
            when = first == last ? first : "\(shortFirst) – \(last)"
        }
        side = row.hostedByMe ? row.counts : "from " + InertText.line(row.hostName)
        shortSide = row.hostedByMe ? "\(row.voted)/\(row.voted + row.refused + row.noReply) voted" : side
        isOutOfDate = row.isOutOfDate(at: now)
    }
}

/// Draws the Meetings tab's list.
public enum MeetingsView {
    /// Lines above the rows: the lists and the count.
    public static let headerHeight = 2
    static let markWidth = 10

    public static func render(_ state: MeetingsViewState, into grid: inout Grid, area: Rect) -> Drawing<Int> {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        grid.put(" " + state.heading, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width, ellipsis: true)
        if area.height > 1 {
            grid.put(" " + state.count, x: area.x, y: area.y + 1, style: Theme.muted, maxWidth: area.width, ellipsis: true)
        }
        var clicks: [ClickArea<Int>] = []
        let whenWidth = min(26, max(10, area.width / 4))
        for (offset, line) in state.lines.enumerated() {
            let y = area.y + headerHeight + offset
            guard y < area.maxY else { break }
            switch line {
            case .outOfDate:
                let label = " out of date "
                let dashes = String(repeating: "─", count: max(0, area.width - DisplayWidth.of(label) - 3))
                grid.put(" ──" + label + dashes, x: area.x, y: y, style: Theme.muted, maxWidth: area.width)
            case let .row(index, row):
                let rect = Rect(x: area.x, y: y, width: area.width, height: 1)
                let selected = index == state.selection
                var style = row.isOutOfDate ? Theme.past : (row.mark == "Vote" ? Theme.active : .plain)
                if selected { style = style.reversed }
                grid.fill(rect, style: selected ? Theme.selection : .plain)
                var x = area.x + 1
                grid.put(row.mark, x: x, y: y, style: style, maxWidth: markWidth - 1)
                x += markWidth
                let remaining = area.maxX - x - 1
                guard remaining > 0 else { break }
                let room = remaining * 2 / 5
                let side = DisplayWidth.of(row.side) + 2 > room ? row.shortSide : row.side
                let sideWidth = remaining < 40 ? 0 : min(DisplayWidth.of(side) + 2, room)
                let shownWhen = remaining < 30 ? 0 : whenWidth
                let titleWidth = remaining - sideWidth - shownWhen
                grid.put(row.title, x: x, y: y, style: style, maxWidth: titleWidth - 1, ellipsis: true)
                x += titleWidth
                if shownWhen > 0 { grid.put(row.when, x: x, y: y, style: style, maxWidth: shownWhen - 1, ellipsis: true) }
                if sideWidth > 0 {
                    grid.put(side, x: area.maxX - 1 - sideWidth + 2, y: y, style: selected ? style : Theme.muted,
                             maxWidth: sideWidth - 2, ellipsis: true)
                }
                clicks.append(ClickArea(rect, index))
            }
        }
        return Drawing(cursor: nil, clicks: clicks)
    }
}
