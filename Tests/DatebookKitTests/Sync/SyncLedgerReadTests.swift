import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// What a pull reads of the ledger: every resource's ETag for the listing, then the whole rows
/// of only the resources it received or saw removed, found by href or by UID.
@Suite struct SyncLedgerReadTests {
    static let calendar = URL(string: "http://127.0.0.1:5232/alice/calendar/")!
    static let other = URL(string: "http://127.0.0.1:5232/alice/public/")!

    /// A store with an account and `count` resources agreed in its calendar (`/c/N.ics`, UID
    /// `uid-N`, ETag `"N"`, the last without an ETag), and one in another collection.
    func store(count: Int) throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.addSyncAccount(SyncAccount(
            name: "home", url: URL(string: "http://127.0.0.1:5232/")!, user: "alice",
            collections: [
                SyncCollection(url: Self.calendar, kind: .calendar, isDefault: true),
                SyncCollection(url: Self.other, kind: .public, isDefault: false),
            ]))
        try store.write { db in
            for n in 0..<count {
                try SyncLedger(account: "home", collection: Self.calendar).remember(
                    "/c/\(n).ics", uid: "uid-\(n)", etag: n == count - 1 ? nil : "\"\(n)\"", base: "TEXT \(n)",
                    agreed: "print \(n)", db)
            }
            try SyncLedger(account: "home", collection: Self.other).remember(
                "/p/0.ics", uid: "uid-0", etag: "\"p\"", base: "PUBLIC", agreed: nil, db)
        }
        return store
    }

    @Test("the listing's ETags: every resource of the collection, a missing ETag kept as nil")
    func etags() throws {
        let store = try store(count: 4)
        let etags = try store.syncedETags(account: "home", collection: Self.calendar)
        #expect(etags.count == 4)
        #expect(etags["/c/0.ics"] == .some("\"0\""))
        #expect(etags["/c/3.ics"] == .some(nil))
        #expect(etags["/p/0.ics"] == nil)
    }

    @Test("a pull reads the whole rows of the hrefs and UIDs it names, in this collection only")
    func namedRows() throws {
        let store = try store(count: 50)
        let rows = try store.read { db in
            try SQLiteStore.syncedResources(
                db, account: "home", collection: Self.calendar, hrefs: ["/c/3.ics", "/c/missing.ics"],
                uids: ["uid-7", "uid-0", "uid-none"])
        }
        #expect(Set(rows.keys) == ["/c/3.ics", "/c/7.ics", "/c/0.ics"])
        #expect(rows["/c/7.ics"] == SyncedResource(href: "/c/7.ics", uid: "uid-7", etag: "\"7\"", base: "TEXT 7", agreed: "print 7"))
        let none = try store.read { db in
            try SQLiteStore.syncedResources(db, account: "home", collection: Self.calendar, hrefs: [], uids: [])
        }
        #expect(none.isEmpty)
    }

    @Test("past the limit of names, a pull reads every row of the collection once")
    func manyNames() throws {
        let count = SQLiteStore.targetedReadLimit + 10
        let store = try store(count: count)
        let named = (0..<count).map { "/c/\($0).ics" }
        let rows = try store.read { db in
            try SQLiteStore.syncedResources(db, account: "home", collection: Self.calendar, hrefs: named, uids: [])
        }
        let whole = try store.syncedResources(account: "home", collection: Self.calendar)
        #expect(rows == whole)
        #expect(rows.count == count)
    }
}
