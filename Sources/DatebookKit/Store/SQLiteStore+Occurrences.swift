import Foundation
import GRDB

// MARK: - OccurrenceStore

extension SQLiteStore: OccurrenceStore {
    /// Occurrences overlapping `[from, to)`, sorted (see `forEachOccurrence`).
    public func occurrences(from: Date, to: Date, includingUIDs: Bool) throws(StoreError) -> [Occurrence] {
        var all: [Occurrence] = []
        try forEachOccurrence(from: from, to: to, includingUIDs: includingUIDs) { all.append($0) }
        return all
    }

    /// Occurrences overlapping `[from, to)`, sorted, and the series shown only in part.
    public func occurrencesShowingLimits(from: Date, to: Date, includingUIDs: Bool) throws(StoreError)
        -> (occurrences: [Occurrence], unexpanded: [UnexpandedSeries])
    {
        var all: [Occurrence] = []
        let unexpanded = try forEachOccurrence(from: from, to: to, includingUIDs: includingUIDs) { all.append($0) }
        return (all, unexpanded)
    }

    /// Occurrences overlapping `[from, to)`, sorted, each with its item's iCalendar UID.
    public func occurrences(from: Date, to: Date) throws(StoreError) -> [Occurrence] {
        try occurrences(from: from, to: to, includingUIDs: true)
    }

