import Foundation

/// The lists of the Meetings tab.
public enum MeetingList: String, Equatable, Sendable, CaseIterable {
    /// Meetings others invited me to that I have not answered or that are still polling.
    case invitations
    /// Meetings I host.
    case hosting
    /// Confirmed meetings I am going to (or host), next first.
    case coming
}

/// The mark at the left of a meeting's row.
public enum MeetingMark: String, Equatable, Sendable {
    /// My answer is wanted.
    case vote = "Vote"
    /// I accepted the confirmed time.
    case going = "Going"
    /// I host it.
    case host = "Host"
    case refused = "Refused"
    case cancelled = "Cancelled"
    /// I answered; nothing more is wanted of me until the host decides.
    case voted = "Voted"
}

extension Meeting {
    /// My invitation, when I am an invitee.
    public func mine(_ me: Me?) -> MeetingInvitee? {
        me.flatMap { invitee($0.email) }
    }

    /// The lists the meeting shows in, for me.
    public func lists(for me: Me?) -> Set<MeetingList> {
        var lists: Set<MeetingList> = []
        if hostedByMe {
            lists.insert(.hosting)
            if confirmedSlot != nil { lists.insert(.coming) }
            return lists
        }
        guard state != .cancelled, let mine = mine(me) else { return lists }
        if state == .polling || mine.going == nil && mine.answer != .refused {
            lists.insert(.invitations)
        }
        if confirmedSlot != nil, mine.going == true { lists.insert(.coming) }
        return lists
    }

    /// The mark its row shows me.
    public func mark(for me: Me?) -> MeetingMark {
        if state == .cancelled { return .cancelled }
        if hostedByMe { return .host }
        guard let mine = mine(me) else { return .vote }
        if mine.going == true { return .going }
        if mine.answer == .refused || mine.going == false { return .refused }
        if confirmedSlot != nil { return .vote }
        return mine.answer == .noReply ? .vote : .voted
    }
}
