import Foundation
import GRDB

/// The tables behind alarms (migration v17).
///
/// - `item_alarm`: an item's alarms in order, each minutes before its start (`minutes_before`)
///   or at a fixed instant (`at`), with its sound; `fires_at` when the item alone says when it
///   rings (see `ItemAlarmRows`), indexed so the next alarm is found without reading items;
///   `worked_out` when it is found from the item's occurrences instead (a repeating or floating
///   item, or one with several times). An alarm with neither never rings (a task with no date).
/// - `alarm_state`: what became of one ring of an alarm, keyed by the item's uid and the
///   instant it rang for: `fired` (shown or its command run), `missed` (it came due while
///   nothing ran, and was listed), `snoozed` until `until`, or `dismissed`. Whoever inserts
///   the row first rings the alarm; everyone else leaves it be.
/// - `store_value` `alarms_checked_until`: the instant up to which alarms have been looked at;
///   those after it and before now came due while nothing ran.
enum ReminderSchema {
    static func migrateV17(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE item_alarm (
                    item INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    minutes_before INTEGER,
                    at REAL,
                    sound TEXT,
                    fires_at REAL,
                    worked_out INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (item, position),
                    CHECK ((minutes_before IS NULL) <> (at IS NULL))
                ) WITHOUT ROWID;
                CREATE INDEX item_alarm_fires ON item_alarm (fires_at, item) WHERE fires_at IS NOT NULL;
                CREATE INDEX item_alarm_worked_out ON item_alarm (item) WHERE worked_out;

                CREATE TABLE alarm_state (
                    item TEXT NOT NULL,
                    rings_at REAL NOT NULL,
                    occurrence REAL NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('fired', 'missed', 'snoozed', 'dismissed')),
                    "until" REAL,
                    changed REAL NOT NULL,
                    PRIMARY KEY (item, rings_at)
                ) WITHOUT ROWID;
                CREATE INDEX alarm_state_snoozed ON alarm_state ("until") WHERE state = 'snoozed';

                -- The one alarm each item had: before its only time (a task: its due time),
                -- worked out from the item when it repeats, floats or has several times.
                INSERT INTO item_alarm (item, position, minutes_before, at, sound, fires_at, worked_out)
                SELECT id, 0, alarm_minutes, NULL, alarm_sound,
                    CASE WHEN series_start IS NOT NULL OR time_zone IS '' THEN NULL
                        WHEN kind = 'task' AND due IS NOT NULL THEN due - alarm_minutes * 60
                        WHEN times = 1 THEN (SELECT start FROM item_time WHERE item_time.item = item.id) - alarm_minutes * 60
                        ELSE NULL END,
                    series_start IS NOT NULL OR time_zone IS ''
                        OR (NOT (kind = 'task' AND due IS NOT NULL) AND times > 1)
                FROM (SELECT *, (SELECT COUNT(*) FROM item_time WHERE item_time.item = item.id) AS times FROM item) AS item
                WHERE alarm_minutes IS NOT NULL;
                ALTER TABLE item DROP COLUMN alarm_minutes;
                ALTER TABLE item DROP COLUMN alarm_sound;
                """)
    }
}