    /// Hands `body` every occurrence overlapping `[from, to)` (a moment at `from` counts), in
    /// the order of `OccurrenceStore`: by start, then title, then item, then instance.
    ///
    /// One walk along `occurrence`'s primary key, which holds everything an occurrence shows,
    /// so neighbouring occurrences come from neighbouring pages. Series whose kept instances end
    /// before `to` are first expanded further and kept, within the horizon
    /// (`keepInstances(through:)`); past it, or when that cannot be written, they are expanded
    /// live for the rest. Occurrences go out as soon as no later row can
    /// sort before them, so a long range is never all in memory.
    ///
    /// `includingUIDs` reads the iCalendar UID of items imported with one of their own (one
    /// look-up per item); without it, `Occurrence.uid` is the item's id.
    ///
    /// Floating times are kept as wall-clock seconds: the walk is widened by the widest UTC
    /// offset, each row is checked once its instant is known, and a row waits until the walk is
    /// that far past it. The longest occurrence (`store_value`'s `longest_span`) bounds how far
    /// before `from` one may start and still overlap the range.
    ///
    /// Returns the series whose occurrences stop short of `to` because expanding them further
    /// would take too much work (a rule repeating every minute, asked for years): what was
    /// handed on is right, but not all there is, and a caller should say so.
    @discardableResult
    public func forEachOccurrence(
        from: Date, to: Date, includingUIDs: Bool, _ body: (Occurrence) -> Void
    ) throws(StoreError) -> [UnexpandedSeries] {
        let lower = from.unixSeconds
        let upper = to.unixSeconds
        guard upper > lower else { return [] }
        let slack = WallClock.widestOffset
        let offsets = OffsetTable(timeZone: timeZone, from: lower - slack, to: upper + slack)
        let coding = storedTime
        keepInstances(through: upper + slack)
        return try read { db in
            let (live, unexpanded) = try Self.liveInstances(
                db, lower: lower, upper: upper, slack: slack, coding: coding, offsets: offsets)
            let longest =
                try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'longest_span'") ?? 0
            // No upper bound in the query: the walk stops itself past the range, after making
            // sure the rows there still come in key order (see `KeyOrder`).
            let rows = try ReadStatement(
                db,
                sql: #"""
                    SELECT start, "end", key, flags, title, place, uid, item FROM occurrence
                    WHERE start >= ?
                    """#)
            try rows.bind(lower - max(0, longest) - slack, at: 1)
            let end = upper + slack
            try withoutActuallyEscaping(body) { body in
                var stream = OccurrenceStream(
                    lower: lower, upper: upper, offsets: offsets, live: live,
                    uids: includingUIDs ? UIDReader(db) : nil, body: body)
                var order = KeyOrder(table: "occurrence")
                var titles = SharedTexts()
                var places = SharedTexts()
                var fullTexts = FullTexts(db, coding: coding)
                while try rows.step() {
                    let start = rows.double(0)
                    try order.check(start, rows.int64(7), rows.double(2))
                    if start >= end {
                        // One row more: a damaged key past the range would otherwise end the
                        // walk early and silently.
                        if try rows.step() { try order.check(rows.double(0), rows.int64(7), rows.double(2)) }
                        break
                    }
                    try stream.passing(start - slack)
                    let item = rows.int64(7)
                    let key = rows.double(2)
                    let flags = OccurrenceFlags(rawValue: rows.int64(3))
                    let (title, place) = try fullTexts.texts(
                        (titles.text(rows, 4, key: item), places.text(rows, 5, key: item)), rowID: item, key: key,
                        flags: flags)
                    stream.add(
                        start: start, end: try StoredSeconds.checked(rows.double(1)), key: key, flags: flags,
                        rowID: item, title: title, place: place, uid: rows.uuid(6))
                }
                try stream.finish()
            }
            return unexpanded
        }
    }

    // MARK: - Past the kept instances

    /// The instances of series whose kept instances stop before `upper`, or begin after
    /// `lower` (`SeriesRow.keptFrom`), expanded live for `[lower, upper)`, sorted.
    ///
    /// `slack` widens the range for floating series, whose stored seconds are wall-clock
    /// times; the others are expanded over the range itself (a walk that starts hours early
    /// costs a dense rule most of its work budget).
    /// The row ids of the items with an occurrence in `range` that `occurrence` does not keep
    /// (see `liveInstances`): what a search over a range finds beside the kept rows.
    static func liveRowIDs(_ db: Database, range: Range<Date>, coding: StoredTime, timeZone: TimeZone) throws
        -> Set<Int64>
    {
        let lower = range.lowerBound.unixSeconds
        let upper = range.upperBound.unixSeconds
        guard upper > lower else { return [] }
        let slack = WallClock.widestOffset
        let offsets = OffsetTable(timeZone: timeZone, from: lower - slack, to: upper + slack)
        let (live, _) = try liveInstances(db, lower: lower, upper: upper, slack: slack, coding: coding, offsets: offsets)
        return Set(live.filter { OccurrenceStream.overlaps($0.occurrence, lower: lower, upper: upper) }.map(\.rowID))
    }

    private static func liveInstances(
        _ db: Database, lower exactLower: Double, upper exactUpper: Double, slack: Double, coding: StoredTime,
        offsets: OffsetTable
    ) throws -> ([OccurrenceStream.Pending], [UnexpandedSeries]) {
        let lower = exactLower - slack
        let upper = exactUpper + slack
        let rowIDs = try liveSeries(db, lower: lower, upper: upper)
        guard !rowIDs.isEmpty else { return ([], []) }
        var found: [OccurrenceStream.Pending] = []
        var unexpanded: [(index: Int, series: UnexpandedSeries)] = []
        let allSeries = try seriesDefinitions(db, rowIDs: rowIDs, coding: coding)
        // One budget for the whole read, sparse series first (see `LiveReadBudget`).
        var budget = LiveReadBudget(series: allSeries.count)
        let densities = allSeries.map { $0.definition.rule.map(RecurrenceBound.unitsPerDay(of:)) ?? 0 }
        for index in LiveReadBudget.order(densities: densities) {
            let series = allSeries[index]
            let floating = series.definition.zone == .floating
            let (instances, stoppedAt, work) = series.live(
                from: floating ? lower : exactLower, to: floating ? upper : exactUpper,
                workBudget: budget.share(density: densities[index]))
            budget.spent(work)
            if let stoppedAt {
                unexpanded.append(
                    (index, UnexpandedSeries(
                        itemID: series.item.id, title: series.item.title,
                        shownUntil: Date(unixSeconds: series.definition.zone == .floating
                            ? offsets.instant(ofWallSeconds: stoppedAt) : stoppedAt))))
            }
            guard !instances.isEmpty else { continue }
            let buffer = OccurrenceBuffer()
            _ = OccurrenceRows.add(
                series.item, rowID: series.rowID,
                instances: instances, coding: coding, to: buffer)
            for row in buffer.rows {
                let shown = buffer.shown[Int(row.shown)]
                found.append(
                    OccurrenceStream.Pending(
                        start: row.start, end: row.end, key: row.key, flags: OccurrenceFlags(rawValue: Int64(row.flags)),
                        rowID: series.rowID, title: shown.title, place: shown.place, uid: shown.uid,
                        offsets: offsets))
            }
        }
        return (
            found.sorted { OccurrenceStream.sortsBefore($0.occurrence, $1.occurrence) },
            unexpanded.sorted { $0.index < $1.index }.map(\.series)
        )
    }

    /// The row ids of the series that `[lower, upper)` (stored seconds) must expand live: those
    /// whose kept instances stop before `upper` or begin after `lower`.
    static func liveSeries(_ db: Database, lower: Double, upper: Double) throws -> [Int64] {
        try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM item
                WHERE series_start IS NOT NULL AND expanded_until < ? AND series_start < ?
                  AND (series_end IS NULL OR series_end > ?) AND status <> 'deleted'
                UNION
                SELECT id FROM item
                WHERE kept_from > ? AND series_start < ?
                  AND (series_end IS NULL OR series_end > ?) AND status <> 'deleted'
                """,
            arguments: [upper, upper, lower, lower, upper, lower])
    }

    /// A recurring item as stored, its series definition, and which of its instances are kept.
    struct StoredSeries {
        var rowID: Int64
        var item: Item
        var definition: SeriesDefinition
        var expandedUntil: Double
        /// See `SeriesRow.keptFrom`.
        var keptFrom: Double?

        /// The instances of `[from, to)` that are not kept: rule instances before `keptFrom`
        /// and past `expandedUntil`, in order, within `workBudget` for both walks together
        /// (see `SeriesInstances.live`; `stoppedAt` is the first walk's that stopped).
        func live(from: Double, to: Double, workBudget: Int) -> (
            instances: [SeriesInstance], stoppedAt: Double?, work: Int
        ) {
            var instances: [SeriesInstance] = []
            var stoppedAt: Double? = nil
            var work = 0
            if let keptFrom, keptFrom > from {
                let before = SeriesInstances.live(
                    definition, after: -.infinity, before: keptFrom, from: from, to: to, workBudget: workBudget)
                instances = before.instances
                stoppedAt = before.stoppedAt
                work = before.work
            }
            if expandedUntil < to {
                let after = SeriesInstances.live(
                    definition, after: expandedUntil, from: from, to: to, workBudget: max(0, workBudget - work))
                instances += after.instances
                stoppedAt = stoppedAt ?? after.stoppedAt
                work += after.work
            }
            return (instances, stoppedAt, work)
        }
    }

    /// The series of recurring items, with how far their instances are kept.
    static func seriesDefinitions(_ db: Database, rowIDs: [Int64], coding: StoredTime) throws -> [StoredSeries] {
        var result: [StoredSeries] = []
        let definitions = try Dictionary(
            Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map {
                ($0[0] as String, $0[1] as String)
            },
            uniquingKeysWith: { first, _ in first })
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let list = InList(rowIDs[start..<min(start + 500, rowIDs.count)])
            let items = try fetchItems(
                coding: coding, db, sql: "SELECT id FROM item WHERE id IN (\(list.places))", arguments: list.arguments)
            let rows = try Row.fetchAll(
                db, sql: "SELECT uid, id, expanded_until, kept_from FROM item WHERE id IN (\(list.places))",
                arguments: list.arguments)
            var keys: [String: (Int64, Double, Double?)] = [:]
            for row in rows {
                keys[row[0]] = (row[1], row[2] as Double? ?? SeriesInstances.complete, row[3])
            }
            for item in items {
                guard let (rowID, expandedUntil, keptFrom) = keys[item.uid] else { continue }
                result.append(
                    storedSeries(
                        item, rowID: rowID, expandedUntil: expandedUntil, keptFrom: keptFrom, coding: coding,
                        zoneDefinitions: definitions))
            }
        }
        return result
    }

