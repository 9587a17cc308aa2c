import Foundation
import Testing
import TestSupport

/// scripts/dav-peer.py, the second client the sync tests use, against a real Radicale: what it
/// writes is on the server as plain HTTP reads it, and what is written by plain HTTP it reads
/// back field for field.
@Suite("The caldav peer on Radicale")
struct DAVPeerTests {
    let server: RadicaleServer
    let alice: DAVPeer
    let folder: TemporaryDirectory

    init() throws {
        server = try RadicaleServer(users: ["alice": "alice-secret", "bob": "bob-secret"])
        try server.makeDefaultCollections(for: "alice")
        alice = DAVPeer(server, user: "alice")
        folder = try TemporaryDirectory(prefix: "datebook-peer")
    }

    var calendar: URL { server.url(forUser: "alice", collection: "calendar") }
    var contacts: URL { server.url(forUser: "alice", collection: "contacts") }

    @Test("an event put from its fields is on the server, and lists back with the same fields and ETag")
    func putAndListEvent() throws {
        let written = try alice.putEvent(
            in: calendar, uid: "weekly-1", summary: "Weekly sync", start: "2026-11-24T09:00:00",
            end: "2026-11-24T10:00:00", rrule: "FREQ=WEEKLY;COUNT=3", tzid: "Europe/Berlin")
        try alice.putEvent(in: calendar, uid: "day-1", summary: "Holiday", start: "2026-12-24", end: "2026-12-25")
        try alice.putEvent(in: calendar, uid: "utc-1", summary: "Call", start: "2026-11-30T15:00:00Z")

        let fetched = try server.request("GET", written.href, as: "alice")
        #expect(fetched.status == 200)
        #expect(fetched.body.contains("DTSTART;TZID=Europe/Berlin:20261124T090000"))
        #expect(fetched.body.contains("RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(fetched.body.contains("BEGIN:VTIMEZONE"))
        #expect(fetched.headers["etag"] == written.etag)

        let events = try alice.events(in: calendar)
        #expect(events.map(\.uid) == ["day-1", "utc-1", "weekly-1"])
        let weekly = try #require(events.last)
        #expect(weekly == written)
        #expect(weekly.summary == "Weekly sync")
        #expect(weekly.dtstart == "2026-11-24T09:00:00")
        #expect(weekly.dtend == "2026-11-24T10:00:00")
        #expect(weekly.tzid == "Europe/Berlin")
        #expect(weekly.rrule == "FREQ=WEEKLY;COUNT=3")
        #expect(events[0].dtstart == "2026-12-24")
        #expect(events[0].dtend == "2026-12-25")
        #expect(events[1].dtstart == "2026-11-30T15:00:00Z")
        #expect(events[1].dtend == nil)
    }

    @Test("a series with a changed instance, written by plain HTTP, reads back as one event with its override")
    func readsWhatOthersWrote() throws {
        let series = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Someone else//EN\r
            BEGIN:VEVENT\r
            UID:series-1\r
            DTSTAMP:20261123T080000Z\r
            DTSTART:20261123T070000Z\r
            DTEND:20261123T073000Z\r
            RRULE:FREQ=DAILY;COUNT=5\r
            SUMMARY:Stand-up\r
            X-OTHER-APP:kept\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:series-1\r
            DTSTAMP:20261123T080000Z\r
            RECURRENCE-ID:20261125T070000Z\r
            DTSTART:20261125T080000Z\r
            DTEND:20261125T083000Z\r
            SUMMARY:Stand-up (late)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let put = try server.request(
            "PUT", "/alice/calendar/someone-else.ics", as: "alice", headers: ["Content-Type": "text/calendar"], body: series)
        #expect(put.status == 201)

        let event = try alice.event(in: calendar, uid: "series-1")
        #expect(event.href == "/alice/calendar/someone-else.ics")
        #expect(event.summary == "Stand-up")
        #expect(event.rrule == "FREQ=DAILY;COUNT=5")
        #expect(event.recurrenceIDs == ["2026-11-25T07:00:00Z"])
        #expect(event.raw.contains("X-OTHER-APP:kept"))
        #expect(try event.etag == server.request("GET", event.href, as: "alice").headers["etag"])
        #expect(try alice.events(in: calendar).count == 1)
    }

