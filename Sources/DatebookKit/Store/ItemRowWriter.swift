import Foundation
import GRDB

/// Writes whole items (the `item` row and its child rows) inside a transaction.
///
/// Holds its prepared statements, so writing many items re-binds instead of re-parsing. A new
/// item costs one `INSERT` per row; only an id already stored costs a look-up and an `UPDATE`.
struct ItemRowWriter {
    private let db: Database
    private let findRow: Statement
    private let insertItem: Statement
    private let updateItem: Statement
    private let deleteTimes: Statement
    private let deleteAttachments: Statement
    private let insertTime: Statement
    private let insertAttachment: Statement

    // MARK: - Creating

    /// Prepares the statements on `db`; use it only inside one write transaction.
    init(_ db: Database) throws {
        self.db = db
        findRow = try db.cachedStatement(sql: "SELECT id FROM item WHERE uid = ?")
        insertItem = try db.cachedStatement(sql: Item.insertSQL + " ON CONFLICT (uid) DO NOTHING")
        updateItem = try db.cachedStatement(sql: Item.updateSQL)
        deleteTimes = try db.cachedStatement(sql: "DELETE FROM item_time WHERE item = ?")
        deleteAttachments = try db.cachedStatement(sql: "DELETE FROM item_attachment WHERE item = ?")
        insertTime = try db.cachedStatement(
            sql: #"INSERT INTO item_time (item, position, start, "end") VALUES (?, ?, ?, ?)"#)
        insertAttachment = try db.cachedStatement(
            sql: "INSERT INTO item_attachment (item, position, path) VALUES (?, ?, ?)")
    }

    // MARK: - Writing

    /// The row id of the stored item with this id, if there is one.
    private func rowID(of id: UUID) throws -> Int64? {
        try Int64.fetchOne(findRow, arguments: [id.uuidString.lowercased()])
    }

    /// Inserts the item, or replaces the stored item with the same id, with all its children.
    func write(_ item: Item) throws {
        let values = StatementArguments(item.columnValues)
        let rowID: Int64
        try insertItem.execute(arguments: values)
        if db.changesCount > 0 {
            rowID = db.lastInsertedRowID
        } else {
            // The id is already stored: replace that row and its children.
            guard let existing = try self.rowID(of: item.id) else {
                throw StoreError.failed("item \(item.uid) could be neither inserted nor found")
            }
            rowID = existing
            try updateItem.execute(arguments: values + [existing])
            try deleteTimes.execute(arguments: [existing])
            try deleteAttachments.execute(arguments: [existing])
        }
        for (position, time) in item.times.enumerated() {
            try insertTime.execute(arguments: [rowID, position, time.start.unixSeconds, time.end?.unixSeconds])
        }
        for (position, path) in item.attachments.enumerated() {
            try insertAttachment.execute(arguments: [rowID, position, path])
        }
    }
}
