import GRDB

/// The search index's tables, created by migration v11.
///
/// `search_text` is an FTS5 table with the `trigram` tokenizer: any three or more characters
/// in a row are found wherever they stand (CJK words included); one or two are found as the start of a
/// word in `search_word`. Its texts are folded (`SearchFolding`) before they are
/// written. Its row id names what a row comes from: an item's row id (positive); another kind
/// takes its own range (contacts: the negated row id).
enum SearchSchema {
    /// The name in `store_value` that asks for the index to be written from every item when
    /// the store opens (a database written before the index existed).
    static let rebuildFlag = "rebuild_search"

    static func migrateV11(_ db: Database) throws {
        let columns = SearchDocument.columnNames.joined(separator: ", ")
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE search_text USING fts5(\(columns), tokenize = 'trigram');
                -- Words for one- and two-character queries, which trigrams cannot find: every
                -- word of the texts, and CJK runs as pairs of characters (see SearchWords), with
                -- prefixes of one and two characters indexed. Same row ids as search_text.
                CREATE VIRTUAL TABLE search_word USING fts5(words, tokenize = 'unicode61', detail = none,
                    prefix = '1 2');
                INSERT INTO store_value (name, value) VALUES ('\(rebuildFlag)', 1);
                """)
    }
}
