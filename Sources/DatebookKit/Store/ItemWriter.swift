import Foundation

/// Writes items into the store, many at once, in one transaction: the one way items are written.
///
/// A form's save (`ItemStore.save`), `datebook add`, a change to one instance, an iCalendar
/// import and, later, a sync all end in an `ItemBatch`; only the batch writes an item's rows,
/// its child rows, the VTIMEZONE of a zone it needs and its rows of the calendar. A codec that
/// reads items from elsewhere (`ICalendarImporter`) sees this protocol, never the database.
public protocol ItemWriter: AnyObject {
    /// Runs `body` with a batch in one write transaction: everything it wrote is committed
    /// when it returns, and nothing is when it throws.
    ///
    /// `size` says how many items the batch will write: `.bulk` (an import of thousands)
    /// writes the calendar's rows in their key order at the end, and takes less memory.
    func writeItems<T>(_ size: ItemBatch.Size, _ body: (ItemBatch) throws -> T) throws(StoreError) -> T
}

extension ItemWriter {
    /// Runs `body` with a batch of a few items in one write transaction.
    public func writeItems<T>(_ body: (ItemBatch) throws -> T) throws(StoreError) -> T {
        try writeItems(.few, body)
    }
}

/// Who an iCalendar UID names in the store: the item's id, and when that item was created.
public struct ItemIdentity: Equatable, Sendable {
    /// The id of the item with the UID (a new one for a UID the store did not hold).
    public var id: UUID
    /// When the stored item was created; nil for a UID the store did not hold.
    public var created: Date?

    public init(id: UUID, created: Date?) {
        self.id = id
        self.created = created
    }

    /// True when an item with the UID was stored before.
    public var isStored: Bool { created != nil }
}
