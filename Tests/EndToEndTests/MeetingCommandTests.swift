import Foundation
import Testing

/// `datebook me` and `datebook meeting` as a script runs them: a poll from creation to the
/// confirmed event in the agenda, and what each wrong step says.
@Suite("Meetings from scripts")
struct MeetingCommandTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    func datebook(_ arguments: [String], db: String? = nil, zone: String = "Europe/Berlin") throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db ?? self.db],
            environment: ["TZ": zone, "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(30))
    }

    /// The paths a meeting command says it wrote.
    static func written(_ result: Command.Result) -> [String] {
        result.standardOutput.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("wrote "), let end = line.range(of: " (send it to") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 6)..<end.lowerBound])
        }
    }

    struct Listed: Decodable {
        struct Slot: Decodable { var id: Int; var start: String; var yes: Int; var ifNeedBe: Int; var best: Bool }
        struct Invitee: Decodable { var email: String; var answer: String }
        var id: String
        var title: String
        var state: String
        var lists: [String]
        var mark: String
        var sequence: Int
        var slots: [Slot]
        var invitees: [Invitee]
    }

    func listed() throws -> [Listed] {
        let result = try datebook(["meeting", "list", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode([Listed].self, from: Data(result.standardOutput.utf8))
    }

    @Test("a host creates a poll, confirms a slot, and the meeting is an event in the agenda")
    func pollToEvent() throws {
        let noMe = try datebook(["meeting", "new", "Plan", "--slot", "2026-12-01 10-11"])
        #expect(noMe.status == 1)
        #expect(noMe.standardError.contains("Say who you are first: datebook me --name NAME --email ADDRESS"))
        #expect(try datebook(["me", "--name", "Alice", "--email", "alice@example.org"]).status == 0)
        #expect(try datebook(["me"]).standardOutput == "Alice <alice@example.org>\n")

        let created = try datebook([
            "meeting", "new", "Planning", "--slot", "2026-12-01 10-11", "--slot", "2026-12-02 14:00 1h",
            "--slot", "2026-12-03 9:00 10:30", "--invite", "Bob <bob@example.org>", "--invite", "carol@example.org",
            "--place", "Room 4",
        ])
        #expect(created.status == 0, "\(created.standardError)")
        let id = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        // The invitations are written at once, as the planner writes them; their paths on stderr,
        // standard output the id alone.
        let wrote = created.standardError.split(separator: "\n").filter { $0.hasPrefix("wrote ") }
        #expect(wrote.count == 2, "\(created.standardError)")
        #expect(wrote.contains { $0.contains("-to-bob@example.org-") && $0.hasSuffix("(send it to bob@example.org)") })
        #expect(!id.contains("\n"))
        for line in wrote {
            let path = String(line.dropFirst(6).prefix { $0 != " " })
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        var meeting = try #require(try listed().first)
        #expect(meeting.id == id && meeting.title == "Planning" && meeting.state == "polling")
        #expect(meeting.lists == ["hosting"] && meeting.mark == "Host")
        #expect(meeting.slots.map(\.start) == [
            "2026-12-01T10:00:00+01:00", "2026-12-02T14:00:00+01:00", "2026-12-03T09:00:00+01:00",
        ])
        #expect(meeting.invitees.map(\.email) == ["bob@example.org", "carol@example.org"])
        // Search finds it by a person, for scripts too.
        let found = try datebook(["search", "carol", "--kind", "meeting"])
        #expect(found.standardOutput == "\(id)\tmeeting\tTue 1 Dec\tactive\tPlanning\tRoom 4\n", "\(found.standardError)")

        // The host is no invitee: her vote is refused; a slot that is not there is named.
        let vote = try datebook(["meeting", "vote", String(id.suffix(8)), "--yes", "1"])
        #expect(vote.status == 1)
        #expect(vote.standardError.contains("alice@example.org is not invited to this meeting"))
        #expect(try datebook(["meeting", "confirm", id, "7"]).standardError.contains("The meeting has no slot 7"))

        let confirm = try datebook(["meeting", "confirm", String(id.suffix(8)), "2"])
        #expect(confirm.standardOutput.hasPrefix("Confirmed “Planning” on slot 2\n"), "\(confirm.standardError)")
        #expect(Self.written(confirm).count == 2)
        meeting = try #require(try listed().first)
        #expect(meeting.state == "confirmed" && meeting.sequence == 1 && meeting.lists == ["hosting", "coming"])
        let agenda = try datebook(["agenda", "--from", "2026-12-01", "--to", "2026-12-04"])
        #expect(agenda.standardOutput == "2026-12-02\t14:00-15:00\tPlanning\tRoom 4\n")

        #expect(try datebook(["meeting", "cancel", id]).standardOutput.hasPrefix("Cancelled “Planning”\n"))
        #expect(try listed().first?.state == "cancelled")
        #expect(try datebook(["agenda", "--from", "2026-12-01", "--to", "2026-12-04"]).standardOutput == "")
    }

    @Test("bad meetings are refused with a message and nothing is stored")
    func badInput() throws {
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"])
        let cases: [([String], String)] = [
            (["--slot", "2026-12-01 11-10"], "--slot 1: In “2026-12-01 11-10” the end is before the start"),
            (["--slot", "whenever"], "--slot 1: Cannot read “whenever” as a time"),
            (["--slot", "2026-12-01"], "--slot 1: “2026-12-01” has no time of day"),
            (["--slot", "2026-12-01 10-11", "--invite", "bob"], "“bob” is not an e-mail address"),
            ([], "give at least one --slot"),
        ]
        for (options, message) in cases {
            let result = try datebook(["meeting", "new", "Planning"] + options)
            #expect(result.status == 1, "\(options)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        let many = (1...51).flatMap { ["--slot", "2026-12-01 \($0 % 12 + 8):00 10m"] }
        #expect(try datebook(["meeting", "new", "Planning"] + many).standardError
            .contains("A meeting can offer at most 50 times (this one has 51)"))
        #expect(try listed().isEmpty)
        #expect(try datebook(["meeting", "accept", "0000"]).standardError.contains("No meeting with id 0000"))
    }

    @Test("two people, two databases: the poll, a vote, a refusal, the confirmation and an acceptance travel as files")
    func twoPeople() throws {
        let bobDB = home.path("bob.sqlite")
        let carolDB = home.path("carol.sqlite")
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"])
        _ = try datebook(["me", "--name", "Bob", "--email", "bob@example.org"], db: bobDB, zone: "America/New_York")
        _ = try datebook(["me", "--name", "Carol", "--email", "carol@example.org"], db: carolDB)
        let id = try datebook([
            "meeting", "new", "Planning", "--slot", "2026-12-01 10-11", "--slot", "2026-12-02 14-15",
            "--slot", "2026-12-03 9-10", "--invite", "Bob <bob@example.org>", "--invite", "Carol <carol@example.org>",
        ]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let sent = try datebook(["meeting", "send", String(id.suffix(8)), "--out", home.path("alice-out")])
        let requests = Self.written(sent)
        #expect(requests.count == 2)
        let toBob = try #require(requests.first { $0.contains("to-bob@example.org") })
        let toCarol = try #require(requests.first { $0.contains("to-carol@example.org") })

        let bobInbox = try datebook(["inbox", toBob], db: bobDB, zone: "America/New_York")
        #expect(bobInbox.standardOutput == "\(toBob): Alice invites you to “Planning”: vote on 3 times\n")
        #expect(try datebook(["inbox", toBob], db: bobDB).standardOutput.hasSuffix("“Planning” is up to date already\n"))
        _ = try datebook(["inbox", toCarol], db: carolDB)
        // Bob's copy has an id of its own; the UID every copy shares names it too.
        let uid = try #require(try JSONSerialization.jsonObject(
            with: Data(try datebook(["meeting", "list", "--json"], db: bobDB).standardOutput.utf8)) as? [[String: Any]])
            .first?["uid"] as? String
        let voted = try datebook(["meeting", "vote", try #require(uid), "--yes", "2,3", "--no", "1",
                                  "--out", home.path("bob-out")], db: bobDB)
        let refused = try datebook(["meeting", "refuse", try #require(uid), "--out", home.path("carol-out")], db: carolDB)
        let replies = Self.written(voted) + Self.written(refused)
        #expect(replies.count == 2)
        let read = try datebook(["inbox"] + replies)
        #expect(read.standardOutput.contains("Bob voted on “Planning”"))
        #expect(read.standardOutput.contains("Carol refused “Planning”"))
        let hosting = try datebook(["meeting", "list"]).standardOutput
        #expect(hosting.contains("Host  Planning  [hosting]  polling  1 voted · 1 refused · 0 no reply"))
        #expect(hosting.contains("2. Wed 2 Dec 2026 14:00-15:00  yes 1 · if need be 0 · no 0  (best)"))

        // A reply from someone who was not invited is refused, and changes nothing.
        let stranger = home.path("eve.sqlite")
        _ = try datebook(["me", "--name", "Eve", "--email", "eve@example.org"], db: stranger)
        _ = try datebook(["inbox", toBob], db: stranger)
        let eveVote = try datebook(["meeting", "vote", try #require(uid), "--yes", "1", "--out", home.path("eve-out")],
                                   db: stranger)
        #expect(eveVote.standardError.contains("eve@example.org is not invited"))

        let confirmed = Self.written(try datebook(["meeting", "confirm", id, "2", "--out", home.path("alice-out2")]))
        let confirmation = try #require(confirmed.first { $0.contains("to-bob@example.org") })
        #expect(try datebook(["inbox", confirmation], db: bobDB).standardOutput.hasSuffix("“Planning” is confirmed\n"))
        // An older update read after the newer one changes nothing.
        #expect(try datebook(["inbox", toBob], db: bobDB).standardOutput.contains("older than the copy here"))
        let accepted = Self.written(try datebook(["meeting", "accept", try #require(uid), "--out", home.path("bob-out2")],
                                                 db: bobDB, zone: "America/New_York"))
        #expect(try datebook(["inbox"] + accepted).standardOutput.hasSuffix("Bob accepted “Planning”\n"))
        #expect(try datebook(["meeting", "list"], db: bobDB).standardOutput.contains("Going  Planning  [coming]"))
        // The same instant in both calendars, Bob six hours behind.
        #expect(try datebook(["agenda", "--from", "2026-12-02", "--to", "2026-12-03"]).standardOutput
            == "2026-12-02\t14:00-15:00\tPlanning\n")
        #expect(try datebook(["agenda", "--from", "2026-12-02", "--to", "2026-12-03"], db: bobDB, zone: "America/New_York")
            .standardOutput == "2026-12-02\t08:00-09:00\tPlanning\n")

        // Every file written is iCalendar that Python's icalendar reads, with its METHOD.
        let python = try #require(Command.find("python3"), "python3 is needed to check the messages")
        let script = home.path("read.py")
        try Data("""
            import sys, icalendar
            for path in sys.argv[1:]:
                calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
                names = [c.name for c in calendar.walk()][1:]
                print(calendar["METHOD"], ",".join(names))
            """.utf8).write(to: URL(fileURLWithPath: script))
        let files = requests + replies + confirmed + accepted
        let checked = try Command.run(python, [script] + files, environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(60))
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(checked.standardOutput.split(separator: "\n") == [
            "REQUEST VPOLL,VEVENT,VEVENT,VEVENT", "REQUEST VPOLL,VEVENT,VEVENT,VEVENT", "REPLY VPOLL,VVOTER,VOTE,VOTE,VOTE",
            "REPLY VPOLL,VVOTER", "REQUEST VEVENT", "REQUEST VEVENT", "REPLY VEVENT",
        ])
    }

    @Test("datebook inbox refuses bad messages with a message each, exit 1, and keeps what is stored")
    func inboxBadInput() throws {
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"])
        func message(_ body: [String], method: String = "REQUEST") -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "METHOD:\(method)"] + body + ["END:VCALENDAR"])
                .joined(separator: "\r\n")
        }
        let poll = ["BEGIN:VPOLL", "UID:p1", "ORGANIZER:mailto:bob@example.org", "SUMMARY:Poll"]
        func slot(_ n: Int, end: String = "20261201T110000Z") -> [String] {
            ["BEGIN:VEVENT", "POLL-ITEM-ID:\(n)", "DTSTART:20261201T100000Z", "DTEND:\(end)", "END:VEVENT"]
        }
        let cases: [(String, String)] = [
            (message(poll + ["END:VPOLL"]), "“Poll” offers no time"),
            (message(poll + (1...500).flatMap { slot($0) } + ["END:VPOLL"]), "the poll offers 500 times; at most 50 are read"),
            (message(poll + slot(1, end: "20261201T090000Z") + ["END:VPOLL"]), "time 1 ends before it starts"),
            (message(poll + slot(1) + ["END:VPOLL"], method: "PUBLISH"), "METHOD:PUBLISH is not one Datebook reads"),
            (message(["BEGIN:VEVENT", "UID:nowhere", "ORGANIZER:mailto:alice@example.org",
                      "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org", "END:VEVENT"], method: "REPLY"),
             "a reply about a meeting that is not here (UID nowhere)"),
            ("\u{1B}]0;pwned\u{07}not a calendar", "this is not an iCalendar file"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let path = home.path("bad\(index).ics")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = try datebook(["inbox", path])
            #expect(result.status == 1, "\(expected)")
            #expect(result.standardError.contains(expected), "\(result.standardError)")
        }
        let good = home.path("good.ics")
        try Data(message(poll + slot(1) + slot(2) + ["END:VPOLL"]).utf8).write(to: URL(fileURLWithPath: good))
        let read = try datebook(["inbox", good, home.path("bad0.ics")])
        #expect(read.status == 1)
        #expect(read.standardOutput.contains("invites you to “Poll”: vote on 2 times"))
        #expect(try listed().count == 1)
    }
}
