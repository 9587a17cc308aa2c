import Foundation
import GRDB

// MARK: - OccurrenceStore

extension SQLiteStore: OccurrenceStore {
    /// Occurrences overlapping `[from, to)`, read along three indexes: single times by start
    /// (`item_time_start`), the kept instances of recurring series (`item_instance`'s primary
    /// key), and tasks by due date (`item_due`); series whose kept instances end before `to`
    /// are expanded live for the rest.
    ///
    /// A span overlaps when it starts before `to` and ends after `from`; the longest span
    /// (`store_value`'s `longest_time`, and the series' `series_span`) bounds how far before
    /// `from` to look. Floating times are kept as
    /// wall-clock seconds, so every range is widened by the widest UTC offset and each row is
    /// checked once its instant is known.
    public func occurrences(from: Date, to: Date) throws(StoreError) -> [Occurrence] {
        let lower = from.unixSeconds
        let upper = to.unixSeconds
        guard upper > lower else { return [] }
        let slack = WallClock.widestOffset
        let offsets = OffsetTable(timeZone: timeZone, from: lower - slack, to: upper + slack)
        return try read { db in
            var reader = OccurrenceReader(lower: lower, upper: upper, offsets: offsets)

            // Single times (items that do not repeat).
            let longestTime =
                try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_time'") ?? 0
            let times = try Row.fetchCursor(
                db,
                sql: #"""
                    SELECT t.item, t.start, t."end", \#(OccurrenceReader.itemColumns)
                    FROM item_time t JOIN item i ON i.id = t.item
                    WHERE t.start >= ? AND t.start < ? AND i.series_start IS NULL AND i.status <> 'deleted'
                    """#,
                arguments: [lower - max(0, longestTime) - slack, upper + slack])
            while let row = try times.next() {
                reader.add(row, start: row[1], end: row[2], recurrenceID: nil, isDue: false)
            }

            // Due dates of tasks without times.
            let due = try Row.fetchCursor(
                db,
                sql: """
                    SELECT i.id, i.due, NULL, \(OccurrenceReader.itemColumns)
                    FROM item i
                    WHERE i.due >= ? AND i.due < ? AND i.status <> 'deleted' AND i.series_start IS NULL
                      AND NOT EXISTS (SELECT 1 FROM item_time t WHERE t.item = i.id)
                    """,
                arguments: [lower - slack, upper + slack])
            while let row = try due.next() {
                reader.add(row, start: row[1], end: nil, recurrenceID: nil, isDue: true)
            }

            // Kept instances of recurring series.
            let longestInstance =
                try Double.fetchOne(db, sql: "SELECT MAX(series_span) FROM item WHERE series_start IS NOT NULL") ?? 0
            let instances = try Row.fetchCursor(
                db,
                sql: #"""
                    SELECT n.item, n.start, n."end", \#(OccurrenceReader.itemColumns), n.recurrence_id, n.changed
                    FROM item_instance n JOIN item i ON i.id = n.item
                    WHERE n.start >= ? AND n.start < ? AND i.status <> 'deleted'
                    """#,
                arguments: [lower - max(0, longestInstance) - slack, upper + slack])
            var changed: [(Int, Int64, Double)] = []
            var anchoredOnDue: [Int64: Bool] = [:]
            while let row = try instances.next() {
                let rowID: Int64 = row[0]
                let isChanged: Bool = row[OccurrenceReader.itemColumnCount + 4]
                var isDue = false
                if row[4] as String == ItemKind.task.rawValue {
                    // A repeating task without times repeats its due date.
                    if let known = anchoredOnDue[rowID] {
                        isDue = known
                    } else {
                        isDue = try !(Bool.fetchOne(
                            db, sql: "SELECT EXISTS (SELECT 1 FROM item_time WHERE item = ?)", arguments: [rowID])
                            ?? false)
                        anchoredOnDue[rowID] = isDue
                    }
                }
                if let index = reader.add(
                    row, start: row[1], end: row[2], recurrenceID: row[OccurrenceReader.itemColumnCount + 3],
                    isDue: isDue), isChanged
                {
                    changed.append((index, row[0], row[OccurrenceReader.itemColumnCount + 3]))
                }
            }
            try reader.applyOverrides(changed, db)

            // Series whose kept instances stop before the range ends.
            try addLiveInstances(&reader, db, lower: lower - slack, upper: upper + slack)
            return reader.sorted()
        }
    }

    /// Expands live the part of each series past its kept instances that the range needs.
    private func addLiveInstances(_ reader: inout OccurrenceReader, _ db: Database, lower: Double, upper: Double)
        throws
    {
        let rowIDs = try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM item
                WHERE series_start IS NOT NULL AND expanded_until < ? AND series_start < ?
                  AND (series_end IS NULL OR series_end > ?) AND status <> 'deleted'
                """,
            arguments: [upper, upper, lower])
        guard !rowIDs.isEmpty else { return }
        let definitions = try Self.seriesDefinitions(db, rowIDs: rowIDs, coding: storedTime)
        for (rowID, definition, expandedUntil) in definitions {
            let instances = SeriesInstances.live(definition, after: expandedUntil, from: lower, to: upper)
            guard !instances.isEmpty else { continue }
            let row = try Row.fetchOne(
                db, sql: "SELECT i.id, 0, 0, \(OccurrenceReader.itemColumns) FROM item i WHERE i.id = ?",
                arguments: [rowID])
            guard let row else { continue }
            var changed: [(Int, Int64, Double)] = []
            for instance in instances {
                if let index = reader.add(
                    row, start: instance.start, end: instance.end, recurrenceID: instance.recurrenceID, isDue: false),
                    instance.isChanged
                {
                    changed.append((index, rowID, instance.recurrenceID))
                }
            }
            try reader.applyOverrides(changed, db)
        }
    }

    /// The series definitions of recurring items, with how far their instances are kept.
    static func seriesDefinitions(_ db: Database, rowIDs: [Int64], coding: StoredTime) throws
        -> [(Int64, SeriesDefinition, Double)]
    {
        var result: [(Int64, SeriesDefinition, Double)] = []
        let definitions = try Dictionary(
            Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map {
                ($0[0] as String, $0[1] as String)
            },
            uniquingKeysWith: { first, _ in first })
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let placeholders = chunk.map { _ in "?" }.joined(separator: ",")
            let items = try fetchItems(
                coding: coding, db, sql: "SELECT id FROM item WHERE id IN (\(placeholders))",
                arguments: StatementArguments(chunk))
            let horizons = try Dictionary(
                Row.fetchAll(
                    db, sql: "SELECT uid, expanded_until FROM item WHERE id IN (\(placeholders))",
                    arguments: StatementArguments(chunk)
                ).map { ($0[0] as String, $0[1] as Double? ?? SeriesInstances.complete) },
                uniquingKeysWith: { first, _ in first })
            let rowIDsByUID = try Dictionary(
                Row.fetchAll(
                    db, sql: "SELECT uid, id FROM item WHERE id IN (\(placeholders))",
                    arguments: StatementArguments(chunk)
                ).map { ($0[0] as String, $0[1] as Int64) },
                uniquingKeysWith: { first, _ in first })
            for item in items {
                guard let rowID = rowIDsByUID[item.uid] else { continue }
                let definition = SeriesDefinition(
                    item, coding: coding, zoneDefinition: item.timeZone.identifier.flatMap { definitions[$0] })
                result.append((rowID, definition, horizons[item.uid] ?? SeriesInstances.complete))
            }
        }
        return result
    }
}

