import Foundation

/// Which contacts a list shows, and what its filter typed so far.
public struct ContactQuery: Equatable, Sendable {
    /// The lists of the Contacts tab.
    public enum List: String, Equatable, Sendable, CaseIterable {
        /// Every contact in the address book (blocked ones too, marked).
        case all
        /// Friend requests, received and sent.
        case requests
        case blocked
        /// Deleted contacts, which can come back.
        case deleted
    }

    public var list: List
    /// Text the name, nicknames, e-mails, phones or organisation must contain (case and accents
    /// ignored; a phone number's punctuation too); empty: no filter.
    public var filter: String

    public init(_ list: List = .all, filter: String = "") {
        self.list = list
        self.filter = filter
    }
}

/// One row of a contacts list: what it shows, without the rest of the contact.
public struct ContactListing: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var displayName: String
    /// The section the row is under: A–Z or `#`.
    public var section: Character
    /// The first e-mail, else the first phone.
    public var primaryContact: String?
    public var relation: ContactRelation
    public var isSubscribed: Bool

    public init(id: UUID, displayName: String, section: Character, primaryContact: String?,
                relation: ContactRelation, isSubscribed: Bool)
    {
        self.id = id
        self.displayName = displayName
        self.section = section
        self.primaryContact = primaryContact
        self.relation = relation
        self.isSubscribed = isSubscribed
    }
}

/// Why a contact was not written.
public enum ContactError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The contact is not valid; nothing was written.
    case invalid([ContactIssue])
    /// No contact has this id.
    case notFound(UUID)
    /// The database failed; nothing was written.
    case store(StoreError)

    public var description: String {
        switch self {
        case let .invalid(issues): return issues.map(\.message).joined(separator: "; ")
        case let .notFound(id): return "No contact with id \(id.uuidString.lowercased())"
        case let .store(error): return error.description
        }
    }
}

/// Reads and writes the address book; every method is one transaction.
///
/// Presenters see this protocol only. Lists are read a window at a time, in the order of
/// `ContactSortKey`, so 10,000 contacts open as fast as ten.
public protocol ContactStore: AnyObject {
    /// How many contacts `query` finds.
    func contactCount(_ query: ContactQuery) throws(ContactError) -> Int
    /// A window of what `query` finds, in name order.
    func contacts(_ query: ContactQuery, offset: Int, limit: Int) throws(ContactError) -> [ContactListing]
    /// The position of a contact among what `query` finds, or nil when it is not there.
    func contactIndex(of id: UUID, in query: ContactQuery) throws(ContactError) -> Int?
    /// Every contact `query` finds, whole (photos too), in name order: for an export.
    func wholeContacts(_ query: ContactQuery) throws(ContactError) -> [Contact]
    /// One contact by its id, whatever its status.
    func contact(id: UUID) throws(ContactError) -> Contact?
    /// One contact by its vCard UID, whatever its status.
    func contact(uid: String) throws(ContactError) -> Contact?

    /// Inserts or updates a contact after validating it; stamps `changed` (and `created` when
    /// new). Throws `.invalid` with every issue when it is not valid.
    @discardableResult
    func save(_ contact: Contact) throws(ContactError) -> Contact
    /// Moves a contact to the deleted ones; nothing of it is lost.
    func deleteContact(id: UUID) throws(ContactError)
    /// Brings a deleted contact back to the address book.
    func restoreContact(id: UUID) throws(ContactError)
    /// Sets what the planner knows of the person.
    func setRelation(_ relation: ContactRelation, of id: UUID) throws(ContactError)
    /// Blocks the person, keeping what they were (a friend, a request) for `unblock`; nothing
    /// when they are blocked already.
    func block(id: UUID) throws(ContactError)
    /// Unblocks the person: they are again what they were when blocked (none when that is not
    /// known), which is returned; nothing changes when they are not blocked.
    @discardableResult
    func unblock(id: UUID) throws(ContactError) -> ContactRelation
    /// Subscribes to the person's calendar, or (nil) stops.
    func setSubscription(_ subscription: ContactSubscription?, of id: UUID) throws(ContactError)
}

/// Writes contacts into the store, many at once, in one transaction: the one way contacts are
/// written (a form's save, `datebook contacts add`, a vCard import).
public protocol ContactWriter: AnyObject {
    /// Runs `body` with a batch in one write transaction: everything it wrote is committed when
    /// it returns, and nothing is when it throws.
    func writeContacts<T>(_ body: (ContactBatch) throws -> T) throws(ContactError) -> T
}
