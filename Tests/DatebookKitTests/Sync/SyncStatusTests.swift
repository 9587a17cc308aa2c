import Foundation
import Testing

@testable import DatebookKit

/// What the planner's tab bar reads of sync: how many accounts, when a collection last synced,
/// the last error, and how many items wait to go out.
@Suite struct SyncStatusTests {
    static let calendar = URL(string: "http://127.0.0.1:5232/alice/calendar/")!

    func store() throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
    }

    func addAccount(_ store: SQLiteStore) throws {
        try store.addSyncAccount(SyncAccount(
            name: "home", url: URL(string: "http://127.0.0.1:5232/")!, user: "alice",
            collections: [SyncCollection(url: Self.calendar, kind: .calendar, isDefault: true)]))
    }

    /// Notes items as agreed with the server, as a finished sync leaves them.
    func agree(_ store: SQLiteStore, _ items: [Item], in calendar: URL = Self.calendar) throws {
        try store.write { db in
            for item in items {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO sync_resource (account, collection, href, uid, etag, base, agreed)
                        VALUES ('home', ?, ?, ?, '"1"', '', 'agreed')
                        """,
                    arguments: [calendar.absoluteString, "\(calendar.path)\(item.icalendarUID).ics", item.icalendarUID])
                try db.execute(sql: "DELETE FROM sync_dirty WHERE uid = ?", arguments: [item.icalendarUID])
            }
        }
    }

    @Test func withoutAnAccountNothingIsSaid() throws {
        let store = try store()
        try store.save(Fixture.event(1, "Dentist", at: "2026-11-23 09:00"))
        #expect(try store.syncStatus() == SyncStatus())
    }

    @Test func itemsNeverAgreedWaitUntilASyncAgreesThem() throws {
        let store = try store()
        let before = try store.save(Fixture.event(1, "Made before the account", at: "2026-11-23 09:00"))
        try addAccount(store)
        let after = try store.save(Fixture.event(2, "Made after", at: "2026-11-24 09:00"))
        let removed = try store.save(Fixture.event(3, "Removed before any sync", at: "2026-11-25 09:00"))
        try store.delete(id: removed.id)
        #expect(try store.syncStatus() == SyncStatus(accounts: 1, waiting: 2))

        try agree(store, [before, after])
        try store.noteSyncEnded(account: "home", collection: Self.calendar, error: nil)
        #expect(try store.syncStatus() == SyncStatus(accounts: 1, lastSync: Fixture.now, waiting: 0))

        // Changed here, and removed here, since agreed.
        var changed = after
        changed.title = "Made after, renamed"
        try store.save(changed)
        try store.delete(id: before.id)
        #expect(try store.syncStatus().waiting == 2)
    }

    @Test func changesInACalendarLeftOutWaitForNothing() throws {
        let store = try store()
        try addAccount(store)
        let work = URL(string: "http://127.0.0.1:5232/alice/work/")!
        #expect(try store.selectSyncCollection(account: "home", SyncCollection(url: work, kind: .calendar)))
        let home = try store.save(Fixture.event(1, "At home", at: "2026-11-23 09:00"))
        let office = try store.save(Fixture.event(2, "At the office", at: "2026-11-24 09:00"))
        try agree(store, [home])
        try agree(store, [office], in: work)
        #expect(try store.syncStatus().waiting == 0)
        var renamed = office
        renamed.title = "At the office, renamed"
        try store.save(renamed)
        #expect(try store.syncStatus().waiting == 1)
        // Left out, its calendar sends nothing: its change is not waiting. Synced again, it is.
        #expect(try store.deselectSyncCollection(account: "home", url: work))
        #expect(try store.syncStatus().waiting == 0)
        #expect(try store.selectSyncCollection(account: "home", SyncCollection(url: work, kind: .calendar)))
        #expect(try store.syncStatus().waiting == 1)
    }

    @Test func theLastErrorStaysUntilASyncWorks() throws {
        let store = try store()
        try addAccount(store)
        try store.noteSyncEnded(account: "home", collection: Self.calendar, error: nil)
        let refused = NetworkError.notAllowed(status: 401).description
        try store.noteSyncEnded(account: "home", collection: Self.calendar, error: refused)
        #expect(try store.syncStatus() == SyncStatus(accounts: 1, lastSync: Fixture.now, lastError: refused))
        try store.noteSyncEnded(account: "home", collection: Self.calendar, error: nil)
        #expect(try store.syncStatus().lastError == nil)
    }
}
