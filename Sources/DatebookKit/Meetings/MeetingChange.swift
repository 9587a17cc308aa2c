import Foundation

/// Why a change to a meeting was not made.
public enum MeetingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The meeting is not valid; nothing was written.
    case invalid([String])
    /// Only the host may do this.
    case notHost
    /// I am not among the invitees (or the address is not).
    case notInvited(String)
    /// The meeting is not in a state that allows it (e.g. voting on a confirmed meeting).
    case wrongState(String)
    /// The deadline for votes has passed.
    case votingClosed(Date)
    /// No slot has this number.
    case noSlot(Int)
    /// No meeting has this id.
    case notFound(String)
    /// Who "me" is has not been set.
    case noMe
    /// A message about a meeting was refused (a reply from someone not invited, …).
    case refused(String)
    /// The database failed; nothing was written.
    case store(StoreError)

    public var description: String {
        switch self {
        case let .invalid(problems): return problems.joined(separator: "; ")
        case .notHost: return "Only the host can do this"
        case let .notInvited(email): return "\(email) is not invited to this meeting"
        case let .wrongState(message): return message
        case let .noSlot(slot): return "The meeting has no slot \(slot)"
        case let .votingClosed(deadline):
            return "Votes closed at \(ISO8601DateFormatter.string(from: deadline, timeZone: .current, formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withSpaceBetweenDateAndTime]))"
        case let .notFound(id): return "No meeting with id \(id)"
        case let .refused(reason): return reason
        case .noMe: return "Say who you are first: datebook me --name NAME --email ADDRESS"
        case let .store(error): return error.description
        }
    }
}

/// The changes a host or an invitee makes to a meeting: pure, each checking it is allowed.
extension Meeting {
    /// The most slots a meeting may offer.
    public static let maximumSlots = 50
    /// The most people a meeting may invite.
    public static let maximumInvitees = 500

    /// What is wrong with the meeting, in words; empty when it can be saved.
    public func problems() -> [String] {
        var problems: [String] = []
        if title.allSatisfy(\.isWhitespace) { problems.append("A meeting needs a title") }
        if slots.isEmpty { problems.append("A meeting needs at least one time") }
        if slots.count > Self.maximumSlots {
            problems.append("A meeting can offer at most \(Self.maximumSlots) times (this one has \(slots.count))")
        }
        for (index, slot) in slots.enumerated() where slot.end <= slot.start {
            problems.append("Time \(index + 1) ends before it starts")
        }
        if Set(slots.map(\.id)).count != slots.count { problems.append("Two times share a number") }
        if invitees.count > Self.maximumInvitees {
            problems.append("A meeting can invite at most \(Self.maximumInvitees) people")
        }
        for invitee in invitees where !Contact.isEmailAddress(invitee.person.key) {
            problems.append("“\(invitee.person.email)” is not an e-mail address (name@example.org)")
        }
        if Set(invitees.map(\.person.key)).count != invitees.count { problems.append("Someone is invited twice") }
        if !Contact.isEmailAddress(host.key) { problems.append("The host has no e-mail address") }
        return problems
    }

    /// Records `email`'s votes (slot → vote) while the meeting is polling and, when `now` is
    /// given, before its deadline.
    public mutating func vote(_ votes: [Int: SlotVote], by email: String, at now: Date? = nil) throws(MeetingError) {
        guard state == .polling else {
            throw .wrongState(state == .cancelled ? "The meeting was cancelled" : "The time is already chosen")
        }
        if let now, let deadline, now > deadline { throw .votingClosed(deadline) }
        for slot in votes.keys where self.slot(slot) == nil { throw .noSlot(slot) }
        try answer(by: email) { $0.answer = .voted(votes) }
    }

    /// Records that `email` will not come (while polling, or to the confirmed time).
    public mutating func refuse(by email: String) throws(MeetingError) {
        guard state != .cancelled else { throw .wrongState("The meeting was cancelled") }
        let confirmed = confirmedSlot != nil
        try answer(by: email) { invitee in
            invitee.answer = .refused
            if confirmed { invitee.going = false }
        }
    }

    /// Records that `email` accepts the confirmed time.
    public mutating func accept(by email: String) throws(MeetingError) {
        guard confirmedSlot != nil else {
            throw .wrongState(state == .cancelled ? "The meeting was cancelled" : "No time is confirmed yet")
        }
        try answer(by: email) { $0.going = true }
    }

    private mutating func answer(by email: String, _ change: (inout MeetingInvitee) -> Void) throws(MeetingError) {
        let key = MeetingPerson.key(email)
        guard let index = invitees.firstIndex(where: { $0.person.key == key }) else { throw .notInvited(email) }
        change(&invitees[index])
        invitees[index].answeredSequence = sequence
    }

    /// The host chooses `slot`: the meeting is confirmed on it.
    public mutating func confirm(slot: Int) throws(MeetingError) {
        guard hostedByMe else { throw .notHost }
        guard state != .cancelled else { throw .wrongState("The meeting was cancelled") }
        guard self.slot(slot) != nil else { throw .noSlot(slot) }
        guard state != .confirmed(slot: slot) else { return }
        state = .confirmed(slot: slot)
        // A time confirmed anew is asked again: nobody has accepted it yet.
        for index in invitees.indices where invitees[index].answer != .refused {
            invitees[index].going = nil
        }
        sequence += 1
    }

    /// The host calls the meeting off.
    public mutating func cancel() throws(MeetingError) {
        guard hostedByMe else { throw .notHost }
        guard state != .cancelled else { return }
        state = .cancelled
        sequence += 1
    }

    /// The host changes the slots: votes on slots kept stay, votes on removed ones go; a
    /// confirmed slot that is removed puts the meeting back to polling.
    public mutating func replaceSlots(_ newSlots: [MeetingSlot]) throws(MeetingError) {
        guard hostedByMe else { throw .notHost }
        let kept = Set(newSlots.map(\.id))
        for index in invitees.indices {
            if case let .voted(votes) = invitees[index].answer {
                invitees[index].answer = .voted(votes.filter { kept.contains($0.key) })
            }
        }
        if case let .confirmed(slot) = state, !kept.contains(slot) { state = .polling }
        slots = newSlots
        sequence += 1
    }

    /// The host changes who is invited: answers of those still invited are kept.
    public mutating func replaceInvitees(_ people: [MeetingInvitee]) throws(MeetingError) {
        guard hostedByMe else { throw .notHost }
        invitees = people.map { person in invitee(person.person.email) ?? person }
        sequence += 1
    }
}
