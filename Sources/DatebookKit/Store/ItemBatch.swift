import Foundation
import GRDB

/// Items written inside one write transaction: the only code that writes items.
///
/// A batch writes an item's row and child rows (times, attachments, RDATEs and EXDATEs,
/// changed instances, participants, categories, properties kept verbatim), the VTIMEZONE of a
/// zone the system does not know, and the item's rows of the calendar: its times, its due date,
/// or its series' instances, expanded here (see `SeriesInstances`) unless the caller expanded
/// them already on other threads. Items are matched by id (`write`) or by iCalendar UID
/// (`upsert`). Get one from `ItemWriter.writeItems`; it is valid only inside that call.
public final class ItemBatch {
    /// How many items a batch writes.
    public enum Size: Sendable {
        /// A few: the calendar's rows of each item are written with it.
        case few
        /// Thousands (an import): the calendar's rows are gathered and written in their key
        /// order when the batch ends, and the connection keeps a smaller page cache meanwhile.
        case bulk
        /// Thousands read cheaply (JSON records), so that writing them is nearly all the work:
        /// as `bulk`, with a larger page cache and search-index buffer, which make the writing
        /// thread faster (a 100,000-task import: 0.35 s of 3.2) for about 60 MB more at its
        /// peak. An iCalendar import, whose reading threads are its slowest part, gains nothing
        /// from them, and keeps under 150 MB without.
        case bulkWriting

        /// True for either kind of import.
        var isBulk: Bool { self != .few }
    }

    /// The instant the batch began, as it reads back from the database.
    public let now: Date
    /// The zone floating times are shown in (`SQLiteStore.timeZone`).
    public let timeZone: TimeZone

    private let db: Database
    private let rows: ItemRowWriter
    let ids: IDSource
    /// The calendar's rows of a bulk batch, written by `finish()`.
    private let buffer: OccurrenceBuffer?
    /// How series are expanded for the store: what an importer's reading threads call.
    let seriesExpander: SeriesExpander

    /// The page cache of a bulk batch, in KiB: it barely slows the writes, and keeps a large
    /// import's memory well down (the usual cache serves reading the calendar).
    static let bulkCacheKibibytes = 16 * 1024
    /// The page cache of a `bulkWriting` batch, in KiB: large enough that a 100,000-task import
    /// spills few pages to the log before its commit (3 % faster than 16 MiB, for 42 MB more at
    /// its peak; twice as much gained nothing more).
    static let bulkWritingCacheKibibytes = 64 * 1024

    // MARK: - Beginning and ending

    /// A batch on `db`, inside a write transaction the caller holds.
    init(_ db: Database, size: Size, coding: StoredTime, horizon: Double, now: Date, ids: IDSource, timeZone: TimeZone)
        throws
    {
        self.db = db
        self.now = now.storedForm
        self.ids = ids
        self.timeZone = timeZone
        rows = try ItemRowWriter(db, times: coding, now: now)
        buffer = size.isBulk ? OccurrenceBuffer() : nil
        seriesExpander = SeriesExpander(
            coding: coding, horizon: horizon, keptFrom: now.unixSeconds - SQLiteStore.keptBehind)
    }

    /// Writes what the batch still holds (a bulk batch's rows of the calendar).
    func finish() throws(StoreError) {
        guard let buffer else { return }
        try run { try rows.flush(buffer) }
    }

    // MARK: - Reading what is stored

    /// The VTIMEZONEs stored with items of zones the system does not know, by TZID.
    public var storedZoneDefinitions: [String: String] { rows.zoneDefinitions }

    /// The stored item with this iCalendar UID, or nil when there is none (one indexed look-up).
    public func identity(ofUID uid: String) throws(StoreError) -> ItemIdentity? {
        try run {
            try Row.fetchOne(db.cachedStatement(sql: "SELECT uid, created FROM item WHERE ical_uid = ?"), arguments: [uid]).flatMap {
                row in
                UUID(text: row[0]).map { ItemIdentity(id: $0, created: Date(unixSeconds: row[1])) }
            }
        }
    }

    /// The stored item with this id, or nil when there is none.
    public func identity(of id: UUID) throws(StoreError) -> ItemIdentity? {
        try run {
            try Double.fetchOne(db, sql: "SELECT created FROM item WHERE uid = ?", arguments: [id.lowercasedText]).map {
                ItemIdentity(id: id, created: Date(unixSeconds: $0))
            }
        }
    }

