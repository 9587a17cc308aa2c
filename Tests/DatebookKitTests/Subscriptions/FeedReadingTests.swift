import Foundation
import TestSupport
import Testing

@testable import DatebookKit

/// Reading a subscribed calendar: files and feeds, repeating events within the window, and
/// every way a source can fail, each with its reason.
@Suite struct FeedReadingTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// Sunday 2026-11-22 09:00 UTC.
    static let now = Fixture.now

    static func calendar(_ events: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }

    static func event(_ uid: String, _ lines: String...) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\n" + lines.map { $0 + "\r\n" }.joined()
            + "END:VEVENT\r\n"
    }

    static func blocks(_ text: String) throws -> [BusyBlock] {
        try FeedParser(timeZone: utc).blocks(in: Data(text.utf8), now: now)
    }

    /// Writes `text` to a file of its own and reads it through the fetcher.
    static func readFile(_ contents: Data, name: String = "feed.ics", fetcher: FeedFetcher = FeedFetcher())
        throws(SubscriptionError) -> Data
    {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = (folder as NSString).appendingPathComponent(name)
        FileManager.default.createFile(atPath: path, contents: contents)
        return try fetcher.fetch(.file(path: path))
    }

    static func failure(_ body: () throws(SubscriptionError) -> Any) -> SubscriptionError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - What a feed says

    @Test func aGoodFileGivesItsEventsAndAnEventWithoutSummaryIsJustBusy() throws {
        let text = Self.calendar(
            Self.event("a", "SUMMARY:Dentist", "DTSTART:20261124T090000Z", "DTEND:20261124T100000Z"),
            Self.event("b", "DTSTART:20261125T140000Z", "DTEND:20261125T153000Z"),
            Self.event("c", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20261127", "DTEND;VALUE=DATE:20261128"),
            Self.event("d", "SUMMARY:Secret", "CLASS:PRIVATE", "DTSTART:20261126T080000Z", "DTEND:20261126T090000Z"),
            Self.event("e", "SUMMARY:Free time", "TRANSP:TRANSPARENT", "DTSTART:20261126T100000Z",
                       "DTEND:20261126T110000Z"),
            Self.event("f", "SUMMARY:Long ago", "DTSTART:20200101T090000Z", "DTEND:20200101T100000Z"))
        let data = try Self.readFile(Data(text.utf8))
        let blocks = try FeedParser(timeZone: Self.utc).blocks(in: data, now: Self.now)
        #expect(blocks == [
            BusyBlock(start: Fixture.utc("2026-11-24 09:00"), end: Fixture.utc("2026-11-24 10:00"), title: "Dentist"),
            BusyBlock(start: Fixture.utc("2026-11-25 14:00"), end: Fixture.utc("2026-11-25 15:30"), title: nil),
            BusyBlock(start: Fixture.utc("2026-11-26 08:00"), end: Fixture.utc("2026-11-26 09:00"), title: nil),
            BusyBlock(start: Fixture.utc("2026-11-27 00:00"), end: Fixture.utc("2026-11-28 00:00"), allDay: true,
                      isFloating: true, title: "Holiday"),
        ])
    }

    @Test func aRepeatingEventIsExpandedWithinTheWindowWithItsExceptionsAndChanges() throws {
        // Every Monday from 2025: the window runs from 30 days back to a year ahead.
        let text = Self.calendar(
            Self.event("w", "SUMMARY:Standup", "DTSTART:20250106T090000Z", "DTEND:20250106T091500Z",
                       "RRULE:FREQ=WEEKLY;BYDAY=MO", "EXDATE:20261130T090000Z"),
            Self.event("w", "SUMMARY:Standup (long)", "RECURRENCE-ID:20261207T090000Z",
                       "DTSTART:20261207T100000Z", "DTEND:20261207T110000Z"))
        let blocks = try Self.blocks(text)
        let from = Self.now.addingTimeInterval(-30 * 86_400)
        let to = Self.now.addingTimeInterval(365 * 86_400)
        var expected: [Date] = []
        var monday = Fixture.utc("2025-01-06 09:00")
        while monday < to {
            if monday.addingTimeInterval(900) > from && monday != Fixture.utc("2026-11-30 09:00") {
                expected.append(monday == Fixture.utc("2026-12-07 09:00") ? Fixture.utc("2026-12-07 10:00") : monday)
            }
            monday = monday.addingTimeInterval(7 * 86_400)
        }
        #expect(blocks.map(\.start) == expected)
        #expect(blocks.count == expected.count && expected.count > 50)
        #expect(blocks.first { $0.start == Fixture.utc("2026-12-07 10:00") }?.title == "Standup (long)")
        #expect(blocks.first { $0.start == Fixture.utc("2026-12-14 09:00") }?.title == "Standup")
    }

    @Test func aRuleThatNeverGivesATimeEndsQuicklyWithItsFirstTimeAlone() throws {
        let text = Self.calendar(
            Self.event("n", "SUMMARY:Never", "DTSTART:20261101T090000Z", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"))
        let started = Date()
        #expect(try Self.blocks(text).map(\.start) == [Fixture.utc("2026-11-01 09:00")])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aFeedWhoseRepeatsTakeTooLongIsRefusedAsAWhole() throws {
        let text = Self.calendar(
            Self.event("a", "DTSTART:20261101T090000Z", "RRULE:FREQ=DAILY"),
            Self.event("b", "DTSTART:20261101T100000Z", "RRULE:FREQ=DAILY"))
        let parser = FeedParser(timeZone: Self.utc, expansionBudget: 0)
        let error = Self.failure { () throws(SubscriptionError) in try parser.blocks(in: Data(text.utf8), now: Self.now) }
        #expect(error?.description == "the calendar repeats more than Datebook expands in 0 s")
        #expect(try FeedParser(timeZone: Self.utc).blocks(in: Data(text.utf8), now: Self.now).count > 700)
    }

    /// Finding 38's class: each series walked on a whole read's budget made a feed of many
    /// dense series cost that many reads. They share one now, sparsest first.
    @Test func manyDenseSeriesShareOneBudgetAndTheSparseOnesStayWhole() throws {
        var events = (0..<64).map { index in
            Self.event("dense-\(index)", "SUMMARY:Tick \(index)", String(format: "DTSTART:20261122T%02d0000Z", index % 24),
                       "DURATION:PT1M", index.isMultiple(of: 2) ? "RRULE:FREQ=MINUTELY" : "RRULE:FREQ=SECONDLY")
        }
        events.append(Self.event("weekly", "SUMMARY:Weekly", "DTSTART:20100104T090000Z", "RRULE:FREQ=WEEKLY"))
        let (blocks, work) = try FeedParser(timeZone: Self.utc).expanded(
            Data(Self.calendar(events.joined()).utf8), now: Self.now)
        // Sixty-four walks of their own would spend 64 times `RecurrenceBound.maximumWork`.
        #expect(work <= LiveReadBudget.total + LiveReadBudget.floor)
        #expect(blocks.count == FeedParser.maximumBlocks)
        // The weekly series is walked first, from 2010, before the dense ones spend the rest.
        #expect(blocks.first { $0.title == "Weekly" }?.start == Fixture.utc("2026-10-26 09:00"))
    }

    // MARK: - Sources that fail

    @Test func aMissingFileSaysSo() {
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher().fetch(.file(path: "/nonexistent/ana.ics")) }
        #expect(error?.description == "no such file: /nonexistent/ana.ics")
    }

    @Test func aFolderIsNoCalendarFile() {
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher().fetch(.file(path: "/tmp")) }
        #expect(error?.description == "/tmp is a folder, not a calendar file")
    }

    @Test func aPipeOrADeviceIsRefusedWithoutWaiting() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let pipe = (folder as NSString).appendingPathComponent("feed.ics")
        #expect(mkfifo(pipe, 0o600) == 0)
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher().fetch(.file(path: pipe)) }
        #expect(error?.description == "\(pipe) is not a calendar file (a pipe or a device)")
        let device = Self.failure { () throws(SubscriptionError) in try FeedFetcher().fetch(.file(path: "/dev/zero")) }
        #expect(device == .notAFile("/dev/zero"))
    }

    @Test func aFileThatIsNotICalendarIsRefusedWithItsReason() throws {
        let html = try Self.readFile(Data("<!DOCTYPE html>\n<html><body>Sign in</body></html>".utf8))
        let htmlError = Self.failure { () throws(SubscriptionError) in try FeedParser().blocks(in: html, now: Self.now) }
        #expect(htmlError?.description == "the file is an HTML page, not a calendar")
        let text = try Self.readFile(Data("name,date\nAna,2026-11-24\n".utf8), name: "feed.csv")
        let textError = Self.failure { () throws(SubscriptionError) in try FeedParser().blocks(in: text, now: Self.now) }
        #expect(textError?.description == "the file holds something that is not a calendar (no BEGIN:VCALENDAR)")
        let empty = Self.failure { () throws(SubscriptionError) in try FeedParser().blocks(in: Data(), now: Self.now) }
        #expect(empty == .empty)
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnread() {
        let huge = Data(Self.calendar(String(repeating: "X-FILLER:" + String(repeating: "x", count: 70) + "\r\n",
                                             count: 2000)).utf8)
        let fetcher = FeedFetcher(sizeLimit: 64_000)
        let error = Self.failure { () throws(SubscriptionError) in try Self.readFile(huge, fetcher: fetcher) }
        #expect(error == .tooLarge(limit: 64_000))
        #expect(error?.description == "the calendar is larger than 64 kB, the most Datebook reads")
        #expect(FeedFetcher().sizeLimit >= 10_000_000)
    }

    // MARK: - Feeds over HTTP

    @Test func aFeedIsReadOverHTTP() throws {
        let text = Self.calendar(Self.event("a", "SUMMARY:Dentist", "DTSTART:20261124T090000Z", "DTEND:20261124T100000Z"))
        let server = try LocalServer(contentType: "text/calendar", body: Data(text.utf8))
        defer { server.stop() }
        let data = try FeedFetcher(timeout: 5).fetch(.url(server.url))
        #expect(try FeedParser(timeZone: Self.utc).blocks(in: data, now: Self.now).map(\.title) == ["Dentist"])
    }

    @Test func anAddressThatReturnsAnHTMLPageIsRefused() throws {
        let server = try LocalServer(contentType: "text/html; charset=utf-8",
                                     body: Data("<html><body>Log in to see this calendar</body></html>".utf8))
        defer { server.stop() }
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher(timeout: 5).fetch(.url(server.url)) }
        #expect(error?.description == "the address returned an HTML page, not a calendar")
    }

    @Test func anHTTPErrorIsNamed() throws {
        let server = try LocalServer(status: "404 Not Found", contentType: "text/plain", body: Data("gone".utf8))
        defer { server.stop() }
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher(timeout: 5).fetch(.url(server.url)) }
        #expect(error?.description == "the server answered 404 Not Found")
    }

    @Test func aFeedLargerThanTheLimitIsRefused() throws {
        let server = try LocalServer(contentType: "text/calendar", body: Data(repeating: UInt8(ascii: "x"), count: 100_000))
        defer { server.stop() }
        let error = Self.failure { () throws(SubscriptionError) in
            try FeedFetcher(timeout: 5, sizeLimit: 64_000).fetch(.url(server.url))
        }
        #expect(error == .tooLarge(limit: 64_000))
    }

    @Test func anAddressThatNeverAnswersTimesOut() throws {
        let server = try LocalServer.silent()
        defer { server.stop() }
        let started = Date()
        let error = Self.failure { () throws(SubscriptionError) in try FeedFetcher(timeout: 1).fetch(.url(server.url)) }
        #expect(error == .timedOut(seconds: 1))
        #expect(error?.description == "timed out after 1 s")
        #expect(Date().timeIntervalSince(started) < 4)
    }
}
