import Foundation

/// A group meeting: a host proposes times (slots), invitees vote on each, the host confirms one.
///
/// The same meeting lives in the host's store and in each invitee's, under one iCalendar UID;
/// `sequence` grows with every change the host makes, so that a message about an older state
/// never overwrites a newer one.
public struct Meeting: Equatable, Sendable, Identifiable {
    /// Datebook's own id.
    public var id: UUID
    /// The iCalendar UID every copy of the meeting shares.
    public var uid: String
    public var title: String
    public var place = ""
    public var notes = ""
    /// How long the meeting lasts: the length a new slot is given.
    public var duration: TimeInterval = 3_600
    public var host: MeetingPerson
    /// True when I host it (the host is me).
    public var hostedByMe: Bool
    /// The candidate times, or the one fixed time; ids are stable across edits.
    public var slots: [MeetingSlot]
    public var invitees: [MeetingInvitee]
    public var state: MeetingState = .polling
    /// Grows with every change the host makes (iCalendar SEQUENCE).
    public var sequence = 0
    /// When votes are no longer wanted, if the host set it.
    public var deadline: Date?
    /// The event in my calendar once the meeting is confirmed and I take part.
    public var event: UUID?
    public var created: Date
    public var changed: Date

    public init(id: UUID, uid: String? = nil, title: String, host: MeetingPerson, hostedByMe: Bool,
                slots: [MeetingSlot], invitees: [MeetingInvitee] = [], created: Date)
    {
        self.id = id
        self.uid = uid ?? id.uuidString.lowercased()
        self.title = title
        self.host = host
        self.hostedByMe = hostedByMe
        self.slots = slots
        self.invitees = invitees
        self.created = created
        self.changed = created
    }

    /// The slot with this id.
    public func slot(_ id: Int) -> MeetingSlot? { slots.first { $0.id == id } }

    /// The confirmed slot, once confirmed.
    public var confirmedSlot: MeetingSlot? {
        if case let .confirmed(id) = state { return slot(id) }
        return nil
    }

    /// The invitee with this address (compared without case), if invited.
    public func invitee(_ email: String) -> MeetingInvitee? {
        let key = MeetingPerson.key(email)
        return invitees.first { $0.person.key == key }
    }

    /// The earliest start and the latest end of its slots (of the confirmed one once confirmed).
    public var span: (start: Date, end: Date)? {
        let shown = confirmedSlot.map { [$0] } ?? slots
        guard let start = shown.map(\.start).min(), let end = shown.map(\.end).max() else { return nil }
        return (start, end)
    }

    /// True when every slot has ended at `now`: the meeting stands below the "out of date" line.
    public func isOutOfDate(at now: Date) -> Bool {
        guard let span else { return true }
        return span.end <= now
    }

    /// A new id for a slot added to this meeting.
    public var nextSlotID: Int { (slots.map(\.id).max() ?? 0) + 1 }
}

/// Someone a meeting names: its host or an invitee.
public struct MeetingPerson: Equatable, Hashable, Sendable {
    public var name: String
    /// Their e-mail address: what replies are matched by.
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// The address as compared: without surrounding space, `mailto:` or case.
    public var key: String { Self.key(email) }

    static func key(_ email: String) -> String {
        var text = email.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.lowercased().hasPrefix("mailto:") { text.removeFirst(7) }
        return text.lowercased()
    }

    /// The name, or the address when there is no name.
    public var shownName: String { name.isEmpty ? email : name }
}

/// One candidate time of a meeting.
public struct MeetingSlot: Equatable, Hashable, Sendable, Identifiable {
    /// Stable within the meeting (iCalendar POLL-ITEM-ID); never reused for another time.
    public var id: Int
    public var start: Date
    public var end: Date

    public init(id: Int, start: Date, end: Date) {
        self.id = id
        self.start = start
        self.end = end
    }
}

/// An invitee's vote on one slot.
public enum SlotVote: String, Equatable, Hashable, Sendable, CaseIterable {
    case yes
    /// "If need be": possible, not preferred.
    case maybe = "if-need-be"
    case no

    /// The next vote a per-slot toggle gives: yes → if need be → no → yes.
    public var toggled: SlotVote {
        switch self {
        case .yes: return .maybe
        case .maybe: return .no
        case .no: return .yes
        }
    }
}

/// What an invitee said.
public enum MeetingAnswer: Equatable, Sendable {
    case noReply
    case refused
    /// A vote on each slot they answered for (a slot missing: not answered).
    case voted([Int: SlotVote])

    public var votes: [Int: SlotVote] {
        if case let .voted(votes) = self { return votes }
        return [:]
    }
}

/// An invited person and their answer.
public struct MeetingInvitee: Equatable, Sendable {
    public var person: MeetingPerson
    /// The contact they are, when invited from the address book.
    public var contact: UUID?
    public var answer: MeetingAnswer = .noReply
    /// Once confirmed: true when they accepted the time, false when they declined it, nil
    /// before they said.
    public var going: Bool?
    /// The meeting's sequence their latest answer was given for.
    public var answeredSequence = 0

    public init(person: MeetingPerson, contact: UUID? = nil, answer: MeetingAnswer = .noReply, going: Bool? = nil) {
        self.person = person
        self.contact = contact
        self.answer = answer
        self.going = going
    }
}

/// Where a meeting stands.
public enum MeetingState: Equatable, Hashable, Sendable {
    /// Invitees are voting.
    case polling
    /// The host chose this slot.
    case confirmed(slot: Int)
    case cancelled
}

/// Who "me" is: the name and address that tell my meetings from others' and match replies.
public struct Me: Equatable, Sendable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    public var person: MeetingPerson { MeetingPerson(name: name, email: email) }
}