    /// Hands on the iCalendar UID and identity of every stored item, for a writer that will
    /// meet many UIDs (a look-up each would cost more than one pass).
    public func forEachStoredIdentity(_ body: (String, ItemIdentity) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db, sql: "SELECT CAST(ical_uid AS BLOB), uid, created FROM item")
        while let row = try cursor.next() {
            if let id = UUID(text: row[1]) {
                try body(Item.text(row[0]), ItemIdentity(id: id, created: Date(unixSeconds: row[2])))
            }
        }
    }

    /// An identity for a UID the store does not hold: the UID itself when it is a Datebook id
    /// no item has (an export of another Datebook), else a new id.
    public func newIdentity(forUID uid: String) throws(StoreError) -> ItemIdentity {
        if let id = UUID(uuidString: uid), id.isLowercasedText(uid),
            try run({ try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE uid = ?)", arguments: [uid]) })
                == false
        {
            return ItemIdentity(id: id, created: nil)
        }
        return ItemIdentity(id: ids.next(), created: nil)
    }

    /// The stored item with this id, with all it holds, or nil.
    public func item(id: UUID) throws(StoreError) -> Item? {
        try run {
            try SQLiteStore.fetchItems(
                coding: rows.coding, db, sql: "SELECT id FROM item WHERE uid = ?", arguments: [id.lowercasedText]
            ).first
        }
    }

    // MARK: - Writing

    /// Writes an item matched by its iCalendar UID: the stored item with that UID is replaced
    /// (keeping its id), or a new one is added; returns who the UID named before the write (no
    /// `created` when the item is new).
    ///
    /// The item comes whole, its changed instances (`overrides`) and exceptions included;
    /// `zoneDefinition` is the VTIMEZONE of its zone when the system does not know it. The
    /// item is validated, and written as given otherwise (`created` and `updated` too).
    ///
    /// - Throws: `StoreError.invalid` with every issue when the item is not valid.
    @discardableResult
    public func upsert(_ item: Item, uid: String, zoneDefinition: String? = nil) throws(StoreError) -> ItemIdentity {
        let identity: ItemIdentity
        if let stored = try self.identity(ofUID: uid) {
            identity = stored
        } else {
            identity = try newIdentity(forUID: uid)
        }
        var identified = item
        identified.id = identity.id
        identified.icalUID = uid
        try write(identified, zoneDefinition: zoneDefinition)
        return identity
    }

    /// Writes an item matched by its id: inserted, or replacing the stored item with that id,
    /// as given (nothing is stamped); returns it as it reads back.
    ///
    /// - Throws: `StoreError.invalid` with every issue when the item is not valid.
    @discardableResult
    public func write(_ item: Item, zoneDefinition: String? = nil) throws(StoreError) -> Item {
        let issues = item.validate()
        guard issues.isEmpty else { throw .invalid(issues) }
        return try write(validated: item, zoneDefinition: zoneDefinition, series: nil)
    }

    /// Writes an item that was validated already (an import validates on its reading thread),
    /// with its series' instances when they were expanded already (by `seriesExpander`), and
    /// its row of the search index when that was made already.
    @discardableResult
    func write(validated item: Item, zoneDefinition: String?, series: SeriesInstances?, search: SearchRow? = nil)
        throws(StoreError) -> Item
    {
        assert(item.validate().isEmpty, "an item written without validation is not valid")
        let stored = item.storedForm
        try run {
            if let zoneDefinition, case let .named(tzid) = stored.timeZone {
                try rows.keepZoneDefinition(zoneDefinition, of: tzid)
            }
            try rows.write(stored, expander: seriesExpander, instances: series, buffer: buffer, search: search)
        }
        return stored
    }

    /// Keeps the VTIMEZONE that defines `tzid`, a zone the system does not know, for expanding
    /// and exporting the items in it (`upsert` and `write` keep the one they are given; a
    /// writer that expanded its series already may hand them over once, at the end).
    public func keepZoneDefinition(_ definition: String, of tzid: String) throws(StoreError) {
        try run { try rows.keepZoneDefinition(definition, of: tzid) }
    }

    /// Makes room for `count` more rows of the calendar in a bulk batch.
    func reserveCalendarRows(_ count: Int) {
        buffer?.reserve(count)
    }

    // MARK: - Writing stored items again

    /// Moves an item to `status` at `now` (stamping `statusChangedAt` and `updated`) and writes
    /// its rows of the calendar again: gone in History, greyed when completed, back when reopened.
    /// An item already in that status is left as it is.
    ///
    /// - Throws: `StoreError.notFound` for an unknown id.
    func setStatus(_ status: ItemStatus, of id: UUID) throws(StoreError) {
        let uid = id.lowercasedText
        try run {
            guard let current = try Row.fetchOne(db, sql: "SELECT id, status FROM item WHERE uid = ?", arguments: [uid])
            else { throw StoreError.notFound(id) }
            guard current[1] != status.rawValue else { return }
            try db.execute(
                sql: "UPDATE item SET status = ?, status_changed_at = ?, updated = ? WHERE uid = ?",
                arguments: [status.rawValue, now.unixSeconds, now.unixSeconds, uid])
            try rewrite(rowIDs: [current[0]])
        }
    }

    /// Writes again, as they are stored, the items a condition on `item` selects: their rows of
    /// the calendar follow what each item now says, and series are expanded up to the horizon.
    /// Returns how many.
    ///
    /// `inRowOrder` writes them in the order of their rows (for rewriting most of the table);
    /// without it the condition may be answered from an index alone, which is what keeps a
    /// check that finds nothing to do cheap.
    @discardableResult
    func rewriteItems(where condition: String, arguments: StatementArguments = [], inRowOrder: Bool = false)
        throws(StoreError) -> Int
    {
        try run {
            let rowIDs = try Int64.fetchAll(
                db, sql: "SELECT id FROM item WHERE \(condition)" + (inRowOrder ? " ORDER BY id" : ""), arguments: arguments)
            try rewrite(rowIDs: rowIDs)
            return rowIDs.count
        }
    }

    private func rewrite(rowIDs: [Int64]) throws {
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let list = InList(rowIDs[start..<min(start + 500, rowIDs.count)])
            let items = try SQLiteStore.fetchItems(
                coding: rows.coding, db, sql: "SELECT id FROM item WHERE id IN (\(list.places))", arguments: list.arguments)
            for item in items {
                try rows.write(item.storedForm, expander: seriesExpander, buffer: buffer)
            }
        }
    }

    // MARK: - Errors

    /// Runs `body`; its errors come out as `StoreError`.
    private func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw SQLiteStore.storeError(error)
        }
    }
}

