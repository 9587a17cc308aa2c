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
        try count(where: Self.activeFilter)
    }

    public func activeItems(offset: Int, limit: Int) throws(StoreError) -> [Item] {
        try window(where: Self.activeFilter, orderBy: "sort_at, title, uid", offset: offset, limit: limit)
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

    // MARK: - Lists

    /// The Events list's rows, as its partial index `item_active_order` is defined.
    static let activeFilter = "status = 'active'"
    /// History's rows, as its partial index `item_history_order` is defined.
    static let historyFilter = "status <> 'active'"

    /// How many items a list holds.
    private func count(where filter: String) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(filter)") ?? 0
        }
    }

    /// A window of a list in its order, children read for the window's rows only.
    private func window(where filter: String, orderBy order: String, offset: Int, limit: Int) throws(StoreError)
        -> [Item]
    {
        guard limit > 0 else { return [] }
        return try read { db in
            let items = try Self.fetchItems(
                coding: storedTime, db,
                sql: "SELECT id FROM item WHERE \(filter) ORDER BY \(order) LIMIT ? OFFSET ?",
                arguments: [limit, max(offset, 0)])
            // An index entry whose row id was damaged names another item: it shows twice.
            if Set(items.map(\.id)).count != items.count {
                throw StoreError.damaged(reason: "the list's index names an item twice")
            }
            // A whole list (a script's `list`) is counted again in the table itself: a damaged
            // index would otherwise give a short list that looks whole.
            if offset <= 0 && items.count < limit {
                let inTable = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item NOT INDEXED WHERE \(filter)") ?? 0
                if inTable != items.count {
                    throw StoreError.damaged(
                        reason: "the list's index holds \(items.count) items, the table \(inTable)")
                }
            }
            return items
        }
    }

    // MARK: - History

    public func historyCount() throws(StoreError) -> Int {
        try count(where: Self.historyFilter)
    }

    public func historyItems(offset: Int, limit: Int) throws(StoreError) -> [Item] {
        try window(where: Self.historyFilter, orderBy: "status_changed_at DESC, uid", offset: offset, limit: limit)
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
                coding: storedTime, db, sql: "SELECT id FROM item WHERE uid = ?",
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
        return try writeBatch(.few) { _, batch in
            var stamped = item
            stamped.created = try batch.identity(of: item.id)?.created ?? batch.now
            stamped.updated = batch.now
            return try batch.write(validated: stamped, zoneDefinition: nil, series: nil)
        }
    }

    @discardableResult
    public func save(_ edit: ItemEdit, resolving resolution: ConflictResolution = .merge) throws(StoreError) -> Item {
        try writeBatch(.few) { _, batch in try batch.save(edit, resolving: resolution) }
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
        try writeBatch(.few) { _, batch in
            try batch.setStatus(status, of: id)
        }
    }

    // MARK: - Reading rows

    /// Reads the items whose row ids a query selects, in its order, with all their child rows,
    /// dates read back through `coding`.
    ///
    /// The query reads only an index (a window skips its offset without touching the table);
    /// then the window's own rows and children are read by row id, 500 at a time.
    static func fetchItems(coding: StoredTime, _ db: Database, sql: String, arguments: StatementArguments) throws
        -> [Item]
    {
        // Cached statements: a sync reads items one at a time, thousands of times, and
        // preparing each statement again cost more than running it.
        let rowIDs = try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        var rows: [Int64: Row] = [:]
        var children: [Int64: Children] = [:]
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let list = InList(chunk)
            let placeholders = list.places
            let arguments = list.arguments
            func each(_ sql: String, _ body: (Row) throws -> Void) throws {
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try cursor.next() {
                    try body(row)
                }
            }
            try each("SELECT \(Item.selectColumns) FROM item WHERE id IN (\(placeholders))") { row in
                rows[try row.checked(0)] = row.copy()
            }
            try each(
                #"SELECT item, start, "end" FROM item_time WHERE item IN (\#(placeholders)) ORDER BY item, position"#
            ) { row in
                let end = try row.checkedOptionalDate(2)
                children[try row.checked(0), default: Children()].times.append(
                    ItemTime(start: try row.checkedDate(1), end: end))
            }
            try each(
                """
                SELECT item, CAST(path AS BLOB) FROM item_attachment
                WHERE item IN (\(placeholders)) ORDER BY item, position
                """
            ) { row in
                children[try row.checked(0), default: Children()].attachments.append(Item.text(row[1]))
            }
            try each(
                """
                SELECT item, minutes_before, at, CAST(sound AS BLOB) FROM item_alarm
                WHERE item IN (\(placeholders)) ORDER BY item, position
                """
            ) { row in
                children[try row.checked(0), default: Children()].alarms.append(try ItemAlarmRows.alarm(from: row))
            }
            try each(
                """
                SELECT item, is_exception, at, "end" FROM item_recurrence_date
                WHERE item IN (\(placeholders)) ORDER BY item, is_exception, position
                """
            ) { row in
                let date = try row.checkedDate(2)
                let item: Int64 = try row.checked(0)
                switch try row.checked(1, as: Int.self) {
                case 0:
                    if let end = try row.checkedOptionalDate(3) {
                        children[item, default: Children()].recurrencePeriods.append(ItemTime(start: date, end: end))
                    } else {
                        children[item, default: Children()].recurrenceDates.append(date)
                    }
                case 2:
                    // Wall-clock seconds of a midnight, whatever the item's zone.
                    children[item, default: Children()].exceptionDays.append(coding.date(date.unixSeconds, .floating))
                default:
                    children[item, default: Children()].exceptionDates.append(date)
                }
            }
            try each(
                """
                SELECT item, override, CAST(text AS BLOB) FROM item_extra
                WHERE item IN (\(placeholders)) ORDER BY item, position
                """
            ) { row in
                let text = Item.text(row[2])
                if let override = try row.checked(1, as: Double?.self) {
                    children[try row.checked(0), default: Children()].overrideExtras[override, default: []].append(text)
                } else {
                    children[try row.checked(0), default: Children()].extraProperties.append(text)
                }
            }
            try each(
                #"""
                SELECT item, recurrence_id, cancelled, start, "end", CAST(title AS BLOB), CAST(place AS BLOB),
                       CAST(notes AS BLOB), completed_at, this_and_future
                FROM item_override WHERE item IN (\#(placeholders)) ORDER BY item, recurrence_id
                """#
            ) { row in
                children[try row.checked(0), default: Children()].overrides.append(
                    RecurrenceOverride(
                        recurrenceID: try row.checkedDate(1), isCancelled: try row.checked(2),
                        start: try row.checkedDate(3), end: try row.checkedOptionalDate(4),
                        title: Item.optionalText(row[5]), place: Item.optionalText(row[6]),
                        notes: Item.optionalText(row[7]),
                        completedAt: try row.checkedOptionalDate(8), thisAndFuture: try row.checked(9)))
            }
            try each(
                """
                SELECT item, is_organizer, CAST(address AS BLOB), CAST(name AS BLOB), CAST(role AS BLOB),
                       CAST(status AS BLOB), CAST(other_parameters AS BLOB)
                FROM item_participant WHERE item IN (\(placeholders)) ORDER BY item, position
                """
            ) { row in
                let participant = Participant(
                    address: Item.text(row[2]), name: Item.optionalText(row[3]), role: Item.optionalText(row[4]),
                    status: Item.optionalText(row[5]), otherParameters: Item.text(row[6]))
                if try row.checked(1, as: Bool.self) {
                    children[try row.checked(0), default: Children()].organizer = participant
                } else {
                    children[try row.checked(0), default: Children()].attendees.append(participant)
                }
            }
            try each(
                """
                SELECT item, CAST(name AS BLOB) FROM item_category
                WHERE item IN (\(placeholders)) ORDER BY item, position
                """
            ) { row in
                children[try row.checked(0), default: Children()].moreCategories.append(Item.text(row[1]))
            }
        }
        return try rowIDs.compactMap { rowID in
            // The query and the rows are read in one transaction: a row id without its row is
            // an index that no longer matches its table.
            guard let row = rows[rowID] else {
                throw StoreError.damaged(reason: "an index names item row \(rowID), which the table does not hold")
            }
            let found = children[rowID] ?? Children()
            var item = try Item(row: row, times: found.times, attachments: found.attachments)
            item.alarms = found.alarms
            item.recurrenceDates = found.recurrenceDates
            item.exceptionDates = found.exceptionDates
            if !found.recurrencePeriods.isEmpty {
                item.recurrencePeriods = found.recurrencePeriods
            }
            item.overrides = found.overrides.map { override in
                var withExtras = override
                withExtras.extraProperties = found.overrideExtras[override.recurrenceID.unixSeconds] ?? []
                return withExtras
            }
            item.organizer = found.organizer
            item.attendees = found.attendees
            item.moreCategories = found.moreCategories
            item.extraProperties = found.extraProperties
            var converted = item.convertingStoredDates(with: coding)
            if !found.exceptionDays.isEmpty {
                converted.exceptionDays = found.exceptionDays
            }
            return converted
        }
    }

    /// The child rows of one item, as read.
    private struct Children {
        var times: [ItemTime] = []
        var attachments: [String] = []
        var alarms: [Alarm] = []
        var recurrenceDates: [Date] = []
        var exceptionDates: [Date] = []
        var recurrencePeriods: [ItemTime] = []
        var exceptionDays: [Date] = []
        var overrides: [RecurrenceOverride] = []
        var overrideExtras: [Double: [String]] = [:]
        var organizer: Participant?
        var attendees: [Participant] = []
        var moreCategories: [String] = []
        var extraProperties: [String] = []
    }
}
