import Foundation
import GRDB

// MARK: - OccurrenceStore

extension SQLiteStore: OccurrenceStore {
    /// Occurrences overlapping `[from, to)`, read along three indexes: single times by start
    /// (`item_time_range`, which holds their ends and items too), the kept instances of
    /// recurring series (`item_instance`'s primary key), and tasks by due date (`item_due`);
    /// series whose kept instances end before `to` are expanded live for the rest.
    ///
    /// A span overlaps when it starts before `to` and ends after `from`; the longest span
    /// (`store_value`'s `longest_time`, and the series' `series_span`) bounds how far before
    /// `from` to look. Floating times are kept as wall-clock seconds, so every range is widened
    /// by the widest UTC offset and each row is checked once its instant is known. What an
    /// occurrence shows of its item is read once per item, however many instances it has.
    public func occurrences(from: Date, to: Date) throws(StoreError) -> [Occurrence] {
        let lower = from.unixSeconds
        let upper = to.unixSeconds
        guard upper > lower else { return [] }
        let slack = WallClock.widestOffset
        let offsets = OffsetTable(timeZone: timeZone, from: lower - slack, to: upper + slack)
        let coding = storedTime
        return try read { db in
            var reader = try OccurrenceReader(db, lower: lower, upper: upper, offsets: offsets)

            // First the rows of the range, then what their items show, read in row id order
            // (neighbouring items share pages), then the occurrences.
            var rows: [OccurrenceReader.Found] = []

            // Single times (items that do not repeat).
            let longestTime =
                try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_time'") ?? 0
            let times = try ReadStatement(
                db, sql: #"SELECT item, start, "end" FROM item_time WHERE start >= ? AND start < ?"#)
            try times.bind(lower - max(0, longestTime) - slack, at: 1)
            try times.bind(upper + slack, at: 2)
            while try times.step() {
                rows.append(
                    .init(rowID: times.int64(0), start: times.double(1), end: times.optionalDouble(2), source: .time))
            }

            // Due dates of tasks without times.
            let due = try ReadStatement(
                db,
                sql: """
                    SELECT i.id, i.due FROM item i
                    WHERE i.due >= ? AND i.due < ? AND i.series_start IS NULL
                      AND NOT EXISTS (SELECT 1 FROM item_time t WHERE t.item = i.id)
                    """)
            try due.bind(lower - slack, at: 1)
            try due.bind(upper + slack, at: 2)
            while try due.step() {
                rows.append(.init(rowID: due.int64(0), start: due.double(1), end: nil, source: .due))
            }

            // Kept instances of recurring series.
            let longestInstance =
                try Double.fetchOne(db, sql: "SELECT MAX(series_span) FROM item WHERE series_start IS NOT NULL") ?? 0
            let instances = try ReadStatement(
                db,
                sql: #"""
                    SELECT item, start, "end", recurrence_id, changed FROM item_instance
                    WHERE start >= ? AND start < ?
                    """#)
            try instances.bind(lower - max(0, longestInstance) - slack, at: 1)
            try instances.bind(upper + slack, at: 2)
            while try instances.step() {
                rows.append(
                    .init(
                        rowID: instances.int64(0), start: instances.double(1), end: instances.double(2),
                        source: .instance(recurrenceID: instances.double(3), isChanged: instances.int64(4) != 0)))
            }

            try reader.readFacts(of: rows)
            reader.reserve(rows.count)
            var changed: [(Int, Int64, Double)] = []
            for row in rows {
                guard let facts = try reader.facts(row.rowID) else { continue }
                switch row.source {
                case .time:
                    guard !facts.isSeries else { continue }
                    reader.add(facts, start: row.start, end: row.end, recurrenceID: nil, isDue: false)
                case .due:
                    reader.add(facts, start: row.start, end: nil, recurrenceID: nil, isDue: true)
                case let .instance(recurrenceID, isChanged):
                    // A repeating task without times repeats its due date.
                    if let index = reader.add(
                        facts, start: row.start, end: row.end, recurrenceID: recurrenceID,
                        isDue: facts.kind == .task && !facts.hasTimes), isChanged
                    {
                        changed.append((index, row.rowID, recurrenceID))
                    }
                }
            }
            rows = []
            try reader.applyOverrides(changed, db)

            // Series whose kept instances stop before the range ends.
            try Self.addLiveInstances(&reader, db, lower: lower - slack, upper: upper + slack, coding: coding)
            return reader.sorted()
        }
    }

    /// Expands live the part of each series past its kept instances that the range needs.
    private static func addLiveInstances(
        _ reader: inout OccurrenceReader, _ db: Database, lower: Double, upper: Double, coding: StoredTime
    ) throws {
        let rowIDs = try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM item
                WHERE series_start IS NOT NULL AND expanded_until < ? AND series_start < ?
                  AND (series_end IS NULL OR series_end > ?) AND status <> 'deleted'
                """,
            arguments: [upper, upper, lower])
        guard !rowIDs.isEmpty else { return }
        for (rowID, definition, expandedUntil) in try seriesDefinitions(db, rowIDs: rowIDs, coding: coding) {
            let instances = SeriesInstances.live(definition, after: expandedUntil, from: lower, to: upper)
            guard !instances.isEmpty, let facts = try reader.facts(rowID) else { continue }
            var changed: [(Int, Int64, Double)] = []
            for instance in instances {
                if let index = reader.add(
                    facts, start: instance.start, end: instance.end, recurrenceID: instance.recurrenceID,
                    isDue: facts.kind == .task && !facts.hasTimes), instance.isChanged
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
            let rows = try Row.fetchAll(
                db, sql: "SELECT uid, id, expanded_until FROM item WHERE id IN (\(placeholders))",
                arguments: StatementArguments(chunk))
            var keys: [String: (Int64, Double)] = [:]
            for row in rows {
                keys[row[0]] = (row[1], row[2] as Double? ?? SeriesInstances.complete)
            }
            for item in items {
                guard let (rowID, expandedUntil) = keys[item.uid] else { continue }
                let definition = SeriesDefinition(
                    item, coding: coding, zoneDefinition: item.timeZone.identifier.flatMap { definitions[$0] })
                result.append((rowID, definition, expandedUntil))
            }
        }
        return result
    }
}

// MARK: - Reading rows into occurrences

/// Gathers the occurrences of one range from rows of times, reading what each item shows once.
struct OccurrenceReader {
    /// What an occurrence shows of its item, and what decides whether it shows.
    struct ItemFacts {
        var id: UUID
        var kind: ItemKind
        var title: String
        var place: String
        var allDay: Bool
        var status: ItemStatus
        var isFloating: Bool
        var uid: String
        /// True for a recurring series (its times come from its instances).
        var isSeries: Bool
        /// False for a task without times (its instances are due dates).
        var hasTimes: Bool
    }

    let lower: Double
    let upper: Double
    let offsets: OffsetTable
    private(set) var occurrences: [Occurrence] = []
    /// The facts of each item met, nil for an item left out (deleted into History).
    private var items: [Int64: ItemFacts?] = [:]
    private let itemStatement: ReadStatement

    init(_ db: Database, lower: Double, upper: Double, offsets: OffsetTable) throws {
        self.lower = lower
        self.upper = upper
        self.offsets = offsets
        itemStatement = try ReadStatement(
            db,
            sql: """
                SELECT uid, kind, CAST(title AS BLOB), CAST(place AS BLOB), all_day, status, time_zone,
                       CAST(ical_uid AS BLOB), series_start IS NOT NULL,
                       CASE WHEN kind = 'task' THEN EXISTS (SELECT 1 FROM item_time t WHERE t.item = item.id) ELSE 1 END
                FROM item INDEXED BY item_facts WHERE id = ?
                """)
    }

    /// One row of a range, before its item is read.
    struct Found {
        enum Source {
            case time
            case due
            case instance(recurrenceID: Double, isChanged: Bool)
        }

        var rowID: Int64
        var start: Double
        var end: Double?
        var source: Source
    }

    /// Reads the facts of the items of `rows`, in row id order.
    mutating func readFacts(of rows: [Found]) throws {
        var seen = Set<Int64>()
        seen.reserveCapacity(rows.count / 2)
        for row in rows {
            seen.insert(row.rowID)
        }
        items.reserveCapacity(seen.count)
        for rowID in seen.sorted() {
            _ = try facts(rowID)
        }
    }

    /// Makes room for `count` more occurrences.
    mutating func reserve(_ count: Int) {
        occurrences.reserveCapacity(occurrences.count + count)
    }

    /// The facts of the item with this row id (read once), or nil when it is left out.
    mutating func facts(_ rowID: Int64) throws -> ItemFacts? {
        if let known = items[rowID] { return known }
        let statement = itemStatement
        statement.reset()
        try statement.bind(rowID, at: 1)
        var found: ItemFacts?
        if try statement.step(), let uidText = statement.text(0), let id = UUID(text: uidText),
            let status = statement.text(5).flatMap(ItemStatus.init(rawValue:)), status != .deleted
        {
            found = ItemFacts(
                id: id, kind: statement.text(1).flatMap(ItemKind.init(rawValue:)) ?? .event,
                title: statement.text(2) ?? "", place: statement.text(3) ?? "", allDay: statement.int64(4) != 0,
                status: status, isFloating: statement.text(6) == "", uid: statement.text(7) ?? uidText,
                isSeries: statement.int64(8) != 0, hasTimes: statement.int64(9) != 0)
        }
        statement.reset()
        items[rowID] = .some(found)
        return found
    }

    /// Adds the occurrence a row stands for when it overlaps the range; returns its index.
    @discardableResult
    mutating func add(_ facts: ItemFacts, start: Double, end: Double?, recurrenceID: Double?, isDue: Bool) -> Int? {
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
                recurrenceID: recurrenceID.map {
                    Date(unixSeconds: facts.isFloating ? offsets.instant(ofWallSeconds: $0) : $0)
                },
                isDue: isDue, uid: facts.uid))
        return occurrences.count - 1
    }

    /// Gives changed instances their own title and place.
    mutating func applyOverrides(_ changed: [(Int, Int64, Double)], _ db: Database) throws {
        guard !changed.isEmpty else { return }
        let statement = try ReadStatement(
            db,
            sql: """
                SELECT CAST(title AS BLOB), CAST(place AS BLOB) FROM item_override
                WHERE item = ? AND recurrence_id = ?
                """)
        for (index, rowID, recurrenceID) in changed {
            statement.reset()
            try statement.bind(rowID, at: 1)
            try statement.bind(recurrenceID, at: 2)
            guard try statement.step() else { continue }
            if let title = statement.text(0) { occurrences[index].title = title }
            if let place = statement.text(1) { occurrences[index].place = place }
        }
        statement.reset()
    }

    /// The occurrences sorted by start, then title, then item, then instance.
    ///
    /// Sorts positions rather than occurrences (a position moves as 8 bytes, an occurrence as
    /// over a hundred), then puts the occurrences in that order in place.
    mutating func sorted() -> [Occurrence] {
        var all = occurrences
        occurrences = []
        var order = Array(all.indices)
        all.withUnsafeBufferPointer { buffer in
            // Fields are read in place: copying an occurrence to compare it costs retains.
            order.sort { i, j in
                if buffer[i].start != buffer[j].start { return buffer[i].start < buffer[j].start }
                if buffer[i].title != buffer[j].title { return buffer[i].title < buffer[j].title }
                if buffer[i].itemID != buffer[j].itemID {
                    return buffer[i].itemID.lowercasedText < buffer[j].itemID.lowercasedText
                }
                return (buffer[i].recurrenceID ?? buffer[i].start) < (buffer[j].recurrenceID ?? buffer[j].start)
            }
        }
        // Position `p` takes the occurrence at `order[p]`: follow each cycle of the
        // permutation, moving every occurrence once, without a second array.
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            let first = all[start]
            var current = start
            while true {
                placed[current] = true
                let next = order[current]
                if next == start {
                    all[current] = first
                    break
                }
                all[current] = all[next]
                current = next
            }
        }
        return all
    }
}
