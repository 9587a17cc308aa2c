import Foundation
import Testing

@testable import DatebookKit

/// Reading the XML answers of CalDAV/CardDAV servers: namespaces, propstats, sync tokens, and
/// what a hostile or broken server sends.
@Suite("WebDAV multistatus")
struct DAVMultistatusTests {
    static let radicaleSyncAnswer = """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <sync-token>http://radicale.org/ns/sync/abc</sync-token>
          <response>
            <href>/alice/calendar/one.ics</href>
            <propstat><prop><getetag>"e-1"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat>
          </response>
          <response>
            <href>/alice/calendar/gone%20away.ics</href>
            <status>HTTP/1.1 404 Not Found</status>
          </response>
          <response>
            <href>/alice/calendar/two.ics</href>
            <propstat><prop><getetag>"e-2"</getetag><C:calendar-data><![CDATA[BEGIN:VCALENDAR
        END:VCALENDAR]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat>
            <propstat><prop><displayname/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
          </response>
        </multistatus>
        """

    @Test("responses, their statuses, ETags, calendar data in CDATA, and the sync token")
    func readsASyncAnswer() throws {
        let answer = try DAVMultistatus(xml: Data(Self.radicaleSyncAnswer.utf8))
        #expect(answer.syncToken == "http://radicale.org/ns/sync/abc")
        #expect(answer.responses.map(\.href) == ["/alice/calendar/one.ics", "/alice/calendar/gone%20away.ics", "/alice/calendar/two.ics"])
        #expect(answer.responses[0].etag == "\"e-1\"")
        #expect(answer.responses[0].status == nil)
        #expect(answer.responses[1].status == 404)
        #expect(answer.responses[2].property("calendar-data", in: DAVNamespace.caldav)?.text == "BEGIN:VCALENDAR\nEND:VCALENDAR")
        // A property the server did not have (404 propstat) is not given.
        #expect(answer.responses[2].property("displayname") == nil)
    }

    @Test("prefixes do not matter, namespaces do")
    func namespaces() throws {
        let text = """
            <x:multistatus xmlns:x="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:other="urn:other">
              <x:response><x:href>/a/</x:href><x:propstat><x:prop>
                <x:resourcetype><x:collection/><cal:calendar/></x:resourcetype>
                <other:getetag>not DAV's</other:getetag>
                <cal:calendar-home-set><x:href>/homes/a/</x:href></cal:calendar-home-set>
              </x:prop></x:propstat></x:response>
            </x:multistatus>
            """
        let response = try #require(try DAVMultistatus(xml: Data(text.utf8)).responses.first)
        #expect(response.isType("calendar", in: DAVNamespace.caldav))
        #expect(!response.isType("addressbook", in: DAVNamespace.carddav))
        #expect(response.etag == nil)
        #expect(response.hrefs("calendar-home-set", in: DAVNamespace.caldav) == ["/homes/a/"])
    }

