import Foundation
import GRDB

/// Writes whole items (the `item` row and its child rows) inside a transaction, for
/// `ItemBatch`, which alone uses it.
///
/// Holds its prepared statements, so writing many items only re-binds. A new item costs one
/// `INSERT` per row; only an id already stored costs a look-up and an `UPDATE`. The item's rows
/// of the calendar (`occurrence`: its times, its due date, or its series' kept instances, see
/// `OccurrenceRows`) are written at once or, for many items, gathered in an `OccurrenceBuffer`
/// and written in the primary key's order by `flush`.
struct ItemRowWriter {
    private let db: Database
    let coding: StoredTime
    /// The instant the writes happen at: a series sorts in the Events list by the instance it
    /// shows then.
    let now: Date
    private let insertItem: WriteStatement
    private let updateItem: WriteStatement
    /// The row id and calendar keys of the item stored with an id (an item written again).
    private let findStored: ReadStatement
    /// What an item's stored version marks of its instances: EXDATEs (1) and completed
    /// instances (2), in stored seconds (see `removedOccurrences`).
    private let readMarks: ReadStatement
    private let deleteChildren: [WriteStatement]
    private let insertTime: WriteStatement
    private let insertAttachment: WriteStatement
    private let insertAlarm: WriteStatement
    private let insertRecurrenceDate: WriteStatement
    private let insertOverride: WriteStatement
    private let insertParticipant: WriteStatement
    private let insertCategory: WriteStatement
    private let insertExtra: WriteStatement
    private let insertOccurrence: WriteStatement
    private let insertOccurrences: WriteStatement
    private let deleteOccurrence: WriteStatement
    /// History's rows of occurrences, kept as a series written again says (see
    /// `removedOccurrences`).
    private let history: OccurrenceHistoryRows
    /// The VTIMEZONEs of `time_zone_definition`, by TZID, as this writer left them.
    private let zones: Zones
    private let keepZone: WriteStatement
    /// The longest occurrence stored (`store_value` `longest_span`), raised as rows are written.
    private let longestSpan: LongestSpan
    private let raiseLongestSpan: WriteStatement
    /// The item's row of the search index.
    private let search: SearchIndexWriter

    /// How many rows `insertOccurrences` writes at once.
    static let occurrencesPerStatement = 32

    /// The zone definitions as this writer knows them.
    final class Zones {
        var definitions: [String: String]
        init(_ definitions: [String: String]) { self.definitions = definitions }
    }

    /// Drops the rows of History about occurrences of a series written again that it no longer
    /// says are deleted or completed; nil while History holds no occurrence (made once this
    /// writer records one).
    final class OccurrenceHistoryRows {
        private(set) var prune: WriteStatement?
        init(prune: WriteStatement?) { self.prune = prune }

        static func prune(_ db: Database) throws -> WriteStatement {
            try WriteStatement(
                cached: db,
                sql: """
                    DELETE FROM occurrence_history WHERE item = ?1 AND (
                        (status = 'deleted' AND recurrence_id NOT IN (SELECT value FROM json_each(?2)))
                        OR (status = 'completed' AND recurrence_id NOT IN (SELECT value FROM json_each(?3))))
                    """)
        }

        /// History holds an occurrence now.
        func recorded(_ db: Database) throws {
            if prune == nil { prune = try Self.prune(db) }
        }
    }

    /// The longest occurrence as this writer knows it.
    final class LongestSpan {
        var seconds: Double
        init(_ seconds: Double) { self.seconds = seconds }
    }

    /// The child tables emptied before an item is written again.
    static let childTables = [
        "item_time", "item_attachment", "item_alarm", "item_recurrence_date", "item_override", "item_participant",
        "item_category", "item_extra",
    ]

    // MARK: - Creating

