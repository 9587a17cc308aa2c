import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// The check before a write: every time for a small file; for a large one, at most once a day.
@Suite("The check for damage before a write")
final class DamageCheckTests {
    let folder = Fixture.makeFolder()
    var path: String { folder + "/datebook.sqlite" }

    deinit { Fixture.removeFolder(folder) }

    func store(at time: Date) throws -> SQLiteStore {
        try SQLiteStore(path: path, clock: .fixed(time))
    }

    /// Makes the page of the (empty) meeting invitees' table claim 512 cells.
    func damage() throws {
        let (root, size) = try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'meeting_invitee'")!,
                try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try file.seek(toOffset: UInt64((root - 1) * size + 3))
        try file.write(contentsOf: Data([0x02, 0x00]))
        try file.close()
    }

    func isDamaged(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch let error as StoreError {
            if case .damaged = error { return true }
            Issue.record("another error: \(error)")
            return false
        } catch {
            Issue.record("another error: \(error)")
            return false
        }
    }

    @Test("a small file is checked before every write")
    func smallFile() throws {
        try store(at: Fixture.now).checkForDamageBeforeWriting()
        try damage()
        #expect(isDamaged { try store(at: Fixture.now).checkForDamageBeforeWriting() })
        #expect(isDamaged { try store(at: Fixture.now).checkForDamageBeforeWriting() })
    }

    @Test("a large file is checked when it was not in the last day, and the time noted")
    func largeFile() throws {
        // Every file counts as large with a bound of 0 pages.
        try store(at: Fixture.now).checkForDamageBeforeWriting(everyWriteUpTo: 0)
        try damage()
        let hourLater = Fixture.now.addingTimeInterval(3600)
        #expect(!isDamaged { try store(at: hourLater).checkForDamageBeforeWriting(everyWriteUpTo: 0) })
        let dayLater = Fixture.now.addingTimeInterval(SQLiteStore.largeFileCheckInterval)
        #expect(isDamaged { try store(at: dayLater).checkForDamageBeforeWriting(everyWriteUpTo: 0) })
        // A clock set back does not put the check off.
        #expect(isDamaged { try store(at: Fixture.now.addingTimeInterval(-60)).checkForDamageBeforeWriting(everyWriteUpTo: 0) })
    }
}
