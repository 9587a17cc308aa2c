import Foundation

/// One entry of the Activities feed: something that happened that the person should know of.
public struct Activity: Equatable, Sendable, Identifiable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Someone invited me (a poll or a fixed time).
        case invitation
        /// An invitee voted, refused, accepted or declined.
        case answer
        /// A meeting's time was confirmed.
        case confirmed
        /// A meeting was changed by its host.
        case changed
        case cancelled
        /// A contact's request.
        case request
        /// An import finished.
        case imported
        /// A sync finished, or failed.
        case sync
    }

    public var id: Int64
    public var at: Date
    public var kind: Kind
    /// What happened, in words.
    public var text: String
    /// The meeting it is about, when there is one: Enter opens it.
    public var meeting: UUID?
    /// The contact it is about, when there is one.
    public var contact: UUID?
    public var isRead: Bool

    public init(id: Int64 = 0, at: Date, kind: Kind, text: String, meeting: UUID? = nil, contact: UUID? = nil,
                isRead: Bool = false)
    {
        self.id = id
        self.at = at
        self.kind = kind
        self.text = text
        self.meeting = meeting
        self.contact = contact
        self.isRead = isRead
    }
}

/// The Activities feed in the store.
public protocol ActivityStore: AnyObject {
    /// The newest `limit` activities, newest first.
    func activities(limit: Int) throws(StoreError) -> [Activity]
    /// How many have not been seen.
    func unreadActivityCount() throws(StoreError) -> Int
    /// Marks every activity seen (opening the feed does).
    func markActivitiesRead() throws(StoreError)
    /// Adds one (an import, a sync: what is not written through a meeting batch).
    func record(_ kind: Activity.Kind, _ text: String) throws(StoreError)
}
