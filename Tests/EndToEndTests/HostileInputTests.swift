import Foundation
import Testing

/// Inputs a fuzzing run found harmful, kept as regressions: deep nesting, control bytes, a
/// damaged database, file permissions and read commands that created files.
@Suite("Hostile input from scripts")
struct HostileInputTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    /// Runs datebook on `database` (the test's by default) in UTC.
    func datebook(_ arguments: [String], database: String? = nil, timeout: Duration = .seconds(30)) throws
        -> Command.Result
    {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", database ?? db],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: timeout)
    }

    /// Writes `text` to a file of the test's home named `name` and runs `datebook import` of it.
    func importText(_ text: String, named name: String) throws -> Command.Result {
        let path = home.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try datebook(["import", path])
    }

    /// Runs a shell command line with `datebook` set to the binary, in UTC.
    func shell(_ script: String) throws -> Command.Result {
        try Command.run(
            "/bin/sh", ["-c", script],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK": try DatebookBinary.path],
            timeout: .seconds(30))
    }

    /// The control characters in `text` other than the line breaks `allowed` (and TAB when
    /// `tabs`), by code point.
    static func controls(in text: String, tabs: Bool = false) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A && value != 0x0D && !(tabs && value == 0x09))
                || (value >= 0x7F && value < 0xA0)
        }
    }

    @Test("32,656 nested VALARMs: the event is skipped as nested too deeply, the rest imported, exit 2")
    func deepNesting() throws {
        let depth = 32_656
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT", "UID:n", "DTSTART:20260101T100000Z", "SUMMARY:s"]
            + Array(repeating: "BEGIN:VALARM", count: depth) + Array(repeating: "END:VALARM", count: depth)
            + ["END:VEVENT", "BEGIN:VEVENT", "UID:ok", "DTSTART:20260102T100000Z", "SUMMARY:Kept", "END:VEVENT",
                "END:VCALENDAR"]
        let path = home.path("nest.ics")
        try Data(lines.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        let imported = try datebook(["import", path])
        #expect(imported.status == 2, "\(imported.standardError)")
        #expect(imported.standardOutput.hasPrefix("Imported 1 item: 1 added, 0 updated, 1 skipped."))
        #expect(imported.standardError.contains("line 4, VEVENT: it is nested too deeply"))
        let listed = try datebook(["list"])
        #expect(listed.standardOutput.contains("Kept"))
    }

    @Test("no output and no file carries a raw control character; JSON keeps them, escaped")
    func controlCharactersStayOut() throws {
        let title = "Evil \u{1B}]0;pwned\u{07} \u{1B}[2J c1\u{9B}1m del\u{7F} tab\there"
        let added = try datebook(
            ["add", title, "--start", "2026-11-23 09:00", "--place", "Room\u{07}1", "--notes", "one\ntwo\u{01}"])
        #expect(added.status == 0, "\(added.standardError)")

        let exported = try datebook(["export"])
        #expect(exported.status == 0)
        #expect(exported.standardOutput.contains("SUMMARY:Evil \u{241B}]0\\;pwned\u{2407}"))
        #expect(Self.controls(in: exported.standardOutput) == [])
        let out = home.path("out.ics")
        #expect(try datebook(["export", "--out", out]).status == 0)
        #expect(Self.controls(in: try String(contentsOfFile: out, encoding: .utf8)) == [])

        for arguments in [["list", "--json"], ["agenda", "--json", "--from", "2026-11-23", "--days", "1"]] {
            let result = try datebook(arguments)
            #expect(result.status == 0)
            #expect(Self.controls(in: result.standardOutput) == [], "\(arguments)")
            let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
            #expect(json?.first?["title"] as? String == title, "\(arguments)")
        }
        for arguments in [["list"], ["agenda", "--from", "2026-11-23", "--days", "1"]] {
            let result = try datebook(arguments)
            #expect(result.status == 0)
            #expect(Self.controls(in: result.standardOutput, tabs: true) == [], "\(arguments)")
            #expect(result.standardOutput.contains("Evil \u{241B}]0;pwned\u{2407}"))
        }
    }

    @Test("contacts and meetings with control characters in every text: no output, file or screen carries them raw")
    func controlCharactersInContactsAndMeetings() async throws {
        let evil = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9B}1m"
        let card = home.path("evil.vcf")
        try Data("""
            BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Eve \(evil)\r\nORG:Org \(evil)\r\nEMAIL:eve@example.org\r
            NOTE:note \(evil)\r\nX-EVIL:raw \(evil)\r\nEND:VCARD\r\n
            """.utf8).write(to: URL(fileURLWithPath: card))
        let script = """
            "$DATEBOOK" contacts import --db '\(db)' '\(card)' &&
            "$DATEBOOK" me --db '\(db)' --name "Ana $(printf '\\033[2J')" --email ana@example.org &&
            id=$("$DATEBOOK" meeting new --db '\(db)' "Plan $(printf '\\033]0;pwned\\007')" --slot 'tomorrow 10-11' \
              --invite eve@example.org --place "Room $(printf '\\233')1m") &&
            "$DATEBOOK" meeting send --db '\(db)' "$id"
            """
        let made = try shell(script)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(Self.controls(in: made.standardOutput + made.standardError) == [])
        for arguments in [["contacts", "list"], ["contacts", "list", "--json"], ["contacts", "export"], ["meeting", "list"],
                          ["search", "eve"], ["search", "plan", "--kind", "meeting"], ["me"]] {
            let result = try datebook(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(Self.controls(in: result.standardOutput, tabs: true) == [], "\(arguments)")
            #expect(Self.controls(in: result.standardError) == [], "\(arguments)")
        }
        let outbox = home.path("outbox")
        for file in try FileManager.default.contentsOfDirectory(atPath: outbox) {
            #expect(Self.controls(in: try String(contentsOfFile: outbox + "/" + file, encoding: .utf8)) == [], "\(file)")
        }
        // On screen: the Contacts and Meetings tabs and the contact's profile show pictures.
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC", "DATEBOOK_DB": db], home: home)
        defer { session.kill() }
        for keys in [["5"], ["4", "]"]] {
            for key in keys { try session.send(keys: key) }
            let screen = try await session.waitFor(keys == ["5"] ? "Eve" : "Plan")
            #expect(screen.contains("\u{241B}"), "\(screen)")
            #expect(Self.controls(in: try session.output()) == [], "tab \(keys)")
        }
        try session.send(keys: "5", "Enter")
        try await session.waitFor("Org")
        #expect(Self.controls(in: try session.output()) == [])
        #expect(try session.display("#{pane_title}") != "pwned")
    }

    @Test("an argument or option value with control characters is quoted in the error with their pictures")
    func controlCharactersInArguments() throws {
        for arguments in [["li\u{1B}]0;pwned\u{07}st"], ["list", "--\u{1B}[2Jx"], ["agenda", "--days", "\u{9B}1m"]] {
            let result = try datebook(arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("\u{241B}") || result.standardError.contains("\u{FFFD}"), "\(arguments)")
            #expect(Self.controls(in: result.standardError) == [], "\(arguments): \(result.standardError)")
        }
        // Help still goes to stdout, whole.
        let help = try datebook(["agenda", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("OVERVIEW: Print every occurrence in a range"))
    }

    @Test("what datebook import says on stderr of a hostile file carries no raw control character")
    func controlCharactersInImportNotes() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
            "BEGIN:VEVENT", "UID:no-start\u{1B}]0;pwned\u{07}", "SUMMARY:x", "END:VEVENT",
            "BEGIN:VEVENT", "UID:clear\u{1B}[2J", "DTSTART;TZID=Bad\u{1B}[31mZone:20261123T090000",
            "PRIORITY:soon\u{9B}1m", "SUMMARY:Kept", "END:VEVENT",
            "BEGIN:VEVENT", "UID:clear\u{1B}[2J", "DTSTART:20261124T090000Z", "SUMMARY:Twice", "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"
        let imported = try importText(text, named: "hostile.ics")
        #expect(imported.status == 2, "\(imported.standardError)")
        #expect(Self.controls(in: imported.standardError) == [], "\(imported.standardError)")
        #expect(Self.controls(in: imported.standardOutput) == [])
        // Shown, not obeyed: the notes still say which component they are about.
        #expect(imported.standardError.contains("VEVENT no-start\u{241B}]0;pwned\u{2407}: it has no DTSTART"))
        #expect(imported.standardError.contains("\u{201C}Bad\u{241B}[31mZone\u{201D}"))
        let missing = try datebook(["import", home.path("no\u{1B}[2Jfile.ics")])
        #expect(missing.status == 1)
        #expect(Self.controls(in: missing.standardError) == [], "\(missing.standardError)")
        // And the items, in every output.
        let exported = try datebook(["export"])
        #expect(Self.controls(in: exported.standardOutput) == [])
        for arguments in [["list"], ["list", "--json"], ["agenda", "--from", "2026-11-23", "--days", "2"],
                          ["agenda", "--json", "--from", "2026-11-23", "--days", "2"]] {
            let result = try datebook(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(Self.controls(in: result.standardOutput, tabs: arguments.count == 1 || arguments[1] != "--json") == [],
                    "\(arguments)")
            #expect(result.standardOutput.contains("Twice"), "\(arguments)")
        }
    }

    @Test("libical writes nothing on stderr of a file whose lines end in lone CRs (finding 29)")
    func loneCarriageReturns() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n\rBEGIN:DAYLIGHT\r\n"
            + "END:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:cr\r\nDTSTART:20261201T100000Z\r\nSUMMARY:Old Mac line\r"
            + "LOCATION:Room 2\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let imported = try importText(text, named: "lone-cr.ics")
        #expect(imported.standardOutput.hasPrefix("Imported 1 item: 1 added"), "\(imported.standardError)")
        // Every line on stderr is one of Datebook's notes; libical's own would start `./src/libical/`.
        let lines = imported.standardError.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("note: ") || $0.hasPrefix("skipped: ") },
                "\(imported.standardError)")
        let listed = try datebook(["list", "--json"])
        #expect(listed.standardOutput.contains("\"title\" : \"Old Mac line\""), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("\"place\" : \"Room 2\""))
    }

    /// libical 3.0 cannot read TASK-MODE or X-LIC-CLASS from text and said so on stderr
    /// (finding 36, libFuzzer `ical`); they are left out before it sees them, folded or not.
    @Test("properties libical cannot read are left out with a note, and nothing of libical's reaches stderr")
    func unreadableProperties() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:t1\r\nTASK-MODE:5\r\nSUMMARY:Write report\r\n"
            + "x-lic-class:PUBLISH-NEW\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:t2\r\nTASK-\r\n MODE;X=1:AUTOMATIC-\r\n COMPLETION\r\n"
            + "SUMMARY:Second\r\nTASK-MODES:kept as an unknown property\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let imported = try importText(text, named: "task-mode.ics")
        #expect(imported.standardOutput.hasPrefix("Imported 2 items: 2 added"), "\(imported.standardError)")
        let lines = imported.standardError.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("note: ") }, "\(imported.standardError)")
        // One note names both tasks.
        let taskMode = lines.filter { $0.contains("libical cannot read TASK-MODE; it was left out") }
        #expect(taskMode.count == 1 && taskMode[0].contains("VTODO t1; line ") && taskMode[0].contains("VTODO t2:"),
                "\(imported.standardError)")
        #expect(lines.filter { $0.contains("libical cannot read X-LIC-CLASS; it was left out") }.count == 1)
        let listed = try datebook(["list", "--json"])
        #expect(listed.standardOutput.contains("\"title\" : \"Write report\""), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("\"title\" : \"Second\""))
    }

    @Test("the database, its folder, -wal and -shm are private whatever the umask")
    func privateFiles() async throws {
        let path = home.path("new/deeper/datebook.sqlite")
        // A TUI keeps the database open: its -wal and -shm exist while it runs.
        let session = try TmuxSession(arguments: ["--db", path])
        defer { session.kill() }
        _ = try await session.waitFor("1 Events")
        let result = try shell("umask 000; \"$DATEBOOK\" add --db '\(path)' Hi --start 'tomorrow 9:00' && ls -ld '\(path)'*")
        #expect(result.status == 0, "\(result.standardError)")
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path + suffix)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(suffix): \(result.standardOutput)")
        }
        for folder in ["new", "new/deeper"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: home.path(folder))
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(folder)")
        }
        // An older database readable by everyone is made private when it is opened.
        let old = home.path("old.sqlite")
        #expect(try datebook(["add", "Old", "--start", "tomorrow 9:00"], database: old).status == 0)
        chmod(old, 0o644)
        #expect(try datebook(["list"], database: old).status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: old)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("the meeting messages waiting in the outbox and both exports are private whatever the umask")
    func privateOutputs() throws {
        let script = """
            umask 000
            "$DATEBOOK" me --db '\(db)' --name Ana --email ana@example.org >/dev/null &&
            id=$("$DATEBOOK" meeting new --db '\(db)' Plan --slot 'tomorrow 10-11' --invite bob@example.org) &&
            "$DATEBOOK" meeting send --db '\(db)' "$id" >/dev/null &&
            "$DATEBOOK" contacts add --db '\(db)' Bob >/dev/null &&
            "$DATEBOOK" contacts export --db '\(db)' --out '\(home.path("cards.vcf"))' 2>/dev/null &&
            "$DATEBOOK" export --db '\(db)' --out '\(home.path("calendar.ics"))' 2>/dev/null
            """
        let result = try shell(script)
        #expect(result.status == 0, "\(result.standardError)")
        let outbox = home.path("outbox")
        #expect((try FileManager.default.attributesOfItem(atPath: outbox)[.posixPermissions] as? Int) == 0o700)
        let messages = try FileManager.default.contentsOfDirectory(atPath: outbox)
        #expect(!messages.isEmpty)
        for file in messages.map({ outbox + "/" + $0 }) + [home.path("cards.vcf"), home.path("calendar.ics")] {
            #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600, "\(file)")
        }
    }

    @Test("an export read only in part (`| head`) leaves no copy of the calendar or the address book in the temporary folder")
    func exportToAClosedPipe() throws {
        let temporary = home.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        // Both exports far larger than a pipe holds, so the writer meets the closed end.
        var cards = "", events = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        let note = String(repeating: "x", count: 100)
        for n in 0..<3_000 {
            cards += "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Person \(n)\r\nNOTE:\(note)\r\nEND:VCARD\r\n"
            events += "BEGIN:VEVENT\r\nUID:pipe-\(n)\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Event \(n)\r\n"
                + "DESCRIPTION:\(note)\r\nEND:VEVENT\r\n"
        }
        events += "END:VCALENDAR\r\n"
        try Data(cards.utf8).write(to: URL(fileURLWithPath: home.path("cards.vcf")))
        try Data(events.utf8).write(to: URL(fileURLWithPath: home.path("events.ics")))
        let database = home.path("pipe.sqlite")
        #expect(try shell("\"$DATEBOOK\" contacts import --db '\(database)' '\(home.path("cards.vcf"))' >/dev/null").status == 0)
        #expect(try shell("\"$DATEBOOK\" import --db '\(database)' '\(home.path("events.ics"))' >/dev/null").status == 0)
        for command in ["contacts export", "export"] {
            let cut = try shell("TMPDIR='\(temporary)' \"$DATEBOOK\" \(command) --db '\(database)' | head -c 10 >/dev/null")
            #expect(cut.status == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "\(command)")
        }
    }

    @Test("a read command on a path that does not exist creates nothing")
    func readsCreateNothing() throws {
        let path = home.path("missing/folder/datebook.sqlite")
        for arguments in [["list"], ["list", "--json"], ["agenda"], ["export"]] {
            let result = try datebook(arguments, database: path)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("there is no database at \(path)"))
        }
        #expect(!FileManager.default.fileExists(atPath: home.path("missing")))
        let checked = try datebook(["check"], database: path)
        #expect(checked.status == 1)
        #expect(!FileManager.default.fileExists(atPath: home.path("missing")))
    }

    @Test("a database that cannot be created on a full disk leaves no empty file behind")
    func fullDiskLeavesNothing() throws {
        let path = home.path("full.sqlite")
        // 512 bytes: room for the message on stderr, not for the database's first page.
        let result = try shell("ulimit -f 1; exec \"$DATEBOOK\" add --db '\(path)' Hi --start 'tomorrow 9:00'")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(!result.standardError.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a damaged key in the calendar's table: agenda and check say the file is damaged, never a short agenda")
    func damagedDatabase() throws {
        for (day, title) in [(23, "First"), (24, "Second"), (25, "Third")] {
            #expect(try datebook(["add", title, "--start", "2026-11-\(day) 09:00"]).status == 0)
        }
        let whole = try datebook(["agenda", "--from", "2026-11-23", "--days", "7"])
        #expect(whole.standardOutput.split(separator: "\n").count == 3)
        #expect(try datebook(["check"]).standardOutput.hasPrefix("ok"))

        // Everything into the main file, then the second event's start (stored as a 4-byte
        // integer) made 2038 wherever it stands: in the calendar's table its key is now out of
        // order, which SQLite does not notice when it reads the page.
        let checkpoint = try Command.run(
            "/usr/bin/env",
            ["python3", "-c", "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')", db])
        #expect(checkpoint.status == 0, "\(checkpoint.standardError)")
        let second = UInt32(1_795_510_800)  // 2026-11-24 09:00 UTC
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: db)))
        let pattern = withUnsafeBytes(of: second.bigEndian, Array.init)
        let replacement = withUnsafeBytes(of: UInt32(0x7FFF_FFF0).bigEndian, Array.init)
        var replaced = 0
        var index = 0
        while index + 4 <= bytes.count {
            if Array(bytes[index..<index + 4]) == pattern {
                bytes.replaceSubrange(index..<index + 4, with: replacement)
                replaced += 1
            }
            index += 1
        }
        #expect(replaced > 0)
        try Data(bytes).write(to: URL(fileURLWithPath: db))

        let agenda = try datebook(["agenda", "--from", "2026-11-23", "--days", "7"])
        #expect(agenda.status == 1, "\(agenda.standardOutput)")
        #expect(agenda.standardError.contains("the database file is damaged"))
        #expect(agenda.standardError.contains("datebook check"))
        let checked = try datebook(["check"])
        #expect(checked.status == 1)
        #expect(checked.standardError.contains("damaged"))
        #expect(checked.standardError.contains(".recover"))
        let exported = try datebook(["export", "--from", "2026-11-23", "--to", "2026-11-30"])
        #expect(exported.status == 1)
        #expect(exported.standardOutput.isEmpty)
    }

    /// Damages the file where an `add` never writes: the page of the table of meeting invitees
    /// (empty here) is made to claim 512 cells. SQLite meets it only when it reads that page.
    func damageWhereAddDoesNotWrite() throws {
        let script = """
            import sqlite3, sys
            path = sys.argv[1]
            c = sqlite3.connect(path); c.execute('PRAGMA wal_checkpoint(TRUNCATE)')
            root = c.execute("SELECT rootpage FROM sqlite_master WHERE name = 'meeting_invitee'").fetchone()[0]
            size = c.execute('PRAGMA page_size').fetchone()[0]
            c.close()
            with open(path, 'r+b') as f:
                f.seek((root - 1) * size + 3); f.write((512).to_bytes(2, 'big'))
            """
        let damaged = try Command.run("/usr/bin/env", ["python3", "-c", script, db])
        try #require(damaged.status == 0, "\(damaged.standardError)")
    }

    @Test("an add into a file damaged where the add would not write is refused, the file left as it was; the planner says so")
    func addIntoDamagedFile() async throws {
        #expect(try datebook(["add", "First", "--start", "2026-11-24 09:00"]).status == 0)
        try damageWhereAddDoesNotWrite()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))

        let added = try datebook(["add", "Second", "--start", "2026-11-25 09:00"])
        #expect(added.status == 1)
        #expect(added.standardOutput.isEmpty)
        #expect(added.standardError.contains("the database file is damaged (On tree page"))
        #expect(added.standardError.contains("nothing was changed"))
        #expect(added.standardError.contains("datebook check"))
        #expect(added.standardError.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let imported = try shell("printf 'BEGIN:VCALENDAR\\r\\nEND:VCALENDAR\\r\\n' | \"$DATEBOOK\" import --db '\(db)' -")
        #expect(imported.status == 1)
        #expect(imported.standardError.contains("the database file is damaged"))
        #expect(try datebook(["check"]).status == 1)

        // The planner opens (what can be read is shown) and says it on the status line.
        let session = try TmuxSession(width: 120, environment: ["TZ": "UTC", "DATEBOOK_DB": db], home: home)
        try await session.waitFor("First")
        try await session.waitFor("the database file is damaged")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("an agenda that cannot list a dense series whole says so and exits 3; a far day of it is whole")
    func agendaSaysWhenItStops() throws {
        #expect(
            try datebook(["add", "Tick", "--start", "2026-11-01 00:00", "--end", "2026-11-01 00:01", "--repeat",
                "FREQ=MINUTELY"]).status == 0)
        // Two years of minutes: more than an agenda expands at once.
        let long = try datebook(["agenda", "--from", "2026-11-01", "--days", "800"], timeout: .seconds(60))
        #expect(long.status == 3)
        #expect(long.standardError.contains("\u{201C}Tick\u{201D} repeats too often to list over the whole range"))
        let printed = long.standardOutput.split(separator: "\n")
        #expect(!printed.isEmpty)
        #expect(long.standardError.contains(String(printed.last!.prefix(10))))
        // One day, months later: every minute of it, and nothing to say.
        let day = try datebook(["agenda", "--from", "2027-07-02", "--days", "1"])
        #expect(day.status == 0, "\(day.standardError)")
        #expect(day.standardOutput.split(separator: "\n").count == 1_440)
        #expect(day.standardError.isEmpty)
    }

    @Test("many dense series in one agenda: five are named on stderr, the rest counted; every other series whole")
    func agendaCountsManyDenseSeries() throws {
        for n in 1...12 {
            #expect(
                try datebook(["add", "Tick \(n)", "--start", "2026-11-01 00:00", "--end", "2026-11-01 00:01",
                    "--repeat", "FREQ=SECONDLY"]).status == 0)
        }
        #expect(try datebook(["add", "Standup", "--start", "2026-11-01 09:00", "--repeat", "FREQ=DAILY"]).status == 0)
        let week = try datebook(["agenda", "--from", "2029-03-05", "--days", "7"], timeout: .seconds(60))
        #expect(week.status == 3)
        let notes = week.standardError.split(separator: "\n")
        #expect(notes.count == 6, "\(notes)")
        #expect(notes.prefix(5).allSatisfy { $0.contains("repeats too often to list over the whole range") })
        #expect(notes.last.map(String.init) == "datebook agenda: and 7 more series repeat too often to list over the whole range; "
            + "occurrences of them are left out too (ask for a shorter range)")
        #expect(week.standardOutput.split(separator: "\n").filter { $0.contains("Standup") }.count == 7)
    }
}
