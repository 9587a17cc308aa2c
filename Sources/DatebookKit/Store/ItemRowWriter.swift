import Foundation
import GRDB

/// Writes whole items (the `item` row and its child rows) inside a transaction.
///
/// Holds its prepared statements, so writing many items only re-binds. A new item costs one
/// `INSERT` per row; only an id already stored costs a look-up and an `UPDATE`.
struct ItemRowWriter {
    private let db: Database
    private let insertItem: WriteStatement
    private let updateItem: WriteStatement
    private let deleteTimes: WriteStatement
    private let deleteAttachments: WriteStatement
    private let insertTime: WriteStatement
    private let insertAttachment: WriteStatement

    // MARK: - Creating

    /// Prepares the statements on `db`; use it only inside one write transaction.
    init(_ db: Database) throws {
        self.db = db
        insertItem = try WriteStatement(db, sql: Item.insertSQL + " ON CONFLICT (uid) DO NOTHING")
        updateItem = try WriteStatement(db, sql: Item.updateSQL)
        deleteTimes = try WriteStatement(db, sql: "DELETE FROM item_time WHERE item = ?")
        deleteAttachments = try WriteStatement(db, sql: "DELETE FROM item_attachment WHERE item = ?")
        insertTime = try WriteStatement(
            db, sql: #"INSERT INTO item_time (item, position, start, "end") VALUES (?, ?, ?, ?)"#)
        insertAttachment = try WriteStatement(
            db, sql: "INSERT INTO item_attachment (item, position, path) VALUES (?, ?, ?)")
    }

    // MARK: - Writing

    /// Inserts the item, or replaces the stored item with the same id, with all its children.
    func write(_ item: Item) throws {
        let rowID: Int64
        try item.bindColumns(to: insertItem)
        if try insertItem.run() > 0 {
            rowID = db.lastInsertedRowID
        } else {
            // The id is already stored: replace that row and its children.
            guard let existing = try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE uid = ?", arguments: [item.uid])
            else {
                throw StoreError.failed("item \(item.uid) could be neither inserted nor found")
            }
            rowID = existing
            try item.bindColumns(to: updateItem)
            try updateItem.bind(existing, at: Int32(Item.writeColumns.count + 1))
            try updateItem.run()
            try deleteTimes.bind(existing, at: 1)
            try deleteTimes.run()
            try deleteAttachments.bind(existing, at: 1)
            try deleteAttachments.run()
        }
        for (position, time) in item.times.enumerated() {
            try insertTime.bind(rowID, at: 1)
            try insertTime.bind(position, at: 2)
            try insertTime.bind(time.start.unixSeconds, at: 3)
            try insertTime.bind(time.end?.unixSeconds, at: 4)
            try insertTime.run()
        }
        for (position, path) in item.attachments.enumerated() {
            try insertAttachment.bind(rowID, at: 1)
            try insertAttachment.bind(position, at: 2)
            try insertAttachment.bind(path, at: 3)
            try insertAttachment.run()
        }
    }
}
