import Foundation

/// One row of a meetings list: what it shows, without the slots and invitees.
public struct MeetingListing: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var title: String
    public var mark: MeetingMark
    /// The confirmed time, or the span of the candidate slots.
    public var start: Date
    public var end: Date
    public var isConfirmed: Bool
    public var hostedByMe: Bool
    public var hostName: String
    /// Invitees who voted, refused, or said nothing yet (what the host's row counts).
    public var voted: Int
    public var refused: Int
    public var noReply: Int

    /// True when it has ended at `now`: it stands below the "out of date" line.
    public func isOutOfDate(at now: Date) -> Bool { end <= now }

    /// "3 voted · 1 refused · 2 no reply".
    public var counts: String { "\(voted) voted · \(refused) refused · \(noReply) no reply" }
}

/// Reads and writes meetings, and who "me" is; every method is one transaction.
///
/// A list is read a window at a time: meetings not yet over first (next first), then those
/// out of date (latest first), so 2,000 meetings open as fast as twenty.
public protocol MeetingStore: AnyObject {
    /// Who "me" is, once set.
    func me() throws(MeetingError) -> Me?
    /// Sets who "me" is; every meeting's lists and marks follow.
    func setMe(_ me: Me) throws(MeetingError)

    /// How many meetings `list` holds, and how many of them are out of date at `now`.
    func meetingCount(_ list: MeetingList, at now: Date) throws(MeetingError) -> (total: Int, outOfDate: Int)
    /// A window of `list`, coming ones first, then out-of-date ones.
    func meetings(_ list: MeetingList, at now: Date, offset: Int, limit: Int) throws(MeetingError) -> [MeetingListing]
    /// One meeting by its id or its iCalendar UID, whole.
    func meeting(id: UUID) throws(MeetingError) -> Meeting?
    func meeting(uid: String) throws(MeetingError) -> Meeting?
    /// Every meeting, whole, newest first: for `datebook meeting list` and exports.
    func allMeetings() throws(MeetingError) -> [Meeting]
    /// Where the messages to send are written: `outbox/` beside the database.
    var outbox: MeetingOutbox { get }
}

/// Writes meetings (and the events they make) in one transaction: the one way meetings are
/// written (a form, `datebook meeting`, an invitation read).
public protocol MeetingWriter: AnyObject {
    func writeMeetings<T>(_ body: (MeetingBatch) throws -> T) throws(MeetingError) -> T
}
