import Foundation
import GRDB

/// Where sync stands, as the planner's tab bar shows it: when it last worked, what went wrong
/// the last time, and how many items wait to go out.
public struct SyncStatus: Equatable, Sendable {
    /// How many accounts there are (none: the tab bar says nothing of sync).
    public var accounts: Int
    /// When a collection last synced without an error.
    public var lastSync: Date?
    /// What went wrong the last time a collection synced, in the engine's words; nil when the
    /// last sync of every collection worked.
    public var lastError: String?
    /// Items changed here since they were last agreed with a server: new ones, changed ones and
    /// removed ones.
    public var waiting: Int

    public init(accounts: Int = 0, lastSync: Date? = nil, lastError: String? = nil, waiting: Int = 0) {
        self.accounts = accounts
        self.lastSync = lastSync
        self.lastError = lastError
        self.waiting = waiting
    }
}

/// What the planner reads and writes of sync: where it stands, the accounts to sync, and the
/// conflicts a person settles. `SQLiteStore` is one.
public protocol SyncStateStore: AnyObject, Sendable {
    func syncStatus() throws(StoreError) -> SyncStatus
    func syncAccounts() throws(StoreError) -> [SyncAccount]
    func syncConflicts() throws(StoreError) -> [SyncConflict]
    /// Puts my version of a conflict back in place; returns the item as saved.
    func takeMine(conflict id: Int64) throws(StoreError) -> SQLiteStore.TakenVersion
    /// Forgets a conflict, keeping the server's version.
    func dismissSyncConflict(id: Int64) throws(StoreError)
    /// Reads the two versions of a conflict as items (mine, the server's); nil for a text that
    /// holds no item.
    func conflictVersions(_ conflict: SyncConflict) throws(StoreError) -> (mine: Item?, theirs: Item?)
}

extension SQLiteStore: SyncStateStore {
    public func syncStatus() throws(StoreError) -> SyncStatus {
        try read { db in
            let accounts = try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_account") ?? 0
            guard accounts > 0 else { return SyncStatus() }
            let lastSync = try Double.fetchOne(db, sql: "SELECT max(last_sync) FROM sync_collection")
            let lastError = try String.fetchOne(
                db, sql: "SELECT last_error FROM sync_collection WHERE last_error IS NOT NULL LIMIT 1")
            // New here (never agreed with any collection), and written since agreed (the
            // triggers' rows) or marked to go out (a take-mine): counts that never overlap,
            // each from an index but for the few rows agreed on nothing. An item of a calendar
            // left out (`datebook account select --off`) waits for nothing: its changes go out
            // only if the calendar is synced again.
            let waiting = try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM item i
                            WHERE i.status <> 'deleted'
                              AND NOT EXISTS (SELECT 1 FROM sync_resource r WHERE r.uid = i.ical_uid))
                         + (SELECT count(*) FROM sync_dirty d
                            WHERE EXISTS (SELECT 1 FROM sync_resource r \(Self.selectedCollection) WHERE r.uid = d.uid))
                         + (SELECT count(DISTINCT r.uid) FROM sync_resource r \(Self.selectedCollection)
                            WHERE r.agreed IS NULL AND NOT EXISTS (SELECT 1 FROM sync_dirty d WHERE d.uid = r.uid))
                    """) ?? 0
            return SyncStatus(
                accounts: accounts, lastSync: lastSync.map { Date(unixSeconds: $0) }, lastError: lastError,
                waiting: waiting)
        }
    }

    /// Joins a resource (`r`) to its collection when that is synced.
    private static let selectedCollection =
        "JOIN sync_collection c ON c.account = r.account AND c.url = r.collection AND c.selected = 1"

    public func conflictVersions(_ conflict: SyncConflict) throws(StoreError) -> (mine: Item?, theirs: Item?) {
        let coder = ICalendarResource(timeZone: timeZone, now: clock.now(), storedZoneDefinitions: try storedZoneDefinitions())
        return (coder.item(from: conflict.mine), coder.item(from: conflict.theirs))
    }
}

extension SyncConflict {
    /// A conflict as the store keeps it (for the screens' tests).
    public static func kept(id: Int64, account: String, uid: String, title: String, fields: [String], mine: String,
                            theirs: String, at: Date) -> SyncConflict
    {
        SyncConflict(id: id, account: account, uid: uid, title: title, fields: fields, mine: mine, theirs: theirs, at: at)
    }
}
