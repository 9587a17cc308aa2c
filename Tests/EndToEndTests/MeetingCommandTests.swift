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

    func datebook(_ arguments: [String]) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db],
            environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(30))
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
        var meeting = try #require(try listed().first)
        #expect(meeting.id == id && meeting.title == "Planning" && meeting.state == "polling")
        #expect(meeting.lists == ["hosting"] && meeting.mark == "Host")
        #expect(meeting.slots.map(\.start) == [
            "2026-12-01T10:00:00+01:00", "2026-12-02T14:00:00+01:00", "2026-12-03T09:00:00+01:00",
        ])
        #expect(meeting.invitees.map(\.email) == ["bob@example.org", "carol@example.org"])

        // The host is no invitee: her vote is refused; a slot that is not there is named.
        let vote = try datebook(["meeting", "vote", String(id.suffix(8)), "--yes", "1"])
        #expect(vote.status == 1)
        #expect(vote.standardError.contains("alice@example.org is not invited to this meeting"))
        #expect(try datebook(["meeting", "confirm", id, "7"]).standardError.contains("The meeting has no slot 7"))

        let confirm = try datebook(["meeting", "confirm", String(id.suffix(8)), "2"])
        #expect(confirm.standardOutput == "Confirmed “Planning” on slot 2\n", "\(confirm.standardError)")
        meeting = try #require(try listed().first)
        #expect(meeting.state == "confirmed" && meeting.sequence == 1 && meeting.lists == ["hosting", "coming"])
        let agenda = try datebook(["agenda", "--from", "2026-12-01", "--to", "2026-12-04"])
        #expect(agenda.standardOutput == "2026-12-02\t14:00-15:00\tPlanning\tRoom 4\n")

        #expect(try datebook(["meeting", "cancel", id]).standardOutput == "Cancelled “Planning”\n")
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
}
