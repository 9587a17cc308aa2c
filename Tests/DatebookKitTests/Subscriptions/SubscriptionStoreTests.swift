import Foundation
import Testing

@testable import DatebookKit

/// Keeping what subscribed calendars say: replaced whole when a reading succeeds, kept when it
/// fails, never read for blocked or deleted contacts, never an item; and birthdays.
@Suite struct SubscriptionStoreTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A store on a temp file with Ana subscribed to `feed.ics` in its folder.
    final class Setup {
        let folder = Fixture.makeFolder()
        let store: SQLiteStore
        var ana: Contact
        var feedPath: String { (folder as NSString).appendingPathComponent("ana.ics") }

        init() throws {
            store = try SQLiteStore(path: (folder as NSString).appendingPathComponent("db.sqlite"),
                                    clock: .fixed(Fixture.now), timeZone: SubscriptionStoreTests.utc)
            ana = try store.save(Contact(id: Fixture.id(1), displayName: "Ana", created: Fixture.now))
            try store.setSubscription(ContactSubscription(source: .file(path: feedPath)), of: ana.id)
        }

        deinit { Fixture.removeFolder(folder) }

        func writeFeed(_ events: String...) {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.joined() + "END:VCALENDAR\r\n"
            FileManager.default.createFile(atPath: feedPath, contents: Data(text.utf8))
        }

        var refresher: SubscriptionRefresher {
            SubscriptionRefresher(store: store, fetcher: FeedFetcher(timeout: 2), clock: .fixed(Fixture.now))
        }

        /// The labels of what the Calendar shows of contacts in the week from Monday 23 November.
        func week() throws -> [String] {
            try store.contactEntries(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2026-11-30 00:00")).map(\.label)
        }
    }

    static func event(_ uid: String, _ title: String?, _ start: String, _ end: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\n" + (title.map { "SUMMARY:\($0)\r\n" } ?? "")
            + "DTSTART:\(start)\r\nDTEND:\(end)\r\nEND:VEVENT\r\n"
    }

    @Test func aGoodReadingReplacesTheCopyWholeAndIsRecorded() throws {
        let setup = try Setup()
        setup.writeFeed(Self.event("a", "Dentist", "20261124T090000Z", "20261124T100000Z"),
                        Self.event("b", nil, "20261125T140000Z", "20261125T150000Z"))
        let first = try setup.refresher.refresh(contactID: setup.ana.id)
        #expect(first?.outcome == .read(blocks: 2))
        #expect(first?.summary == "Ana  \(setup.feedPath)  2 busy times")
        #expect(try setup.week() == ["Ana: Dentist", "Ana: busy"])
        let subscription = try setup.store.contact(id: setup.ana.id)?.subscription
        #expect(subscription?.lastRead == Fixture.now && subscription?.lastError == nil)

        setup.writeFeed(Self.event("c", "Lunch", "20261126T120000Z", "20261126T130000Z"))
        #expect(try setup.refresher.refreshAll().map(\.outcome) == [.read(blocks: 1)])
        #expect(try setup.week() == ["Ana: Lunch"])
    }

    @Test func aFailedReadingKeepsTheLastCopyAndSaysWhy() throws {
        let setup = try Setup()
        setup.writeFeed(Self.event("a", "Dentist", "20261124T090000Z", "20261124T100000Z"))
        _ = try setup.refresher.refreshAll()
        for bad in ["<html><body>Not found</body></html>", "just text", ""] {
            FileManager.default.createFile(atPath: setup.feedPath, contents: Data(bad.utf8))
            let result = try #require(try setup.refresher.refresh(contactID: setup.ana.id))
            #expect(result.failed)
            #expect(try setup.week() == ["Ana: Dentist"])
        }
        try FileManager.default.removeItem(atPath: setup.feedPath)
        let result = try #require(try setup.refresher.refreshAll().first)
        #expect(result.outcome == .failed(.noSuchFile(setup.feedPath), keptBlocks: 1))
        #expect(result.summary == "Ana  \(setup.feedPath)  cannot read it: no such file: \(setup.feedPath); "
            + "the last copy is kept (1 busy time)")
        let subscription = try setup.store.contact(id: setup.ana.id)?.subscription
        #expect(subscription?.lastError == "no such file: \(setup.feedPath)")
        #expect(subscription?.lastRead == Fixture.now)
        #expect(try setup.week() == ["Ana: Dentist"])
    }

    @Test func aFirstReadingThatFailsSaysNothingWasReadYet() throws {
        let setup = try Setup()
        let result = try #require(try setup.refresher.refresh(contactID: setup.ana.id))
        #expect(result.summary == "Ana  \(setup.feedPath)  cannot read it: no such file: \(setup.feedPath); "
            + "nothing was read from it yet")
        #expect(try setup.store.contact(id: setup.ana.id)?.subscription?.lastRead == nil)
    }

    @Test func blockedAndDeletedContactsAreNotReadAndTheirBlocksAreHidden() throws {
        let setup = try Setup()
        setup.writeFeed(Self.event("a", "Dentist", "20261124T090000Z", "20261124T100000Z"))
        _ = try setup.refresher.refreshAll()
        try setup.store.setRelation(.blocked, of: setup.ana.id)
        setup.writeFeed(Self.event("b", "Gym", "20261125T090000Z", "20261125T100000Z"))
        #expect(try setup.refresher.refreshAll().map(\.outcome) == [.skipped(reason: "the contact is blocked")])
        #expect(try setup.week() == [])
        // The subscription is kept: unblocked, the last copy shows again.
        #expect(try setup.store.contact(id: setup.ana.id)?.subscription != nil)
        try setup.store.setRelation(.friend, of: setup.ana.id)
        #expect(try setup.week() == ["Ana: Dentist"])
        try setup.store.deleteContact(id: setup.ana.id)
        #expect(try setup.refresher.refreshAll().map(\.outcome) == [.skipped(reason: "the contact is deleted")])
        #expect(try setup.week() == [])
    }

    @Test func aCopyOfAnotherSourceIsNotShownAndUnsubscribingHidesIt() throws {
        let setup = try Setup()
        setup.writeFeed(Self.event("a", "Dentist", "20261124T090000Z", "20261124T100000Z"))
        _ = try setup.refresher.refreshAll()
        try setup.store.setSubscription(ContactSubscription(source: .file(path: "/elsewhere.ics")), of: setup.ana.id)
        #expect(try setup.week() == [])
        try setup.store.setSubscription(nil, of: setup.ana.id)
        #expect(try setup.week() == [])
        #expect(try setup.refresher.refresh(contactID: setup.ana.id) == nil)
    }

    @Test func busyTimesAreNeverItemsExportedOrSearched() throws {
        let setup = try Setup()
        setup.writeFeed(Self.event("a", "Secret dentist", "20261124T090000Z", "20261124T100000Z"))
        _ = try setup.refresher.refreshAll()
        #expect(try setup.store.busyBlockCount(of: setup.ana.id) == 1)
        #expect(try setup.store.activeCount() == 0)
        #expect(try setup.store.occurrences(from: Fixture.utc("2026-11-01 00:00"), to: Fixture.utc("2027-01-01 00:00"))
            .isEmpty)
        let exported = try ICalendarExporter(reader: setup.store).exportString()
        #expect(!exported.contains("Secret dentist") && !exported.contains("VEVENT"))
        let found = try setup.store.search(SearchQuery("dentist"), at: Fixture.now)
        #expect(found.groups.allSatisfy { $0.hits.isEmpty })
    }

    @Test func birthdaysShowYearlyWithTheAgeWhenTheYearIsKnown() throws {
        let setup = try Setup()
        var ben = Contact(id: Fixture.id(2), displayName: "Ben", created: Fixture.now)
        ben.birthday = Birthday(year: 1992, month: 11, day: 25)
        var cleo = Contact(id: Fixture.id(3), displayName: "Cleo", created: Fixture.now)
        cleo.birthday = Birthday(year: nil, month: 11, day: 27)
        var leap = Contact(id: Fixture.id(4), displayName: "Lea", created: Fixture.now)
        leap.birthday = Birthday(year: 2000, month: 2, day: 29)
        for contact in [ben, cleo, leap] { try setup.store.save(contact) }
        let entries = try setup.store.contactEntries(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2026-11-30 00:00"))
        #expect(entries.map(\.label) == ["Ben's birthday (34)", "Cleo's birthday"])
        #expect(entries[0].allDay && entries[0].start == Fixture.utc("2026-11-25 00:00")
            && entries[0].end == Fixture.utc("2026-11-26 00:00"))
        // 29 February falls on 28 February in other years, and on its day in leap years.
        let february = { (year: Int) throws -> [String] in
            try setup.store.contactEntries(from: Fixture.utc("\(year)-02-01 00:00"), to: Fixture.utc("\(year)-03-01 00:00"))
                .map { "\($0.label) \(Calendar.utcDay($0.start))" }
        }
        #expect(try february(2027) == ["Lea's birthday (27) 28"])
        #expect(try february(2028) == ["Lea's birthday (28) 29"])
        // Ten years at once (a long agenda) give each year's.
        let decade = try setup.store.contactEntries(from: Fixture.utc("2026-01-01 00:00"), to: Fixture.utc("2036-01-01 00:00"))
        #expect(decade.filter { $0.name == "Ben" }.count == 10)
        try setup.store.deleteContact(id: ben.id)
        #expect(try setup.week() == ["Cleo's birthday"])
    }
}

extension Calendar {
    static func utcDay(_ date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.day, from: date)
    }
}
