import DatebookKit
import DatebookTerminal
import Foundation

/// One meeting on screen: what it is, each slot with its tally and every invitee's vote (a
/// grid of slots × invitees, the best slot marked), and who said what. In voting, my vote on
/// each slot beside it.
public struct MeetingDetailsState: Equatable {
    public var meeting: Meeting
    public var me: Me?
    /// The slot the cursor is on, as an index into the slots.
    public var cursor: Int
    /// My votes while voting; nil otherwise.
    public var votes: [Int: SlotVote]?
    /// The first line of the page asked for (PgDn, PgUp); the page shows the cursor's slot
    /// when `followsCursor`.
    public var scroll = 0
    public var followsCursor = true

    public init(meeting: Meeting, me: Me?, cursor: Int = 0, votes: [Int: SlotVote]? = nil) {
        self.meeting = meeting
        self.me = me
        self.cursor = cursor
        self.votes = votes
    }

    /// The slot under the cursor.
    public var slot: MeetingSlot? {
        meeting.slots.indices.contains(cursor) ? meeting.slots[cursor] : nil
    }

    static func symbol(_ vote: SlotVote?) -> String {
        switch vote {
        case .yes: return "✓"
        case .maybe: return "~"
        case .no: return "✗"
        case nil: return "·"
        }
    }

    static func word(_ vote: SlotVote?) -> String {
        switch vote {
        case .yes: return "yes"
        case .maybe: return "if need be"
        case .no: return "no"
        case nil: return "—"
        }
    }
}

public enum MeetingDetailsView {
    /// One line of the page: its text, style, and the style the whole row is filled with.
    struct Line {
        var text: String
        var style: Style = .plain
        var fill: Style?
    }

