import Foundation

/// A person taking part in an item: its organizer or an attendee (iCalendar ORGANIZER and
/// ATTENDEE).
///
/// Kept whole so that an export writes back what an import read, parameters included.
public struct Participant: Equatable, Hashable, Sendable {
    /// The calendar address, usually `mailto:ana@example.com`.
    public var address: String
    /// The name to show (iCalendar CN), if any.
    public var name: String?
    /// The part they play (iCalendar ROLE: `CHAIR`, `REQ-PARTICIPANT`, …), if given.
    public var role: String?
    /// Their answer (iCalendar PARTSTAT: `NEEDS-ACTION`, `ACCEPTED`, `DECLINED`, …), if given.
    public var status: String?
    /// Every other parameter, as iCalendar writes them (`RSVP=TRUE;CUTYPE=GROUP`), or empty.
    public var otherParameters: String

    public init(address: String, name: String? = nil, role: String? = nil, status: String? = nil,
                otherParameters: String = "") {
        self.address = address
        self.name = name
        self.role = role
        self.status = status
        self.otherParameters = otherParameters
    }
}
