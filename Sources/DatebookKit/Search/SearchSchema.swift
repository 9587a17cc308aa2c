import GRDB

/// The search index's tables, created by migration v11 and made again by v13.
///
/// `search_text` is an FTS5 table with the `trigram` tokenizer: any three or more characters
/// in a row are found wherever they stand (CJK words included); one or two are found as the start of a
/// word in `search_word`. Its texts are folded (`SearchFolding`) before they are
/// written. Its row id names what a row comes from: an item's row id (positive), or a
/// contact's row id negated.
///
/// `search_rank` (v13) holds, for the same row ids, what ranking needs: kind, status, date,
/// and the folded title. A search reads it with the rows that match, so it never looks up
/// the items or the index's own texts to choose the first of each kind. `SearchIndexWriter`
/// writes it with every item and contact; a series moving on moves its date there too.
enum SearchSchema {
    /// The name in `store_value` that asks for the index to be written from every item when
    /// the store opens (a database written before the index existed).
    static let rebuildFlag = "rebuild_search"
    /// The name in `store_value` that asks for the index's rows of every contact to be written
    /// when the store opens (a database written before contacts were searched).
    static let rebuildContactsFlag = "rebuild_search_contacts"

    /// How many bytes of new rows each index holds in memory before writing them out as a
    /// segment of its own, in a `bulkWriting` batch (FTS5's `hashsize`).
    static let pendingBytes = 16 * 1024 * 1024
    /// FTS5's own `hashsize`, which every other write keeps.
    static let defaultPendingBytes = 1024 * 1024

    /// Lets each index hold `bytes` of new rows before it writes them out: with 16 MiB instead
    /// of 1 MiB, a `bulkWriting` batch writes a few large segments rather than many small ones
    /// that FTS5 merges again and again (0.1 s of a 100,000-task import's 2.8 s). The setting is
    /// kept in the index's own configuration, in the batch's transaction: the batch sets it
    /// back when it ends (and a batch that fails rolls it back with everything else).
    static func holdPendingRows(_ db: Database, bytes: Int) throws {
        for table in ["search_text", "search_word"] {
            try db.execute(sql: "INSERT INTO \(table) (\(table), rank) VALUES ('hashsize', \(bytes))")
        }
    }

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

    /// Contacts join the index, and the ranking table with them; the index's tables are made
    /// again without the sizes of columns (nothing ranks by them, and every write paid for them).
    /// Everything is written anew when the store opens.
    static func migrateV13(_ db: Database) throws {
        let columns = SearchDocument.columnNames.joined(separator: ", ")
        try db.execute(
            sql: """
                DROP TABLE IF EXISTS search_text;
                DROP TABLE IF EXISTS search_word;
                DROP TABLE IF EXISTS search_rank;
                CREATE VIRTUAL TABLE search_text USING fts5(\(columns), tokenize = 'trigram', columnsize = 0);
                CREATE VIRTUAL TABLE search_word USING fts5(words, tokenize = 'unicode61', detail = none,
                    prefix = '1 2', columnsize = 0);
                -- kind: an item's kind or 'contact'; status: 'active', 'completed' or 'deleted';
                -- sort_at: an item's sort_at (0 for a contact); sort_text: a contact's sort key
                -- ('' for an item); title: the folded title or shown name (its first line).
                CREATE TABLE search_rank (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    status TEXT NOT NULL,
                    sort_at REAL NOT NULL,
                    sort_text TEXT NOT NULL,
                    title TEXT NOT NULL
                );
                INSERT OR REPLACE INTO store_value (name, value) VALUES ('\(rebuildFlag)', 1);
                INSERT OR REPLACE INTO store_value (name, value) VALUES ('\(rebuildContactsFlag)', 1);
                """)
    }
}
