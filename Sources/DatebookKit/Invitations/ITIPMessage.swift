import Foundation

/// One scheduling message about a meeting (iTIP, RFC 5546): what a host sends its invitees
/// (a poll, a confirmed time, a cancel) and what an invitee sends back (votes, a refusal, an
/// acceptance). Transport-free: written as a file today, sent through a server later.
///
/// While polling, the meeting travels as a `VPOLL` (the calendar extension for consensus
/// scheduling: one `VEVENT` per slot with its `POLL-ITEM-ID`, `VOTER`s, and in replies a
/// `VVOTER` with one `VOTE` per slot, `RESPONSE` 100 yes, 50 if need be, 0 no); once
/// confirmed, as an ordinary `VEVENT` with `ORGANIZER`, `ATTENDEE;PARTSTAT=…` and
/// `SEQUENCE`, which any calendar program reads.
public struct ITIPMessage: Equatable, Sendable {
    public enum Method: String, Equatable, Sendable {
        case request = "REQUEST"
        case reply = "REPLY"
        case cancel = "CANCEL"
    }

    /// What the message carries.
    public enum Form: Equatable, Sendable {
        /// The poll: candidate slots and voters.
        case poll
        /// An ordinary event: the one confirmed time.
        case event
    }

    /// One answer in a message: a voter's votes or refusal, or an attendee's PARTSTAT.
    public struct Answer: Equatable, Sendable {
        public var person: MeetingPerson
        public var answer: MeetingAnswer
        /// For an event: ACCEPTED (true), DECLINED (false), or nothing said (nil).
        public var going: Bool?

        public init(person: MeetingPerson, answer: MeetingAnswer, going: Bool? = nil) {
            self.person = person
            self.answer = answer
            self.going = going
        }
    }

    public var method: Method
    public var form: Form
    public var uid: String
    public var sequence: Int
    public var organizer: MeetingPerson
    public var title = ""
    public var place = ""
    public var notes = ""
    /// The poll's slots, or the event's one time (its id from `X-DATEBOOK-POLL-ITEM-ID` when
    /// a Datebook wrote it).
    public var slots: [MeetingSlot] = []
    /// Everyone invited (VOTER or ATTENDEE), with what the message says of each.
    public var people: [Answer] = []
    public var deadline: Date?
    public var stamp: Date?

    public init(method: Method, form: Form, uid: String, sequence: Int, organizer: MeetingPerson) {
        self.method = method
        self.form = form
        self.uid = uid
        self.sequence = sequence
        self.organizer = organizer
    }
}