// MARK: - Reading rows into occurrences

/// Gathers the occurrences of one range from rows that start with the item's row id, a start
/// and an end (stored seconds), then `itemColumns`.
struct OccurrenceReader {
    /// The item columns every occurrence query reads after its three own.
    static let itemColumns = """
        i.uid, i.kind, CAST(i.title AS BLOB), CAST(i.place AS BLOB), i.all_day, i.status, i.time_zone,
        CAST(i.ical_uid AS BLOB)
        """
    static let itemColumnCount = 8

    let lower: Double
    let upper: Double
    let offsets: OffsetTable
    private(set) var occurrences: [Occurrence] = []
    /// What each item's columns say, read once per item.
    private var items: [Int64: ItemFacts] = [:]

    init(lower: Double, upper: Double, offsets: OffsetTable) {
        self.lower = lower
        self.upper = upper
        self.offsets = offsets
    }

    private struct ItemFacts {
        var id: UUID
        var kind: ItemKind
        var title: String
        var place: String
        var allDay: Bool
        var status: ItemStatus
        var isFloating: Bool
        var uid: String
    }

    /// Adds the occurrence a row stands for when it overlaps the range; returns its index.
    @discardableResult
    mutating func add(_ row: Row, start: Double, end: Double?, recurrenceID: Double?, isDue: Bool) -> Int? {
        let rowID: Int64 = row[0]
        let facts: ItemFacts
        if let known = items[rowID] {
            facts = known
        } else {
            let uidText: String = row[3]
            let id = UUID(uuidString: uidText) ?? UUID()
            let zone: String? = row[9]
            facts = ItemFacts(
                id: id, kind: ItemKind(rawValue: row[4]) ?? .event, title: Item.text(row[5]),
                place: Item.text(row[6]), allDay: row[7], status: ItemStatus(rawValue: row[8]) ?? .active,
                isFloating: zone == "", uid: Item.optionalText(row[10]) ?? uidText)
            items[rowID] = facts
        }
        let startInstant = facts.isFloating ? offsets.instant(ofWallSeconds: start) : start
        let endInstant = end.map { facts.isFloating ? offsets.instant(ofWallSeconds: $0) : $0 } ?? startInstant
        // Overlaps [lower, upper): starts before the end, and ends after the start (a moment
        // at the start counts).
        guard startInstant < upper, endInstant > lower || startInstant >= lower else { return nil }
        occurrences.append(
            Occurrence(
                itemID: facts.id, kind: facts.kind, title: facts.title, place: facts.place,
                start: Date(unixSeconds: startInstant), end: Date(unixSeconds: max(endInstant, startInstant)),
                allDay: facts.allDay, status: facts.status, isRecurring: recurrenceID != nil,
                recurrenceID: recurrenceID.map { Date(unixSeconds: facts.isFloating ? offsets.instant(ofWallSeconds: $0) : $0) },
                isDue: isDue, uid: facts.uid))
        return occurrences.count - 1
    }

    /// Gives changed instances their own title and place.
    mutating func applyOverrides(_ changed: [(Int, Int64, Double)], _ db: Database) throws {
        guard !changed.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                SELECT CAST(title AS BLOB), CAST(place AS BLOB) FROM item_override
                WHERE item = ? AND recurrence_id = ?
                """)
        for (index, rowID, recurrenceID) in changed {
            guard let row = try Row.fetchOne(statement, arguments: [rowID, recurrenceID]) else { continue }
            if let title = Item.optionalText(row[0]) { occurrences[index].title = title }
            if let place = Item.optionalText(row[1]) { occurrences[index].place = place }
        }
    }

    /// The occurrences sorted by start, then title, then item.
    func sorted() -> [Occurrence] {
        occurrences.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.title != b.title { return a.title < b.title }
            if a.itemID != b.itemID { return a.itemID.uuidString < b.itemID.uuidString }
            return (a.recurrenceID ?? a.start) < (b.recurrenceID ?? b.start)
        }
    }
}
