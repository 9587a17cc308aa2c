import CSQLiteTuning
import Foundation
import GRDB
import Synchronization

/// The item store on one SQLite file (or in memory), through one GRDB connection.
///
/// Opening creates the folder and the database when they are missing and brings the schema up
/// to date. The file is in WAL mode with a busy timeout, and every write is an `IMMEDIATE`
/// transaction, so two Datebooks on one file both keep working: a writer waits for the other
/// instead of failing with "database is locked". A file that is not a Datebook database, or
/// one written by a newer Datebook, is refused and left untouched.
public final class SQLiteStore: Sendable {
    // MARK: - Properties

    /// Where the database lives; `:memory:` for an in-memory store.
    public let path: String
    /// Where `updated`, `created` and status-change times come from.
    public let clock: Clock
    /// Where `newItem(kind:title:)` takes ids from.
    public let ids: IDSource
    /// The zone floating times are shown in (the `TZ` variable's by default).
    public let timeZone: TimeZone

    /// How long a write waits for another connection's write to finish before giving up.
    static let busyTimeout: TimeInterval = 5
    /// The page cache of the connection, in KiB.
    static let cacheKibibytes = 32 * 1024
    /// How much of the file is read through a memory map (pages count towards memory only
    /// while the system keeps them).
    static let mapBytes = 1 << 30
    /// How far ahead of now the instances of a never-ending series are kept in
    /// `occurrence` (a year and a month); a range past it is expanded live.
    static let recurrenceHorizon: TimeInterval = 400 * 86_400
    /// How far ahead of now an import first keeps the instances of its series (eight weeks):
    /// most of an import's time went on rows a year ahead that nothing had asked for yet. A
    /// range read further ahead keeps the rest then (`keepInstances(through:)`), up to
    /// `recurrenceHorizon`.
    static let importHorizon: TimeInterval = 56 * 86_400
    /// How far back of now the rule instances of a series written now are kept, when it began
    /// earlier: reading further back expands them live (see `SeriesRow.keptFrom`).
    static let keptBehind: TimeInterval = 400 * 86_400

    let dbQueue: DatabaseQueue
    /// How far ahead (stored seconds) this store made sure every series' instances are kept,
    /// so that reading the calendar checks again only further ahead (`keepInstances(through:)`).
    let keptThrough = Mutex<Double>(-.infinity)
    /// Every commit of this connection, whatever wrote it; the change feed reads it.
    let commitCounter = CommitCounter()

    // MARK: - Opening

    /// Opens (or creates) the database at `path`.
    ///
    /// - Throws: `StoreError.cannotOpen` when the folder cannot be created or written,
    ///   `.notADatabase` for a file that is not a Datebook database, `.newerVersion` for one
    ///   written by a newer Datebook (both left untouched), `.failed` for anything else.
    public convenience init(
        path: String, clock: Clock = .system, ids: IDSource = .random, timeZone: TimeZone = .current
    ) throws(StoreError) {
        try Self.prepareFolder(for: path)
        let created = try Self.prepareFile(path)
        do throws(StoreError) {
            let dbQueue: DatabaseQueue
            do {
                dbQueue = try DatabaseQueue(path: path, configuration: Self.configuration())
            } catch {
                throw Self.openingError(error, path: path)
            }
            try self.init(dbQueue: dbQueue, path: path, inMemory: false, clock: clock, ids: ids, timeZone: timeZone)
        } catch {
            // A database that could not be made (a full disk, say) leaves nothing behind.
            if created {
                for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            }
            throw error
        }
    }

    /// A fresh, empty store in memory, gone when the store is.
    public static func inMemory(
        clock: Clock = .system, ids: IDSource = .random, timeZone: TimeZone = .current
    ) throws(StoreError) -> SQLiteStore {
        let dbQueue: DatabaseQueue
        do {
            dbQueue = try DatabaseQueue(configuration: configuration())
        } catch {
            throw storeError(error)
        }
        return try SQLiteStore(
            dbQueue: dbQueue, path: ":memory:", inMemory: true, clock: clock, ids: ids, timeZone: timeZone)
    }

    private init(
        dbQueue: DatabaseQueue, path: String, inMemory: Bool, clock: Clock, ids: IDSource, timeZone: TimeZone
    ) throws(StoreError) {
        self.dbQueue = dbQueue
        self.path = path
        self.clock = clock
        self.ids = ids
        self.timeZone = timeZone
        do {
            try Self.checkIdentity(dbQueue, path: path)
            if !inMemory {
                try Self.enableWAL(dbQueue)
            }
            try Self.enlargeCache(dbQueue)
            try Self.migrate(dbQueue)
            dbQueue.add(transactionObserver: commitCounter, extent: .databaseLifetime)
        } catch {
            throw Self.openingError(error, path: path)
        }
        try rebuildOccurrencesIfAsked()
        try rebuildSearchIfAsked()
    }

