import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Values bound straight to SQLite, and SQLite's errors on that path.
@Suite struct WriteStatementTests {
    @Test func anyTextReadsBackExactly() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        var item = Fixture.task(1, "NUL \u{0} inside, emoji 👩‍👩‍👧, CJK 会议準備, RTL \u{202E}txet, e\u{301}")
        item.notes = String(repeating: "long line ", count: 10_000)
        item.place = "\u{1B}[31mred\u{1B}[0m"
        item.attachments = ["/tmp/ä ö/ü.png", ""]
        let saved = try store.save(item)
        let read = try #require(try store.item(id: item.id))
        #expect(read == saved)
        #expect(read.title.utf8.count == item.title.utf8.count)
        #expect(read.notes == item.notes)
    }

    @Test func aFailedStatementThrowsAndCanRunAgain() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.task(1, "Parent"))

        let outcome = try store.dbQueue.write { db -> (code: ResultCode?, inserted: Int) in
            let statement = try WriteStatement(db, sql: "INSERT INTO item_time (item, position, start) VALUES (?, ?, ?)")
            var code: ResultCode?
            do {
                try statement.bind(Int64(999), at: 1)  // no such item: the foreign key refuses it
                try statement.bind(0, at: 2)
                try statement.bind(0.0, at: 3)
                try statement.run()
            } catch let error as DatabaseError {
                code = error.resultCode
            }
            try statement.bind(Int64(1), at: 1)
            try statement.bind(0, at: 2)
            try statement.bind(0.0, at: 3)
            return (code, try statement.run())
        }

        #expect(outcome.code == .SQLITE_CONSTRAINT)
        #expect(outcome.inserted == 1)
        #expect(try store.item(id: Fixture.id(1))?.times == [ItemTime(start: Date(timeIntervalSince1970: 0))])
    }

    @Test func badSQLIsAnError() throws {
        let store = try SQLiteStore.inMemory()
        let error = try store.dbQueue.write { db -> DatabaseError? in
            do {
                _ = try WriteStatement(db, sql: "INSERT INTO nowhere VALUES (?)")
                return nil
            } catch let error as DatabaseError {
                return error
            }
        }
        #expect(error?.resultCode == .SQLITE_ERROR)
        #expect(error?.message?.contains("no such table") == true)
    }
}
