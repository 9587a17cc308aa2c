import Foundation

/// Applies a received iTIP message to the meetings in the store, by UID and SEQUENCE: an older
/// message never overwrites a newer state, the same message read twice changes nothing, and a
/// reply from someone who was not invited is refused.
public enum MeetingInbox {
    /// What reading one message did.
    public struct Outcome: Equatable, Sendable {
        /// The meeting it concerns, when one was found or made.
        public var meeting: UUID?
        /// True when the store changed.
        public var changed: Bool
        /// What happened, in words: "Bob voted on “Planning”".
        public var summary: String
    }

    /// Applies `message` as `me`, inside `batch`'s transaction; a message it refuses throws
    /// `MeetingError.refused` with the reason, and nothing is changed.
    public static func apply(_ message: ITIPMessage, in batch: MeetingBatch) throws -> Outcome {
        let outcome = try applying(message, in: batch)
        if outcome.changed {
            let kind: Activity.Kind
            switch (message.method, message.form) {
            case (.cancel, _): kind = .cancelled
            case (.reply, _): kind = .answer
            case (.request, .event): kind = outcome.summary.hasSuffix("is confirmed") ? .confirmed : .invitation
            case (.request, .poll): kind = outcome.summary.contains("invites you") ? .invitation : .changed
            }
            try batch.record(kind, outcome.summary, meeting: outcome.meeting)
        }
        return outcome
    }

    private static func applying(_ message: ITIPMessage, in batch: MeetingBatch) throws -> Outcome {
        guard let me = try batch.me() else { throw MeetingError.noMe }
        let existing = try batch.meeting(uid: message.uid)
        let title = "“\(message.title.isEmpty ? existing?.title ?? message.uid : message.title)”"
        switch message.method {
        case .request, .cancel:
            if existing?.hostedByMe == true || (existing == nil && message.organizer.key == me.person.key) {
                throw MeetingError.refused("\(title) is a meeting you host; a \(message.method.rawValue) comes from its host")
            }
            if try batch.isBlocked(message.organizer.email) {
                return Outcome(meeting: nil, changed: false,
                               summary: "\(title) is from \(message.organizer.shownName), whom you blocked; not shown")
            }
            if let existing, message.sequence < existing.sequence {
                return Outcome(meeting: existing.id, changed: false,
                               summary: "\(title): this message is older than the copy here (update \(message.sequence) < \(existing.sequence)); nothing changed")
            }
            if message.method == .cancel {
                guard var meeting = existing else {
                    return Outcome(meeting: nil, changed: false, summary: "\(title) is not here; nothing to cancel")
                }
                guard meeting.state != .cancelled else {
                    return Outcome(meeting: meeting.id, changed: false, summary: "\(title) was cancelled already")
                }
                meeting.state = .cancelled
                meeting.sequence = message.sequence
                try batch.write(meeting)
                return Outcome(meeting: meeting.id, changed: true, summary: "\(title) was cancelled by its host")
            }
            return try request(message, existing: existing, me: me, title: title, batch: batch)
        case .reply:
            guard var meeting = existing else {
                throw MeetingError.refused("a reply about a meeting that is not here (UID \(message.uid))")
            }
            guard meeting.hostedByMe else {
                throw MeetingError.refused("a reply about \(title), which you do not host")
            }
            let before = meeting
            var said: [String] = []
            for answer in message.people {
                guard let index = meeting.invitees.firstIndex(where: { $0.person.key == answer.person.key }) else {
                    throw MeetingError.refused("a reply from \(answer.person.email), who is not invited to \(title)")
                }
                guard meeting.invitees[index].answeredSequence <= message.sequence || meeting.invitees[index].answer == .noReply
                else {
                    said.append("an older answer from \(answer.person.shownName) than the one here was left out")
                    continue
                }
                switch message.form {
                case .poll:
                    let kept = Set(meeting.slots.map(\.id))
                    meeting.invitees[index].answer = answer.answer == .refused
                        ? .refused : .voted(answer.answer.votes.filter { kept.contains($0.key) })
                    said.append(answer.answer == .refused
                        ? "\(answer.person.shownName) refused \(title)" : "\(answer.person.shownName) voted on \(title)")
                case .event:
                    guard let going = answer.going else { continue }
                    meeting.invitees[index].going = going
                    if !going { meeting.invitees[index].answer = .refused }
                    said.append("\(answer.person.shownName) \(going ? "accepted" : "declined") \(title)")
                }
                meeting.invitees[index].answeredSequence = message.sequence
            }
            guard meeting != before else {
                return Outcome(meeting: meeting.id, changed: false, summary: "\(title): nothing new in this reply")
            }
            try batch.write(meeting)
            return Outcome(meeting: meeting.id, changed: true, summary: said.joined(separator: "; "))
        }
    }

