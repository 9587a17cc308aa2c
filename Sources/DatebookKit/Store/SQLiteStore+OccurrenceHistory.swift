import Foundation
import GRDB

/// History's rows: items completed or deleted whole, and occurrences completed or deleted on
/// their own while their series goes on (`occurrence_history`), newest first.
///
/// An occurrence's row is written with the change that put it there (`deleteOccurrence`,
/// `setOccurrenceCompleted`), and shown while its series is active and still says so: a row
/// whose EXDATE or completion another change took back (an edit of the whole series, a sync)
/// is dropped when the series is written (`ItemRowWriter`). Restoring one gives back the
/// instance, with the changes of its own that deleting it dropped.
extension SQLiteStore {
    /// History's rows, in order: `what` 0 for an item, 1 for an occurrence; `at` the change's
    /// time (NULL, last, for an item that never said); `rid` the occurrence's recurrence ID.
    /// The occurrences' few rows lead their join (CROSS JOIN): the planner would otherwise
    /// walk every active item. A window 50,000 rows down a History of 100,000 reads in 38 ms
    /// with an occurrence among them, 9 ms without.
    private static let historyRows = """
        SELECT 0 AS what, uid, status_changed_at AS at, NULL AS rid FROM item WHERE status <> 'active'
        UNION ALL
        SELECT 1, h.item, h.at, h.recurrence_id FROM occurrence_history h
        CROSS JOIN item i ON i.uid = h.item AND i.status = 'active'
        """

