import Foundation
import Testing

@testable import DatebookKit

/// The change feed: every commit of this process, through whatever path, and another
/// process's commits, each reader from where it last asked.
@Suite struct ChangeFeedTests {
    @Test func everyWritePathOfThisProcessIsInTheFeed() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let feed = try store.changeFeed()
        #expect(try feed.changesSinceLastAsked().isEmpty)

        let item = try store.save(Fixture.event(1, "Saved", at: "2026-11-23 09:00"))
        #expect(try feed.changesSinceLastAsked() == StoreChanges(commits: 1))

        try store.insert(contentsOf: [Fixture.task(2, "Inserted"), Fixture.task(3, "Inserted too")])
        try store.complete(id: item.id)
        try store.reopen(id: item.id)
        try store.delete(id: Fixture.id(2))
        #expect(try feed.changesSinceLastAsked() == StoreChanges(commits: 4))

        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Test//EN\r
            BEGIN:VEVENT\r
            UID:imported@example.com\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:20261124T100000Z\r
            DTEND:20261124T110000Z\r
            SUMMARY:Imported\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        _ = try ICalendarImporter(writer: store).importData(Data(calendar.utf8))
        #expect(try feed.changesSinceLastAsked().commits >= 1)
        #expect(try feed.changesSinceLastAsked().isEmpty)
    }

    @Test func readsAndRolledBackWritesAreNotChanges() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        try store.save(Fixture.task(1, "There"))
        let feed = try store.changeFeed()
        _ = try store.activeItems(offset: 0, limit: 10)
        _ = try store.occurrences(from: Fixture.now, to: Fixture.now.addingTimeInterval(86_400), includingUIDs: false)
        #expect(throws: StoreError.self) { try store.complete(id: Fixture.id(99)) }
        #expect(try feed.changesSinceLastAsked().isEmpty)
    }

    @Test func eachFeedKeepsItsOwnPlace() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let screens = try store.changeFeed()
        try store.save(Fixture.task(1, "Before the second reader"))
        let sync = try store.changeFeed()
        try store.save(Fixture.task(2, "After it"))
        #expect(try screens.changesSinceLastAsked().commits == 2)
        #expect(try sync.changesSinceLastAsked().commits == 1)
    }
}
