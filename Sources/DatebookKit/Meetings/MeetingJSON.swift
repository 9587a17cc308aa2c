import Foundation

/// One meeting as `datebook meeting list --json` prints it: its lists for me, its state, each
/// slot with its tally, and every invitee's answer. Times are ISO 8601 with their offset.
public struct MeetingJSON: Encodable, Equatable, Sendable {
    public struct Slot: Encodable, Equatable, Sendable {
        public var id: Int
        public var start: String
        public var end: String
        public var yes: Int
        public var ifNeedBe: Int
        public var no: Int
        public var best: Bool
    }

    public struct Invitee: Encodable, Equatable, Sendable {
        public var name: String
        public var email: String
        /// `no-reply`, `refused` or `voted`.
        public var answer: String
        /// Slot id → `yes`, `if-need-be` or `no`.
        public var votes: [String: String]
        public var going: Bool?
    }

    public var id: String
    public var uid: String
    public var title: String
    public var place: String
    public var host: String
    public var hostedByMe: Bool
    public var lists: [String]
    public var mark: String
    /// `polling`, `confirmed` or `cancelled`.
    public var state: String
    public var confirmedSlot: Int?
    public var sequence: Int
    public var deadline: String?
    public var slots: [Slot]
    public var invitees: [Invitee]

    public init(_ meeting: Meeting, me: Me?, timeZone: TimeZone) {
        func time(_ date: Date) -> String { DateText.iso8601(date, timeZone: timeZone) }
        let tally = MeetingTally(meeting)
        let best = tally.best
        id = meeting.id.uuidString.lowercased()
        uid = meeting.uid
        title = meeting.title
        place = meeting.place
        host = meeting.host.email
        hostedByMe = meeting.hostedByMe
        lists = MeetingList.allCases.filter(meeting.lists(for: me).contains).map(\.rawValue)
        mark = meeting.mark(for: me).rawValue
        switch meeting.state {
        case .polling: state = "polling"
        case let .confirmed(slot):
            state = "confirmed"
            confirmedSlot = slot
        case .cancelled: state = "cancelled"
        }
        sequence = meeting.sequence
        deadline = meeting.deadline.map(time)
        slots = meeting.slots.map { slot in
            let count = tally.count(of: slot.id)
            return Slot(
                id: slot.id, start: time(slot.start), end: time(slot.end), yes: count?.yes ?? 0,
                ifNeedBe: count?.maybe ?? 0, no: count?.no ?? 0, best: slot.id == best)
        }
        invitees = meeting.invitees.map { invitee in
            let answer: String
            switch invitee.answer {
            case .noReply: answer = "no-reply"
            case .refused: answer = "refused"
            case .voted: answer = "voted"
            }
            return Invitee(
                name: invitee.person.name, email: invitee.person.email, answer: answer,
                votes: Dictionary(uniqueKeysWithValues: invitee.answer.votes.map { (String($0.key), $0.value.rawValue) }),
                going: invitee.going)
        }
    }
}