    /// True when some active series has an occurrence in History: else History is the items'
    /// own list, read through its index.
    private static func hasOccurrenceRows(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM occurrence_history h
                               CROSS JOIN item i ON i.uid = h.item AND i.status = 'active')
                """) ?? false
    }

    /// How many rows History has: items and occurrences.
    public func historyEntryCount() throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(Self.historyRows))") ?? 0
        }
    }

    /// A window of History's rows, newest change first.
    public func historyEntries(offset: Int, limit: Int) throws(StoreError) -> [HistoryEntry] {
        guard limit > 0 else { return [] }
        guard try read(Self.hasOccurrenceRows) else {
            return try historyItems(offset: offset, limit: limit).map(HistoryEntry.item)
        }
        let coding = storedTime
        return try read { db in
            let rows = try Row.fetchAll(
                db, sql: "\(Self.historyRows) ORDER BY at DESC, uid, rid LIMIT ? OFFSET ?",
                arguments: [limit, max(offset, 0)])
            let uids = Array(Set(rows.map { $0["uid"] as String }))
            var items: [String: Item] = [:]
            for start in stride(from: 0, to: uids.count, by: 500) {
                let list = InList(uids[start..<min(start + 500, uids.count)])
                let fetched = try Self.fetchItems(
                    coding: coding, db, sql: "SELECT id FROM item WHERE uid IN (\(list.places))", arguments: list.arguments)
                for item in fetched { items[item.id.lowercasedText] = item }
            }
            return try rows.compactMap { row -> HistoryEntry? in
                guard let item = items[row["uid"]] else { return nil }
                guard row["what"] as Int == 1 else { return .item(item) }
                guard let entry = try Self.occurrenceEntry(db, item: item, recurrenceID: row["rid"]) else { return nil }
                return .occurrence(entry, series: item)
            }
        }
    }

    /// The position of a row in History, or nil when it is not there.
    public func historyEntryIndex(of key: HistoryKey) throws(StoreError) -> Int? {
        guard try read(Self.hasOccurrenceRows) else {
            return key.recurrenceID == nil ? try historyIndex(of: key.itemID) : nil
        }
        return try read { db -> Int? in
            let uid = key.itemID.lowercasedText
            let rid = key.recurrenceID?.storedForm.unixSeconds
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT at FROM (\(Self.historyRows)) WHERE uid = ? AND rid IS ?", arguments: [uid, rid])
            else { return nil }
            // Newest first, then by uid, then by recurrence ID (an item's own row, NULL, first);
            // rows without a time last.
            let at = row["at"] as Double?
            let tieBreak = "(uid < :uid OR (uid = :uid AND :rid IS NOT NULL AND (rid IS NULL OR rid < :rid)))"
            let before = at == nil
                ? "at IS NOT NULL OR (at IS NULL AND \(tieBreak))"
                : "at > :at OR (at = :at AND \(tieBreak))"
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM (\(Self.historyRows)) WHERE \(before)",
                arguments: ["uid": uid, "rid": rid, "at": at])
        }
    }

    /// Puts an occurrence completed or deleted on its own back in its series, and takes it out
    /// of History: a deleted one comes back with the changes of its own it had; a completed one
    /// is not completed any more.
    ///
    /// - Throws: `StoreError.notFound` when History has no such occurrence (restored meanwhile).
    @discardableResult
    public func restoreOccurrence(of id: UUID, recurrenceID: Date) throws(StoreError) -> Item {
        try writeBatch(.few) { db, batch in
            let uid = id.lowercasedText
            let rid = recurrenceID.storedForm.unixSeconds
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT status, override FROM occurrence_history WHERE item = ? AND recurrence_id = ?",
                    arguments: [uid, rid]),
                var item = try batch.item(id: id)
            else { throw StoreError.notFound(id) }
            let instant = recurrenceID.storedForm
            if row["status"] as String == ItemStatus.deleted.rawValue {
                item.exceptionDates.removeAll { RecurrenceOverride.sameInstance($0, instant) }
                if let json = row["override"] as String?, var override = Self.decodeOverride(json) {
                    override.completedAt = nil
                    item.setOverride(override)
                }
            } else if item.overrides.contains(where: { RecurrenceOverride.sameInstance($0.recurrenceID, instant) }) {
                item.setInstanceCompleted(nil, recurrenceID: instant)
            }
            try db.execute(
                sql: "DELETE FROM occurrence_history WHERE item = ? AND recurrence_id = ?", arguments: [uid, rid])
            item.updated = batch.now
            return try batch.write(item)
        }
    }

    // MARK: - Writing rows

    /// Records in History that one occurrence of `series` (as it was before the change) was
    /// completed or deleted at `at`: what it showed, and the changes of its own a delete drops.
    static func recordOccurrence(
        _ db: Database, _ status: ItemStatus, of series: Item, recurrenceID: Date, at: Date
    ) throws {
        let instant = recurrenceID.storedForm
        let override = series.overrides.first { RecurrenceOverride.sameInstance($0.recurrenceID, instant) }
        let length = series.times.first.flatMap { time in time.end.map { $0.timeIntervalSince(time.start) } }
        let start = override?.start ?? instant
        let end = override.map { $0.end } ?? length.map { start.addingTimeInterval($0) }
        let kept = status == .deleted && override.map { $0 != .unchanged($0.recurrenceID) } == true
            ? override.flatMap(encodeOverride) : nil
        // Cached: a sync or an import may record thousands (`ItemRowWriter.removedOccurrences`).
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO occurrence_history
                    (item, recurrence_id, status, at, title, place, start, "end", override)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                series.id.lowercasedText, instant.unixSeconds, status.rawValue, at.unixSeconds,
                override?.title ?? series.title, override?.place ?? series.place, start.unixSeconds,
                end?.unixSeconds, kept,
            ])
    }

    /// Takes an occurrence's row out of History (it was set back to not completed).
    static func forgetOccurrence(_ db: Database, of id: UUID, recurrenceID: Date) throws {
        try db.execute(
            sql: "DELETE FROM occurrence_history WHERE item = ? AND recurrence_id = ?",
            arguments: [id.lowercasedText, recurrenceID.storedForm.unixSeconds])
    }

    // MARK: - Reading rows

    private static func occurrenceEntry(_ db: Database, item: Item, recurrenceID: Double) throws
        -> OccurrenceHistoryEntry?
    {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT status, at, title, place, start, "end", override FROM occurrence_history
                    WHERE item = ? AND recurrence_id = ?
                    """,
                arguments: [item.id.lowercasedText, recurrenceID]),
            let status = ItemStatus(rawValue: row["status"])
        else { return nil }
        return OccurrenceHistoryEntry(
            itemID: item.id, recurrenceID: Date(unixSeconds: recurrenceID), status: status,
            at: Date(unixSeconds: row["at"]), title: row["title"], place: row["place"],
            start: Date(unixSeconds: row["start"]), end: (row["end"] as Double?).map(Date.init(unixSeconds:)),
            override: (row["override"] as String?).flatMap(decodeOverride))
    }

    private static func encodeOverride(_ override: RecurrenceOverride) -> String? {
        (try? JSONEncoder().encode(override)).flatMap { String(data: $0, encoding: .utf8) }
    }

    private static func decodeOverride(_ json: String) -> RecurrenceOverride? {
        try? JSONDecoder().decode(RecurrenceOverride.self, from: Data(json.utf8))
    }
}