    /// Writes every item's rows of the calendar when a migration asked for it (by
    /// `store_value`'s `rebuild_occurrences`), in one transaction.
    private func rebuildOccurrencesIfAsked() throws(StoreError) {
        // What a migration may ask for, and the items whose rows are written again for it:
        // all of them, or the series of tasks with several times (v27: each instance shows
        // every time).
        let rebuilds = [
            ("rebuild_occurrences", "status <> 'deleted'"),
            ("rebuild_series_times",
             "status <> 'deleted' AND series_start IS NOT NULL AND id IN (SELECT item FROM item_time WHERE position > 0)"),
        ]
        func asked(_ db: Database) throws -> [(String, String)] {
            let names = Set(try String.fetchAll(db, sql: "SELECT name FROM store_value WHERE name LIKE 'rebuild_%'"))
            return rebuilds.filter { names.contains($0.0) }
        }
        // Looked at first without a write lock: it is almost never asked.
        guard try !read(asked).isEmpty else { return }
        try writeBatch(.few) { db, batch in
            for (name, condition) in try asked(db) {
                try batch.rewriteItems(where: condition, inRowOrder: true)
                try db.execute(sql: "DELETE FROM store_value WHERE name = ?", arguments: [name])
            }
        }
    }

    /// SQLite's process-wide settings, made once before the first connection opens: no running
    /// count of SQLite's memory, whose mutex around every allocation cost a large import 7 % of
    /// its writing thread.
    private static let processSettings: Void = {
        _ = datebook_sqlite_count_no_memory()
    }()

    /// The connection settings: foreign keys on, and a busy timeout instead of "database is locked".
    private static func configuration() -> Configuration {
        Self.processSettings
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "Datebook"
        configuration.prepareDatabase { db in
            // Checks each page's cells as it is read: damage is found sooner and spreads less.
            try db.execute(sql: "PRAGMA cell_size_check = ON")
        }
        return configuration
    }

    /// The permissions of a database file and of its `-wal` and `-shm`: the owner's alone.
    /// (SQLite gives the `-wal` and `-shm` it creates the permissions of the database file.)
    static let fileMode: mode_t = 0o600
    /// The permissions of a folder Datebook creates for its database.
    static let folderMode: mode_t = 0o700

