import GRDB

/// The tables of sync: the accounts, the collections of each, what was last agreed with the
/// server for each resource, and the conflicts kept for a person to settle.
///
/// No password is stored: an account names a command that prints it, or the person types it.
enum SyncSchema {
    /// The triggers that fill `sync_dirty`, made when the first account is added.
    static let itemTriggers = """
                CREATE TRIGGER IF NOT EXISTS sync_item_inserted AFTER INSERT ON item
                    BEGIN INSERT OR IGNORE INTO sync_dirty (uid) VALUES (NEW.ical_uid); END;
                CREATE TRIGGER IF NOT EXISTS sync_item_updated AFTER UPDATE ON item
                    BEGIN INSERT OR IGNORE INTO sync_dirty (uid) VALUES (NEW.ical_uid); END;
                CREATE TRIGGER IF NOT EXISTS sync_item_deleted AFTER DELETE ON item
                    BEGIN INSERT OR IGNORE INTO sync_dirty (uid) VALUES (OLD.ical_uid); END;
        """

    static let dropItemTriggers = """
        DROP TRIGGER IF EXISTS sync_item_inserted;
        DROP TRIGGER IF EXISTS sync_item_updated;
        DROP TRIGGER IF EXISTS sync_item_deleted;
        """

    /// Marks every item no calendar agreed on as waiting to go out: what a new account's first
    /// sync sends, found among the triggers' rows like every other change.
    static let markItemsNeverAgreed = """
        INSERT OR IGNORE INTO sync_dirty (uid)
        SELECT ical_uid FROM item i WHERE status <> 'deleted'
          AND NOT EXISTS (SELECT 1 FROM sync_resource r WHERE r.uid = i.ical_uid)
        """

    /// `sync_collection.selected`: 0 for a calendar or address book no longer synced. Its row
    /// and what was agreed with it stay, so its items never count as new for another one.
    /// A sync finds what to send among the triggers' rows and the resources agreed on nothing
    /// (an index of those), no longer by walking every item: items of an account made before
    /// this, never agreed, are marked now.
    static func migrateV22(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE sync_collection ADD COLUMN selected INTEGER NOT NULL DEFAULT 1;
                CREATE INDEX sync_resource_unagreed ON sync_resource (account, collection) WHERE agreed IS NULL;
                """)
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_account)") == true {
            try db.execute(sql: markItemsNeverAgreed)
        }
    }

    static func migrateV20(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_account (
                    name TEXT PRIMARY KEY NOT NULL,
                    url TEXT NOT NULL,
                    user TEXT NOT NULL,
                    password_command TEXT,
                    created REAL NOT NULL
                );

                -- The collections of an account that sync: its calendar (where new items go when
                -- is_default), its address book, its inbox and its public calendar.
                CREATE TABLE sync_collection (
                    account TEXT NOT NULL REFERENCES sync_account (name) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('calendar', 'addressbook', 'inbox', 'public')),
                    display_name TEXT NOT NULL DEFAULT '',
                    is_default INTEGER NOT NULL DEFAULT 0,
                    sync_token TEXT,
                    last_sync REAL,
                    last_error TEXT,
                    PRIMARY KEY (account, url)
                ) WITHOUT ROWID;

                -- One resource on the server as last agreed: its ETag, its text (the base of a
                -- three-way merge) and a fingerprint of the item as it was here then (another
                -- one now is a change to send; NULL: changes wait to be sent).
                CREATE TABLE sync_resource (
                    account TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    href TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    etag TEXT,
                    base TEXT NOT NULL,
                    agreed TEXT,
                    PRIMARY KEY (account, collection, href),
                    FOREIGN KEY (account, collection) REFERENCES sync_collection (account, url) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX sync_resource_uid ON sync_resource (uid);

                -- Items written since a sync last looked (by any path: a form, an import, a
                -- command, another process), once an account exists: its triggers are made
                -- with the first account and dropped with the last (SyncSchema.itemTriggers), so a
                -- database without accounts writes nothing more for them. A sync compares each with
                -- what was agreed, so a rewrite that changed nothing sends nothing.
                CREATE TABLE sync_dirty (uid TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;

                -- A field both sides changed: the server's version stayed in place; mine is kept
                -- here, whole, until taken or dismissed.
                CREATE TABLE sync_conflict (
                    id INTEGER PRIMARY KEY,
                    account TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    title TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    mine TEXT NOT NULL,
                    theirs TEXT NOT NULL,
                    at REAL NOT NULL
                );
                """)
    }
}
