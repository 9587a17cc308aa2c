import GRDB

/// Writes the search index's row of an item, inside the transaction that writes the item
/// (`ItemRowWriter`), so the index never lags behind what is stored.
struct SearchIndexWriter {
    private let insert: WriteStatement
    private let delete: WriteStatement
    private let insertWords: WriteStatement
    private let deleteWords: WriteStatement
    private let select: ReadStatement

    init(_ db: Database) throws {
        let names = SearchDocument.columnNames
        insert = try WriteStatement(
            db,
            sql: "INSERT INTO search_text (rowid, \(names.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: names.count)))")
        delete = try WriteStatement(db, sql: "DELETE FROM search_text WHERE rowid = ?")
        insertWords = try WriteStatement(db, sql: "INSERT INTO search_word (rowid, words) VALUES (?, ?)")
        deleteWords = try WriteStatement(db, sql: "DELETE FROM search_word WHERE rowid = ?")
        select = try ReadStatement(db, sql: "SELECT \(names.joined(separator: ", ")) FROM search_text WHERE rowid = ?")
    }

    /// Writes the row of `item`, stored at `rowID`; `replacing` when it may have one already.
    /// A row that already holds the item's texts is left as it is (a series moving on, a task
    /// completed, the same file imported again): deleting a row of an FTS5 index costs as much
    /// as writing it. Returns whether the index was written.
    @discardableResult
    func write(_ item: Item, rowID: Int64, replacing: Bool) throws -> Bool {
        let columns = SearchDocument(item).columns
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
        try insertWords.bind(SearchWords.indexed(columns), at: 2)
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
