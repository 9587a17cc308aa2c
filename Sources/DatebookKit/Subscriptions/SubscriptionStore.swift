import Foundation

/// Keeps what subscribed calendars said: the refresher's side of the store.
public protocol SubscriptionStore: AnyObject {
    /// The zone floating times and whole days of feeds are read in.
    var timeZone: TimeZone { get }
    /// Every contact with a subscription (blocked and deleted ones too), in name order.
    func subscribedContacts() throws(ContactError) -> [Contact]
    /// One contact by its id, whatever its status.
    func contact(id: UUID) throws(ContactError) -> Contact?
    /// Replaces the busy times kept of a contact's feed with `blocks`, read from `source` at
    /// `readAt`, in one transaction; records the reading on the subscription and clears its
    /// error. Nothing is written when the contact is no longer subscribed to `source`
    /// (`ContactError.notFound`).
    func keepFeed(_ blocks: [BusyBlock], of id: UUID, source: ContactSubscription.Source, readAt: Date)
        throws(ContactError)
    /// Records why reading `source` failed; the busy times last read are kept.
    func keepFeedFailure(_ reason: String, of id: UUID, source: ContactSubscription.Source) throws(ContactError)
    /// How many busy times are kept of the calendar the contact is subscribed to (a copy read
    /// from another source before does not count: it is not shown).
    func busyBlockCount(of id: UUID) throws(ContactError) -> Int
    /// Forgets the busy times kept of a contact's feed.
    func forgetFeed(of id: UUID) throws(ContactError)
}
