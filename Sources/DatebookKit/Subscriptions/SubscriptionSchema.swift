import GRDB

/// The tables of subscribed calendars (migration v12): the busy times last read from each
/// contact's feed, kept apart from items so that nothing of them is ever listed, exported or
/// searched as mine.
enum SubscriptionSchema {
    static func migrateV12(_ db: Database) throws {
        try db.execute(
            sql: """
                -- The copy last read of a contact's feed: the source it came from (a copy of
                -- another source is not shown) and its longest block (how far before a range
                -- a block may start and still overlap it).
                CREATE TABLE subscription_feed (
                    contact INTEGER PRIMARY KEY REFERENCES contact (id) ON DELETE CASCADE,
                    source TEXT NOT NULL,
                    longest REAL NOT NULL DEFAULT 0
                );

                -- Its busy times, replaced whole when a reading succeeds. Floating times and
                -- whole days (flags & 2) are wall-clock seconds, others Unix seconds; flags & 1:
                -- a whole day. title: NULL when the feed gives none (just busy).
                CREATE TABLE subscription_block (
                    start REAL NOT NULL,
                    contact INTEGER NOT NULL REFERENCES subscription_feed (contact) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    "end" REAL NOT NULL,
                    flags INTEGER NOT NULL,
                    title TEXT,
                    PRIMARY KEY (start, contact, position)
                ) WITHOUT ROWID;
                CREATE INDEX subscription_block_contact ON subscription_block (contact);

                -- Birthdays for the calendar, by month.
                CREATE INDEX contact_birthday ON contact (birthday_month, birthday_day)
                    WHERE birthday_month IS NOT NULL AND status = 'active';
                """)
    }

    static let allDayFlag = 1
    static let floatingFlag = 2
}
