import GRDB

/// Writes the search index's row of an item, inside the transaction that writes the item
/// (`ItemRowWriter`), so the index never lags behind what is stored.
struct SearchIndexWriter {
    private let insert: WriteStatement
    private let delete: WriteStatement
    private let insertWords: WriteStatement
    private let deleteWords: WriteStatement

    init(_ db: Database) throws {
        let names = SearchDocument.columnNames
        insert = try WriteStatement(
            db,
            sql: "INSERT INTO search_text (rowid, \(names.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: names.count)))")
        delete = try WriteStatement(db, sql: "DELETE FROM search_text WHERE rowid = ?")
        insertWords = try WriteStatement(db, sql: "INSERT INTO search_word (rowid, words) VALUES (?, ?)")
        deleteWords = try WriteStatement(db, sql: "DELETE FROM search_word WHERE rowid = ?")
    }

    /// Writes the row of `item`, stored at `rowID`; `replacing` when it may have one already.
    func write(_ item: Item, rowID: Int64, replacing: Bool) throws {
        if replacing {
            try delete.bind(rowID, at: 1)
            try delete.run()
            try deleteWords.bind(rowID, at: 1)
            try deleteWords.run()
        }
        let document = SearchDocument(item)
        try insert.bind(rowID, at: 1)
        for (offset, text) in document.columns.enumerated() {
            try insert.bind(text, at: Int32(offset + 2))
        }
        try insert.run()
        try insertWords.bind(rowID, at: 1)
        try insertWords.bind(SearchWords.indexed(document.columns), at: 2)
        try insertWords.run()
    }
}