    /// Creates the database file, private to its owner whatever the umask, when it is missing
    /// (true), or takes away the permissions of others from an existing one and its `-wal`
    /// and `-shm` (false).
    private static func prepareFile(_ path: String) throws(StoreError) -> Bool {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            fchmod(descriptor, fileMode)
            Glibc.close(descriptor)
            return true
        }
        guard errno == EEXIST else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            if lstat(path + suffix, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                info.st_mode & 0o077 != 0
            {
                chmod(path + suffix, info.st_mode & 0o700)
            }
        }
        return false
    }

    /// Creates the folder of `path` when it is missing (private to its owner), and checks that
    /// it can be written.
    private static func prepareFolder(for path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "it is a folder, not a file")
        }
        guard !folder.isEmpty else { return }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    throw .cannotOpen(path: path, reason: "\(prefix) is a file, not a folder")
                }
            } else if mkdir(prefix, folderMode) == 0 {
                chmod(prefix, folderMode)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw .cannotOpen(path: path, reason: "cannot create the folder \(prefix): \(reason)")
            }
        }
        if access(folder, W_OK | X_OK) != 0 {
            throw .cannotOpen(path: path, reason: "the folder \(folder) is not writable")
        }
    }

    /// Refuses a file that is some other program's SQLite database, or a newer Datebook's.
    ///
    /// Only reads: a refused file is left exactly as it was.
    private static func checkIdentity(_ dbQueue: DatabaseQueue, path: String) throws {
        try dbQueue.read { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            if applicationID != 0 && applicationID != SQLiteStore.applicationID {
                throw StoreError.notADatabase(path: path)
            }
            let tableCount =
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                ) ?? 0
            if tableCount > 0, try !db.tableExists("grdb_migrations") {
                throw StoreError.notADatabase(path: path)
            }
            if try migrator.hasBeenSuperseded(db) {
                throw StoreError.newerVersion(path: path)
            }
        }
    }

    /// Puts the file in WAL mode (it stays so) with `synchronous = NORMAL` for this connection.
    ///
    /// Switching a new file to WAL needs it to itself, and SQLite answers "busy" at once
    /// (without the busy timeout) while another Datebook is opening it too; so the switch is
    /// retried for up to the busy timeout.
    private static func enableWAL(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.writeWithoutTransaction { db in
            let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeout * 1000))
            var mode = try String.fetchOne(db, sql: "PRAGMA journal_mode")
            while mode?.lowercased() != "wal" {
                do {
                    mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    if mode?.lowercased() != "wal" {
                        throw StoreError.failed("the database cannot use WAL mode (it uses \(mode ?? "none"))")
                    }
                } catch let error as DatabaseError
                    where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
                {
                    usleep(10_000)
                }
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
    }

    /// Gives this connection a page cache large enough to hold 100,000 items and their indexes.
    private static func enlargeCache(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.inDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)")
        }
    }

    /// Reads the file through a memory map from now on (`true`), or stops (`false`).
    ///
    /// A new process starts with an empty page cache: without the map, every page a short
    /// range of the calendar touches costs a `pread` and a copy, most of a 7-day agenda's time.
    /// But pages read through the map count towards the process's memory while the system
    /// keeps them, so a long-running planner, or a read of most of the file, does better
    /// without it (the default).
    public func readThroughMemoryMap(_ enabled: Bool) throws(StoreError) {
        do {
            try dbQueue.inDatabase { db in
                try db.execute(sql: "PRAGMA mmap_size = \(enabled ? Self.mapBytes : 0)")
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Applies the migrations this database lacks.
    ///
    /// Two Datebooks opening a new file at once both try; the one that loses the race finds
    /// the migrations done by the other and goes on.
    private static func migrate(_ dbQueue: DatabaseQueue) throws {
        var attempt = 0
        while true {
            attempt += 1
            do {
                try migrator.migrate(dbQueue)
                return
            } catch {
                if try dbQueue.read(migrator.hasCompletedMigrations) { return }
                if attempt >= 3 { throw error }
            }
        }
    }

    // MARK: - New items

    /// A new, unsaved item with a fresh id, created now.
    public func newItem(kind: ItemKind, title: String = "") -> Item {
        Item(id: ids.next(), kind: kind, title: title, created: clock.now())
    }

    // MARK: - Bulk insert

    /// Inserts many items in one transaction, as they are (no stamping of `created` or `updated`).
    ///
    /// Meant for seeding and importing: an item whose id is already stored is replaced.
    /// Every item is validated first; when one is not valid, nothing is written and its
    /// issues are thrown as `StoreError.invalid`.
    public func insert(contentsOf items: [Item]) throws(StoreError) {
        for item in items {
            let issues = item.validate()
            if !issues.isEmpty { throw .invalid(issues) }
        }
        try writeBatch(.few) { _, batch in
            for item in items {
                try batch.write(validated: item, zoneDefinition: nil, series: nil)
            }
        }
    }

    // MARK: - Stored times

    /// How dates are written and read back: floating ones as wall-clock times in `timeZone`.
    var storedTime: StoredTime { StoredTime(timeZone: timeZone) }

    /// The original start up to which the instances of a never-ending series are kept, as of now.
    var recurrenceHorizon: Double { clock.now().unixSeconds + Self.recurrenceHorizon }

    // MARK: - Changes

    /// `PRAGMA data_version` of this connection: it changes when another connection commits.
    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction; errors come out as `StoreError`.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try dbQueue.read(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `body` in an `IMMEDIATE` transaction, committed when it returns and rolled back
    /// when it throws; errors come out as `StoreError`.
    func write<T>(checkingForeignKeys: Bool = true, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try dbQueue.writeWithoutTransaction { db in
                if !checkingForeignKeys {
                    try db.execute(sql: "PRAGMA foreign_keys = OFF")
                }
                defer {
                    if !checkingForeignKeys {
                        try? db.execute(sql: "PRAGMA foreign_keys = ON")
                    }
                }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `body` with an item batch in one `IMMEDIATE` transaction, committed (with what the
    /// batch still holds) when it returns and rolled back when it throws; errors come out as
    /// `StoreError`. `body` also gets the connection, for the store's own reads and upkeep.
    ///
    /// Series are expanded up to `horizon` (stored seconds) when one is given; otherwise a bulk
    /// batch (an import) keeps them `importHorizon` ahead and a few items `recurrenceHorizon`.
    func writeBatch<T>(_ size: ItemBatch.Size, horizon given: Double? = nil, _ body: (Database, ItemBatch) throws -> T)
        throws(StoreError) -> T
    {
        let coding = storedTime
        let now = clock.now()
        // An import keeps its series' instances a few weeks ahead; reading further keeps more.
        let horizon = given ?? (size.isBulk ? now.unixSeconds + Self.importHorizon : recurrenceHorizon)
        if given == nil, size.isBulk {
            keptThrough.withLock { $0 = -.infinity }
        }
        return try write(checkingForeignKeys: size == .few) { db in
            switch size {
            case .few: break
            case .bulk: try db.execute(sql: "PRAGMA cache_size = -\(ItemBatch.bulkCacheKibibytes)")
            case .bulkWriting:
                try db.execute(sql: "PRAGMA cache_size = -\(ItemBatch.bulkWritingCacheKibibytes)")
                try SearchSchema.holdPendingRows(db, bytes: SearchSchema.pendingBytes)
            }
            defer {
                if size.isBulk {
                    try? db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKibibytes)")
                }
                if size == .bulkWriting {
                    try? SearchSchema.holdPendingRows(db, bytes: SearchSchema.defaultPendingBytes)
                }
            }
            let batch = try ItemBatch(
                db, size: size, coding: coding, horizon: horizon, now: now, ids: ids, timeZone: timeZone)
            let result = try body(db, batch)
            try batch.finish()
            return result
        }
    }

    // MARK: - Closing

    /// Closes the connection, as SQLite closes the last one: the write-ahead log is copied into
    /// the file and removed, unless another process has the database open. A command that ends
    /// with `exit` (skipping the rest of the teardown) calls this first: a log left behind is
    /// read whole by every process that opens the file next (5 MB after a year's agenda on
    /// 10,000 items, every later command's start). The store can do nothing more afterwards.
    public func close() {
        try? dbQueue.close()
    }

    // MARK: - Errors

    /// Any error while opening, as the `StoreError` that says best what is wrong.
    static func openingError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB:
                return .notADatabase(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
                return .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
            default:
                break
            }
        }
        return storeError(error)
    }

    /// Any error during reading or writing, as a `StoreError`.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .failed(String(describing: error))
        }
        let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_FULL:
            return .failed("the disk is full; nothing was written")
        case .SQLITE_IOERR where [ResultCode.SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE,
                                  .SQLITE_IOERR_SHMSIZE].contains(error.extendedResultCode):
            // A file size limit (ulimit -f) or a disk that fails as it fills.
            return .failed("the disk refused the write (full, or over a file size limit); nothing was written")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .failed("another Datebook kept the database busy for too long; nothing was written")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            return .failed("the database cannot be written (\(message))")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .damaged(reason: message)
        default:
            return .failed(message)
        }
    }
}

