import GRDB

/// What contact sync adds to the tables of sync (`SyncSchema`): which contacts were written
/// since a sync last looked.
///
/// Contacts have a table of their own rather than a `kind` column in `sync_dirty`: a card's UID
/// and an event's UID live in different namespaces and may be equal, and the calendar's sync
/// clears its rows by UID alone. What was agreed for each card is kept in `sync_resource` as for
/// items (its `uid` is the contact's `vcard_uid`, its collection an address book), and a conflict
/// in `sync_conflict` with my card, whole, in `mine` (it begins with BEGIN:VCARD).
enum ContactSyncSchema {
    static func migrateV21(_ db: Database) throws {
        try db.execute(
            sql: """
                -- Contacts written since a sync last looked (by any path: the form, an import,
                -- `contacts add`, a sync, another process), once an account exists. A sync
                -- compares each with what was agreed, so a rewrite that changed nothing sends
                -- nothing. A contact's values (contact_value) and photo (contact_photo) are only
                -- ever written with its row (ContactBatch), so the triggers on `contact` see
                -- every change; a feed read (subscription_read, subscription_error) is not one.
                CREATE TABLE sync_dirty_contact (uid TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                CREATE TRIGGER sync_contact_inserted AFTER INSERT ON contact
                    WHEN EXISTS (SELECT 1 FROM sync_account)
                    BEGIN INSERT OR IGNORE INTO sync_dirty_contact (uid) VALUES (NEW.vcard_uid); END;
                CREATE TRIGGER sync_contact_updated AFTER UPDATE OF
                    vcard_uid, display_name, given_name, family_name, additional_names, name_prefix, name_suffix,
                    organisation, title, birthday_year, birthday_month, birthday_day, address_label,
                    address_po_box, address_extended, address_street, address_locality, address_region,
                    address_postal_code, address_country, url, notes, created, changed, relation,
                    subscription_source, status, status_changed
                    ON contact
                    WHEN EXISTS (SELECT 1 FROM sync_account)
                    BEGIN
                        INSERT OR IGNORE INTO sync_dirty_contact (uid) VALUES (NEW.vcard_uid);
                        INSERT OR IGNORE INTO sync_dirty_contact (uid) VALUES (OLD.vcard_uid);
                    END;
                CREATE TRIGGER sync_contact_deleted AFTER DELETE ON contact
                    WHEN EXISTS (SELECT 1 FROM sync_account)
                    BEGIN INSERT OR IGNORE INTO sync_dirty_contact (uid) VALUES (OLD.vcard_uid); END;
                """)
    }
}