    /// One recurring item's series as `seriesDefinitions` reads many, with the VTIMEZONEs of
    /// the zones the system does not know given (a writer holds them): for a writer that reads
    /// one series at a time, with cached statements.
    static func storedSeries(_ db: Database, rowID: Int64, coding: StoredTime, zoneDefinitions: [String: String])
        throws -> StoredSeries?
    {
        guard
            let item = try fetchItems(coding: coding, db, sql: "SELECT id FROM item WHERE id = ?", arguments: [rowID])
                .first,
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT expanded_until, kept_from FROM item WHERE id = ?"), arguments: [rowID])
        else { return nil }
        return storedSeries(
            item, rowID: rowID, expandedUntil: row[0] as Double? ?? SeriesInstances.complete, keptFrom: row[1],
            coding: coding, zoneDefinitions: zoneDefinitions)
    }

    private static func storedSeries(
        _ item: Item, rowID: Int64, expandedUntil: Double, keptFrom: Double?, coding: StoredTime,
        zoneDefinitions: [String: String]
    ) -> StoredSeries {
        let stored = item.storedForm
        let definition = SeriesDefinition(
            stored, coding: coding, zoneDefinition: item.timeZone.identifier.flatMap { zoneDefinitions[$0] })
        return StoredSeries(
            rowID: rowID, item: stored, definition: definition, expandedUntil: expandedUntil, keptFrom: keptFrom)
    }
}

