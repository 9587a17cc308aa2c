import Foundation
import GRDB

/// Where the Events list stands in time: the occurrence it shows for a repeating series, the
/// series moved along as their occurrences end, and the first item that is not past.
///
/// A series' `sort_at` is the start of the instance the list shows (`ListedInstance`), and
/// `listed_end` its end, set when it is written and moved on by `advanceRepeatingItems(at:)`. Its instances are found by the
/// keys kept on its row (`occurrence_keys`), so no walk of the calendar's table is needed; a
/// series whose kept instances are all over but which goes on is expanded live from there.
extension SQLiteStore {
    // MARK: - The occurrence shown

    public func listedOccurrences(of ids: [UUID], at now: Date) throws(StoreError) -> [UUID: Occurrence] {
        try occurrences(ofSeries: ids) { reader, series in try reader.listed(series, at: now) }
    }

    /// The first occurrence of each series in `ids` that overlaps `range` (a moment at its
    /// start counts), keyed by item id: what a search over a range shows a series at. Kept
    /// rows are found by the series' keys; the instances there that are not kept (before
    /// `kept_from`, past `expanded_until`) are expanded live, within one read's work budget.
    /// A series with no occurrence in the range is left out.
    public func firstOccurrences(of ids: [UUID], in range: Range<Date>) throws(StoreError) -> [UUID: Occurrence] {
        guard range.upperBound > range.lowerBound else { return [:] }
        // One budget for the live walks of the whole read, as the calendar's reads have.
        var budget = LiveReadBudget(series: ids.count)
        return try occurrences(ofSeries: ids) { reader, series in try reader.first(series, in: range, budget: &budget) }
    }

    /// One occurrence of each series in `ids` (those that repeat), as `pick` finds it, keyed by
    /// item id; in one read, 500 rows of `item` at a time.
    private func occurrences(
        ofSeries ids: [UUID], _ pick: (inout ListedReader, ListedReader.Series) throws -> Occurrence?
    ) throws(StoreError) -> [UUID: Occurrence] {
        guard !ids.isEmpty else { return [:] }
        let coding = storedTime
        return try read { db in
            var found: [UUID: Occurrence] = [:]
            var reader = try ListedReader(db, coding: coding)
            for start in stride(from: 0, to: ids.count, by: 500) {
                let list = InList(ids[start..<min(start + 500, ids.count)].map(\.lowercasedText))
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(ListedReader.columns) FROM item
                        WHERE uid IN (\(list.places)) AND series_start IS NOT NULL
                        """,
                    arguments: list.arguments)
                for row in rows {
                    if let occurrence = try pick(&reader, try ListedReader.Series(row)) {
                        found[occurrence.itemID] = occurrence
                    }
                }
            }
            return found
        }
    }

    // MARK: - Moving series on

    public func advanceRepeatingItems(at now: Date) throws(StoreError) -> Int {
        let coding = storedTime
        // The series whose shown instance is over while another follows (or may: the series'
        // end is not known), and those whose shown instance is not known yet. Both are read
        // through the index item_series_listed, which holds only series in the list.
        let candidates = """
            SELECT \(ListedReader.columns), sort_at, listed_end FROM item
            WHERE series_start IS NOT NULL AND status = 'active'
              AND listed_end < ? AND (series_end IS NULL OR series_end > listed_end)
            UNION ALL
            SELECT \(ListedReader.columns), sort_at, listed_end FROM item
            WHERE series_start IS NOT NULL AND status = 'active' AND listed_end IS NULL
            """
        typealias Move = (rowID: Int64, from: (Double, Double?), to: ListedSpan)
        func moves(_ db: Database) throws -> [Move] {
            var reader = try ListedReader(db, coding: coding)
            var moves: [Move] = []
            for row in try Row.fetchAll(db, sql: candidates, arguments: [now.unixSeconds]) {
                let series = try ListedReader.Series(row)
                let n = ListedReader.columnCount
                let sortAt: Double = try row.checked(n)
                let listedEnd: Double? = try row.checked(n + 1)
                let listed = try reader.listed(series, at: now)
                let span = ListedSpan(start: listed?.start.unixSeconds ?? sortAt, end: listed?.end.unixSeconds ?? ListedSpan.never)
                if span.start != sortAt || span.end != listedEnd {
                    moves.append((series.rowID, (sortAt, listedEnd), span))
                }
            }
            return moves
        }
        // Looked at first without a write lock: most of the time nothing moves.
        guard try !read(moves).isEmpty else { return 0 }
        return try write { db in
            let found = try moves(db)
            for move in found {
                try db.execute(
                    sql: "UPDATE item SET sort_at = ?, listed_end = ? WHERE id = ? AND sort_at = ? AND listed_end IS ?",
                    arguments: [move.to.start, move.to.end, move.rowID, move.from.0, move.from.1])
                // The search ranks a series by the same date.
                try db.execute(sql: "UPDATE search_rank SET sort_at = ? WHERE id = ?", arguments: [move.to.start, move.rowID])
            }
            return found.count
        }
    }

    // MARK: - Where the list opens

    public func firstComingIndex(at now: Date) throws(StoreError) -> Int {
        let coding = storedTime
        let nowSeconds = now.unixSeconds
        return try read { db in
            // An item that sorts before now is coming only while its time lasts, and no time
            // lasts longer than the longest occurrence stored.
            let longest = try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_span'") ?? 0
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(ListedReader.columns), sort_at, title FROM item
                    WHERE status = 'active' AND sort_at >= ? AND sort_at < ?
                    ORDER BY sort_at, title, uid
                    """,
                arguments: [nowSeconds - max(0, longest), nowSeconds])
            var reader = try ListedReader(db, coding: coding)
            while let row = try rows.next() {
                let series = try ListedReader.Series(row)
                let over: Double?
                if series.isRecurring {
                    over = try reader.listed(series, at: now)?.end.unixSeconds
                } else {
                    over = try reader.lastEnd(of: series)
                }
                guard let over, over >= nowSeconds else { continue }
                let n = ListedReader.columnCount
                return try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM item WHERE status = 'active' AND (sort_at, title, uid) < (?, ?, ?)",
                    arguments: [row[n], row[n + 1], series.uid]) ?? 0
            }
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM item WHERE status = 'active' AND sort_at < ?", arguments: [nowSeconds]) ?? 0
        }
    }
}