    /// A poll or a confirmed time from its host: the meeting made or brought up to date, my own
    /// answer kept.
    private static func request(_ message: ITIPMessage, existing: Meeting?, me: Me, title: String, batch: MeetingBatch)
        throws -> Outcome
    {
        guard !message.slots.isEmpty else { throw MeetingError.refused("\(title) offers no time") }
        var meeting = existing ?? Meeting(
            id: batch.newID(), uid: message.uid, title: message.title, host: message.organizer, hostedByMe: false,
            slots: [], created: batch.now)
        meeting.title = message.title
        meeting.place = message.place
        meeting.notes = message.notes
        meeting.host = message.organizer
        meeting.sequence = message.sequence
        switch message.form {
        case .poll:
            meeting.slots = message.slots
            meeting.state = .polling
            meeting.deadline = message.deadline
        case .event:
            let slot = message.slots[0]
            if let same = meeting.slots.first(where: { $0.start == slot.start && $0.end == slot.end }) {
                meeting.state = .confirmed(slot: same.id)
            } else {
                let id = meeting.slot(slot.id) == nil ? slot.id : meeting.nextSlotID
                meeting.slots = [MeetingSlot(id: id, start: slot.start, end: slot.end)]
                meeting.state = .confirmed(slot: id)
            }
        }
        let kept = Set(meeting.slots.map(\.id))
        // Confirmed again at another time: my yes was for the old one, so I am asked again.
        let moved = existing?.confirmedSlot.map { old in
            meeting.confirmedSlot.map { $0.start != old.start || $0.end != old.end } ?? false
        } ?? false
        var askedAgain = false
        meeting.invitees = message.people.map { answer in
            var invitee = existing?.invitee(answer.person.email)
                ?? MeetingInvitee(person: answer.person, answer: answer.answer, going: answer.going)
            invitee.person = answer.person
            if answer.person.key != me.person.key {
                // Others' answers as the host knows them.
                if message.form == .poll { invitee.answer = answer.answer }
                if answer.going != nil { invitee.going = answer.going }
            } else if existing == nil {
                invitee.answer = .noReply
                invitee.going = nil
            } else if moved, invitee.going != nil {
                invitee.going = nil
                askedAgain = true
            }
            if case let .voted(votes) = invitee.answer { invitee.answer = .voted(votes.filter { kept.contains($0.key) }) }
            return invitee
        }
        if let existing {
            var unchanged = meeting
            unchanged.changed = existing.changed
            if unchanged == existing {
                return Outcome(meeting: existing.id, changed: false, summary: "\(title) is up to date already")
            }
        }
        let written = try batch.write(meeting)
        let what: String
        switch (existing == nil, message.form) {
        case (true, .poll): what = "\(meeting.host.shownName) invites you to \(title): vote on \(meeting.slots.count) time\(meeting.slots.count == 1 ? "" : "s")"
        case (true, .event): what = "\(meeting.host.shownName) invites you to \(title)"
        case (false, .poll): what = "\(title) was changed by its host"
        case (false, .event):
            what = askedAgain
                ? "\(title) was confirmed at another time; your answer is wanted again"
                : "\(title) is confirmed"
        }
        let notInvited = meeting.invitee(me.email) == nil ? " (you, \(me.email), are not among its invitees)" : ""
        return Outcome(meeting: written.id, changed: true, summary: what + notInvited)
    }
}