// MARK: - One row

extension Occurrence {
    /// The occurrence a row of `occurrence` stands for; `instant` reads its stored seconds
    /// (wall-clock seconds when `flags` say floating).
    init(
        storedStart start: Double, end: Double, key: Double, flags: OccurrenceFlags, title: String, place: String,
        uid: UUID, instant: (Double) -> Date
    ) {
        let recurring = flags.contains(.recurring)
        let startDate = instant(start)
        // An instance's later times are keyed by its recurrence ID and a fraction (see
        // `OccurrenceRows.timeKey`); a single time by its position.
        let (recurrenceID, time) = recurring ? OccurrenceRows.instance(ofKey: key) : (nil, OccurrenceRows.position(ofKey: key))
        self.init(
            itemID: uid, kind: flags.kind, title: title, place: place, start: startDate,
            end: max(instant(end), startDate), allDay: flags.contains(.allDay),
            status: flags.contains(.completed) ? .completed : .active, isRecurring: recurring,
            recurrenceID: recurrenceID.map(instant), isDue: flags.contains(.due))
        self.time = time
    }
}

// MARK: - Rows into occurrences, in order

/// Turns rows of `occurrence` (and live instances), read in the order of their stored start,
/// into occurrences in the order of `OccurrenceStore`, handing each on as soon as it is known
/// that no later row sorts before it.
struct OccurrenceStream {
    /// One occurrence read, with what is needed to sort it and find its item.
    struct Pending {
        var occurrence: Occurrence
        var rowID: Int64
        var foreignUID: Bool

        init(
            start: Double, end: Double, key: Double, flags: OccurrenceFlags, rowID: Int64, title: String,
            place: String, uid: UUID, offsets: OffsetTable
        ) {
            let floating = flags.contains(.floating)
            occurrence = Occurrence(
                storedStart: start, end: end, key: key, flags: flags, title: title, place: place, uid: uid
            ) { seconds in
                Date(unixSeconds: floating ? offsets.instant(ofWallSeconds: seconds) : seconds)
            }
            self.rowID = rowID
            foreignUID = flags.contains(.foreignUID)
        }
    }

    let lower: Double
    let upper: Double
    let offsets: OffsetTable
    var uids: UIDReader?
    let body: (Occurrence) -> Void

    /// Read and sorted, waiting for their turn (a slice of the last merge's result).
    private var waiting: ArraySlice<Pending> = []
    /// Read since the last hand-on, not yet sorted.
    private var incoming: [Pending] = []
    /// Live instances, sorted; those before `liveNext` have been taken.
    private let live: [Pending]
    private var liveNext = 0
    /// How many rows `incoming` gathers before those whose turn came are handed on.
    private static let batch = 2048
    /// Rows moved by the merges so far (each hand-on moves what waits and what came in).
    private(set) var moved = 0

