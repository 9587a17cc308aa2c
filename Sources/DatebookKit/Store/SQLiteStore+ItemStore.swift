import Foundation
import GRDB

/// The Events list, History and item changes, each one transaction on the database.
///
/// Windows and positions come straight from the partial indexes `item_active_order` and
/// `item_history_order`: a window skips its offset in the index alone, then reads only its own
/// rows and their children (one query per table), and a position is a count, in the index, of
/// the rows that sort before the item.
extension SQLiteStore: ItemStore {
    // MARK: - Events list

    public func activeCount() throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE status = 'active'") ?? 0
        }
    }

    public func activeItems(offset: Int, limit: Int) throws(StoreError) -> [Item] {
        guard limit > 0 else { return [] }
        return try read { db in
            try Self.fetchItems(
                db,
                sql: """
                    SELECT id FROM item
                    WHERE status = 'active'
                    ORDER BY sort_at, title, uid
                    LIMIT ? OFFSET ?
                    """,
                arguments: [limit, max(offset, 0)])
        }
    }

    public func activeIndex(of id: UUID) throws(StoreError) -> Int? {
        try read { db -> Int? in
            guard
                let key = try Row.fetchOne(
                    db, sql: "SELECT sort_at, title, uid FROM item WHERE uid = ? AND status = 'active'",
                    arguments: [id.uuidString.lowercased()])
            else { return nil }
            return try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM item
                    WHERE status = 'active' AND (sort_at, title, uid) < (?, ?, ?)
                    """,
                arguments: [key[0], key[1], key[2]])
        }
    }

    // MARK: - History

    public func historyCount() throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE status <> 'active'") ?? 0
        }
    }

    public func historyItems(offset: Int, limit: Int) throws(StoreError) -> [Item] {
        guard limit > 0 else { return [] }
        return try read { db in
            try Self.fetchItems(
                db,
                sql: """
                    SELECT id FROM item
                    WHERE status <> 'active'
                    ORDER BY status_changed_at DESC, uid
                    LIMIT ? OFFSET ?
                    """,
                arguments: [limit, max(offset, 0)])
        }
    }

    public func historyIndex(of id: UUID) throws(StoreError) -> Int? {
        try read { db -> Int? in
            let uid = id.uuidString.lowercased()
            guard
                let key = try Row.fetchOne(
                    db, sql: "SELECT status_changed_at FROM item WHERE uid = ? AND status <> 'active'",
                    arguments: [uid])
            else { return nil }
            // Newest first, so the rows before are the later ones, then equal times with a
            // smaller uid. Rows without a time sort last (SQLite puts NULL last in DESC order).
            if let changedAt = key[0] as Double? {
                let later =
                    try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM item WHERE status <> 'active' AND status_changed_at > ?",
                        arguments: [changedAt]) ?? 0
                let tied =
                    try Int.fetchOne(
                        db,
                        sql: """
                            SELECT COUNT(*) FROM item
                            WHERE status <> 'active' AND status_changed_at = ? AND uid < ?
                            """,
                        arguments: [changedAt, uid]) ?? 0
                return later + tied
            } else {
                return try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM item
                        WHERE status <> 'active'
                          AND (status_changed_at IS NOT NULL OR uid < ?)
                        """,
                    arguments: [uid])
            }
        }
    }

    // MARK: - One item

    public func item(id: UUID) throws(StoreError) -> Item? {
        try read { db in
            try Self.fetchItems(
                db, sql: "SELECT id FROM item WHERE uid = ?",
                arguments: [id.uuidString.lowercased()]
            ).first
        }
    }

    // MARK: - Changes

    /// Validates the item, stamps it and writes it with its times and attachments.
    ///
    /// A new item gets `created` and `updated` set to now; a stored one keeps its stored
    /// `created` and gets `updated` set to now. An item saved into History without a
    /// `statusChangedAt` gets now there too. Returns the item exactly as it reads back.
    @discardableResult
    public func save(_ item: Item) throws(StoreError) -> Item {
        let issues = item.validate()
        guard issues.isEmpty else { throw .invalid(issues) }
        let now = clock.now().storedForm
        return try write { db in
            var stored = item
            let storedCreated = try Double.fetchOne(
                db, sql: "SELECT created FROM item WHERE uid = ?", arguments: [item.uid])
            stored.created = storedCreated.map(Date.init(unixSeconds:)) ?? now
            stored.updated = now
            stored = stored.storedForm
            try ItemRowWriter(db).write(stored)
            return stored
        }
    }

    public func complete(id: UUID) throws(StoreError) {
        try setStatus(.completed, of: id)
    }

    public func delete(id: UUID) throws(StoreError) {
        try setStatus(.deleted, of: id)
    }

    public func reopen(id: UUID) throws(StoreError) {
        try setStatus(.active, of: id)
    }

    /// Moves an item to `status`, stamping `statusChangedAt` and `updated`.
    ///
    /// An item already in that status is left as it is (it keeps its place in History).
    private func setStatus(_ status: ItemStatus, of id: UUID) throws(StoreError) {
        let now = clock.now().unixSeconds
        let uid = id.uuidString.lowercased()
        try write { db in
            guard let current = try String.fetchOne(db, sql: "SELECT status FROM item WHERE uid = ?", arguments: [uid])
            else { throw StoreError.notFound(id) }
            guard current != status.rawValue else { return }
            try db.execute(
                sql: "UPDATE item SET status = ?, status_changed_at = ?, updated = ? WHERE uid = ?",
                arguments: [status.rawValue, now, now, uid])
        }
    }

    // MARK: - External changes

    /// True when another connection (another Datebook) committed since the previous call.
    ///
    /// The baseline is taken when the store opens, so the first call already reports a change
    /// another Datebook made after that. This store's own writes never count.
    public func hasExternalChanges() throws(StoreError) -> Bool {
        let version: Int
        do {
            version = try dbQueue.inDatabase(Self.dataVersion)
        } catch {
            throw Self.storeError(error)
        }
        return seenDataVersion.withLock { seen in
            defer { seen = version }
            return seen != version
        }
    }

    // MARK: - Reading rows

    /// Reads the items whose row ids a query selects, in its order, with their times and
    /// attachments.
    ///
    /// The query reads only an index (a window skips its offset without touching the table);
    /// then the window's own rows and children are read by row id, 500 at a time.
    static func fetchItems(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Item] {
        let rowIDs = try Int64.fetchAll(db, sql: sql, arguments: arguments)
        var rows: [Int64: Row] = [:]
        var times: [Int64: [ItemTime]] = [:]
        var attachments: [Int64: [String]] = [:]
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let placeholders = chunk.map { _ in "?" }.joined(separator: ",")
            let arguments = StatementArguments(chunk)
            let itemRows = try Row.fetchCursor(
                db, sql: "SELECT \(Item.selectColumns) FROM item WHERE id IN (\(placeholders))",
                arguments: arguments)
            while let row = try itemRows.next() {
                rows[row[0]] = row.copy()
            }
            let timeRows = try Row.fetchCursor(
                db,
                sql: #"SELECT item, start, "end" FROM item_time WHERE item IN (\#(placeholders)) ORDER BY item, position"#,
                arguments: arguments)
            while let row = try timeRows.next() {
                let end = (row[2] as Double?).map(Date.init(unixSeconds:))
                times[row[0], default: []].append(ItemTime(start: Date(unixSeconds: row[1]), end: end))
            }
            let attachmentRows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT item, CAST(path AS BLOB) FROM item_attachment
                    WHERE item IN (\(placeholders)) ORDER BY item, position
                    """,
                arguments: arguments)
            while let row = try attachmentRows.next() {
                attachments[row[0], default: []].append(Item.text(row[1]))
            }
        }
        return try rowIDs.compactMap { rowID in
            try rows[rowID].map { row in
                try Item(row: row, times: times[rowID] ?? [], attachments: attachments[rowID] ?? [])
            }
        }
    }
}
