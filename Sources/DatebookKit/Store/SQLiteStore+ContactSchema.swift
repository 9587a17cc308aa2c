import GRDB

/// The address book's tables (migration v10), kept apart from the items' schema.
///
/// `contact` holds one row per person with the single-valued fields; `contact_value` the
/// several-valued ones in their order (nicknames, e-mails, phones, organisation units,
/// categories, and the vCard lines Datebook does not understand); `contact_photo` the photo,
/// apart so that reading the list never reads an image.
extension SQLiteStore {
    /// The tables whose changes the change feed reports as contact changes.
    static let contactTables: Set<String> = ["contact", "contact_value", "contact_photo"]

    static func createContactTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE contact (
                    id INTEGER PRIMARY KEY,
                    -- Datebook's id, the lowercase UUID; vcard_uid the card's UID.
                    uid TEXT NOT NULL UNIQUE,
                    vcard_uid TEXT NOT NULL UNIQUE,
                    display_name TEXT NOT NULL CHECK (display_name <> ''),
                    given_name TEXT NOT NULL DEFAULT '',
                    family_name TEXT NOT NULL DEFAULT '',
                    additional_names TEXT NOT NULL DEFAULT '',
                    name_prefix TEXT NOT NULL DEFAULT '',
                    name_suffix TEXT NOT NULL DEFAULT '',
                    organisation TEXT NOT NULL DEFAULT '',
                    title TEXT NOT NULL DEFAULT '',
                    -- A birthday without a year has a NULL year.
                    birthday_year INTEGER,
                    birthday_month INTEGER,
                    birthday_day INTEGER,
                    -- The postal address; NULL label: none.
                    address_label TEXT,
                    address_po_box TEXT NOT NULL DEFAULT '',
                    address_extended TEXT NOT NULL DEFAULT '',
                    address_street TEXT NOT NULL DEFAULT '',
                    address_locality TEXT NOT NULL DEFAULT '',
                    address_region TEXT NOT NULL DEFAULT '',
                    address_postal_code TEXT NOT NULL DEFAULT '',
                    address_country TEXT NOT NULL DEFAULT '',
                    url TEXT NOT NULL DEFAULT '',
                    notes TEXT NOT NULL DEFAULT '',
                    created REAL NOT NULL,
                    changed REAL NOT NULL,
                    relation TEXT NOT NULL DEFAULT 'none' CHECK (relation IN
                        ('none', 'friend', 'request-received', 'request-sent', 'blocked')),
                    -- A path or an http(s) URL; NULL: not subscribed.
                    subscription_source TEXT,
                    subscription_read REAL,
                    subscription_error TEXT,
                    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
                    status_changed REAL,
                    -- ContactSortKey.key(for: display_name), and the folded text the list's
                    -- filter looks in (name, nicknames, e-mails, phones, organisation).
                    sort_key TEXT NOT NULL,
                    search_text TEXT NOT NULL
                );

                -- The list: WHERE status = ? ORDER BY sort_key, uid.
                CREATE INDEX contact_order ON contact (status, sort_key, uid);

                CREATE TABLE contact_value (
                    contact INTEGER NOT NULL REFERENCES contact (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    kind TEXT NOT NULL
                        CHECK (kind IN ('nickname', 'email', 'phone', 'unit', 'category', 'unknown')),
                    label TEXT NOT NULL DEFAULT '',
                    preferred INTEGER NOT NULL DEFAULT 0,
                    value TEXT NOT NULL,
                    PRIMARY KEY (contact, position)
                ) WITHOUT ROWID;

                CREATE TABLE contact_photo (
                    contact INTEGER PRIMARY KEY REFERENCES contact (id) ON DELETE CASCADE,
                    -- Either a path or URI, or the image's bytes and media type.
                    reference TEXT,
                    data BLOB,
                    media_type TEXT
                );
                """)
    }
}
