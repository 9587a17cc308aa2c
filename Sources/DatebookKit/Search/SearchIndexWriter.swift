import GRDB

/// Writes the search index's row of an item or a contact, inside the transaction that writes
/// it (`ItemRowWriter`, `ContactBatch`), so the index never lags behind what is stored.
struct SearchIndexWriter {
    private let insert: WriteStatement
    private let delete: WriteStatement
    private let insertWords: WriteStatement
    private let deleteWords: WriteStatement
    private let select: ReadStatement
    private let rank: WriteStatement

    init(_ db: Database) throws {
        let names = SearchDocument.columnNames
        insert = try WriteStatement(
            cached: db,
            sql: "INSERT INTO search_text (rowid, \(names.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: names.count)))")
        delete = try WriteStatement(cached: db, sql: "DELETE FROM search_text WHERE rowid = ?")
        insertWords = try WriteStatement(cached: db, sql: "INSERT INTO search_word (rowid, words) VALUES (?, ?)")
        deleteWords = try WriteStatement(cached: db, sql: "DELETE FROM search_word WHERE rowid = ?")
        select = try ReadStatement(cached: db, sql: "SELECT \(names.joined(separator: ", ")) FROM search_text WHERE rowid = ?")
        // One row of values, never a SELECT or a trigger: a statement that may change several
        // rows opens a statement journal, and FTS5 writes out its pending rows at each one,
        // which made a large import several times slower.
        rank = try WriteStatement(
            cached: db,
            sql: """
                INSERT INTO search_rank (id, kind, status, sort_at, sort_text, title) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, status = excluded.status,
                    sort_at = excluded.sort_at, sort_text = excluded.sort_text, title = excluded.title
                """)
    }

    /// Writes the row of `item`, stored at `rowID` and listed at `sortAt`; `replacing` when it
    /// may have one already. A row that already holds the item's texts is left as it is (a
    /// series moving on, a task completed, the same file imported again): deleting a row of an
    /// FTS5 index costs as much as writing it. Its ranking row is always written (its status or
    /// date may have changed alone). Returns whether the texts were written.
    ///
    /// `prepared` is the item's row made already (an import makes it on its reading threads).
    @discardableResult
    func write(_ item: Item, rowID: Int64, sortAt: Double, replacing: Bool, prepared: SearchRow? = nil) throws -> Bool {
        let row = prepared ?? SearchRow(item)
        let written = try write(row, rowID: rowID, replacing: replacing)
        try writeRank(rowID, SearchKind(item.kind), item.status.rawValue, sortAt, "", row.rankTitle)
        return written
    }

    /// Writes the row of `contact`, stored at row id `rowID` of the contact table (the index
    /// keeps it at `-rowID`); `replacing` when it may have one already. Its ranking row is
    /// always written (its status, relation or name order may have changed alone).
    func write(_ contact: Contact, contactRowID rowID: Int64, replacing: Bool) throws {
        let row = SearchRow(SearchDocument(contact))
        _ = try write(row, rowID: -rowID, replacing: replacing)
        try writeRank(-rowID, .contact, contact.status.rawValue, 0, contact.sortKey, row.rankTitle)
    }

    /// Where meetings' rows begin in the index: below every contact's (which are the contact's
    /// row id negated).
    static let meetingRowBase: Int64 = -(1 << 40)

    /// Writes the row of `meeting`, stored at row id `rowID` of the meeting table (the index
    /// keeps it at `meetingRowBase - rowID`). A cancelled meeting is found only with History.
    func write(_ meeting: Meeting, meetingRowID rowID: Int64) throws {
        let row = SearchRow(SearchDocument(meeting))
        let indexRow = Self.meetingRowBase - rowID
        _ = try write(row, rowID: indexRow, replacing: true)
        let status = meeting.state == .cancelled ? "deleted" : "active"
        let sortAt = meeting.span?.start.timeIntervalSince1970 ?? 0
        try writeRank(indexRow, .meeting, status, sortAt, "", row.rankTitle)
    }

    private func writeRank(
        _ rowID: Int64, _ kind: SearchKind, _ status: String, _ sortAt: Double, _ sortText: String, _ title: String
    ) throws {
        try rank.bind(rowID, at: 1)
        try rank.bind(kind.rawValue, at: 2)
        try rank.bind(status, at: 3)
        try rank.bind(sortAt, at: 4)
        try rank.bind(sortText, at: 5)
        try rank.bind(title, at: 6)
        try rank.run()
    }

    /// Writes `row` at `rowID`, unless the row there holds its texts already.
    private func write(_ row: SearchRow, rowID: Int64, replacing: Bool) throws -> Bool {
        let columns = row.columns
        if replacing {
            guard try stored(rowID) != columns else { return false }
            try delete.bind(rowID, at: 1)
            try delete.run()
            try deleteWords.bind(rowID, at: 1)
            try deleteWords.run()
        }
        try insert.bind(rowID, at: 1)
        for (offset, text) in columns.enumerated() {
            try insert.bind(text, at: Int32(offset + 2))
        }
        try insert.run()
        try insertWords.bind(rowID, at: 1)
        try insertWords.bind(row.words, at: 2)
        try insertWords.run()
        return true
    }

    /// The texts of the row stored at `rowID`, or nil when there is none.
    private func stored(_ rowID: Int64) throws -> [String]? {
        defer { select.reset() }
        try select.bind(rowID, at: 1)
        guard try select.step() else { return nil }
        return (0..<Int32(SearchDocument.columnNames.count)).map { select.text($0) ?? "" }
    }
}

/// What the search index holds of one item, contact or meeting: its columns, the words of its
/// word index, and the title a match is ranked by. A value, so that an import may make it on
/// its reading threads.
struct SearchRow: Sendable {
    let columns: [String]
    let words: String
    let rankTitle: String

    init(_ document: SearchDocument) {
        columns = document.columns
        words = SearchWords.indexed(columns)
        rankTitle = document.rankTitle
    }

    init(_ item: Item) {
        self.init(SearchDocument(item))
    }
}
