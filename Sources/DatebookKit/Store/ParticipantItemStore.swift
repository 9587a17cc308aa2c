import Foundation

/// Finds the items a person takes part in, by their calendar addresses.
public protocol ParticipantItemStore: AnyObject {
    /// The items not deleted whose organizer or an attendee has one of `emails` (case ignored;
    /// `mailto:` or not), by date; at most `limit`.
    func items(withParticipantEmails emails: [String], limit: Int) throws(StoreError) -> [Item]
}