/// How the store expands a series: the definition it reads from an item, and its instances up
/// to the store's horizon. A value, so that an importer may expand on several threads.
struct SeriesExpander: Sendable {
    let coding: StoredTime
    /// The original start up to which instances are kept (see `SQLiteStore.recurrenceHorizon`;
    /// an import's is nearer, `SQLiteStore.importHorizon`).
    let horizon: Double
    /// The original start from which the rule instances of a series that began earlier are
    /// kept (see `SeriesInstances.init`'s `keptFrom`, `SQLiteStore.keptBehind`).
    let keptFrom: Double

    /// The series of `item` as the store writes it; `zoneDefinition` is the VTIMEZONE of its
    /// zone when the system does not know it.
    func definition(of item: Item, zoneDefinition: String?) -> SeriesDefinition {
        SeriesDefinition(item.storedForm, coding: coding, zoneDefinition: zoneDefinition)
    }

    /// The rows the batch's dense series may keep in all.
    let keptRows = KeptRowBudget()

    /// Series that start before this (1900-01-01, in stored seconds) keep their first instance
    /// alone, and every read expands them live from where it reads: libical walks those years
    /// through ICU's Julian calendar (2.6 µs a week), and the 5,000 instances kept of a weekly
    /// series from the year 1013 end in 1109, where no read of today looks. 129 such series
    /// took 1.7 s of CPU to import and read (finding 57).
    static let keptOnceBefore = -2_208_988_800.0

    /// The instances the store keeps of a series.
    func expand(_ definition: SeriesDefinition) -> SeriesInstances {
        let density = definition.rule.map(RecurrenceBound.unitsPerDay(of:)) ?? 0
        if definition.start < Self.keptOnceBefore, definition.rule != nil {
            return SeriesInstances(definition, horizon: horizon, maximumKept: 1)
        }
        let granted = keptRows.take(density: density)
        let work = keptRows.takeWork(density: density)
        let expanded = SeriesInstances(
            definition, horizon: horizon, maximumKept: KeptRowBudget.limit(granted), workBudget: work,
            keptFrom: keptFrom)
        keptRows.giveBack(took: granted, kept: expanded.instances.count, density: density)
        keptRows.giveBackWork(took: work, spent: expanded.workSpent, density: density)
        return expanded
    }
}