/// Finds the instance the Events list shows for a series, inside one read.
private struct ListedReader {
    /// The `item` columns `Series` reads, first in a query.
    static let columns = "id, uid, series_start, occurrence_keys, expanded_until, series_span, time_zone, kept_from"
    static let columnCount = 8

    /// What is needed of an item's row.
    struct Series {
        var rowID: Int64
        var uid: String
        var isRecurring: Bool
        var keys: Data?
        var expandedUntil: Double
        var span: Double
        var zone: ItemTimeZone
        /// See `SeriesRow.keptFrom`.
        var keptFrom: Double?

        init(_ row: Row) throws {
            rowID = try row.checked(0)
            uid = Item.text(row[1])
            isRecurring = try row.checked(2, as: Double?.self) != nil
            keys = try row.checked(3, as: Data?.self)
            expandedUntil = try row.checked(4, as: Double?.self) ?? SeriesInstances.complete
            span = try row.checked(5, as: Double?.self) ?? 0
            zone = Item.timeZone(column: try row.checked(6, as: String?.self))
            keptFrom = try row.checked(7, as: Double?.self)
        }
    }

    private let db: Database
    private let coding: StoredTime
    private let row: Statement
    private let times: Statement
    private var fullTexts: FullTexts

    init(_ db: Database, coding: StoredTime) throws {
        self.db = db
        self.coding = coding
        fullTexts = FullTexts(db, coding: coding)
        row = try db.cachedStatement(
            sql: #"""
                SELECT "end", flags, CAST(title AS BLOB), CAST(place AS BLOB), uid FROM occurrence
                WHERE start = ? AND item = ? AND key = ?
                """#)
        times = try db.cachedStatement(sql: #"SELECT MAX(COALESCE("end", start)) FROM item_time WHERE item = ?"#)
    }

    /// The keys of a series' kept rows by start, and the position of the first that starts at
    /// `seconds` (stored seconds) or later.
    private static func keys(of series: Series, from seconds: Double) -> (keys: [(start: Double, key: Double)], first: Int) {
        let keys = series.keys.map(OccurrenceKeys.decode)?.sorted { $0.start < $1.start } ?? []
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].start < seconds { low = mid + 1 } else { high = mid }
        }
        return (keys, low)
    }

    /// The instance the list shows for `series` at `now`, or nil when it has none.
    mutating func listed(_ series: Series, at now: Date) throws -> Occurrence? {
        guard series.isRecurring else { return nil }
        let nowSeconds = coding.seconds(now, series.zone)
        // An instance that starts more than the longest instance before now is over.
        let (keys, low) = Self.keys(of: series, from: nowSeconds - series.span)
        for key in keys[low...] {
            guard let occurrence = try occurrence(series, key), occurrence.end.unixSeconds >= now.unixSeconds,
                occurrence.status != .completed
            else { continue }
            return occurrence
        }
        if series.expandedUntil < SeriesInstances.complete, let coming = try live(series, after: nowSeconds) {
            return coming
        }
        guard let last = keys.last else { return nil }
        return try occurrence(series, last)
    }

    /// The first instance of `series` that overlaps `range`: the earliest of its kept rows
    /// there and of the instances there expanded live (within its share of `budget`), or nil
    /// when it has none in the range.
    mutating func first(_ series: Series, in range: Range<Date>, budget: inout LiveReadBudget) throws -> Occurrence? {
        guard series.isRecurring else { return nil }
        let lower = range.lowerBound.unixSeconds
        let upper = range.upperBound.unixSeconds
        // Stored seconds are wall-clock ones for a floating series: widened by the widest
        // offset, then each occurrence is checked as an instant.
        let slack = series.zone == .floating ? WallClock.widestOffset : 0
        let from = coding.seconds(range.lowerBound, series.zone) - slack
        let to = coding.seconds(range.upperBound, series.zone) + slack
        var first: Occurrence?
        func consider(_ occurrence: Occurrence) {
            guard OccurrenceStream.overlaps(occurrence, lower: lower, upper: upper) else { return }
            if first.map({ occurrence.start < $0.start }) ?? true { first = occurrence }
        }
        let (keys, low) = Self.keys(of: series, from: from - series.span)
        for key in keys[low...] where key.start < to {
            if let occurrence = try occurrence(series, key) { consider(occurrence) }
            if first != nil && key.start > to - slack * 2 { break }
        }
        let needsLive = series.expandedUntil < to || (series.keptFrom.map { $0 > from } ?? false)
        guard needsLive, let stored = try SQLiteStore.seriesDefinitions(db, rowIDs: [series.rowID], coding: coding).first
        else { return first }
        let density = stored.definition.rule.map(RecurrenceBound.unitsPerDay(of:)) ?? 0
        let (instances, _, work) = stored.live(from: from, to: to, workBudget: budget.share(density: density))
        budget.spent(work)
        let buffer = OccurrenceBuffer()
        _ = OccurrenceRows.add(stored.item, rowID: series.rowID, instances: instances, coding: coding, to: buffer)
        let zone = series.zone
        for row in buffer.rows {
            let shown = buffer.shown[Int(row.shown)]
            consider(Occurrence(
                storedStart: row.start, end: row.end, key: row.key, flags: OccurrenceFlags(rawValue: Int64(row.flags)),
                title: shown.title, place: shown.place, uid: shown.uid
            ) { [coding] in coding.date($0, zone) })
        }
        return first
    }

    /// The latest end (or start) of an item's single times, else nil (a task with a due date
    /// alone), as an instant.
    func lastEnd(of series: Series) throws -> Double? {
        guard let seconds = try Double.fetchOne(times, arguments: [series.rowID]) else { return nil }
        return coding.date(seconds, series.zone).unixSeconds
    }

    /// The occurrence a kept row stands for.
    private mutating func occurrence(_ series: Series, _ key: (start: Double, key: Double)) throws -> Occurrence? {
        guard let found = try Row.fetchOne(row, arguments: [key.start, series.rowID, key.key]) else { return nil }
        let flags = OccurrenceFlags(rawValue: try found.checked(1))
        let uuid = (found[4] as Data?).flatMap { data in
            data.count == 16 ? data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) } : nil
        }
        guard let uuid else { return nil }
        let zone = series.zone
        let texts = try fullTexts.texts(
            (Item.text(found[2]), Item.text(found[3])), rowID: series.rowID, key: key.key, flags: flags)
        return Occurrence(
            storedStart: key.start, end: try StoredSeconds.checked(try found.checked(0)), key: key.key, flags: flags,
            title: texts.title, place: texts.place, uid: uuid
        ) { [coding] in coding.date($0, zone) }
    }

    /// The first instance past the kept ones that has not ended at `nowSeconds` (stored
    /// seconds), expanded live however far ahead it is.
    private func live(_ series: Series, after nowSeconds: Double) throws -> Occurrence? {
        guard let stored = try SQLiteStore.seriesDefinitions(db, rowIDs: [series.rowID], coding: coding).first
        else { return nil }
        guard
            let instance = SeriesInstances.firstLive(
                stored.definition, after: stored.expandedUntil, endingAfter: nowSeconds)
        else { return nil }
        let buffer = OccurrenceBuffer()
        _ = OccurrenceRows.add(stored.item, rowID: series.rowID, instances: [instance], coding: coding, to: buffer)
        guard let row = buffer.rows.first else { return nil }
        let shown = buffer.shown[Int(row.shown)]
        let zone = series.zone
        return Occurrence(
            storedStart: row.start, end: row.end, key: row.key, flags: OccurrenceFlags(rawValue: Int64(row.flags)),
            title: shown.title, place: shown.place, uid: shown.uid
        ) { [coding] in coding.date($0, zone) }
    }
}
