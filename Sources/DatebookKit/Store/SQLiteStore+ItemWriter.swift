import Foundation

/// Batches of items written by importers (and, later, sync), each one transaction.
extension SQLiteStore: ItemWriter {
    public func writeItems<T>(_ size: ItemBatch.Size, _ body: (ItemBatch) throws -> T) throws(StoreError) -> T {
        try writeBatch(size) { _, batch in try body(batch) }
    }
}
