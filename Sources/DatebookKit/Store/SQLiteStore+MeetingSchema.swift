import GRDB

/// The meetings' tables (migration v15), the settings table that keeps who "me" is, and the
/// Activities feed.
///
/// `meeting` holds one row per meeting with its single-valued fields and, for the Meetings
/// tab's lists, what they are chosen and drawn by (computed for me when written: the lists it
/// is in, the mark, the counts), so that a list is one indexed read of one table;
/// `meeting_slot` its times; `meeting_invitee` who is invited and what they answered (votes
/// as `slot=vote` pairs: `1=yes,3=if-need-be`).
extension SQLiteStore {
    static func createMeetingTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE setting (
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE meeting (
                    id INTEGER PRIMARY KEY,
                    -- Datebook's id (the lowercase UUID); ical_uid the UID every copy shares.
                    uid TEXT NOT NULL UNIQUE,
                    ical_uid TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    place TEXT NOT NULL DEFAULT '',
                    notes TEXT NOT NULL DEFAULT '',
                    duration REAL NOT NULL,
                    host_name TEXT NOT NULL,
                    host_email TEXT NOT NULL,
                    hosted_by_me INTEGER NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('polling', 'confirmed', 'cancelled')),
                    confirmed_slot INTEGER,
                    sequence INTEGER NOT NULL,
                    deadline REAL,
                    event TEXT,
                    created REAL NOT NULL,
                    changed REAL NOT NULL,
                    -- For the lists: the confirmed time or the span of the slots, the lists it
                    -- is in for me (in_invitations, in_hosting, in_coming), its mark, its counts.
                    shown_start REAL NOT NULL,
                    shown_end REAL NOT NULL,
                    in_invitations INTEGER NOT NULL,
                    in_hosting INTEGER NOT NULL,
                    in_coming INTEGER NOT NULL,
                    mark TEXT NOT NULL,
                    voted INTEGER NOT NULL,
                    refused INTEGER NOT NULL,
                    no_reply INTEGER NOT NULL
                );
                CREATE INDEX meeting_invitations ON meeting (shown_end, shown_start) WHERE in_invitations;
                CREATE INDEX meeting_hosting ON meeting (shown_end, shown_start) WHERE in_hosting;
                CREATE INDEX meeting_coming ON meeting (shown_end, shown_start) WHERE in_coming;
                CREATE TABLE meeting_slot (
                    meeting INTEGER NOT NULL REFERENCES meeting (id) ON DELETE CASCADE,
                    slot INTEGER NOT NULL,
                    start REAL NOT NULL,
                    "end" REAL NOT NULL,
                    PRIMARY KEY (meeting, slot)
                ) WITHOUT ROWID;
                CREATE TABLE meeting_invitee (
                    meeting INTEGER NOT NULL REFERENCES meeting (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    email TEXT NOT NULL,
                    contact TEXT,
                    answer TEXT NOT NULL CHECK (answer IN ('none', 'refused', 'voted')),
                    votes TEXT NOT NULL DEFAULT '',
                    going INTEGER,
                    answered_sequence INTEGER NOT NULL,
                    PRIMARY KEY (meeting, position)
                ) WITHOUT ROWID;
                -- The Activities feed, newest last; read once the person opened the feed.
                CREATE TABLE activity (
                    id INTEGER PRIMARY KEY,
                    at REAL NOT NULL,
                    kind TEXT NOT NULL,
                    text TEXT NOT NULL,
                    meeting TEXT,
                    contact TEXT,
                    read INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX activity_unread ON activity (id) WHERE NOT read;
                -- Invitations from blocked contacts are left out of the lists: their addresses
                -- are found through this.
                CREATE INDEX contact_blocked ON contact (id) WHERE relation = 'blocked' AND status = 'active';
                """)
    }
}
