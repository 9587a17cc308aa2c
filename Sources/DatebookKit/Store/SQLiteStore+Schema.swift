import Foundation
import GRDB

/// The database schema, one named migration per version.
///
/// Dates are stored as Unix seconds (`REAL`, UTC instants), except in floating items (v3),
/// whose dates are wall-clock seconds (see `WallClock`). Every item has an integer row id for
/// its child rows and a unique `uid`, the lowercase UUID the rest of Datebook knows; since v3
/// also a unique `ical_uid`, the iCalendar UID (the uid itself unless imported with another).
///
/// `item.sort_at` repeats the date the Events list sorts by (the first time's start, else the
/// due date, else `SQLiteStore.undatedSortKey`) so that the list is read straight from an index.
extension SQLiteStore {
    // MARK: - Identity

    /// The value of `PRAGMA application_id` in every Datebook database: "DtBk" in ASCII.
    public static let applicationID: Int32 = 0x4474_426B

    /// The `sort_at` of an item with neither a start nor a due date: after every real date.
    static let undatedSortKey = Double.greatestFiniteMagnitude

    // MARK: - Migrations

    /// Every schema change Datebook has made, in order. A database that records a migration
    /// missing here was written by a newer Datebook and is refused.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(
                sql: """
                    CREATE TABLE item (
                        id INTEGER PRIMARY KEY,
                        uid TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL CHECK (kind IN ('event', 'task', 'reminder')),
                        title TEXT NOT NULL COLLATE NOCASE,
                        all_day INTEGER NOT NULL DEFAULT 0,
                        place TEXT NOT NULL DEFAULT '',
                        notes TEXT NOT NULL DEFAULT '',
                        due REAL,
                        priority INTEGER NOT NULL DEFAULT 0,
                        alarm_minutes INTEGER,
                        alarm_sound TEXT,
                        repeat_rule TEXT,
                        category TEXT NOT NULL DEFAULT '',
                        status TEXT NOT NULL DEFAULT 'active'
                            CHECK (status IN ('active', 'completed', 'deleted')),
                        status_changed_at REAL,
                        created REAL NOT NULL,
                        updated REAL NOT NULL,
                        sort_at REAL NOT NULL
                    );

                    -- The Events list: WHERE status = 'active' ORDER BY sort_at, title, uid.
                    -- The trailing status makes the index cover the counts behind positions.
                    CREATE INDEX item_active_order ON item (sort_at, title, uid, status)
                        WHERE status = 'active';

                    -- History: WHERE status <> 'active' ORDER BY status_changed_at DESC, uid.
                    CREATE INDEX item_history_order ON item (status_changed_at DESC, uid, status)
                        WHERE status <> 'active';

                    CREATE TABLE item_time (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;

                    CREATE TABLE item_attachment (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        path TEXT NOT NULL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    -- The calendar: times by start, the longest span (to know how far back a
                    -- span may begin and still overlap a range), and tasks by due date.
                    CREATE INDEX item_time_start ON item_time (start);
                    CREATE INDEX item_time_span ON item_time (("end" - start));
                    CREATE INDEX item_due ON item (due) WHERE due IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    -- iCalendar: the UID an item is known by elsewhere (its own uid unless it
                    -- was imported with another), found again on the next import.
                    ALTER TABLE item ADD COLUMN ical_uid TEXT;
                    UPDATE item SET ical_uid = uid;
                    CREATE UNIQUE INDEX item_ical_uid ON item (ical_uid);

                    -- How the times are anchored: NULL for UTC instants, '' for floating times
                    -- (kept as wall-clock seconds), else a TZID. Dates in a floating item's rows
                    -- (item_time, due, recurrence dates, overrides, instances) are wall-clock
                    -- seconds; every other date is Unix seconds.
                    ALTER TABLE item ADD COLUMN time_zone TEXT;

                    -- A recurring series: its first instance's start, its last instance's end
                    -- (NULL when it never ends), its longest instance, and how far its instances
                    -- are stored in item_instance (by original start; +inf when all are).
                    ALTER TABLE item ADD COLUMN series_start REAL;
                    ALTER TABLE item ADD COLUMN series_end REAL;
                    ALTER TABLE item ADD COLUMN series_span REAL;
                    ALTER TABLE item ADD COLUMN expanded_until REAL;
                    CREATE INDEX item_series_expanded ON item (expanded_until) WHERE series_start IS NOT NULL;
                    CREATE INDEX item_series_span ON item (series_span) WHERE series_start IS NOT NULL;

                    -- RDATE (is_exception = 0) and EXDATE (1).
                    CREATE TABLE item_recurrence_date (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        is_exception INTEGER NOT NULL,
                        position INTEGER NOT NULL,
                        at REAL NOT NULL,
                        PRIMARY KEY (item, is_exception, position)
                    ) WITHOUT ROWID;

                    -- One instance changed or cancelled (RECURRENCE-ID); NULL texts are the series'.
                    CREATE TABLE item_override (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        recurrence_id REAL NOT NULL,
                        cancelled INTEGER NOT NULL DEFAULT 0,
                        start REAL NOT NULL,
                        "end" REAL,
                        title TEXT,
                        place TEXT,
                        notes TEXT,
                        PRIMARY KEY (item, recurrence_id)
                    ) WITHOUT ROWID;

                    -- ORGANIZER (is_organizer = 1) and ATTENDEEs.
                    CREATE TABLE item_participant (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        is_organizer INTEGER NOT NULL,
                        address TEXT NOT NULL,
                        name TEXT,
                        role TEXT,
                        status TEXT,
                        other_parameters TEXT NOT NULL DEFAULT '',
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;

                    -- The categories after item.category.
                    CREATE TABLE item_category (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;

                    -- iCalendar Datebook does not read, verbatim: the item's own (override NULL)
                    -- or an override's (its recurrence_id).
                    CREATE TABLE item_extra (
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        override REAL,
                        text TEXT NOT NULL,
                        PRIMARY KEY (item, position)
                    ) WITHOUT ROWID;

                    -- VTIMEZONEs that came with imported files, for TZIDs that are not names
                    -- of the system's time zone database.
                    CREATE TABLE time_zone_definition (
                        tzid TEXT PRIMARY KEY NOT NULL,
                        vtimezone TEXT NOT NULL
                    ) WITHOUT ROWID;

                    -- The instances of every recurring series up to its expanded_until, EXDATEs
                    -- taken out and overrides applied (changed = 1), so that a range of the
                    -- calendar is one walk along the primary key.
                    CREATE TABLE item_instance (
                        start REAL NOT NULL,
                        item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                        recurrence_id REAL NOT NULL,
                        "end" REAL NOT NULL,
                        changed INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (start, item, recurrence_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX item_instance_item ON item_instance (item);
                    """)
        }
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    -- A series' kept instances are found again by their keys, kept on the series'
                    -- row (packed pairs of start and recurrence_id, see SeriesKeys), instead of by
                    -- an index on item_instance (item): one B-tree less to update for each of the
                    -- hundreds of thousands of instances a large import writes.
                    DROP INDEX item_instance_item;
                    ALTER TABLE item ADD COLUMN series_keys BLOB;

                    -- The longest single time, kept as one value that writes raise, instead of an
                    -- index on ("end" - start) that every time written had to update.
                    DROP INDEX item_time_span;
                    CREATE TABLE store_value (
                        name TEXT PRIMARY KEY NOT NULL,
                        value REAL NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO store_value (name, value)
                        SELECT 'longest_time', COALESCE(MAX("end" - start), 0) FROM item_time;

                    -- Instances kept without keys cannot be found again: forget them, and let
                    -- ranges expand those series live until each is written again.
                    DELETE FROM item_instance;
                    UPDATE item SET expanded_until = -1e300 WHERE series_start IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    -- Times by start with their end and item in the index itself: a range of the
                    -- calendar reads the index alone, not the table besides.
                    DROP INDEX item_time_start;
                    CREATE INDEX item_time_range ON item_time (start, "end", item);

                    -- What an occurrence shows of its item, by row id, packed far tighter than the
                    -- table's rows (notes and all): a range of the calendar reads a few pages of
                    -- it instead of one page of the table per item. Row ids only grow, so writing
                    -- it costs an append.
                    CREATE INDEX item_facts ON item (id, uid, kind, title, place, all_day, status, time_zone,
                        ical_uid, series_start);
                    """)
        }
        migrator.registerMigration("v6") { db in
            try db.execute(
                sql: """
                    -- The calendar's own table: one row for every time an item shows in it (a
                    -- single time, a task's due date, an instance of a series up to its
                    -- expanded_until), with what it shows, in the order of its start. A range of
                    -- the calendar is one walk along its primary key over neighbouring pages,
                    -- where it was a look-up of the item for every row. It is derived from the
                    -- item and its children, and written with them (see OccurrenceRows): no
                    -- foreign key, so that writing it costs no look-up of the item.
                    --
                    -- `key` tells apart the rows of one item: an instance's recurrence ID, a
                    -- single time's position, 0 for a due date. `flags`: see OccurrenceFlags.
                    -- `uid` is the item's id as 16 bytes.
                    CREATE TABLE occurrence (
                        start REAL NOT NULL,
                        item INTEGER NOT NULL,
                        key REAL NOT NULL,
                        "end" REAL NOT NULL,
                        flags INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        place TEXT NOT NULL,
                        uid BLOB NOT NULL,
                        PRIMARY KEY (start, item, key)
                    ) WITHOUT ROWID;

                    -- The keys (start and key) of an item's occurrence rows, to find them again
                    -- when it is written anew; they replace series_keys, which named instances only.
                    ALTER TABLE item RENAME COLUMN series_keys TO occurrence_keys;
                    UPDATE item SET occurrence_keys = NULL;

                    -- What occurrence replaces: instances, and the indexes that found times, due
                    -- dates and what an occurrence shows.
                    DROP TABLE item_instance;
                    DROP INDEX item_time_range;
                    DROP INDEX item_facts;
                    DROP INDEX item_due;
                    DROP INDEX item_series_span;

                    -- The longest occurrence, of any kind (it bounds how far before a range an
                    -- occurrence may start and still overlap it).
                    DELETE FROM store_value WHERE name = 'longest_time';

                    -- The rows are written when the store opens (it knows the time zone and the
                    -- horizon a migration does not), from every item.
                    INSERT INTO store_value (name, value) VALUES ('rebuild_occurrences', 1);
                    """)
        }
        migrator.registerMigration("v7") { db in
            try db.execute(
                sql: """
                    -- One instance of a series completed while the series goes on: when (an
                    -- instant, Unix seconds), NULL when not.
                    ALTER TABLE item_override ADD COLUMN completed_at REAL;
                    """)
        }
        migrator.registerMigration("v8") { db in
            try db.execute(
                sql: """
                    -- iCalendar shapes kept whole. An item that holds instances of a series the
                    -- file did not give (RECURRENCE-IDs without their series): its RDATEs name
                    -- them, and an export writes the instances alone.
                    ALTER TABLE item ADD COLUMN instances_only INTEGER NOT NULL DEFAULT 0;

                    -- An RDATE period's end (RDATE;VALUE=PERIOD), NULL for a plain RDATE. And
                    -- is_exception = 2: a day taken out of a timed series (EXDATE;VALUE=DATE),
                    -- kept as the wall-clock seconds of its midnight.
                    ALTER TABLE item_recurrence_date ADD COLUMN "end" REAL;

                    -- An instance that changes every later one too (RANGE=THISANDFUTURE).
                    ALTER TABLE item_override ADD COLUMN this_and_future INTEGER NOT NULL DEFAULT 0;
                    """)
        }
        migrator.registerMigration("v9") { db in
            try db.execute(
                sql: """
                    -- The Events list shows a series at one instance (its first that has not
                    -- ended, else its last): sort_at holds its start, listed_end its end (an
                    -- instant; the largest number when the series has no instance). A series
                    -- moves on only once that instance is over and another follows, so the index
                    -- finds the few that must, not every series in the past. NULL: not known yet
                    -- (a database written before this), found on the list's next reading.
                    ALTER TABLE item ADD COLUMN listed_end REAL;
                    CREATE INDEX item_series_listed ON item (listed_end, series_end)
                        WHERE series_start IS NOT NULL AND status = 'active';
                    """)
        }
        migrator.registerMigration("v10", migrate: createContactTables)
        migrator.registerMigration("v11") { db in
            // The search index (see SearchSchema), written from every item when the store opens.
            try SearchSchema.migrateV11(db)
        }
        // Subscribed calendars' busy times, and birthdays by month (see SubscriptionSchema).
        migrator.registerMigration("v12", migrate: SubscriptionSchema.migrateV12)
        migrator.registerMigration("v13") { db in
            // Contacts in the search index, written from every contact when the store opens.
            try SearchSchema.migrateV13(db)
        }
        migrator.registerMigration("v14") { db in
            // A contact's profile lists the items they take part in: found by address.
            try db.execute(sql: "CREATE INDEX item_participant_address ON item_participant (address COLLATE NOCASE)")
        }
        migrator.registerMigration("v15", migrate: createMeetingTables)
        migrator.registerMigration("v16") { db in
            // Meetings in the search index: those written before it are indexed now.
            let writer = try SearchIndexWriter(db)
            for rowID in try Int64.fetchAll(db, sql: "SELECT id FROM meeting ORDER BY id") {
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM meeting WHERE id = ?", arguments: [rowID]),
                    let meeting = try MeetingRows.meeting(from: row, db)
                else { continue }
                try writer.write(meeting, meetingRowID: rowID)
            }
        }
        // An item's alarms in a table of their own, and what became of each ring (see ReminderSchema).
        migrator.registerMigration("v17", migrate: ReminderSchema.migrateV17)
        // One-character searches read the first results from the titles that begin with it.
        migrator.registerMigration("v19", migrate: SearchByInitial.migrate)
        // Accounts on CalDAV/CardDAV servers and what was last agreed with each (see SyncSchema).
        migrator.registerMigration("v20", migrate: SyncSchema.migrateV20)
        // Which contacts changed since a sync last looked, for the address book (see ContactSyncSchema).
        migrator.registerMigration("v21", migrate: ContactSyncSchema.migrateV21)
        // Calendars and address books a person chose to stop syncing (see SyncSchema).
        migrator.registerMigration("v22", migrate: SyncSchema.migrateV22)
        // Series that a later horizon would not keep more of (see `SeriesRow.keepsNoMore`): the
        // horizon's extension no longer writes them again at every opening. Rows written
        // before say 0 and are marked when next expanded.
        migrator.registerMigration("v23") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN keeps_no_more INTEGER NOT NULL DEFAULT 0")
        }
        // What a blocked contact was to the planner before (a friend, a request), given back
        // when they are unblocked (see `ContactStore.unblock`). Contacts blocked before say
        // nothing and come back as none.
        migrator.registerMigration("v24") { db in
            try db.execute(sql: "ALTER TABLE contact ADD COLUMN relation_before_block TEXT")
        }
        // Series kept from a year before they were written, not from DTSTART (see
        // `SeriesRow.keptFrom`): reads of earlier years find them through this index. Rows
        // written before say NULL, kept from DTSTART, until they are next expanded.
        migrator.registerMigration("v25") { db in
            try db.execute(
                sql: """
                    ALTER TABLE item ADD COLUMN kept_from REAL;
                    CREATE INDEX item_kept_from ON item (kept_from) WHERE kept_from IS NOT NULL;
                    """)
        }
        // Occurrences completed or deleted on their own while their series goes on, for
        // History (see `SQLiteStore+OccurrenceHistory`). `item` is the series' uid; a row is
        // dropped when its series no longer says so (see `ItemRowWriter`).
        migrator.registerMigration("v26") { db in
            try db.execute(
                sql: """
                    CREATE TABLE occurrence_history (
                        item TEXT NOT NULL,
                        recurrence_id REAL NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('completed', 'deleted')),
                        at REAL NOT NULL,
                        title TEXT NOT NULL,
                        place TEXT NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL,
                        override TEXT,
                        PRIMARY KEY (item, recurrence_id)
                    ) WITHOUT ROWID;
                    """)
        }
        // Each instance of a repeating task with several times shows every time (see
        // `OccurrenceRows.timeKey`): the rows of such series are written again when the store
        // opens.
        migrator.registerMigration("v27") { db in
            try db.execute(sql: "INSERT OR REPLACE INTO store_value (name, value) VALUES ('rebuild_series_times', 1)")
        }
        // CHECK constraints of three values or more test them one by one, not through a list
        // SQLite builds a table for at each row written (see CheckLists). Tables made from here
        // on write such checks as comparisons.
        migrator.registerMigration("v28", migrate: CheckLists.migrate)
        return migrator
    }()
}
