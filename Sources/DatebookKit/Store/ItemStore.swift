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

    /// How many items are in History (completed or deleted).
    func historyCount() throws -> Int
    /// A window of History, newest status change first.
    func historyItems(offset: Int, limit: Int) throws -> [Item]
    /// The position of an item in History, or nil when it is not there.
    func historyIndex(of id: UUID) throws -> Int?

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
