import Foundation
import GRDB

/// Alarms in the database: which ring in a span, who rang them, and when the next one rings
/// (see `ReminderSchema`, `DueAlarms`).
extension SQLiteStore {
    /// What became of a ring of an alarm, as `alarm_state` records it.
    public enum RingState: String, Sendable {
        case fired, missed, snoozed, dismissed
    }

    // MARK: - Reading

    /// The rings after `from` and up to `through` that nobody has taken yet, and the snoozed
    /// ones whose snooze ended by `through`, in the order they ring.
    public func pendingAlarms(after from: Date, through: Date) throws(StoreError) -> [DueAlarm] {
        let items = try alarmedItems(firingAfter: from, through: through)
        let due = try DueAlarms.list(
            items: items, occurrences: repeatingOccurrences(of: items, from: from, through: through),
            after: from, through: through)
        let untaken = try read { db in
            try due.filter { ring in
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM alarm_state WHERE item = ? AND rings_at = ?",
                    arguments: [ring.itemID.lowercasedText, ring.ringsAt.unixSeconds]) != true
            }
        }
        return untaken + (try snoozedAlarms(endedBy: through))
    }

    /// The snoozed rings whose snooze ends by `date`, as they first rang.
    private func snoozedAlarms(endedBy date: Date) throws(StoreError) -> [DueAlarm] {
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: #"SELECT item, rings_at, occurrence FROM alarm_state WHERE state = 'snoozed' AND "until" <= ? ORDER BY "until""#,
                arguments: [date.unixSeconds])
        }
        var rings: [DueAlarm] = []
        for row in rows {
            guard let id = UUID(uuidString: row[0] as String), let item = try self.item(id: id),
                item.status == .active
            else { continue }
            let ringsAt = Date(unixSeconds: row[1] as Double)
            let occurrence = Date(unixSeconds: row[2] as Double)
            let alarm = item.alarms.first { alarm in
                alarm.fixedTime == ringsAt
                    || alarm.minutesBefore.map { occurrence.addingTimeInterval(-Double($0) * 60) == ringsAt } == true
            } ?? Alarm(at: ringsAt)
            rings.append(DueAlarm(
                itemID: item.id, kind: item.kind, title: item.title, place: item.place, occurrence: occurrence,
                ringsAt: ringsAt, alarm: alarm))
        }
        return rings
    }

    /// When the next alarm after `now` rings (a snoozed one whose snooze ended: `now`), looking
    /// at most `horizon` ahead; nil when none rings within it.
    ///
    /// Alarms the items alone time are found in an index; only those worked out from their
    /// items (repeating or floating ones) are read and expanded.
    public func nextAlarm(after now: Date, horizon: TimeInterval = 86_400) throws(StoreError) -> Date? {
        let limit = now.addingTimeInterval(horizon)
        let (indexed, snoozed) = try read { db in
            let indexed = try Double.fetchOne(
                db,
                sql: """
                    SELECT a.fires_at FROM item_alarm a CROSS JOIN item i ON i.id = a.item
                    WHERE a.fires_at > ? AND i.status = 'active'
                    ORDER BY a.fires_at LIMIT 1
                    """,
                arguments: [now.unixSeconds])
            let snoozed = try Double.fetchOne(
                db, sql: #"SELECT MIN("until") FROM alarm_state WHERE state = 'snoozed'"#)
            return (indexed, snoozed)
        }
        let workedOut = try alarmedItems(firingAfter: nil, through: nil)
        let rings = try DueAlarms.list(
            items: workedOut, occurrences: repeatingOccurrences(of: workedOut, from: now, through: limit),
            after: now, through: limit)
        let candidates = [
            indexed.map { Date(unixSeconds: $0) }, snoozed.map { max(now, Date(unixSeconds: $0)) },
            rings.first?.ringsAt,
        ].compactMap { $0 }.filter { $0 <= limit }
        return candidates.min()
    }

    /// The active items with an alarm that rings after `from` and up to `through` by the index
    /// (none when nil), and every active item whose alarms are worked out from its occurrences.
    private func alarmedItems(firingAfter from: Date?, through: Date?) throws(StoreError) -> [Item] {
        let coding = storedTime
        // CROSS JOIN: the few worked-out alarms first (their partial index), then each item;
        // left to itself SQLite walks every active item instead.
        let workedOut = """
            SELECT a.item FROM item_alarm a CROSS JOIN item i ON i.id = a.item
            WHERE a.worked_out AND i.status = 'active'
            """
        guard let from, let through else {
            return try read { db in
                try Self.fetchItems(coding: coding, db, sql: workedOut, arguments: [])
            }
        }
        return try read { db in
            try Self.fetchItems(
                coding: coding, db,
                sql: """
                    SELECT a.item FROM item_alarm a CROSS JOIN item i ON i.id = a.item
                    WHERE a.fires_at > ? AND a.fires_at <= ? AND i.status = 'active'
                    UNION \(workedOut)
                    """,
                arguments: [from.unixSeconds, through.unixSeconds])
        }
    }

    /// The calendar's occurrences that the repeating ones of `items` ring for in the span.
    private func repeatingOccurrences(of items: [Item], from: Date, through: Date) throws(StoreError) -> [Occurrence] {
        let repeating = items.filter(\.isRecurring)
        guard !repeating.isEmpty else { return [] }
        let ids = Set(repeating.map(\.id))
        let end = through.addingTimeInterval(DueAlarms.lead(of: repeating) + 1)
        return try occurrences(from: from, to: end, includingUIDs: false).filter { ids.contains($0.itemID) }
    }

    // MARK: - Taking rings

    /// Records that `ring` fired (or was missed), unless somebody recorded it first: true when
    /// this call took it, and its caller alone rings it. A snoozed ring whose snooze ended is
    /// taken back from `snoozed` the same way, once its snooze ended by `now`.
    public func take(_ ring: DueAlarm, as state: RingState = .fired, at now: Date? = nil) throws(StoreError) -> Bool {
        let now = (now ?? clock.now()).unixSeconds
        return try write { db in
            try db.execute(
                sql: """
                    INSERT INTO alarm_state (item, rings_at, occurrence, state, changed) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (item, rings_at) DO UPDATE SET state = excluded.state, "until" = NULL,
                        changed = excluded.changed
                    WHERE alarm_state.state = 'snoozed' AND alarm_state."until" <= ?
                    """,
                arguments: [ring.itemID.lowercasedText, ring.ringsAt.unixSeconds, ring.occurrence.unixSeconds,
                            state.rawValue, now, now])
            return db.changesCount > 0
        }
    }

    /// Snoozes `ring` until `until`: it rings again then.
    public func snooze(_ ring: DueAlarm, until: Date) throws(StoreError) {
        try record(ring, .snoozed, until: until)
    }

    /// Dismisses `ring`: it does not ring again.
    public func dismiss(_ ring: DueAlarm) throws(StoreError) {
        try record(ring, .dismissed, until: nil)
    }

    private func record(_ ring: DueAlarm, _ state: RingState, until: Date?) throws(StoreError) {
        let now = clock.now().unixSeconds
        try write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO alarm_state (item, rings_at, occurrence, state, "until", changed)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [ring.itemID.lowercasedText, ring.ringsAt.unixSeconds, ring.occurrence.unixSeconds,
                            state.rawValue, until?.unixSeconds, now])
        }
    }

    /// What became of `ring`, or nil when nobody has taken it.
    public func state(of ring: DueAlarm) throws(StoreError) -> RingState? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT state FROM alarm_state WHERE item = ? AND rings_at = ?",
                arguments: [ring.itemID.lowercasedText, ring.ringsAt.unixSeconds]
            ).flatMap(RingState.init(rawValue:))
        }
    }

    // MARK: - How far alarms were looked at

    /// The instant up to which alarms have been looked at, or nil when never.
    public func alarmsCheckedUntil() throws(StoreError) -> Date? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'alarms_checked_until'")
        }.map { Date(unixSeconds: $0) }
    }

    /// Records that alarms were looked at up to `date` (never moving it back).
    public func setAlarmsChecked(until date: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO store_value (name, value) VALUES ('alarms_checked_until', ?)
                    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)
                    """,
                arguments: [date.unixSeconds])
        }
    }
}