    /// Prepares the statements on `db`; use it only inside one write transaction.
    init(_ db: Database, times coding: StoredTime, now: Date) throws {
        self.db = db
        self.coding = coding
        self.now = now
        insertItem = try WriteStatement(cached: db, sql: Item.insertSQL + " ON CONFLICT (uid) DO NOTHING")
        updateItem = try WriteStatement(cached: db, sql: Item.updateSQL)
        findStored = try ReadStatement(cached: db, sql: "SELECT id, occurrence_keys FROM item WHERE uid = ?")
        readMarks = try ReadStatement(
            cached: db,
            sql: """
                SELECT "at", 1 FROM item_recurrence_date WHERE item = ?1 AND is_exception = 1
                UNION ALL
                SELECT recurrence_id, 2 FROM item_override WHERE item = ?1 AND completed_at IS NOT NULL
                """)
        deleteChildren = try Self.childTables.map { table in
            try WriteStatement(cached: db, sql: "DELETE FROM \(table) WHERE item = ?")
        }
        insertTime = try WriteStatement(
            cached: db, sql: #"INSERT INTO item_time (item, position, start, "end") VALUES (?, ?, ?, ?)"#)
        insertAttachment = try WriteStatement(
            cached: db, sql: "INSERT INTO item_attachment (item, position, path) VALUES (?, ?, ?)")
        insertAlarm = try WriteStatement(cached: db, sql: ItemAlarmRows.insertSQL)
        insertRecurrenceDate = try WriteStatement(
            cached: db,
            sql: #"INSERT INTO item_recurrence_date (item, is_exception, position, at, "end") VALUES (?, ?, ?, ?, ?)"#)
        insertOverride = try WriteStatement(
            cached: db,
            sql: """
                INSERT OR REPLACE INTO item_override
                    (item, recurrence_id, cancelled, start, "end", title, place, notes, completed_at, this_and_future)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertParticipant = try WriteStatement(
            cached: db,
            sql: """
                INSERT INTO item_participant
                    (item, position, is_organizer, address, name, role, status, other_parameters)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertCategory = try WriteStatement(
            cached: db, sql: "INSERT INTO item_category (item, position, name) VALUES (?, ?, ?)")
        insertExtra = try WriteStatement(
            cached: db, sql: "INSERT INTO item_extra (item, position, override, text) VALUES (?, ?, ?, ?)")
        let occurrenceColumns = #"INSERT OR REPLACE INTO occurrence (start, item, key, "end", flags, title, place, uid) VALUES "#
        let occurrenceValues = "(?, ?, ?, ?, ?, ?, ?, ?)"
        insertOccurrence = try WriteStatement(cached: db, sql: occurrenceColumns + occurrenceValues)
        insertOccurrences = try WriteStatement(
            cached: db,
            sql: occurrenceColumns
                + Array(repeating: occurrenceValues, count: Self.occurrencesPerStatement).joined(separator: ", "))
        deleteOccurrence = try WriteStatement(cached: db, sql: "DELETE FROM occurrence WHERE start = ? AND item = ? AND key = ?")
        history = OccurrenceHistoryRows(
            prune: try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM occurrence_history)") == true
                ? OccurrenceHistoryRows.prune(db) : nil)
        longestSpan = LongestSpan(
            try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_span'") ?? 0)
        raiseLongestSpan = try WriteStatement(
            cached: db, sql: "INSERT OR REPLACE INTO store_value (name, value) VALUES ('longest_span', ?)")
        zones = Zones(
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map { row in
                    (row[0] as String, row[1] as String)
                },
                uniquingKeysWith: { first, _ in first }))
        keepZone = try WriteStatement(
            cached: db, sql: "INSERT OR REPLACE INTO time_zone_definition (tzid, vtimezone) VALUES (?, ?)")
        search = try SearchIndexWriter(db)
    }

    /// The VTIMEZONEs of zones the system does not know, by TZID.
    var zoneDefinitions: [String: String] { zones.definitions }

    /// Keeps the VTIMEZONE that defines `tzid` (a zone the system does not know), for expanding
    /// and exporting the items in it.
    func keepZoneDefinition(_ definition: String, of tzid: String) throws {
        guard zones.definitions[tzid] != definition else { return }
        try keepZone.bind(tzid, at: 1)
        try keepZone.bind(definition, at: 2)
        try keepZone.run()
        zones.definitions[tzid] = definition
    }

    /// The series of a recurring item, with the VTIMEZONE of its zone if the database has one.
    func seriesDefinition(of item: Item) -> SeriesDefinition {
        SeriesDefinition(item, coding: coding, zoneDefinition: item.timeZone.identifier.flatMap { zones.definitions[$0] })
    }

    // MARK: - Writing

    /// Inserts the item, or replaces the stored item with the same id, with all its children
    /// and its rows of the calendar.
    ///
    /// `instances` are the series' instances when the caller expanded them already (an import
    /// expands on several threads); otherwise a recurring item is expanded here, by
    /// `expander`. The rows of the calendar are written at once, or added to `buffer` to be
    /// written by `flush`. `search` is the item's row of the search index when the caller made
    /// it already. Returns the item's row id.
    @discardableResult
    func write(
        _ item: Item, expander: SeriesExpander, instances given: SeriesInstances? = nil, buffer: OccurrenceBuffer? = nil,
        search prepared: SearchRow? = nil
    ) throws -> Int64 {
        let instances: SeriesInstances?
        if let given {
            instances = given
        } else if item.isRecurring {
            instances = expander.expand(seriesDefinition(of: item))
        } else {
            instances = nil
        }
        // The rows need the item's row id, and the item's row their keys: they are gathered
        // first, and given the row id once it is known.
        let rows = buffer ?? OccurrenceBuffer()
        let firstShown = rows.shown.count
        let (keys, longest) = OccurrenceRows.add(
            item, rowID: 0, instances: instances?.instances, coding: coding, to: rows)
        let listed = instances.map { kept in
            ListedSpan(of: kept.instances, completed: item.completedInstances(coding), now: now, zone: item.timeZone,
                       coding: coding)
        }
        let rowID: Int64
        let replacing: Bool
        var removed: (before: Item, occurrences: [(status: ItemStatus, recurrenceID: Date, at: Date)])?
        try item.bindColumns(
            to: insertItem, times: coding, series: instances?.row, listed: listed, occurrenceKeys: keys)
        if try insertItem.run() > 0 {
            rowID = db.lastInsertedRowID
            replacing = false
        } else {
            // The id is already stored: replace that row, its children and its calendar rows.
            // (A statement prepared once: an import that updates every item looks each up.)
            let existing: (rowID: Int64, keys: Data?)? = try {
                defer { findStored.reset() }
                try findStored.bind(item.uid, at: 1)
                return try findStored.step() ? (findStored.int64(0), findStored.data(1)) : nil
            }()
            guard let existing else {
                throw StoreError.failed("item \(item.uid) could be neither inserted nor found")
            }
            rowID = existing.rowID
            replacing = true
            removed = try removedOccurrences(of: item, rowID: rowID, keys: existing.keys)
            if let keys = existing.keys {
                try deleteOccurrences(keys: OccurrenceKeys.decode(keys), rowID: rowID)
            }
            try item.bindColumns(
                to: updateItem, times: coding, series: instances?.row, listed: listed, occurrenceKeys: keys)
            try updateItem.bind(rowID, at: Int32(Item.writeColumns.count + 1))
            try updateItem.run()
            for statement in deleteChildren {
                try statement.bind(rowID, at: 1)
                try statement.run()
            }
            if let prune = history.prune {
                func seconds(_ dates: [Date]) -> String {
                    "[" + dates.map { String(Int64($0.storedForm.unixSeconds)) }.joined(separator: ",") + "]"
                }
                try prune.bind(item.uid, at: 1)
                try prune.bind(seconds(item.exceptionDates), at: 2)
                try prune.bind(seconds(item.overrides.filter(\.isCompleted).map(\.recurrenceID)), at: 3)
                try prune.run()
            }
            if let removed {
                for occurrence in removed.occurrences {
                    try SQLiteStore.recordOccurrence(
                        db, occurrence.status, of: removed.before, recurrenceID: occurrence.recurrenceID,
                        at: occurrence.at)
                }
                try history.recorded(db)
            }
        }
        rows.setRowID(rowID, fromShown: firstShown)
        try writeChildren(of: item, rowID: rowID)
        try search.write(item, rowID: rowID, sortAt: item.sortAt(listed: listed), replacing: replacing, prepared: prepared)
        if longest > longestSpan.seconds {
            longestSpan.seconds = longest
            try raiseLongestSpan.bind(longest, at: 1)
            try raiseLongestSpan.run()
        }
        if buffer == nil {
            try flush(rows)
        }
        return rowID
    }

    /// The occurrences a series written again says are deleted or completed on their own that
    /// its stored version showed as neither, with that version: a change made elsewhere (on
    /// another device, brought by a sync; in another program, brought by an import) goes to
    /// History as the planner's own `d` or `x` on one occurrence would put it. Only instances
    /// the stored version had count (an EXDATE of a time the series never had is no occurrence
    /// anyone deleted); days taken out whole (`exceptionDays`) do not.
    ///
    /// An active series with an EXDATE or a completed instance costs one indexed read of what
    /// its stored version marked; only one that marks more is read whole, and its instances
    /// looked at: its kept rows, and past them one live walk over the marks' span, bounded as
    /// any walk is (`RecurrenceBound.maximumWork`), however many marks a file adds.
    private func removedOccurrences(of item: Item, rowID: Int64, keys: Data?) throws
        -> (before: Item, occurrences: [(status: ItemStatus, recurrenceID: Date, at: Date)])?
    {
        guard item.isRecurring, item.status == .active else { return nil }
        let coding = coding
        let zone = item.timeZone
        let excluded = Set(item.exceptionDates.map { coding.seconds($0, zone).rounded() })
        // A completed one is History's at the time it was completed; a deleted one says no
        // time, and is at this write's.
        var marked: [(status: ItemStatus, recurrenceID: Date, at: Date)] = item.exceptionDates.map { (.deleted, $0, now) }
        for override in item.overrides
        where override.isCompleted && !excluded.contains(coding.seconds(override.recurrenceID, zone).rounded()) {
            marked.append((.completed, override.recurrenceID, min(override.completedAt ?? now, now)))
        }
        guard !marked.isEmpty else { return nil }
        struct Mark: Hashable {
            var deleted: Bool
            var seconds: Double
        }
        var storedMarks = Set<Mark>()
        try readMarks.bind(rowID, at: 1)
        defer { readMarks.reset() }
        while try readMarks.step() {
            storedMarks.insert(Mark(deleted: readMarks.int64(1) == 1, seconds: readMarks.double(0).rounded()))
        }
        marked.removeAll { mark in
            storedMarks.contains(
                Mark(deleted: mark.status == .deleted, seconds: coding.seconds(mark.recurrenceID, zone).rounded()))
        }
        // A stored version that no longer reads (damaged values) tells History nothing: writing
        // the new one over it is how it gets mended.
        guard !marked.isEmpty,
            let stored = (try? SQLiteStore.storedSeries(
                db, rowID: rowID, coding: coding, zoneDefinitions: zones.definitions)) ?? nil,
            stored.item.isRecurring, stored.item.status == .active
        else { return nil }
        // Compared as the stored version's seconds: its zone may not be the new one's.
        let before = stored.item
        let seconds = { (date: Date) in coding.seconds(date, before.timeZone).rounded() }
        let excludedBefore = Set(before.exceptionDates.map(seconds))
        let completedBefore = Set(before.overrides.filter(\.isCompleted).map { seconds($0.recurrenceID) })
        marked.removeAll { mark in
            let at = seconds(mark.recurrenceID)
            return excludedBefore.contains(at) || (mark.status == .completed && completedBefore.contains(at))
        }
        let kept = Set((keys.map(OccurrenceKeys.decode) ?? []).map { $0.key.rounded() })
        let unkept = marked.map { seconds($0.recurrenceID) }.filter { !kept.contains($0) }
        var walked = Set<Double>()
        if let low = unkept.min(), let high = unkept.max() {
            let walk = stored.live(from: low, to: high + 1, workBudget: RecurrenceBound.maximumWork)
            walked = Set(walk.instances.map { $0.recurrenceID.rounded() })
        }
        marked.removeAll { mark in
            let at = seconds(mark.recurrenceID)
            return !kept.contains(at) && !walked.contains(at)
        }
        return marked.isEmpty ? nil : (before, marked)
    }

    /// Writes the rows gathered in `buffer`, in the order of `occurrence`'s primary key, and
    /// empties it.
    func flush(_ buffer: OccurrenceBuffer) throws {
        let order = buffer.order()
        let perStatement = Self.occurrencesPerStatement
        var index = 0
        let rows = buffer.rows
        // The texts too long to keep whole in a row, cut once for all the rows that show them.
        var cut: [Int32: (title: String, place: String)] = [:]
        while index < rows.count {
            let statement = rows.count - index >= perStatement ? insertOccurrences : insertOccurrence
            let count = statement === insertOccurrences ? perStatement : 1
            for offset in 0..<count {
                let row = rows[Int(order[index + offset])]
                let shown = buffer.shown[Int(row.shown)]
                let base = Int32(offset * 8)
                var flags = Int64(row.flags)
                var texts = (title: shown.title, place: shown.place)
                if shown.title.utf8.count + shown.place.utf8.count > OccurrenceRows.mostTextBytes {
                    if cut[row.shown] == nil { cut[row.shown] = OccurrenceRows.cut(title: shown.title, place: shown.place) }
                    if let kept = cut[row.shown] {
                        texts = kept
                        flags |= OccurrenceFlags.textsCut.rawValue
                    }
                }
                try statement.bind(row.start, at: base + 1)
                try statement.bind(shown.rowID, at: base + 2)
                try statement.bind(row.key, at: base + 3)
                try statement.bind(row.end, at: base + 4)
                try statement.bind(flags, at: base + 5)
                try statement.bind(texts.title, at: base + 6)
                try statement.bind(texts.place, at: base + 7)
                try statement.bind(shown.uid, at: base + 8)
            }
            try statement.run()
            index += count
        }
        buffer.removeAll()
    }

    /// Deletes an item's rows of the calendar, found by their keys.
    private func deleteOccurrences(keys: [(start: Double, key: Double)], rowID: Int64) throws {
        for key in keys {
            try deleteOccurrence.bind(key.start, at: 1)
            try deleteOccurrence.bind(rowID, at: 2)
            try deleteOccurrence.bind(key.key, at: 3)
            try deleteOccurrence.run()
        }
    }

    private func writeChildren(of item: Item, rowID: Int64) throws {
        let zone = item.timeZone
        for (position, time) in item.times.enumerated() {
            try insertTime.bind(rowID, at: 1)
            try insertTime.bind(position, at: 2)
            try insertTime.bind(coding.seconds(time.start, zone), at: 3)
            try insertTime.bind(time.end.map { coding.seconds($0, zone) }, at: 4)
            try insertTime.run()
        }
        for (position, path) in item.attachments.enumerated() {
            try insertAttachment.bind(rowID, at: 1)
            try insertAttachment.bind(position, at: 2)
            try insertAttachment.bind(path, at: 3)
            try insertAttachment.run()
        }
        try ItemAlarmRows.write(item, rowID: rowID, with: insertAlarm)
        // RDATEs (0), then RDATE periods with their ends; EXDATEs (1); EXDATE days (2), in
        // wall-clock seconds whatever the zone.
        func writeDate(_ kind: Int, _ position: Int, _ at: Double, end: Double? = nil) throws {
            try insertRecurrenceDate.bind(rowID, at: 1)
            try insertRecurrenceDate.bind(kind, at: 2)
            try insertRecurrenceDate.bind(position, at: 3)
            try insertRecurrenceDate.bind(at, at: 4)
            try insertRecurrenceDate.bind(end, at: 5)
            try insertRecurrenceDate.run()
        }
        let recurrenceDates = item.recurrenceDates
        for (position, date) in recurrenceDates.enumerated() {
            try writeDate(0, position, coding.seconds(date, zone))
        }
        let hasSeriesDetails = item.hasSeriesDetails
        for (position, period) in (hasSeriesDetails ? item.recurrencePeriods : []).enumerated() {
            try writeDate(
                0, recurrenceDates.count + position, coding.seconds(period.start, zone),
                end: period.end.map { coding.seconds($0, zone) })
        }
        for (position, date) in item.exceptionDates.enumerated() {
            try writeDate(1, position, coding.seconds(date, zone))
        }
        for (position, day) in (hasSeriesDetails ? item.exceptionDays : []).enumerated() {
            try writeDate(2, position, coding.seconds(day, .floating))
        }
        var extraPosition = 0
        func writeExtras(_ texts: [String], override: Double?) throws {
            for text in texts {
                try insertExtra.bind(rowID, at: 1)
                try insertExtra.bind(extraPosition, at: 2)
                try insertExtra.bind(override, at: 3)
                try insertExtra.bind(text, at: 4)
                try insertExtra.run()
                extraPosition += 1
            }
        }
        try writeExtras(item.extraProperties, override: nil)
        for override in item.overrides {
            let recurrenceID = coding.seconds(override.recurrenceID, zone)
            try insertOverride.bind(rowID, at: 1)
            try insertOverride.bind(recurrenceID, at: 2)
            try insertOverride.bind(override.isCancelled, at: 3)
            try insertOverride.bind(coding.seconds(override.start, zone), at: 4)
            try insertOverride.bind(override.end.map { coding.seconds($0, zone) }, at: 5)
            try insertOverride.bind(override.title, at: 6)
            try insertOverride.bind(override.place, at: 7)
            try insertOverride.bind(override.notes, at: 8)
            try insertOverride.bind(override.completedAt?.unixSeconds, at: 9)
            try insertOverride.bind(override.thisAndFuture, at: 10)
            try insertOverride.run()
            try writeExtras(override.extraProperties, override: recurrenceID)
        }
        let participants = (item.organizer.map { [($0, true)] } ?? []) + item.attendees.map { ($0, false) }
        for (position, (participant, isOrganizer)) in participants.enumerated() {
            try insertParticipant.bind(rowID, at: 1)
            try insertParticipant.bind(position, at: 2)
            try insertParticipant.bind(isOrganizer, at: 3)
            try insertParticipant.bind(participant.address, at: 4)
            try insertParticipant.bind(participant.name, at: 5)
            try insertParticipant.bind(participant.role, at: 6)
            try insertParticipant.bind(participant.status, at: 7)
            try insertParticipant.bind(participant.otherParameters, at: 8)
            try insertParticipant.run()
        }
        for (position, name) in item.moreCategories.enumerated() {
            try insertCategory.bind(rowID, at: 1)
            try insertCategory.bind(position, at: 2)
            try insertCategory.bind(name, at: 3)
            try insertCategory.run()
        }
    }
}
