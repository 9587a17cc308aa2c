import Foundation

/// Reads and writes items; every method is one transaction that keeps the data valid.
///
/// Presenters see this protocol only. The Events list is read a window at a time so that a
/// list of 100,000 items opens as fast as one of ten.
public protocol ItemStore: AnyObject {
    /// How many items are in the Events list (status `.active`).
    func activeCount() throws -> Int
    /// A window of the Events list: sorted by start (tasks without one by due date), then title.
    /// Items with neither date come last, by title.
    func activeItems(offset: Int, limit: Int) throws -> [Item]
    /// The position of an item in the Events list, or nil when it is not there.
    func activeIndex(of id: UUID) throws -> Int?

    /// The occurrence the Events list shows for each repeating item among `ids` at `now`: its
    /// first occurrence that has not ended, else (the series is over) its last. Items that do
    /// not repeat are left out.
    func listedOccurrences(of ids: [UUID], at now: Date) throws -> [UUID: Occurrence]
    /// Moves each repeating item of the Events list to the place of the occurrence it shows at
    /// `now` (a series sorts by its next occurrence, which time moves on). One transaction,
    /// only when an item moves; returns how many did.
    @discardableResult
    func advanceRepeatingItems(at now: Date) throws -> Int
    /// The position of the first item of the Events list whose time is not over at `now` (see
    /// `Item.isPast(at:listed:)`): where the list opens, the past above it. The count of the
    /// list when every item is past.
    func firstComingIndex(at now: Date) throws -> Int

    /// How many items are in History (completed or deleted).
    func historyCount() throws -> Int
    /// A window of History, newest status change first.
    func historyItems(offset: Int, limit: Int) throws -> [Item]
    /// The position of an item in History, or nil when it is not there.
    func historyIndex(of id: UUID) throws -> Int?
    /// How many rows History shows: its items, and the occurrences completed or deleted on
    /// their own while their series goes on.
    func historyEntryCount() throws -> Int
    /// A window of History's rows, newest change first.
    func historyEntries(offset: Int, limit: Int) throws -> [HistoryEntry]
    /// The position of a row of History, or nil when it is not there.
    func historyEntryIndex(of key: HistoryKey) throws -> Int?

    /// One item by its id, wherever it is.
    func item(id: UUID) throws -> Item?

    /// Inserts or updates an item after validating it; stamps `updated` (and `created` when new).
    /// Throws `StoreError.invalid` with every issue when the item is not valid.
    @discardableResult
    func save(_ item: Item) throws -> Item
    /// Saves an edit of a stored item, merged with what was changed elsewhere since the edit
    /// began (`ItemBatch.save(_:resolving:)`); stamps `updated`.
    /// Throws `StoreError.conflict` when the changes cannot be merged and `resolution` is `.merge`.
    @discardableResult
    func save(_ edit: ItemEdit, resolving resolution: ConflictResolution) throws -> Item
    /// Marks an item completed: it leaves the list for History (blue).
    func complete(id: UUID) throws
    /// Deletes an item into History as not completed (red).
    func delete(id: UUID) throws
    /// Sets a History item back to not completed: it returns to the Events list.
    func reopen(id: UUID) throws
}
