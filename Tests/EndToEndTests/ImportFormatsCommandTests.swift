import Foundation
import TestSupport
import Testing

/// `datebook import` of the JSON formats as a script runs it: the format it recognised, each
/// format's items, a re-import that updates, an address (and one that never answers, with a
/// fallback file), and bad input that is reported while the rest comes in.
@Suite("Importing the JSON formats from scripts")
struct ImportFormatsCommandTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    /// Runs datebook on the test's database; `input` is the text of its standard input.
    func datebook(_ arguments: [String], input: String? = nil) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db],
            environment: ["TZ": "Australia/Melbourne", "PATH": "/usr/bin:/bin", "HOME": home.path],
            standardInput: try input.map { try file("stdin.txt", $0) }, timeout: .seconds(30))
    }

    static func fixture(_ name: String) throws -> String {
        try ImportExportTests.fixture("Imports/\(name)")
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = home.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The titles `datebook list` (and `--history`) print, one a line.
    func listed(history: Bool = false) throws -> String {
        try datebook(["list"] + (history ? ["--history"] : [])).standardOutput
    }

    @Test("each format is recognised and named in the summary")
    func recognised() throws {
        let taskwarrior = try datebook(["import", try Self.fixture("taskwarrior-2.6.2-export.json")])
        #expect(taskwarrior.status == 0, "\(taskwarrior.standardError)")
        #expect(taskwarrior.standardOutput == "Read as Taskwarrior export: 7 tasks imported (7 added, 0 updated), 0 skipped.\n")
        #expect(taskwarrior.standardError.isEmpty)
        let tasks = try datebook(["import", try Self.fixture("task-list.json")])
        #expect(tasks.standardOutput == "Read as task list: 3 tasks imported (3 added, 0 updated), 0 skipped.\n")
        let timetable = try datebook(["import", try Self.fixture("timetable-week8.json")])
        #expect(timetable.status == 0)
        #expect(timetable.standardOutput == "Read as timetable: 3 items imported (3 added, 0 updated), 0 skipped.\n")
        #expect(timetable.standardError == """
            note: line 1, timetable: the file says week 8, but its schedules fall in ISO week 11; they were imported \
            on the dates they give
            note: line 1, timetable: 1 parking not imported (Datebook keeps no parking data): Clayton live feed (645 free)

            """)
        let list = try listed()
        for title in ["Buy shampoo", "Study for the exam", "FIT1031 Lecture 01", "Bus Clayton → Caufield", "Water plants"] {
            #expect(list.contains(title), "\(title) in \(list)")
        }
        #expect(try listed(history: true).contains("Old task"))
    }

    @Test("the timetable imported again updates its items and adds none")
    func timetableAgain() throws {
        _ = try datebook(["import", try Self.fixture("timetable-week8.json")])
        let before = try listed()
        let again = try datebook(["import", try Self.fixture("timetable-week8.json")])
        #expect(again.standardOutput == "Read as timetable: 3 items imported (0 added, 3 updated), 0 skipped.\n")
        #expect(try listed() == before)
    }

    @Test("--format overrides the guess, and refuses what does not fit")
    func formatOption() throws {
        let asTimetable = try datebook(["import", "--format", "timetable", try Self.fixture("task-list.json")])
        #expect(asTimetable.status == 1)
        #expect(asTimetable.standardError.hasSuffix(
            "not a timetable: it should be an object with \"schedules\" and \"stops\"; nothing was imported\n"))
        let empty = try datebook(["import", "--format", "taskwarrior", "-"], input: "[]")
        #expect(empty.status == 0)
        #expect(empty.standardOutput == "Read as Taskwarrior export: 0 tasks imported (0 added, 0 updated), 0 skipped.\n")
        let unknown = try datebook(["import", "--format", "csv", "-"], input: "[]")
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("csv"))
    }

    @Test("datebook list --json is read back: the export of one database imported into another lists the same")
    func listJSONRoundTrip() throws {
        _ = try datebook(["import", try Self.fixture("task-list.json")])
        _ = try datebook(["add", "Lunch with Ana", "--start", "2026-11-24 12:30", "--end", "2026-11-24 13:30", "--place", "Cafe"])
        let exported = try datebook(["list", "--json"]).standardOutput
        let path = try file("export.json", exported)
        let other = home.path("other.sqlite")
        let imported = try Command.run(
            try DatebookBinary.path, ["import", path, "--db", other],
            environment: ["TZ": "Australia/Melbourne", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(30))
        #expect(imported.standardOutput == "Read as Datebook JSON: 3 items imported (3 added, 0 updated), 0 skipped.\n")
        let relisted = try Command.run(
            try DatebookBinary.path, ["list", "--json", "--db", other],
            environment: ["TZ": "Australia/Melbourne", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(30))
        #expect(relisted.standardOutput == exported)
        let back = try datebook(["import", path])
        #expect(back.standardOutput == "Read as Datebook JSON: 3 items imported (0 added, 3 updated), 0 skipped.\n")
    }

    @Test("a task list from an address; one that never answers times out, and --fallback imports the file instead")
    func address() throws {
        let list = try String(contentsOfFile: try Self.fixture("task-list.json"), encoding: .utf8)
        let server = try LocalServer(contentType: "application/json", body: Data(list.utf8))
        defer { server.stop() }
        let fetched = try datebook(["import", server.url.absoluteString])
        #expect(fetched.status == 0, "\(fetched.standardError)")
        #expect(fetched.standardOutput == "Read as task list: 3 tasks imported (3 added, 0 updated), 0 skipped.\n")

        server.goSilent()
        let began = Date()
        let timedOut = try datebook(["import", server.url.absoluteString, "--timeout", "1"])
        #expect(timedOut.status == 1)
        #expect(timedOut.standardError == "datebook import: \(server.url.absoluteString): timed out after 1 s\n")
        #expect(Date().timeIntervalSince(began) < 10)

        let fallback = try datebook([
            "import", server.url.absoluteString, "--timeout", "1", "--fallback", try Self.fixture("timetable-week8.json"),
        ])
        #expect(fallback.status == 0)
        #expect(fallback.standardOutput == "Read as timetable: 3 items imported (3 added, 0 updated), 0 skipped.\n")
        #expect(fallback.standardError.hasPrefix(
            "datebook import: \(server.url.absoluteString): timed out after 1 s; importing \(try Self.fixture("timetable-week8.json")) instead\n"))
        let refused = try datebook(["import", "http://127.0.0.1:1/tasks", "--timeout", "1", "--fallback", home.path("none.json")])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("cannot reach the address"))
        #expect(refused.standardError.contains("none.json: cannot read the file"))
    }

    @Test("an .ics address imports as iCalendar always did; a missing file with --fallback imports the fallback")
    func icalAddressAndMissingFile() throws {
        let ics = try String(contentsOfFile: try ImportExportTests.fixture("google-calendar-export.ics"), encoding: .utf8)
        let server = try LocalServer(contentType: "text/calendar", body: Data(ics.utf8))
        defer { server.stop() }
        let fetched = try datebook(["import", server.url.absoluteString])
        #expect(fetched.status == 0, "\(fetched.standardError)")
        #expect(fetched.standardOutput == "Imported 3 items: 3 added, 0 updated, 0 skipped.\n")
        let missing = home.path("gone.json")
        let fallback = try datebook(["import", missing, "--fallback", try Self.fixture("task-list.json")])
        #expect(fallback.status == 0)
        #expect(fallback.standardOutput == "Read as task list: 3 tasks imported (3 added, 0 updated), 0 skipped.\n")
        #expect(fallback.standardError.hasPrefix("datebook import: \(missing): cannot read the file: "))
        #expect(fallback.standardError.contains("importing \(try Self.fixture("task-list.json")) instead"))
    }

    @Test("a repeating Taskwarrior task shows every day of the next year in datebook agenda --days 365")
    func repeatingTaskYearAhead() throws {
        // Due every day at noon UTC from tomorrow (the import keeps a few weeks; the agenda the rest).
        let day = Calendar(identifier: .gregorian).startOfDay(for: Date()).addingTimeInterval(86_400)
        let first = day.addingTimeInterval(12 * 3600)
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let export = try file("daily.json", """
            [{"uuid":"00000000-0000-4000-8000-0000000d4111",
              "description":"Water plants","status":"recurring","recur":"daily","due":"\(stamp.string(from: first))"}]
            """)
        #expect(try datebook(["import", export]).status == 0)
        stamp.dateFormat = "yyyy-MM-dd"
        stamp.timeZone = TimeZone(identifier: "Australia/Melbourne")
        let from = stamp.string(from: first)
        let agenda = try datebook(["agenda", "--from", from, "--days", "365"])
        #expect(agenda.status == 0, "\(agenda.standardError)")
        let days = agenda.standardOutput.split(separator: "\n").filter { $0.contains("Water plants") }.map { $0.prefix(10) }
        let expected = (0..<365).map { stamp.string(from: first.addingTimeInterval(Double($0) * 86_400)) }
        #expect(days.map(String.init) == expected)
        // The first year-long agenda kept the rows it read; the next prints the same.
        #expect(try datebook(["agenda", "--from", from, "--days", "365"]).standardOutput == agenda.standardOutput)
    }

    @Test("bad records are reported with their place and the rest imported, exit 2 as for iCalendar; exit 1 when nothing could be")
    func badInput() throws {
        let mixed = try file("mixed.json", """
            [
              {"uuid": "00000000-0000-4000-8000-000000000001", "description": "Keep me", "status": "pending"},
              {"uuid": "00000000-0000-4000-8000-000000000002", "description": "Odd", "status": "someday"},
              {"uuid": "00000000-0000-4000-8000-000000000003", "description": 12, "status": "pending"}
            ]
            """)
        let partly = try datebook(["import", mixed])
        #expect(partly.status == 2)
        #expect(partly.standardOutput == "Read as Taskwarrior export: 1 task imported (1 added, 0 updated), 2 skipped.\n")
        #expect(partly.standardError.contains("skipped: task 2 (line 3) 00000000-0000-4000-8000-000000000002: unknown status \"someday\""))
        #expect(partly.standardError.contains("skipped: task 3 (line 4) 00000000-0000-4000-8000-000000000003: \"description\" should be text, not a number (12); skipped"))
        #expect(try listed().contains("Keep me"))

        let allBad = try datebook(["import", "-"], input: #"[{"title": "No times"}]"#)
        #expect(allBad.status == 1)
        #expect(allBad.standardOutput == "Read as task list: 0 tasks imported (0 added, 0 updated), 1 skipped.\n")
        #expect(allBad.standardError == "skipped: task 1 (line 1): \"times\" is missing; skipped\n")

        let deep = try file("deep.json", String(repeating: "[", count: 5_000_000) + String(repeating: "]", count: 5_000_000))
        let nested = try datebook(["import", deep])
        #expect(nested.status == 1)
        #expect(nested.standardError == "datebook import: \(deep): not a JSON file Datebook can read: it nests deeper "
            + "than 64 levels (line 1); no Datebook format does; nothing was imported\n")
        #expect(try listed().contains("Keep me"), "nothing lost")
    }
}