    @Test("an answer that is not XML, not a multistatus, cut short or nested too deep is refused with words")
    func refusesBadAnswers() {
        func failure(_ text: String) -> String? {
            do {
                _ = try DAVMultistatus(xml: Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure("<html><body><h1>Welcome to nginx!</h1><p>Oops") == "the server's answer could not be read: the answer is not well-formed XML")
        #expect(failure("") == "the server's answer could not be read: the answer is empty")
        #expect(failure("<error xmlns=\"DAV:\"/>")?.contains("expected a WebDAV multistatus, found <error>") == true)
        #expect(failure("<multistatus xmlns=\"DAV:\"><response>") != nil)
        let deep = "<multistatus xmlns=\"DAV:\">" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</multistatus>"
        #expect(failure(deep)?.contains("nested more than 64 deep") == true)
    }

    @Test("an entity that names a file or a URL is not fetched or expanded")
    func noExternalEntities() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE multistatus [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <multistatus xmlns="DAV:"><response><href>&secret;</href></response></multistatus>
            """
        let answer = try? DAVMultistatus(xml: Data(text.utf8))
        let href = answer?.responses.first?.href ?? ""
        #expect(!href.contains("root:"))
    }

    @Test("the status line's code")
    func statusCode() {
        #expect(DAVMultistatus.statusCode("HTTP/1.1 404 Not Found") == 404)
        #expect(DAVMultistatus.statusCode("HTTP/1.1 200 OK") == 200)
        #expect(DAVMultistatus.statusCode("nonsense") == nil)
    }
}

@Suite("Sync helpers")
struct SyncHelperTests {
    @Test("the fingerprint of an item's text leaves out when it was written, and nothing else")
    func fingerprint() {
        let one = "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261101T000000Z\r\nLAST-MODIFIED:20261101T000000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
        let later = one.replacingOccurrences(of: "DTSTAMP:20261101", with: "DTSTAMP:20261201")
            .replacingOccurrences(of: "LAST-MODIFIED:20261101", with: "LAST-MODIFIED:20261201")
        let changed = one.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:y")
        #expect(CalendarSync.fingerprint(one) == CalendarSync.fingerprint(later))
        #expect(CalendarSync.fingerprint(one) != CalendarSync.fingerprint(changed))
        // Lines are kept apart: moving text across a line end is a change.
        #expect(CalendarSync.fingerprint("A:bc\r\nD:e") != CalendarSync.fingerprint("A:b\r\ncD:e"))
    }

    @Test("the recipient of an outbox file, from its name")
    func recipientOfOutboxFile() {
        #expect(InboxSync.recipient(ofFile: "planning-request-poll-to-bob@example.org-0.ics") == "bob@example.org")
        #expect(InboxSync.recipient(ofFile: "a-to-b-reply-event-to-ana.lima+x@mail.example-12.ics") == "ana.lima+x@mail.example")
        #expect(InboxSync.recipient(ofFile: "notes.txt") == nil)
        #expect(InboxSync.recipient(ofFile: "planning-request-poll-to-nobody-0.ics") == nil)
    }

    @Test("a sync report in one line")
    func summary() {
        var report = SyncReport()
        #expect(report.summary == "nothing to do")
        report.items.receivedNew = 2
        report.items.receivedChanged = 1
        report.items.sentRemoved = 1
        report.conflicts = 1
        report.messagesSent = 2
        #expect(report.summary == "received 3 (2 new, 1 changed), sent 1 (1 removed), 2 messages sent, 1 conflict")
    }

    @Test("an account's name")
    func accountNames() {
        #expect(SyncAccount.isValidName("home"))
        #expect(SyncAccount.isValidName("work-2.old_x"))
        #expect(!SyncAccount.isValidName(""))
        #expect(!SyncAccount.isValidName("two words"))
        #expect(!SyncAccount.isValidName(String(repeating: "a", count: 65)))
    }
}

@Suite("A whole calendar in one request")
struct WholeCalendarTests {
    static func resource(_ uid: String, zone: Bool) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
        if zone {
            text += "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
                + "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        }
        text += "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:ö \(uid)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\n"
            + "END:VALARM\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nRECURRENCE-ID:20261201T100000Z\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n"
        return text
    }

    @Test("every component once, each VTIMEZONE once, nested alarms whole, the calendar's name")
    func joins() {
        let whole = CalendarSync.wholeCalendar(
            [Self.resource("a", zone: true), Self.resource("b", zone: true), Self.resource("c", zone: false)],
            name: "Calendar")
        #expect(whole.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(whole.contains("\r\nX-WR-CALNAME:Calendar\r\n"))
        #expect(whole.components(separatedBy: "BEGIN:VTIMEZONE").count - 1 == 1)
        #expect(whole.components(separatedBy: "BEGIN:VEVENT").count - 1 == 6)
        #expect(whole.components(separatedBy: "END:VALARM\r\nEND:VEVENT").count - 1 == 3)
        #expect(whole.contains("SUMMARY:ö b\r\n"))
        #expect(whole.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(whole.components(separatedBy: "BEGIN:VCALENDAR").count - 1 == 1)
    }
}
