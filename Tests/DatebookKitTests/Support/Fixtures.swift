import Foundation
import GRDB
import Synchronization
import Testing

@testable import DatebookKit

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Fixture.now) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    /// The `Clock` to give a store.
    var clock: Clock { Clock { [self] in now } }

    /// Moves the time on by `seconds`.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Dates, items and folders the store tests share.
enum Fixture {
    /// Sunday 2026-11-22 09:00:00 UTC.
    static let now = utc("2026-11-22 09:00")

    /// A moment written as `yyyy-MM-dd HH:mm` in UTC.
    static func utc(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return try! DateParser(now: Date(timeIntervalSince1970: 0), calendar: calendar).parse(text).date
    }

    /// The UUID whose last group is `n` (as `IDSource.sequential()` makes them).
    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", UInt64(n)))!
    }

    /// An event from `start`, lasting an hour.
    static func event(_ n: Int, _ title: String, at start: String, created: Date = now) -> Item {
        let begin = utc(start)
        return Item(
            id: id(n), kind: .event, title: title,
            times: [ItemTime(start: begin, end: begin.addingTimeInterval(3600))], created: created)
    }

    /// A task, maybe with a due date.
    static func task(_ n: Int, _ title: String, due: String? = nil, created: Date = now) -> Item {
        Item(id: id(n), kind: .task, title: title, due: due.map(utc), created: created)
    }

    /// A fresh, empty folder under the system's temporary folder; removed by `removeFolder`.
    static func makeFolder() -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("datebook-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A database in `folder` as a Datebook of schema `version` left it, holding the rows
    /// `fill` writes; returns its path, for a store to open (and migrate).
    static func olderDatabase(in folder: String, upTo version: String, _ fill: (Database) throws -> Void) throws
        -> String
    {
        let path = folder + "/datebook.sqlite"
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: version)
        try queue.write(fill)
        try queue.close()
        return path
    }

    /// The names of the files in a folder, sorted.
    static func fileNames(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// Runs `body` and returns the `StoreError` it throws, or nil when it throws none.
func storeError(_ body: () throws(StoreError) -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