// MARK: - Checking the file

extension SQLiteStore {
    /// What SQLite's integrity check finds wrong in the file at `path`, and rows that no
    /// page check sees (keys out of order in the calendar's table); empty when it is whole.
    ///
    /// Opens the file read-only and writes nothing, so a damaged file is left as it was.
    /// Throws when the file cannot be opened or is not SQLite at all.
    public static func integrityProblems(path: String) throws(StoreError) -> [String] {
        Self.processSettings
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            // SQLite would say "disk I/O error", which reads as damage.
            throw .cannotOpen(path: path, reason: "it is a folder, not a file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                if problems == ["ok"] { problems = [] }
                if problems.isEmpty, try db.tableExists("item") {
                    // Every item read as a list reads it: values no Datebook could have stored.
                    do {
                        _ = try fetchItems(
                            coding: StoredTime(timeZone: .current), db, sql: "SELECT id FROM item", arguments: [])
                    } catch let error as StoreError {
                        if case let .damaged(reason) = error { problems.append(reason) } else { throw error }
                    }
                }
                if problems.isEmpty, try db.tableExists("occurrence") {
                    let rows = try ReadStatement(db, sql: "SELECT start, item, key FROM occurrence")
                    var order = KeyOrder(table: "occurrence")
                    do {
                        while try rows.step() {
                            try order.check(rows.double(0), rows.int64(1), rows.double(2))
                        }
                    } catch let error as StoreError {
                        if case let .damaged(reason) = error { problems.append(reason) } else { throw error }
                    }
                }
                return problems
            }
        } catch {
            throw openingError(error, path: path)
        }
    }
}
