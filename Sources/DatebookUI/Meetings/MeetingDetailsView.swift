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
    public static func render(_ state: MeetingDetailsState, dates: DateText, now: Date, into grid: inout Grid,
                              area: Rect) -> Drawing<Never> {
        let meeting = state.meeting
        let tally = MeetingTally(meeting)
        var y = area.y
        func line(_ text: String, _ style: Style = .plain) {
            guard y < area.maxY else { return }
            grid.put(" " + text, x: area.x, y: y, style: style, maxWidth: area.width, ellipsis: true)
            y += 1
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
        line(about.joined(separator: " · "), Theme.muted)
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
        y += 1
        // The grid: one line per slot, one column per invitee.
        let invitees = meeting.invitees
        let voting = state.votes != nil
        let labelWidth = 32
        let countWidth = 18
        let mineWidth = voting ? 14 : 0
        let columns = max(0, min(invitees.count, (area.width - labelWidth - countWidth - mineWidth - 4) / 2))
        if y < area.maxY {
            var header = DisplayWidth.padded("Times", to: labelWidth) + DisplayWidth.padded("yes maybe no", to: countWidth)
            if voting { header += DisplayWidth.padded("your vote", to: mineWidth) }
            // Two columns an invitee: an initial, a CJK one included, and its vote stand in line.
            header += invitees.prefix(columns).map {
                DisplayWidth.padded(String(InertText.line($0.person.shownName).prefix(1)).uppercased(), to: 2)
            }.joined()
            line(header, Theme.label)
        }
        for (index, slot) in meeting.slots.enumerated() {
            guard y < area.maxY else { break }
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
            var style: Style = past ? Theme.past : .plain
            if isCursor { style = Theme.selection }
            grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: isCursor ? Theme.selection : .plain)
            line(text, style)
        }
        if y < area.maxY {
            line("★ most can come · ● confirmed · ✓ yes · ~ if need be · ✗ no · - refused · · no reply", Theme.muted)
        }
        y += 1
        if !invitees.isEmpty { line("Who said what", Theme.heading) }
        for invitee in invitees {
            guard y < area.maxY else { break }
            var said: String
            switch invitee.answer {
            case .noReply: said = "no reply"
            case .refused: said = "refused"
            case let .voted(votes):
                said = "voted: " + meeting.slots.map { "\($0.id) \(MeetingDetailsState.word(votes[$0.id]))" }
                    .joined(separator: ", ")
            }
            if invitee.going == true { said += "; going" }
            let who = InertText.line(invitee.person.name.isEmpty ? invitee.person.email
                : "\(invitee.person.name) <\(invitee.person.email)>")
            line("  " + DisplayWidth.padded(DisplayWidth.truncated(who, to: 34), to: 36) + said)
        }
        if !meeting.notes.isEmpty {
            y += 1
            for text in InertText.lines(meeting.notes) { line(text) }
        }
        return Drawing()
    }
}
