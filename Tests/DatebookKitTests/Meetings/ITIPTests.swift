import Foundation
import Testing

@testable import DatebookKit

/// Meeting messages written and read back, and what a bad message says.
@Suite("Meetings: iTIP messages")
struct ITIPTests {
    static func read(_ text: String) throws -> [ITIPMessage] {
        try ITIPReader.read(Data(text.utf8))
    }

    @Test("a poll reads back with its slots, voters, votes and deadline")
    func pollRoundTrip() throws {
        var meeting = MeetingModelTests.poll()
        meeting.place = "Room 4; upstairs"
        meeting.notes = "Bring the plan,\nplease"
        meeting.deadline = Fixture.utc("2026-11-30 12:00")
        try meeting.vote([1: .yes, 2: .maybe, 3: .no], by: "bob@example.org")
        let written = ITIPWriter.hostMessage(for: meeting, at: Fixture.now)
        let text = ITIPWriter.text(of: written)
        #expect(text.contains("METHOD:REQUEST\r\nBEGIN:VPOLL\r\n"))
        #expect(text.contains("LOCATION:Room 4\\; upstairs\r\n"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let read = try #require(try Self.read(text).first)
        #expect(read == written)
        #expect(read.people.map(\.answer) == [.voted([1: .yes, 2: .maybe, 3: .no]), .noReply])
    }

    @Test("a reply, a confirmed time and a cancel read back as written")
    func otherMessages() throws {
        var meeting = MeetingModelTests.poll(hostedByMe: false)
        try meeting.vote([2: .yes], by: "alice@example.org")
        let mine = try #require(meeting.mine(MeetingModelTests.alice))
        let reply = ITIPWriter.reply(for: meeting, from: mine, at: Fixture.now)
        #expect(try Self.read(ITIPWriter.text(of: reply)) == [reply])

        var hosted = MeetingModelTests.poll()
        try hosted.confirm(slot: 3)
        let confirmed = ITIPWriter.hostMessage(for: hosted, at: Fixture.now)
        let text = ITIPWriter.text(of: confirmed)
        #expect(text.contains("BEGIN:VEVENT") && !text.contains("VPOLL"))
        #expect(text.contains("ATTENDEE;CN=Bob;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:bob@example.org"))
        let read = try #require(try Self.read(text).first)
        #expect(read.form == .event && read.method == .request && read.sequence == 1)
        #expect(read.slots == [hosted.slot(3)!])
        #expect(read.people.map(\.person) == hosted.invitees.map(\.person))

        try hosted.cancel()
        let cancel = try #require(try Self.read(ITIPWriter.text(of: ITIPWriter.hostMessage(for: hosted, at: Fixture.now))).first)
        #expect(cancel.method == .cancel && cancel.sequence == 2)
    }

    @Test("a plain invitation from another calendar program reads, its zone and duration included")
    func otherProgram() throws {
        let text = """
            BEGIN:VCALENDAR\r
            PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
            VERSION:2.0\r
            METHOD:REQUEST\r
            BEGIN:VEVENT\r
            UID:tb-123@example.net\r
            SEQUENCE:2\r
            ORGANIZER;CN="Dana, Ops":mailto:dana@example.net\r
            ATTENDEE;CN=Alice;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:alice@example.org\r
            SUMMARY:Budget\r
            DTSTART;TZID=Europe/Berlin:20261204T150000\r
            DURATION:PT1H30M\r
            BEGIN:VALARM\r
            TRIGGER:-PT15M\r
            ACTION:DISPLAY\r
            END:VALARM\r
            LOCATION:Room 2\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let message = try #require(try Self.read(text).first)
        #expect(message.organizer == MeetingPerson(name: "Dana, Ops", email: "dana@example.net"))
        #expect(message.slots == [MeetingSlot(id: 1, start: Fixture.utc("2026-12-04 14:00"), end: Fixture.utc("2026-12-04 15:30"))])
        #expect(message.place == "Room 2")  // read after the VALARM
        #expect(message.sequence == 2)
    }

    @Test("what is wrong with a message is said", arguments: [
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nORGANIZER:mailto:a@b.org\nDTSTART:20261201T100000Z\nEND:VEVENT\nEND:VCALENDAR\n",
         "the file has no METHOD"),
        ("BEGIN:VCALENDAR\nMETHOD:PUBLISH\nBEGIN:VEVENT\nUID:x\nORGANIZER:mailto:a@b.org\nDTSTART:20261201T100000Z\nEND:VEVENT\nEND:VCALENDAR\n",
         "METHOD:PUBLISH is not one Datebook reads"),
        ("Dear Bob, see you on Tuesday.\n", "this is not an iCalendar file"),
        ("BEGIN:VCALENDAR\nMETHOD:REQUEST\nEND:VCALENDAR\n", "the message holds no poll and no event"),
        ("BEGIN:VCALENDAR\nMETHOD:REQUEST\nBEGIN:VEVENT\nUID:x\nDTSTART:20261201T100000Z\nEND:VEVENT\nEND:VCALENDAR\n",
         "the message has no ORGANIZER"),
        ("BEGIN:VCALENDAR\nMETHOD:REQUEST\nBEGIN:VEVENT\nUID:x\nORGANIZER:mailto:a@b.org\nDTSTART:20261201T100000Z\nDTEND:20261201T090000Z\nEND:VEVENT\nEND:VCALENDAR\n",
         "time 1 ends before it starts"),
        ("BEGIN:VCALENDAR\nMETHOD:REQUEST\n" + String(repeating: "BEGIN:VEVENT\n", count: 40) + "END:VCALENDAR\n",
         "the message nests components 7 deep"),
    ])
    func failures(_ text: String, _ message: String) {
        #expect {
            try Self.read(text)
        } throws: { error in
            String(describing: error).hasPrefix(message)
        }
    }

    @Test("a poll of 500 times is refused; one of 50 is read")
    func manySlots() throws {
        func poll(_ count: Int) -> String {
            var lines = ["BEGIN:VCALENDAR", "METHOD:REQUEST", "BEGIN:VPOLL", "UID:p", "ORGANIZER:mailto:a@b.org"]
            for n in 1...count {
                lines += ["BEGIN:VEVENT", "POLL-ITEM-ID:\(n)", "DTSTART:20261201T100000Z", "DTEND:20261201T110000Z", "END:VEVENT"]
            }
            return (lines + ["END:VPOLL", "END:VCALENDAR"]).joined(separator: "\r\n")
        }
        #expect(throws: ITIPReader.Failure.tooManySlots(500)) { try Self.read(poll(500)) }
        #expect(try Self.read(poll(50)).first?.slots.count == 50)
    }
}