    /// The page's lines at `width` columns, and the index of the cursor's slot among them.
    static func layout(_ state: MeetingDetailsState, dates: DateText, now: Date, width: Int) -> (lines: [Line], cursor: Int) {
        let meeting = state.meeting
        let tally = MeetingTally(meeting)
        var lines: [Line] = []
        var cursorLine = 0
        func line(_ text: String, _ style: Style = .plain, fill: Style? = nil) {
            lines.append(Line(text: " " + text, style: style, fill: fill))
        }
        line(InertText.line(meeting.title), Theme.heading)
        var about = ["host " + InertText.line(meeting.hostedByMe ? "you" : meeting.host.shownName)]
        if !meeting.place.isEmpty { about.append("@ " + InertText.line(meeting.place)) }
        switch meeting.state {
        case .polling:
            about.append("polling" + (meeting.deadline.map { ", votes until " + dates.full($0) } ?? ""))
        case .confirmed: about.append("confirmed")
        case .cancelled: about.append("cancelled")
        }
        about.append(tally.summary)
        // A line too long for the page goes on below, so that the deadline and the tally show.
        for text in DisplayWidth.packed(about, separator: " · ", to: width - 2) { line(text, Theme.muted) }
        if let mine = meeting.mine(state.me) {
            let answer: String
            switch (mine.going, mine.answer) {
            case (true, _): answer = "you are going"
            case (false, _), (nil, .refused): answer = "you refused"
            case (nil, .noReply): answer = meeting.state == .polling ? "your vote is wanted (v)" : "your answer is wanted (a accept, r refuse)"
            case (nil, .voted): answer = meeting.confirmedSlot == nil ? "you voted" : "you voted; accept the time with a"
            }
            line("Your answer: " + answer, mine.answer == .noReply ? Theme.active : .plain)
        }
        lines.append(Line(text: ""))
        // The grid: one line per slot, one column per invitee.
        let invitees = meeting.invitees
        let voting = state.votes != nil
        let labelWidth = 32
        let countWidth = 18
        let mineWidth = voting ? 14 : 0
        let columns = max(0, min(invitees.count, (width - labelWidth - countWidth - mineWidth - 4) / 2))
        var header = DisplayWidth.padded("Times", to: labelWidth) + DisplayWidth.padded("yes maybe no", to: countWidth)
        if voting { header += DisplayWidth.padded("your vote", to: mineWidth) }
        // Two columns an invitee: an initial, a CJK one included, and its vote stand in line.
        header += invitees.prefix(columns).map {
            DisplayWidth.padded(String(InertText.line($0.person.shownName).prefix(1)).uppercased(), to: 2)
        }.joined()
        line(header, Theme.label)
        for (index, slot) in meeting.slots.enumerated() {
            let count = tally.count(of: slot.id)
            let isCursor = index == state.cursor
            var label = (isCursor ? "▸ " : "  ") + "\(slot.id). " + dates.day(slot.start, relativeTo: now) + " "
                + dates.time(slot.start) + "-" + dates.time(slot.end)
            if meeting.confirmedSlot?.id == slot.id { label += " ●" } else if tally.best == slot.id { label += " ★" }
            var text = DisplayWidth.padded(DisplayWidth.truncated(label, to: labelWidth - 1), to: labelWidth)
            text += DisplayWidth.padded(
                String(format: "%3d %5d %2d", count?.yes ?? 0, count?.maybe ?? 0, count?.no ?? 0), to: countWidth)
            if let votes = state.votes {
                text += DisplayWidth.padded(MeetingDetailsState.word(votes[slot.id]), to: mineWidth)
            }
            text += invitees.prefix(columns).map { invitee in
                DisplayWidth.padded(
                    invitee.answer == .refused ? "-" : MeetingDetailsState.symbol(invitee.answer.votes[slot.id]), to: 2)
            }.joined()
            let past = slot.end <= now
            if isCursor { cursorLine = lines.count }
            line(text, isCursor ? Theme.selection : past ? Theme.past : .plain, fill: isCursor ? Theme.selection : nil)
        }
        let legend = ["★ most can come", "● confirmed", "✓ yes", "~ if need be", "✗ no", "- refused", "· no reply"]
        for text in DisplayWidth.packed(legend, separator: " · ", to: width - 2) { line(text, Theme.muted) }
        lines.append(Line(text: ""))
        if !invitees.isEmpty { line("Who said what", Theme.heading) }
        for invitee in invitees {
            var said: [String]
            switch invitee.answer {
            case .noReply: said = ["no reply"]
            case .refused: said = ["refused"]
            case let .voted(votes):
                said = meeting.slots.map { "\($0.id) \(MeetingDetailsState.word(votes[$0.id]))" }
                said = said.isEmpty ? ["voted"] : ["voted: " + said[0]] + said.dropFirst()
            }
            if invitee.going == true { said[said.count - 1] += "; going" }
            let who = InertText.line(invitee.person.name.isEmpty ? invitee.person.email
                : "\(invitee.person.name) <\(invitee.person.email)>")
            // Every vote shows: what does not fit beside the name goes on below it.
            let saidLines = DisplayWidth.packed(said, separator: ", ", to: max(12, width - 40))
            line("  " + DisplayWidth.padded(DisplayWidth.truncated(who, to: 34), to: 36) + saidLines[0])
            for more in saidLines.dropFirst() { line(String(repeating: " ", count: 38) + more) }
        }
        if !meeting.notes.isEmpty {
            lines.append(Line(text: ""))
            for text in InertText.lines(meeting.notes) { line(text) }
        }
        return (lines, cursorLine)
    }

    /// The first line shown in `height` rows (the last one saying what more there is when the
    /// page is longer): the one asked for, moved so that the cursor's slot shows when the page
    /// follows it.
    static func firstLine(_ state: MeetingDetailsState, lines: Int, cursor: Int, height: Int) -> Int {
        guard lines > height else { return 0 }
        let visible = max(1, height - 1)
        var first = state.scroll
        if state.followsCursor {
            if cursor < first { first = cursor }
            if cursor >= first + visible { first = cursor - visible + 1 }
        }
        return max(0, min(first, lines - visible))
    }

    public static func render(_ state: MeetingDetailsState, dates: DateText, now: Date, into grid: inout Grid,
                              area: Rect) -> Drawing<Never> {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        let (lines, cursor) = layout(state, dates: dates, now: now, width: area.width)
        let fits = lines.count <= area.height
        let visible = fits ? area.height : max(1, area.height - 1)
        let first = firstLine(state, lines: lines.count, cursor: cursor, height: area.height)
        for (offset, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let y = area.y + offset
            if let fill = line.fill { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: fill) }
            grid.put(line.text, x: area.x, y: y, style: line.style, maxWidth: area.width, ellipsis: true)
        }
        if !fits {
            let below = lines.count - first - visible
            let text = below > 0
                ? " ↓ \(below) more line" + (below == 1 ? "" : "s") + " (PgDn)" + (first > 0 ? " · ↑ PgUp" : "")
                : " ↑ more above (PgUp)"
            grid.put(text, x: area.x, y: area.maxY - 1, style: Theme.muted, maxWidth: area.width, ellipsis: true)
        }
        return Drawing()
    }
}