    @Test("an event put from a file keeps the file's text; a name can be chosen")
    func putFromFile() throws {
        let path = folder.path("meeting.ics")
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:file-1\r\n"
            + "DTSTAMP:20261123T080000Z\r\nDTSTART:20261201T100000Z\r\nSUMMARY:From a file\r\n"
            + "ATTENDEE;CN=Bob:mailto:bob@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let event = try alice.putEvent(in: calendar, file: path, href: "chosen-name.ics")
        #expect(event.href == "/alice/calendar/chosen-name.ics")
        #expect(event.summary == "From a file")
        #expect(try server.request("GET", "/alice/calendar/chosen-name.ics", as: "alice").body
            .contains("ATTENDEE;CN=Bob:mailto:bob@example.org"))
    }

    @Test("a deleted event is gone from the server; asking for it again says so with status 3")
    func deleteEvent() throws {
        let event = try alice.putEvent(in: calendar, uid: "gone-1", summary: "Soon gone", start: "2026-11-30")
        try alice.putEvent(in: calendar, uid: "stays-1", summary: "Stays", start: "2026-11-30")
        try alice.deleteEvent(in: calendar, uid: "gone-1")
        #expect(try server.request("GET", event.href, as: "alice").status == 404)
        #expect(try alice.events(in: calendar).map(\.uid) == ["stays-1"])
        #expect(throws: DAVPeer.Failure.self) { try alice.event(in: calendar, uid: "gone-1") }
        do {
            _ = try alice.event(in: calendar, uid: "gone-1")
        } catch let failure as DAVPeer.Failure {
            #expect(failure.status == 3)
            #expect(failure.message.contains("gone-1"))
        }
    }

    @Test("vCards: put, listed with their fields, read by plain HTTP, deleted")
    func cards() throws {
        let card = try alice.putCard(
            in: contacts, uid: "carol-1", name: "Carol Díaz", emails: ["carol@example.org"], tels: ["+49 30 1234"])
        #expect(card.href == "/alice/contacts/carol-1.vcf")
        let fetched = try server.request("GET", card.href, as: "alice")
        #expect(fetched.body.contains("FN:Carol Díaz"))
        #expect(fetched.headers["etag"] == card.etag)

        let other = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:dan-1\r\nFN:Dan\r\nN:;Dan;;;\r\n"
            + "item1.EMAIL;TYPE=work:dan@example.org\r\nEND:VCARD\r\n"
        #expect(try server.request(
            "PUT", "/alice/contacts/dan.vcf", as: "alice", headers: ["Content-Type": "text/vcard"], body: other).status == 201)

        let cards = try alice.cards(in: contacts)
        #expect(cards.map(\.uid) == ["carol-1", "dan-1"])
        #expect(cards[0].emails == ["carol@example.org"])
        #expect(cards[0].tels == ["+49 30 1234"])
        #expect(cards[1].fn == "Dan")
        #expect(cards[1].emails == ["dan@example.org"])

        try alice.deleteCard(in: contacts, uid: "carol-1")
        #expect(try server.request("GET", card.href, as: "alice").status == 404)
        #expect(try alice.cards(in: contacts).map(\.uid) == ["dan-1"])
    }

    @Test("a refused write fails with the server's answer and writes nothing")
    func refused() throws {
        let bob = DAVPeer(server, user: "bob")
        do {
            try bob.putEvent(in: calendar, uid: "bob-1", summary: "Not his", start: "2026-11-30")
            Issue.record("Bob wrote into Alice's calendar")
        } catch let failure as DAVPeer.Failure {
            #expect(failure.status == 1)
            #expect(failure.message.contains("Forbidden") || failure.message.contains("403"), "\(failure)")
        }
        #expect(try alice.events(in: calendar).isEmpty)
        let wrong = DAVPeer(user: "alice", password: "wrong")
        #expect(throws: DAVPeer.Failure.self) { try wrong.events(in: calendar) }
    }
}
