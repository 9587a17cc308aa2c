import Foundation
import Testing

/// `datebook add` and `datebook list` from scripts, and how bad input is refused.
@Suite("Commands for scripts")
struct CommandLineTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    func datebook(_ arguments: String...) throws -> Command.Result {
        try Command.run(try DatebookBinary.path, arguments + ["--db", db],
                        environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path])
    }

    @Test("add prints the new id and list --json prints the item with ISO 8601 dates and offsets")
    func addAndListJSON() throws {
        let added = try datebook("add", "Dentist", "--start", "2026-11-23 09:30", "--place", "Main St 4")
        #expect(added.status == 0, "\(added.standardError)")
        let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(UUID(uuidString: id) != nil)
        _ = try datebook("add", "Send report", "--task", "--due", "2026-11-24 17:00", "--notes", "two\nlines")

        let listed = try datebook("list", "--json")
        #expect(listed.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let dentist = try #require(array.first { $0["title"] as? String == "Dentist" })
        #expect(dentist["id"] as? String == id)
        #expect(dentist["kind"] as? String == "event")
        #expect(dentist["start"] as? String == "2026-11-23T09:30:00+01:00")
        #expect(dentist["end"] as? String == "2026-11-23T10:30:00+01:00")
        #expect(dentist["place"] as? String == "Main St 4")
        #expect(dentist["status"] as? String == "active")
        let task = try #require(array.first { $0["title"] as? String == "Send report" })
        #expect(task["kind"] as? String == "task")
        #expect(task["due"] as? String == "2026-11-24T17:00:00+01:00")
        #expect(task["notes"] as? String == "two\nlines")
        #expect(task["start"] is NSNull)

        let text = try datebook("list")
        #expect(text.standardOutput.split(separator: "\n").count == 2)
        let history = try datebook("list", "--history", "--json").standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test("bad input is explained on stderr with a non-zero exit, and nothing is written")
    func badInput() throws {
        let badDate = try datebook("add", "X", "--start", "31/02")
        #expect(badDate.status != 0)
        #expect(badDate.standardError.contains("31"))
        let noStart = try datebook("add", "An event without a start", "--event")
        #expect(noStart.status != 0)
        #expect(noStart.standardError.contains("--start"))
        let emptyTitle = try datebook("add", " ", "--task")
        #expect(emptyTitle.status != 0)
        #expect(emptyTitle.standardError.contains("title"))
        #expect(try datebook("list").standardOutput.isEmpty)
    }

    @Test("a timeout of no sensible size is refused by every command that takes one, never a crash")
    func timeoutsOutOfRange() throws {
        // `import URL --timeout 1e300` stopped the process: the seconds became milliseconds in an Int.
        let commands: [[String]] = [
            ["import", "http://127.0.0.1:9/x.ics", "--timeout"], ["sync", "--timeout"],
            ["subscriptions", "refresh", "--timeout"], ["open", "--sync-timeout"],
        ]
        for command in commands {
            for value in ["1e300", "inf", "nan", "-1", "0"] {
                let result = try Command.run(
                    try DatebookBinary.path, command.dropLast() + ["\(command.last!)=\(value)", "--db", db],
                    environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path])
                #expect(result.status == 64, "\(command) \(value): \(result.standardError)")
                #expect(result.standardError.contains("timeout must be between 0 and"), "\(command) \(value)")
            }
        }
    }

    @Test("add --repeat refuses a rule libical would walk for hours, at once, with the reason on stderr",
          arguments: [
              (["--start", "2026-01-01 10:00"], "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
              (["--start", "2026-01-01 10:00"], "FREQ=SECONDLY;BYYEARDAY=366", "cannot be expanded"),
              (["--start", "2026-01-01 10:00"], "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
              (["--start", "2026-01-01 10:00"], "FREQ=SECONDLY;COUNT=2147483647;BYMONTHDAY=31", "cannot be expanded"),
              (["--all-day", "--start", "2026-01-01"], "FREQ=SECONDLY;COUNT=1000000000", "cannot repeat an all-day item"),
              (["--start", "2026-01-01 10:00"], "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
          ])
    func hostileRepeatRule(_ start: [String], _ rule: String, _ message: String) throws {
        let clock = ContinuousClock()
        let began = clock.now
        // Command.run fails the test when the program has not finished within its timeout.
        let added = try Command.run(
            try DatebookBinary.path, ["add", "Hostile"] + start + ["--repeat", rule, "--db", db],
            environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(10))
        #expect(clock.now - began < .seconds(2))
        #expect(added.status == 1)
        #expect(added.standardError.contains(message), "\(added.standardError)")
        #expect(added.standardOutput.isEmpty)
        #expect(try datebook("list").standardOutput.isEmpty)
    }

    @Test("a file that is not a database is refused and left byte for byte as it was")
    func notADatabase() throws {
        let path = home.path("notes.txt")
        let content = Data("my precious notes\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        let result = try Command.run(try DatebookBinary.path, ["list", "--db", path], environment: ["HOME": home.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not a Datebook database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test("check names a foreign file once and says how to recover; a folder is named as one, with no recovery")
    func checkSaysWhatItIs() throws {
        let notes = home.path("notes.txt")
        try Data("my precious notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let foreign = try Command.run(try DatebookBinary.path, ["check", "--db", notes], environment: ["HOME": home.path])
        #expect(foreign.status == 1)
        #expect(foreign.standardError.hasPrefix("datebook check: \(notes) is not a Datebook database"), "\(foreign.standardError)")
        let firstLine = foreign.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.components(separatedBy: notes).count == 2, "\(firstLine)")  // named once
        #expect(foreign.standardError.contains("To recover:"))

        // A folder is no damaged database: SQLite's "disk I/O error" is not passed on.
        let folder = home.path("a-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let checked = try Command.run(try DatebookBinary.path, ["check", "--db", folder], environment: ["HOME": home.path])
        #expect(checked.status == 1)
        #expect(checked.standardError == "datebook check: Cannot open the database at \(folder): it is a folder, not a file\n")
    }

    @Test("a database in a folder that cannot be created says so")
    func unwritableFolder() throws {
        let file = home.path("plain-file")
        try Data().write(to: URL(fileURLWithPath: file))
        // A command that writes (one that only reads creates nothing, so never meets the folder).
        let result = try Command.run(try DatebookBinary.path, ["add", "Hi", "--task", "--db", file + "/sub/db.sqlite"],
                                     environment: ["HOME": home.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Cannot open the database"))
    }

    @Test("--help documents every command")
    func help() throws {
        let help = try Command.run(try DatebookBinary.path, ["--help"], environment: ["HOME": home.path])
        #expect(help.status == 0)
        for word in ["open", "add", "list", "--db"] {
            #expect(help.standardOutput.contains(word), "\(word)")
        }
        let addHelp = try Command.run(try DatebookBinary.path, ["add", "--help"], environment: ["HOME": home.path])
        for word in ["--start", "--end", "--due", "--task", "--reminder", "--place", "--notes"] {
            #expect(addHelp.standardOutput.contains(word), "\(word)")
        }
        // Alarms ring now: the help no longer says they do not, and says --alarm repeats.
        let words = addHelp.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!words.contains("do not ring yet"))
        #expect(words.contains("may be repeated"))
    }

    /// Every path says the last day of an all-day item the same way: `--end`, the form, the
    /// agenda text and the JSON name the last day; only the iCalendar export writes the day after.
    @Test("add --all-day from 22 to 24 November: agenda, JSON and list say the 24th, the export's DTEND the 25th")
    func allDayRange() throws {
        let added = try datebook("add", "Book fair", "--all-day", "--start", "2026-11-22", "--end", "2026-11-24")
        #expect(added.status == 0, "\(added.standardError)")
        let single = try datebook("add", "Holiday", "--all-day", "--start", "2026-11-26")
        #expect(single.status == 0, "\(single.standardError)")

        let agenda = try datebook("agenda", "--from", "2026-11-20", "--days", "10")
        #expect(agenda.status == 0, "\(agenda.standardError)")
        #expect(agenda.standardOutput.split(separator: "\n") == [
            "2026-11-22\tall day to 2026-11-24\tBook fair",
            "2026-11-26\tall day\tHoliday",
        ])

        let json = try datebook("agenda", "--from", "2026-11-20", "--days", "10", "--json")
        let occurrences = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(occurrences.map { $0["start"] as? String } == ["2026-11-22", "2026-11-26"])
        #expect(occurrences.map { $0["end"] as? String } == ["2026-11-24", "2026-11-26"])

        let list = try datebook("list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        let fair = try #require(items.first { $0["title"] as? String == "Book fair" })
        #expect(fair["allDay"] as? Bool == true)
        #expect(fair["start"] as? String == "2026-11-22")
        #expect(fair["end"] as? String == "2026-11-24")
        #expect((fair["times"] as? [[String: Any]])?.first?["end"] as? String == "2026-11-24")

        let export = try datebook("export").standardOutput
        #expect(export.contains("DTSTART;VALUE=DATE:20261122\r\nDTEND;VALUE=DATE:20261125\r\n"))
    }

    @Test("add --all-day whose last day comes before its first is refused, also by one day, and nothing is written")
    func allDayBackwards() throws {
        for end in ["2026-11-23", "2026-11-21"] {
            let added = try datebook("add", "Oops", "--all-day", "--start", "2026-11-24", "--end", end)
            #expect(added.status != 0)
            #expect(added.standardError.contains("The last day is before the first day"), "\(added.standardError)")
        }
        #expect(try datebook("list").standardOutput.isEmpty)
    }

    /// A task due on a date is due that date wherever it is read: the due floats.
    @Test("a task due 31 March added in Berlin is due 31 March in New York and Tokyo, with no time shown")
    func dateOnlyDueEverywhere() throws {
        let added = try datebook("add", "Tax return", "--task", "--due", "2027-03-31")
        #expect(added.status == 0, "\(added.standardError)")
        for zone in ["Europe/Berlin", "America/New_York", "Asia/Tokyo"] {
            let environment = ["TZ": zone, "PATH": "/usr/bin:/bin", "HOME": home.path]
            let list = try Command.run(try DatebookBinary.path, ["list", "--db", db], environment: environment)
            #expect(list.standardOutput.contains("\tWed 31 Mar 2027\tdue\tTax return"), "\(zone): \(list.standardOutput)")
            let agenda = try Command.run(
                try DatebookBinary.path, ["agenda", "--db", db, "--from", "2027-03-29", "--days", "5"],
                environment: environment)
            #expect(agenda.standardOutput == "2027-03-31\tdue\tTax return\n", "\(zone)")
            let json = try Command.run(try DatebookBinary.path, ["list", "--json", "--db", db], environment: environment)
            #expect(json.standardOutput.contains("\"due\" : \"2027-03-31\""), "\(zone)")
        }
        let export = try datebook("export").standardOutput
        #expect(export.contains("DUE;VALUE=DATE:20270331\r\n"))
    }

    @Test("a task imported with DUE;VALUE=DATE is due that date in New York too")
    func importedDateOnlyDue() throws {
        let file = home.path("due.ics")
        try Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:due-date@test\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Renew passport\r
            DUE;VALUE=DATE:20270331\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8).write(to: URL(fileURLWithPath: file))
        let environment = ["TZ": "America/New_York", "PATH": "/usr/bin:/bin", "HOME": home.path]
        let imported = try Command.run(try DatebookBinary.path, ["import", file, "--db", db], environment: environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        let list = try datebook("list")
        #expect(list.standardOutput.contains("\tWed 31 Mar 2027\tdue\tRenew passport"), "\(list.standardOutput)")
        #expect(try datebook("export").standardOutput.contains("DUE;VALUE=DATE:20270331\r\n"))
    }
}