    init(
        lower: Double, upper: Double, offsets: OffsetTable, live: [Pending], uids: UIDReader?,
        body: @escaping (Occurrence) -> Void
    ) {
        self.lower = lower
        self.upper = upper
        self.offsets = offsets
        self.live = live
        self.uids = uids
        self.body = body
        incoming.reserveCapacity(Self.batch)
    }

    /// Adds one row when it overlaps the range.
    mutating func add(
        start: Double, end: Double, key: Double, flags: OccurrenceFlags, rowID: Int64, title: String, place: String,
        uid: UUID
    ) {
        let entry = Pending(
            start: start, end: end, key: key, flags: flags, rowID: rowID, title: title, place: place, uid: uid,
            offsets: offsets)
        guard overlaps(entry) else { return }
        incoming.append(entry)
    }

    /// Overlaps [lower, upper): starts before the end, and ends after the start (a moment at the
    /// start counts).
    private func overlaps(_ entry: Pending) -> Bool {
        Self.overlaps(entry.occurrence, lower: lower, upper: upper)
    }

    /// Whether `occurrence` overlaps [lower, upper) (instants; a moment at `lower` counts).
    static func overlaps(_ occurrence: Occurrence, lower: Double, upper: Double) -> Bool {
        let start = occurrence.start.unixSeconds
        let end = occurrence.end.unixSeconds
        return start < upper && (end > lower || start >= lower)
    }

    /// Says that every row from now on starts at `instant` or later; hands on what can go.
    ///
    /// Rows wait the widest UTC offset behind the walk (14 hours), and each hand-on merges what
    /// waits: where more than a batch of rows fall in those hours (200 series repeating every
    /// second kept a million), merging all that waits for every batch made the read quadratic
    /// (17 s for those). So a hand-on comes once as many rows came in as wait, never sooner.
    mutating func passing(_ instant: Double) throws {
        if incoming.count >= max(Self.batch, waiting.count) {
            try handOn(before: instant)
        }
    }

    /// Hands on everything left.
    mutating func finish() throws {
        try handOn(before: .infinity)
    }

    /// Sorts what was read since the last time, merges it and the live instances that start
    /// before `limit` into what waits (each of the three is sorted, so a dense series's
    /// hundreds of thousands of live instances cost a merge, not a sort), and hands on what
    /// starts before `limit`.
    private mutating func handOn(before limit: Double) throws {
        incoming.withUnsafeMutableBufferPointer { buffer in
            buffer.sort { a, b in OccurrenceStream.sortsBefore(a.occurrence, b.occurrence) }
        }
        var taken: [Pending] = []
        while liveNext < live.count && live[liveNext].occurrence.start.unixSeconds < limit {
            if overlaps(live[liveNext]) { taken.append(live[liveNext]) }
            liveNext += 1
        }
        moved += waiting.count + incoming.count + taken.count
        let merged = Self.merged(Self.merged(waiting, incoming[...]), taken[...])
        incoming.removeAll(keepingCapacity: true)
        var end = merged.startIndex
        while end < merged.endIndex && merged[end].occurrence.start.unixSeconds < limit {
            end += 1
        }
        waiting = merged[end...]
        let due = merged[..<end]
        guard !due.isEmpty else { return }
        if var uids {
            try uids.resolve(due)
            for entry in due {
                var occurrence = entry.occurrence
                if entry.foreignUID, let uid = uids.known[entry.rowID] {
                    occurrence.uid = uid
                }
                body(occurrence)
            }
            self.uids = uids
        } else {
            for entry in due {
                body(entry.occurrence)
            }
        }
    }

    /// Two sorted runs as one; on a tie the first run's entry comes first, as a stable sort
    /// of the two together would put it.
    private static func merged(_ first: ArraySlice<Pending>, _ second: ArraySlice<Pending>) -> ArraySlice<Pending> {
        if second.isEmpty { return first }
        if first.isEmpty { return second }
        var result: [Pending] = []
        result.reserveCapacity(first.count + second.count)
        var i = first.startIndex
        var j = second.startIndex
        while i < first.endIndex && j < second.endIndex {
            if sortsBefore(second[j].occurrence, first[i].occurrence) {
                result.append(second[j])
                j += 1
            } else {
                result.append(first[i])
                i += 1
            }
        }
        result.append(contentsOf: first[i...])
        result.append(contentsOf: second[j...])
        return result[...]
    }

