import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Opening database files: creating them, refusing the wrong ones, two Datebooks on one file.
@Suite struct SQLiteStoreFileTests {
    // MARK: - Creating

    @Test func createsMissingFoldersAndAWALDatabase() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/a/b/datebook.sqlite"

        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.task(1, "Persisted"))

        #expect(FileManager.default.fileExists(atPath: path))
        let settings = try store.dbQueue.read { db in
            (
                journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                applicationID: try Int32.fetchOne(db, sql: "PRAGMA application_id"),
                foreignKeys: try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
                synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                migrations: try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            )
        }
        #expect(settings.journalMode == "wal")
        #expect(settings.applicationID == SQLiteStore.applicationID)
        #expect(settings.foreignKeys == true)
        #expect(settings.synchronous == 1)  // NORMAL
        #expect(settings.migrations == SQLiteStore.migrator.migrations)
        #expect(settings.migrations.first == "v1")
    }

    @Test func reopeningKeepsEverything() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        var item = Fixture.event(1, "Kept across runs", at: "2026-11-23 09:00")
        item.attachments = ["/tmp/a.png"]
        let saved = try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(item)
        try SQLiteStore(path: path).complete(id: item.id)

        let reopened = try SQLiteStore(path: path)
        let read = try #require(try reopened.item(id: item.id))
        #expect(read.status == .completed)
        #expect(read.attachments == saved.attachments)
        #expect(read.times == saved.times)
    }

    // MARK: - Refusing

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/notes.txt"
        let bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: URL(fileURLWithPath: path))

        #expect(throws: StoreError.notADatabase(path: path)) { try SQLiteStore(path: path) }

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(Fixture.fileNames(in: folder) == ["notes.txt"])
    }

    @Test func aTextFileIsRefusedAndLeftUntouched() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let text = Data(String(repeating: "Shopping: milk, eggs, bread.\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))

        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(path: path) }

        #expect(error == .notADatabase(path: path))
        #expect(error?.description.contains("left untouched") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(Fixture.fileNames(in: folder) == ["datebook.sqlite"])
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/other.sqlite"
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { db in
                try db.execute(sql: "CREATE TABLE songs (id INTEGER PRIMARY KEY, name TEXT)")
                try db.execute(sql: "INSERT INTO songs (name) VALUES ('one')")
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(throws: StoreError.notADatabase(path: path)) { try SQLiteStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aDatabaseFromANewerDatebookIsRefusedAndLeftUntouched() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(Fixture.task(1, "Written by us"))
        do {
            let newer = try DatabaseQueue(path: path)
            try newer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
        }
        let files = Fixture.fileNames(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(path: path) }

        #expect(error == .newerVersion(path: path))
        #expect(error?.description.contains("newer Datebook") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(Fixture.fileNames(in: folder) == files)
    }

    @Test func aFolderUnderARegularFileCannotBeOpened() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let file = folder + "/file.txt"
        try Data("plain".utf8).write(to: URL(fileURLWithPath: file))
        let path = file + "/sub/db.sqlite"

        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(path: path) }

        guard case let .cannotOpen(errorPath, reason)? = error else {
            Issue.record("expected .cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains("file.txt is a file, not a folder"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("plain".utf8))
    }

    @Test func aFolderInPlaceOfTheFileCannotBeOpened() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(path: folder) }
        guard case .cannotOpen? = error else {
            Issue.record("expected .cannotOpen, got \(String(describing: error))")
            return
        }
    }

    // MARK: - Two Datebooks on one file

    @Test func anotherStoresSaveIsSeenAsAnExternalChange() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/shared.sqlite"
        let first = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let second = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let firstFeed = try first.changeFeed()
        let secondFeed = try second.changeFeed()
        #expect(try secondFeed.changesSinceLastAsked().isEmpty)

        let item = try first.save(Fixture.task(1, "From the first"))

        #expect(try secondFeed.changesSinceLastAsked() == StoreChanges(commits: 0, external: true))
        #expect(try secondFeed.changesSinceLastAsked().isEmpty)
        #expect(try second.item(id: item.id) == item)
        // Its own write is in its feed as its own.
        #expect(try firstFeed.changesSinceLastAsked() == StoreChanges(commits: 1, external: false))

        try second.complete(id: item.id)
        #expect(try firstFeed.changesSinceLastAsked() == StoreChanges(commits: 0, external: true))
        #expect(try first.item(id: item.id)?.status == .completed)
    }

    @Test func twoStoresWritingAtOnceLoseNothing() async throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/shared.sqlite"
        let first = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let second = try SQLiteStore(path: path, clock: .fixed(Fixture.now))

        // Interleaved one by one.
        for n in 1...50 {
            try (n % 2 == 0 ? first : second).save(Fixture.task(n, "Interleaved \(n)"))
        }
        // And truly at the same time, from two threads.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (store, range) in [(first, 1000..<1300), (second, 2000..<2300)] {
                group.addTask {
                    for n in range {
                        try store.save(Fixture.task(n, "Concurrent \(n)"))
                        if n % 10 == 0 { try store.complete(id: Fixture.id(n)) }
                    }
                }
            }
            try await group.waitForAll()
        }

        for store in [first, second] {
            #expect(try store.activeCount() + store.historyCount() == 650)
            #expect(try store.historyCount() == 60)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func anotherProcessHoldingTheWriteLockMakesASaveWaitNotFail() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/shared.sqlite"
        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        try store.save(Fixture.task(1, "Before"))

        // Another process takes the write lock, says so by creating a marker file, and keeps
        // the lock for a second: a fixed time well inside the busy timeout (5 s), where busy
        // work of the same length took over 5 s on a loaded machine and failed the test.
        let marker = folder + "/locked"
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        other.arguments = [path]
        let input = Pipe()
        other.standardInput = input
        other.standardOutput = FileHandle.nullDevice
        try other.run()
        let script = """
            .timeout 5000
            BEGIN IMMEDIATE;
            INSERT INTO item (uid, kind, title, status, created, updated, sort_at)
              VALUES ('00000000-0000-0000-0000-00000000ffff', 'task', 'From sqlite3', 'active', 0, 0, 1e308);
            .shell touch '\(marker)'
            .shell sleep 1
            COMMIT;

            """
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(FileManager.default.fileExists(atPath: marker))

        for n in 2...20 {
            try store.save(Fixture.task(n, "While locked \(n)"))
        }
        other.waitUntilExit()

        #expect(other.terminationStatus == 0)
        #expect(try store.activeCount() == 21)
        #expect(try store.item(id: Fixture.id(0xffff))?.title == "From sqlite3")
        // The first save waited for the other process's commit, so its row came after.
        let (ids, titles) = try store.dbQueue.read { db in
            (
                try Int.fetchAll(
                    db, sql: "SELECT id FROM item WHERE title IN ('From sqlite3', 'While locked 2') ORDER BY id"),
                try String.fetchAll(db, sql: "SELECT title FROM item WHERE id IN (2, 3) ORDER BY id")
            )
        }
        #expect(ids == [2, 3])
        #expect(titles == ["From sqlite3", "While locked 2"])
    }

    @Test func twoStoresOpeningANewFileAtOnceBothWork() async throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/new.sqlite"
        let stores = try await withThrowingTaskGroup(of: SQLiteStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try SQLiteStore(path: path, clock: .fixed(Fixture.now)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (n, store) in stores.enumerated() {
            try store.save(Fixture.task(n + 1, "Store \(n)"))
        }
        #expect(try stores[0].activeCount() == 4)
    }
}
