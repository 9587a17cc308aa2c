import Foundation
import GRDB
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

    /// Version 22 finds what to send among the triggers' rows; an account made before it had
    /// items never agreed that no trigger saw (made before the account): the migration marks them.
    @Test func anAccountFromBeforeVersion22SendsItsItemsNeverAgreed() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let monday = Fixture.utc("2026-11-23 09:00").timeIntervalSince1970
        let path = try Fixture.olderDatabase(in: folder, upTo: "v21") { db in
            for (n, title) in [(1, "Agreed"), (2, "Never agreed"), (3, "Removed")] {
                let uid = Fixture.id(n).lowercasedText
                try db.execute(
                    sql: """
                        INSERT INTO item (id, uid, kind, title, created, updated, sort_at, ical_uid, status)
                            VALUES (?, ?, 'event', ?, 0, 0, ?, ?, ?);
                        INSERT INTO item_time (item, position, start, "end") VALUES (?, 0, ?, ?);
                        """,
                    arguments: [n, uid, title, monday, uid, n == 3 ? "deleted" : "active", n, monday, monday + 3600])
            }
            try db.execute(
                sql: """
                    INSERT INTO sync_account (name, url, user, created) VALUES ('home', 'http://127.0.0.1:5232/', 'alice', 0);
                    INSERT INTO sync_collection (account, url, kind, is_default) VALUES ('home', ?, 'calendar', 1);
                    INSERT INTO sync_resource (account, collection, href, uid, etag, base, agreed)
                        VALUES ('home', ?, '/alice/calendar/1.ics', ?, '"1"', '', 'agreed');
                    """,
                arguments: [Self.calendar.absoluteString, Self.calendar.absoluteString, Fixture.id(1).lowercasedText])
        }
        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let dirty = try store.dbQueue.read { db in try String.fetchAll(db, sql: "SELECT uid FROM sync_dirty") }
        #expect(dirty == [Fixture.id(2).lowercasedText])
        #expect(try store.syncStatus().waiting == 1)
        #expect(try store.syncAccounts().first?.collections.first?.isSelected == true)
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
