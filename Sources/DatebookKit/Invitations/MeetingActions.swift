import Foundation

/// A change to one meeting as a person makes it (a vote, a refusal, a confirmation, …): read,
/// changed as me, written in one transaction, and the messages it asks me to send written into
/// the outbox. The Meetings tab and `datebook meeting` both go through here.
public enum MeetingActions {
    /// What a change did.
    public struct Result: Sendable {
        public var meeting: Meeting
        /// The messages written, each with whom to send it to.
        public var sent: [(path: String, recipient: MeetingPerson)]
    }

    /// Applies `change` as me to the meeting `find` picks, writes it, then its messages.
    public static func perform(
        on store: MeetingWriter, outbox: MeetingOutbox, find: (MeetingBatch) throws -> Meeting?, now: Date = Date(),
        _ change: (inout Meeting, Me) throws -> Void
    ) throws -> Result {
        let (before, meeting, me) = try store.writeMeetings { batch in
            guard let me = try batch.me() else { throw MeetingError.noMe }
            guard let before = try find(batch) else { throw MeetingError.notFound("") }
            var meeting = before
            try change(&meeting, me)
            return (before, try batch.write(meeting), me)
        }
        var sent: [(String, MeetingPerson)] = []
        for (message, recipient) in MeetingOutbox.messages(after: meeting, before: before, me: me, at: now) {
            sent.append((try outbox.write(message, to: recipient), recipient))
        }
        return Result(meeting: meeting, sent: sent)
    }
}