    /// The order of `OccurrenceStore`: start, title (by its bytes, `titleOrder`), item (as its
    /// lowercase text sorts, which is the order of its bytes), the instance's original start.
    static func sortsBefore(_ a: Occurrence, _ b: Occurrence) -> Bool {
        if a.start != b.start { return a.start < b.start }
        let titles = titleOrder(a.title, b.title)
        if titles != 0 { return titles < 0 }
        if a.itemID != b.itemID {
            return withUnsafeBytes(of: a.itemID.uuid) { x in
                withUnsafeBytes(of: b.itemID.uuid) { y in x.lexicographicallyPrecedes(y) }
            }
        }
        return (a.recurrenceID ?? a.start) < (b.recurrenceID ?? b.start)
    }
}

extension OccurrenceStream {
    /// Negative when `a` sorts before `b`, zero when they are the same, by their UTF-8 bytes: the
    /// order of their code points, which is String's own for text in NFC, and SQLite's (BINARY).
    /// String's `<` and `==` compare canonically, normalizing both as they go: two series with
    /// one title of 69 KB, their instances sorted at the same starts, took seconds (finding 74).
    static func titleOrder(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                if x.baseAddress == y.baseAddress && x.count == y.count { return 0 }
                let common = min(x.count, y.count)
                if common > 0 {
                    let order = memcmp(x.baseAddress!, y.baseAddress!, common)
                    if order != 0 { return Int(order) }
                }
                return x.count - y.count
            }
        }
    }
}

/// The iCalendar UIDs of items imported with one of their own, read once per item, many at a
/// time in row id order.
struct UIDReader {
    private let db: Database
    private(set) var known: [Int64: String] = [:]

    init(_ db: Database) {
        self.db = db
    }

    /// Reads the UIDs the entries' items need that are not known yet.
    mutating func resolve(_ entries: ArraySlice<OccurrenceStream.Pending>) throws {
        var wanted = Set<Int64>()
        for entry in entries where entry.foreignUID && known[entry.rowID] == nil {
            wanted.insert(entry.rowID)
        }
        guard !wanted.isEmpty else { return }
        let sorted = wanted.sorted()
        for start in stride(from: 0, to: sorted.count, by: 500) {
            let list = InList(sorted[start..<min(start + 500, sorted.count)])
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, CAST(ical_uid AS BLOB) FROM item WHERE id IN (\(list.places))",
                arguments: list.arguments)
            for row in rows {
                if let uid = Item.optionalText(row[1]) {
                    known[row[0]] = uid
                }
            }
        }
    }
}

/// Reads again, from their items, the texts of rows that keep only their start
/// (`OccurrenceFlags.textsCut`): rare, so a few items are kept at a time.
struct FullTexts {
    private let db: Database
    private let coding: StoredTime
    private var items: [Int64: InstanceTexts] = [:]
    private static let keptItems = 16

    init(_ db: Database, coding: StoredTime) {
        self.db = db
        self.coding = coding
    }

    /// What the row keyed `key` of the item `rowID` shows: `stored`, the texts as the row keeps
    /// them, unless its `flags` say they were cut; then the whole texts, from the item (`stored`
    /// still when the item is gone).
    mutating func texts(
        _ stored: (title: String, place: String), rowID: Int64, key: Double, flags: OccurrenceFlags
    ) throws -> (title: String, place: String) {
        guard flags.contains(.textsCut) else { return stored }
        if items[rowID] == nil {
            guard
                let item = try SQLiteStore.fetchItems(
                    coding: coding, db, sql: "SELECT id FROM item WHERE id = ?", arguments: [rowID]
                ).first
            else { return stored }
            if items.count >= Self.keptItems { items = [:] }
            items[rowID] = InstanceTexts(item, coding: coding)
        }
        return items[rowID]?.texts(key: key, recurring: flags.contains(.recurring)) ?? stored
    }
}
