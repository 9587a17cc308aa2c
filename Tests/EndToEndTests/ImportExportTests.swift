import Foundation
import Testing

/// `datebook import`, `export` and `agenda` as a script runs them, with the export checked by
/// independent readers: Python's icalendar and recurring-ical-events.
@Suite("Import, export and agenda from scripts")
struct ImportExportTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    /// Runs datebook on the test's database in a time zone.
    func datebook(_ arguments: [String], zone: String = "Europe/Berlin", input: String? = nil, database: String? = nil)
        throws -> Command.Result
    {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", database ?? db],
            environment: ["TZ": zone, "PATH": "/usr/bin:/bin", "HOME": home.path], standardInput: input,
            timeout: .seconds(30))
    }

    /// The fixtures the unit tests use.
    static func fixture(_ name: String) throws -> String {
        try DatebookBinary.packageRoot().appendingPathComponent("Tests/DatebookKitTests/Fixtures/\(name)").path
    }

    /// A file in the test's folder holding `text`.
    func file(_ name: String, _ text: String) throws -> String {
        let path = home.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("import prints a summary; skipped components go to stderr with exit status 2")
    func importSummary() throws {
        let imported = try datebook(["import", try Self.fixture("rfc5545-section4.ics")])
        #expect(imported.status == 2)
        #expect(imported.standardOutput == "Imported 4 items: 4 added, 0 updated, 2 skipped.\n")
        // Both components are skipped for one reason: one line names them.
        #expect(imported.standardError == "skipped: line 89, VJOURNAL; line 112, VFREEBUSY: "
            + "Datebook imports VEVENT and VTODO only; skipped\n")
        let again = try datebook(["import", try Self.fixture("google-calendar-export.ics")])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.hasPrefix("Imported 3 items: 3 added, 0 updated, 0 skipped."))
        let twice = try datebook(["import", try Self.fixture("google-calendar-export.ics")])
        #expect(twice.standardOutput.hasPrefix("Imported 3 items: 0 added, 3 updated, 0 skipped."))
    }

    @Test("an END that ends nothing is left out and one that ends too early closes what is open: both events kept, only Datebook's notes on stderr")
    func strayAndMissingEnds() throws {
        let path = try file("ends.ics", [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
            "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z", "DTSTART:20261201T100000Z", "SUMMARY:Stray end",
            "END:VALARM", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTAMP:20260101T000000Z", "DTSTART:20261202T100000Z", "SUMMARY:Open alarm",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n")
        let imported = try datebook(["import", path])
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "Imported 2 items: 2 added, 0 updated, 0 skipped.\n")
        // libical says nothing of its own ("Encountered END before BEGIN" with its source line).
        #expect(imported.standardError == """
            note: line 9, VALARM: END:VALARM without BEGIN:VALARM; ignored
            note: line 19, VEVENT: VALARM inside it did not end; closed here

            """)
        let exported = try datebook(["export"]).standardOutput
        #expect(exported.contains("SUMMARY:Stray end"))
        #expect(exported.contains("SUMMARY:Open alarm\r\n"))
        #expect(exported.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\n"))
        #expect(exported.components(separatedBy: "TRIGGER:-PT5M").count == 2)
    }

    @Test("END lines without a name, a folded END and a BEGIN folded after a blank line: libical reads what the notes say")
    func oddBoundaries() throws {
        // Each shape made libical print "Encountered END before BEGIN" (the fuzzer's stderr oracle).
        let path = try file("odd.ics", [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
            "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z", "DTSTART:20261201T100000Z", "SUMMARY:No name",
            "END:", "END;X=1:VALARM", "END", "END:会议", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTAMP:20260101T000000Z", "DTSTART:20261202T100000Z", "SUMMARY:Folded end",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "E", " ND:VALARM", "END:VEVENT",
            "", "\tBEGIN:VEVENT", "UID:c", "DTSTAMP:20260101T000000Z", "DTSTART:20261203T100000Z", "SUMMARY:After a blank",
            "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n")
        let imported = try datebook(["import", path])
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "Imported 3 items: 3 added, 0 updated, 0 skipped.\n")
        #expect(imported.standardError == "note: " + (9...12).map { "line \($0), VEVENT" }.joined(separator: "; ")
            + ": an END line without a component's name; ignored\n")
        let exported = try datebook(["export"]).standardOutput
        for title in ["No name", "Folded end", "After a blank"] {
            #expect(exported.contains("SUMMARY:\(title)\r\n"))
        }
        #expect(exported.contains("TRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\n"))
    }

    @Test("a note said of many components is printed once, naming the first five; other notes keep their lines")
    func notesSaidOfManyAreSaidOnce() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN"]
        for n in 1...40 {
            lines += ["BEGIN:VEVENT", "UID:m\(n)", "DTSTAMP:20260101T000000Z",
                      "DTSTART;TZID=Mars/Olympus_Mons:20261201T100000", "SUMMARY:Mars \(n)", "END:VEVENT"]
        }
        lines += ["BEGIN:VEVENT", "UID:p", "DTSTAMP:20260101T000000Z", "DTSTART:20261201T100000Z",
                  "PRIORITY:someday", "SUMMARY:Odd priority", "END:VEVENT", "END:VCALENDAR"]
        let imported = try datebook(["import", try file("mars.ics", lines.joined(separator: "\r\n") + "\r\n")])
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "Imported 41 items: 41 added, 0 updated, 0 skipped.\n")
        let notes = imported.standardError.split(separator: "\n")
        #expect(notes.count == 2, "\(imported.standardError)")
        let named: [String] = (0..<5).map { n in "line \(4 + 6 * n), VEVENT m\(n + 1)" }
        let message = "the TZID \u{201C}Mars/Olympus_Mons\u{201D} is neither a known time zone nor defined in the file; "
            + "its times were read as floating (local) times"
        #expect(notes.first.map(String.init) == "note: " + named.joined(separator: "; ") + "; and 35 more: " + message)
        #expect(notes.last?.hasPrefix("note: line 244, VEVENT p: PRIORITY") == true, "\(imported.standardError)")
        // Every event is there.
        #expect(try datebook(["list"]).standardOutput.components(separatedBy: "Mars ").count == 41)
    }

    @Test("import keeps items whose rules libical would walk for hours unexpanded, with a note, at once")
    func hostileRules() throws {
        let clock = ContinuousClock()
        let began = clock.now
        let imported = try datebook(["import", try Self.fixture("hostile-rules.ics")])
        #expect(clock.now - began < .seconds(3))
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Imported 7 items: 7 added, 0 updated, 0 skipped."))
        let notes = imported.standardError.split(separator: "\n").filter { $0.contains("kept unexpanded") }
        #expect(notes.count == 6, "\(imported.standardError)")
        let agenda = try datebook(["agenda", "--from", "2026-01-01", "--to", "2027-01-01"])
        #expect(agenda.status == 0)
        #expect(agenda.standardOutput.split(separator: "\n").count == 6 + 3)
        let exported = try datebook(["export"])
        #expect(exported.standardOutput.components(separatedBy: "RRULE:").count - 1 == 7)
    }

    @Test("import - reads standard input; a file that is not iCalendar fails with status 1 and writes nothing")
    func standardInputAndFailure() throws {
        let fromStdin = try datebook(["import", "-"], input: try Self.fixture("khal-0.10.5-vdir.ics"))
        #expect(fromStdin.status == 0, "\(fromStdin.standardError)")
        #expect(fromStdin.standardOutput.hasPrefix("Imported 3 items: 3 added"))
        let notes = try file("notes.txt", "Remember the milk\n")
        let refused = try datebook(["import", notes])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("not an iCalendar file"))
        let missing = try datebook(["import", home.path("nowhere.ics")])
        #expect(missing.status == 1)
        let listed = try datebook(["list"])
        #expect(listed.standardOutput.split(separator: "\n").count == 3)
    }

    @Test("files joined on standard input (a folder of one-event files, `cat *.ics`) import as one: every calendar's items")
    func concatenatedCalendars() throws {
        let names = ["apple-calendar.ics", "khal-0.10.5-vdir.ics", "exrule.ics"]
        var joined = Data()
        for name in names { joined += try Data(contentsOf: URL(fileURLWithPath: try Self.fixture(name))) }
        let stream = home.path("joined.ics")
        try joined.write(to: URL(fileURLWithPath: stream))
        var alone = 0
        for name in names {
            let single = try datebook(["import", try Self.fixture(name)], database: home.path("\(name).sqlite"))
            #expect(single.status == 0, "\(single.standardError)")
            alone += try #require(Int(single.standardOutput.split(separator: " ")[1]))
        }
        let together = try datebook(["import", "-"], input: stream)
        #expect(together.status == 0, "\(together.standardError)")
        #expect(together.standardOutput.hasPrefix("Imported \(alone) items: \(alone) added"))
        // Every calendar's items are there, by UID.
        let exported = try datebook(["export"]).standardOutput
        let uids = String(decoding: joined, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { $0.hasPrefix("UID:") }
        #expect(Set(uids).count >= names.count)
        for uid in Set(uids) { #expect(exported.contains(uid), "\(uid) is not in the export") }
    }

    @Test("agenda text: one line per occurrence, in the local zone, an event made in Berlin at the right hour in New York")
    func agendaText() throws {
        let calendar = try file(
            "berlin.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:standup@example.com\r
            DTSTART;TZID=Europe/Berlin:20261019T090000\r
            DTEND;TZID=Europe/Berlin:20261019T091500\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            SUMMARY:Standup\r
            LOCATION:Room 2\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:holiday@example.com\r
            DTSTART;VALUE=DATE:20261103\r
            DTEND;VALUE=DATE:20261105\r
            SUMMARY:Away\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        #expect(try datebook(["import", calendar]).status == 0)
        let berlin = try datebook(["agenda", "--from", "2026-10-18", "--days", "21"])
        #expect(berlin.status == 0, "\(berlin.standardError)")
        #expect(berlin.standardOutput == """
            2026-10-19\t09:00-09:15\tStandup\tRoom 2
            2026-10-26\t09:00-09:15\tStandup\tRoom 2
            2026-11-02\t09:00-09:15\tStandup\tRoom 2
            2026-11-03\tall day to 2026-11-04\tAway

            """)
        // New York leaves summer time a week after Berlin: 03:00, 04:00, then 03:00 again.
        let newYork = try datebook(["agenda", "--from", "2026-10-18", "--to", "2026-11-02"], zone: "America/New_York")
        #expect(newYork.standardOutput == """
            2026-10-19\t03:00-03:15\tStandup\tRoom 2
            2026-10-26\t04:00-04:15\tStandup\tRoom 2
            2026-11-02\t03:00-03:15\tStandup\tRoom 2

            """)
        let bad = try datebook(["agenda", "--from", "31/02"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("--from"))
    }

    @Test("an agenda that keeps rows a year ahead leaves no write-ahead log behind for the next command to read")
    func agendaLeavesNoLog() throws {
        // An import keeps a series' rows eight weeks ahead; a year's agenda keeps the rest.
        let path = try file("daily.ics", [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN",
            "BEGIN:VEVENT", "UID:standup", "DTSTAMP:20260101T000000Z", "DTSTART:20261123T090000Z",
            "DURATION:PT15M", "RRULE:FREQ=DAILY", "SUMMARY:Standup", "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n")
        #expect(try datebook(["import", path]).status == 0)
        let year = try datebook(["agenda", "--from", "2026-11-23", "--days", "365"])
        #expect(year.status == 0)
        #expect(year.standardOutput.split(separator: "\n").count == 365)
        // The agenda kept the days it read past the horizon (a write), then ended with `exit`:
        // it closes the database first, so SQLite moves the log into the file and removes it.
        let log = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
        #expect(log == 0)
    }

    @Test("agenda --json: an array with uid, title, start, end, allDay, recurring and place")
    func agendaJSON() throws {
        #expect(try datebook(["import", try Self.fixture("google-calendar-export.ics")]).status == 0)
        let result = try datebook(["agenda", "--from", "2026-10-26", "--days", "3", "--json"], zone: "America/New_York")
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let first = array[0]
        #expect(first["uid"] as? String == "3q9v0k8h2b1m5n7p4r6s8t0u2w@google.com")
        #expect(first["title"] as? String == "Planning ☕")
        #expect(first["start"] as? String == "2026-10-26T04:30:00-04:00")
        #expect(first["end"] as? String == "2026-10-26T05:00:00-04:00")
        #expect(first["allDay"] as? Bool == false)
        #expect(first["recurring"] as? Bool == true)
        #expect(first["recurrenceId"] as? String == "2026-10-26T04:30:00-04:00")
        #expect(first["place"] as? String == "Sala Tejo, 3rd floor")
        let moved = array[1]
        #expect(moved["start"] as? String == "2026-10-28T06:00:00-04:00")
        #expect(moved["recurrenceId"] as? String == "2026-10-28T04:30:00-04:00")
        #expect(moved["place"] as? String == "Sala Douro")
        let christmas = try datebook(["agenda", "--from", "2026-12-24", "--days", "1", "--json"])
        let holiday = try #require((try JSONSerialization.jsonObject(with: Data(christmas.standardOutput.utf8)) as? [[String: Any]])?.first)
        #expect(holiday["start"] as? String == "2026-12-24")
        #expect(holiday["end"] as? String == "2026-12-26")
        #expect(holiday["allDay"] as? Bool == true)
    }

    @Test("export → import into another database gives the same agenda")
    func roundTrip() throws {
        for name in ["google-calendar-export.ics", "thunderbird-lightning.ics", "apple-calendar.ics", "outlook-windows-zone.ics"] {
            _ = try datebook(["import", try Self.fixture(name)])
        }
        let out = home.path("export.ics")
        let exported = try datebook(["export", "--out", out])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardError.contains("Exported 11 items"))
        let other = home.path("other.sqlite")
        let imported = try datebook(["import", out], database: other)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.hasPrefix("Imported 11 items: 11 added"))
        // The same occurrences; only Datebook's own ids differ (each database gives its own).
        func occurrences(_ database: String?) throws -> [String] {
            let output = try datebook(["agenda", "--from", "2026-09-01", "--to", "2027-03-01", "--json"], database: database)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
            return array.map { object in
                object.filter { $0.key != "id" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            }.sorted()
        }
        let before = try occurrences(nil)
        #expect(before.count > 40)
        #expect(try occurrences(other) == before)
        let stdout = try datebook(["export", "--from", "2026-11-26", "--to", "2026-11-26"])
        #expect(stdout.standardOutput.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(stdout.standardOutput.contains("SUMMARY:Dentist"))
        #expect(!stdout.standardOutput.contains("SUMMARY:Coffee with Mia"))
        // History's text says what became of each item, and when.
        let ended = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:done-1\r\nSUMMARY:Filed taxes\r\n\
            STATUS:COMPLETED\r\nCOMPLETED:20261120T100000Z\r\nEND:VTODO\r\nBEGIN:VEVENT\r\nUID:gone-1\r\n\
            DTSTART:20261119T090000Z\r\nSUMMARY:Old meeting\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        let endedFile = home.path("ended.ics")
        try ended.write(to: URL(fileURLWithPath: endedFile), atomically: true, encoding: .utf8)
        #expect(try datebook(["import", endedFile]).status == 0)
        let history = try datebook(["list", "--history"]).standardOutput.split(separator: "\n")
        #expect(history.contains { $0.hasSuffix("\tFiled taxes\t\tcompleted Fri 20 Nov 2026 11:00") }, "\(history)")
        #expect(history.contains { $0.contains("\tOld meeting\t") && $0.contains("\tdeleted ") }, "\(history)")
        // A negative count is read as a count, and refused as one (not "Missing value").
        let negative = try datebook(["agenda", "--days", "-1"])
        #expect(negative.status == 64)
        #expect(negative.standardError.hasPrefix("Error: --days must be 1 to 36600\n"), "\(negative.standardError)")
        let fewer = try datebook(["search", "dentist", "--limit", "-5"])
        #expect(fewer.standardError.hasPrefix("Error: --limit must be at least 1\n"), "\(fewer.standardError)")
        // A range backwards is refused, as agenda refuses it, not written as an empty calendar.
        let backwards = try datebook(["export", "--from", "2026-12-31", "--to", "2026-12-01"])
        #expect(backwards.status == 1)
        #expect(backwards.standardError == "datebook export: the range ends before it starts\n")
        #expect(backwards.standardOutput.isEmpty)
    }

    @Test("Python's icalendar reads the export, and recurring-ical-events counts the same occurrences")
    func pythonReadsTheExport() throws {
        let python = try #require(Command.find("python3"), "python3 is needed to check exports")
        try Self.ensurePythonReaders(python)
        for name in [
            "google-calendar-export.ics", "thunderbird-lightning.ics", "apple-calendar.ics", "outlook-windows-zone.ics",
            "rfc5545-section3.6.ics", "calcurse-4.7.1-export.ics", "khal-0.10.5-vdir.ics",
            // Shapes an import once lost part of (recurring-ical-events applies no EXRULE, and
            // icalendar refuses a PRIORITY that is a word, so those two are left out here).
            "orphan-instances.ics", "duplicate-uid.ics", "exdate-date.ics", "floating-and-zoned.ics",
            "this-and-future.ics", "rdate-periods.ics",
        ] {
            _ = try datebook(["import", try Self.fixture(name)], zone: "UTC")
        }
        let out = home.path("export.ics")
        #expect(try datebook(["export", "--out", out], zone: "UTC").status == 0)
        let ours = try datebook(["agenda", "--from", "2026-09-01T00:00:00Z", "--to", "2027-09-01T00:00:00Z", "--json"], zone: "UTC")
        let ourCount = try #require(try JSONSerialization.jsonObject(with: Data(ours.standardOutput.utf8)) as? [Any]).count
        let script = try file(
            "count.py",
            """
            import sys, datetime, icalendar, recurring_ical_events
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            components = calendar.walk("VEVENT") + calendar.walk("VTODO")
            undated = {str(c.get("UID")) for c in components if c.get("DTSTART") is None and c.get("DUE") is None}
            utc = datetime.timezone.utc
            start = datetime.datetime(2026, 9, 1, tzinfo=utc)
            end = datetime.datetime(2027, 9, 1, tzinfo=utc)
            count = 0
            for occurrence in recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"]).between(start, end):
                if str(occurrence.get("UID")) in undated or str(occurrence.get("STATUS", "")) == "CANCELLED":
                    continue
                count += 1
            print(len(components), count)

            """)
        let counted = try Command.run(python, [script, out], environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin"], timeout: .seconds(60))
        #expect(counted.status == 0, "\(counted.standardError)")
        let numbers = counted.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 2)
        #expect(numbers.first ?? 0 >= 20)
        #expect(numbers.last == ourCount, "recurring-ical-events counted \(numbers.last ?? -1), Datebook \(ourCount)")
    }

    @Test("series from years back read as recurring-ical-events reads them: before where they are kept from, across it, now and past the horizon")
    func oldSeriesAsThePeerReadsThem() throws {
        let python = try #require(Command.find("python3"), "python3 is needed to compare with recurring-ical-events")
        try Self.ensurePythonReaders(python)
        let fixture = try Self.fixture("old-series.ics")
        #expect(try datebook(["import", fixture], zone: "UTC").status == 0)
        let script = try file(
            "occurrences.py",
            """
            import sys, datetime, icalendar, recurring_ical_events
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            utc = datetime.timezone.utc
            start = datetime.datetime.fromisoformat(sys.argv[2]).replace(tzinfo=utc)
            end = datetime.datetime.fromisoformat(sys.argv[3]).replace(tzinfo=utc)
            for occurrence in recurring_ical_events.of(calendar).between(start, end):
                value = occurrence["DTSTART"].dt
                if isinstance(value, datetime.datetime):
                    value = value.astimezone(utc).strftime("%Y-%m-%dT%H:%M")
                print(value, occurrence["SUMMARY"])

            """)
        // Where series written now are kept from: 400 days back.
        let keptFrom = Date().addingTimeInterval(-400 * 86_400)
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let ranges = [
            ("2005-03-01", "2005-04-01"), ("2008-06-01", "2008-06-10"), ("2010-03-01", "2010-03-08"),
            ("2012-04-29", "2012-05-06"), ("2004-01-01", "2004-02-01"),
            (day.string(from: keptFrom.addingTimeInterval(-30 * 86_400)), day.string(from: keptFrom.addingTimeInterval(30 * 86_400))),
            (day.string(from: Date().addingTimeInterval(-7 * 86_400)), day.string(from: Date().addingTimeInterval(30 * 86_400))),
            ("2029-03-01", "2029-04-01"),
        ]
        for (from, to) in ranges {
            let theirs = try Command.run(
                python, [script, fixture, from + "T00:00", to + "T00:00"], environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin"],
                timeout: .seconds(60))
            #expect(theirs.status == 0, "\(theirs.standardError)")
            let ours = try datebook(["agenda", "--from", from + "T00:00:00Z", "--to", to + "T00:00:00Z", "--json"], zone: "UTC")
            #expect(ours.status == 0, "\(ours.standardError)")
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(ours.standardOutput.utf8)) as? [[String: Any]])
            let utc = ISO8601DateFormatter()
            let minute = DateFormatter()
            minute.locale = Locale(identifier: "en_US_POSIX")
            minute.timeZone = TimeZone(identifier: "UTC")
            minute.dateFormat = "yyyy-MM-dd'T'HH:mm"
            let mine = objects.map { object -> String in
                let start = object["start"] as? String ?? ""
                let shown = (object["allDay"] as? Bool == true) ? start : utc.date(from: start).map(minute.string) ?? start
                return "\(shown) \(object["title"] as? String ?? "")"
            }.sorted()
            let expected = theirs.standardOutput.split(separator: "\n").map(String.init).sorted()
            #expect(!expected.isEmpty, "\(from): recurring-ical-events found nothing")
            #expect(mine == expected, "\(from) ..< \(to)")
        }
    }

    /// Installs icalendar and recurring-ical-events with pip when python3 cannot import them.
    static func ensurePythonReaders(_ python: String) throws {
        let check = ["-c", "import icalendar, recurring_ical_events"]
        if try Command.run(python, check, timeout: .seconds(30)).status == 0 { return }
        let install = try Command.run(
            python, ["-m", "pip", "install", "-q", "icalendar", "recurring-ical-events"], timeout: .seconds(300))
        if install.status != 0 {
            _ = try Command.run(
                python, ["-m", "pip", "install", "-q", "--break-system-packages", "icalendar", "recurring-ical-events"],
                timeout: .seconds(300))
        }
        let again = try Command.run(python, check, timeout: .seconds(30))
        if again.status != 0 {
            throw EndToEndFailure("python3 cannot import icalendar and recurring_ical_events: \(again.standardError)")
        }
    }
}
