import Foundation
import Testing

/// What the planner promises when processes are killed, several write at once or the disk
/// fills: every change that said it was saved stays, the file stays whole, and a person never
/// sees "database is locked". Each test prints its figures (Docs/Reliability.md keeps them).
/// `DATEBOOK_STRESS=1` (`make stress`) runs the full counts; `make test` a tenth of the kills.
@Suite("Durability: kills, several writers, a full disk", .serialized)
struct DurabilityTests {
    let home: TemporaryDirectory
    let db: String

    static let stress = ProcessInfo.processInfo.environment["DATEBOOK_STRESS"] == "1"

    init() throws {
        home = try TemporaryDirectory(prefix: "datebook-durability")
        db = home.path("datebook.sqlite")
    }

    func datebook(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: timeout)
    }

    /// Runs a bash script with `DATEBOOK` set to the binary and `DB` to the database.
    func bash(_ script: String, timeout: Duration = .seconds(600)) throws -> Command.Result {
        try Command.run(
            "/bin/bash", ["-c", script],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK": try DatebookBinary.path,
                          "DB": db],
            timeout: timeout)
    }

    /// The titles in the database, from `datebook list --json` (History too).
    func titles() throws -> [String] {
        var all: [String] = []
        for history in [false, true] {
            let listed = try datebook(["list", "--json"] + (history ? ["--history"] : []))
            #expect(listed.status == 0, "\(listed.standardError)")
            let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
            all += items.compactMap { $0["title"] as? String }
        }
        return all
    }

    /// Runs `datebook import file` and kills it with SIGKILL after `delay` seconds; its exit
    /// status (137 when the kill came first).
    func importKilled(_ file: String, after delay: String) throws -> String {
        try bash("""
            "$DATEBOOK" import "\(file)" --db "$DB" >/dev/null 2>&1 &
            pid=$!
            sleep \(delay)
            kill -9 $pid 2>/dev/null
            wait $pid
            echo $?
            """).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func expectWhole() throws {
        let checked = try datebook(["check"])
        #expect(checked.status == 0, "check: \(checked.standardOutput) \(checked.standardError)")
    }

    // MARK: - Several writers

    @Test("four processes add 250 items each at once: 1,000 items, no lock error; the planner answers keys and shows them")
    func fourWriters() async throws {
        #expect(try datebook(["add", "First", "--start", "tomorrow 9:00"]).status == 0)
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC", "DATEBOOK_DB": db], home: home)
        try await session.waitFor("1 item")
        let started = ContinuousClock.now
        // Four shells, each adding 250 items one process at a time; every failure is written down.
        let writers = try bash("""
            for w in 1 2 3 4; do
              ( for i in $(seq 1 250); do
                  "$DATEBOOK" add "W$w-$i" --start "tomorrow 10:00" --db "$DB" >/dev/null 2>"$DB.err.$w.$i" \
                    || echo "writer $w item $i: exit $?: $(cat "$DB.err.$w.$i")"
                  [ -s "$DB.err.$w.$i" ] && echo "writer $w item $i said: $(cat "$DB.err.$w.$i")"
                  rm -f "$DB.err.$w.$i"
                done ) &
            done
            wait
            """)
        let writing = ContinuousClock.now - started
        #expect(writers.status == 0)
        #expect(writers.standardOutput.isEmpty, "\(writers.standardOutput.prefix(2000))")
        // The planner was open all along: it still answers a key at once and shows every item
        // within about a second (it looks for changes once a second when idle).
        try session.send(keys: "3")
        try await session.waitFor(" · week ", timeout: .seconds(2))
        try session.send(keys: "1")
        let shown = ContinuousClock.now
        try await session.waitFor("1001 items", timeout: .seconds(3))
        print("durability: 4 writers × 250 adds in \(writing); the planner showed them \(ContinuousClock.now - shown) after")
        let all = try titles()
        #expect(all.count == 1001)
        #expect(Set(all).count == 1001, "no item twice")
        try expectWhole()
    }

    // MARK: - Kills

    @Test("kill -9 at random moments during adds and edits: every add that printed its id is there; the file is whole")
    func killedWrites() throws {
        let rounds = Self.stress ? 1_000 : 100
        #expect(try datebook(["add", "Seed", "--start", "tomorrow 8:00"]).status == 0)
        // Each round starts an add (or, one in four, an import of a small file), kills it after
        // 0–150 ms (an add takes about 60 ms), and writes down its exit status and what it printed.
        let ics = home.path("two.ics")
        try Data("""
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:imported-1\r\nDTSTAMP:20261101T000000Z\r
            DTSTART:20261201T090000Z\r\nSUMMARY:Imported one\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:imported-2\r
            DTSTAMP:20261101T000000Z\r\nDTSTART:20261202T090000Z\r\nSUMMARY:Imported two\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """.utf8).write(to: URL(fileURLWithPath: ics))
        let result = try bash("""
            for i in $(seq 1 \(rounds)); do
              if [ $((i % 4)) -eq 0 ]; then
                "$DATEBOOK" import "\(ics)" --db "$DB" >"$DB.out.$i" 2>/dev/null &
              else
                "$DATEBOOK" add "K$i" --start "tomorrow 11:00" --db "$DB" >"$DB.out.$i" 2>/dev/null &
              fi
              pid=$!
              sleep "$(printf '0.%03d' $((RANDOM % 150)))"
              kill -9 $pid 2>/dev/null
              wait $pid
              echo "$i $? $(head -c 100 "$DB.out.$i")"
              rm -f "$DB.out.$i"
            done
            """, timeout: .seconds(900))
        #expect(result.status == 0, "\(result.standardError)")
        var saidSaved: [String] = []
        var killed = 0
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let round = Int(parts[0]) else { continue }
            if parts[1] == "0", round % 4 != 0, parts.count == 3, !parts[2].isEmpty { saidSaved.append("K\(round)") }
            if parts[1] == "137" { killed += 1 }
        }
        try expectWhole()
        let all = Set(try titles())
        let lost = saidSaved.filter { !all.contains($0) }
        print("durability: \(rounds) writes, \(killed) killed, \(saidSaved.count) adds said saved, \(lost.count) lost")
        #expect(lost.isEmpty, "said saved but missing: \(lost.prefix(10))")
        #expect(killed > 0, "no process was killed: the kills came too late to test anything")
        // An import is there whole or not at all.
        #expect(all.contains("Imported one") == all.contains("Imported two"))
        // And the next start works.
        #expect(try datebook(["add", "After", "--start", "tomorrow 12:00"]).status == 0)
    }

    @Test("the planner killed with SIGKILL as it saves: every save it said it made is there, the file is whole, it opens again")
    func killedPlanner() async throws {
        let rounds = Self.stress ? 40 : 6
        var confirmed: [String] = []
        var cut: [String] = []
        let environment: [String: String?] = ["TZ": "UTC", "DATEBOOK_DB": db]
        for round in 1...rounds {
            let session = try TmuxSession(width: 100, height: 30, environment: environment, home: home)
            try await session.waitFor("1 Events")
            // A save seen through to its message...
            let kept = "Kept r\(round)x"
            try session.send(keys: "a")
            try await session.waitFor("Quick add")
            try session.type("\(kept) 2030-03-15 09:00")
            try await session.waitFor("Fri 15 Mar 2030")
            try session.send(keys: "Enter")
            try await session.waitFor("Saved “\(kept)”")
            confirmed.append(kept)
            // ...then another, and the planner killed 0–40 ms after its Enter: during the save,
            // or just before or after it.
            let killed = "Cut r\(round)x"
            try session.send(keys: "a")
            try await session.waitFor("Quick add")
            try session.type("\(killed) 2030-03-16 09:00")
            try await session.waitFor("Sat 16 Mar 2030")
            let pid = try #require(try session.pid)
            try session.send(keys: "Enter")
            try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000)))
            kill(pid, SIGKILL)
            try await session.waitForEnd()
            session.kill()
            cut.append(killed)
        }
        try expectWhole()
        let all = Set(try titles())
        let lost = confirmed.filter { !all.contains($0) }
        let cutKept = cut.filter { all.contains($0) }.count
        print("durability: the planner killed \(rounds) times as it saved; \(confirmed.count) saves it confirmed, "
            + "\(lost.count) lost; \(cutKept) of the \(rounds) saves it was killed in are there (whole or not at all)")
        #expect(lost.isEmpty, "said saved but missing: \(lost)")
        // It opens again on the file and lists what was saved.
        let session = try TmuxSession(width: 100, height: 30, environment: environment, home: home)
        try await session.waitFor("Kept r1x")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("kill -9 during a large import: afterwards the import is wholly there or wholly absent")
    func killedImport() throws {
        let count = Self.stress ? 100_000 : 10_000
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//durability//EN\r\n"
        for n in 0..<count {
            text += "BEGIN:VEVENT\r\nUID:bulk-\(n)\r\nDTSTAMP:20261101T000000Z\r\n"
            text += String(format: "DTSTART:2027%02d%02dT090000Z\r\n", 1 + n % 12, 1 + n % 28)
            text += "SUMMARY:Bulk \(n)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let file = home.path("bulk.ics")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try datebook(["add", "Before", "--start", "tomorrow 9:00"]).status == 0)
        var outcomes: [String] = []
        for delay in ["0.05", "0.2", "0.5", "1"] {
            let killed = try importKilled(file, after: delay)
            let listed = try datebook(["list", "--json"])
            let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [Any])
            try expectWhole()
            outcomes.append("killed after \(delay) s (exit \(killed)): \(items.count - 1) imported")
            #expect(items.count == 1 || items.count == count + 1, "a part of the import is there: \(items.count - 1) of \(count)")
            if items.count > 1 { break }
        }
        print("durability: import of \(count): " + outcomes.joined(separator: "; "))
    }

    @Test("kill -9 during an import that takes occurrences out of stored series: History and the EXDATEs agree after")
    func killedImportIntoHistory() throws {
        let count = Self.stress ? 20_000 : 3_000
        func file(exdate: Bool) -> String {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//durability//EN\r\n"
            for n in 0..<count {
                let start = String(format: "2027%02d%02dT%02d0000Z", 1 + n % 12, 1 + n % 26, n % 24)
                text += "BEGIN:VEVENT\r\nUID:daily-\(n)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:\(start)\r\n"
                text += "RRULE:FREQ=DAILY;COUNT=30\r\nSUMMARY:Daily \(n)\r\n"
                // The third instance, taken out by another program.
                if exdate { text += "EXDATE:" + start.replacingOccurrences(of: String(start.prefix(8)), with: String(
                    format: "2027%02d%02d", 1 + n % 12, 3 + n % 26)) + "\r\n" }
                text += "END:VEVENT\r\n"
            }
            return text + "END:VCALENDAR\r\n"
        }
        let first = home.path("series.ics")
        let second = home.path("series-exdates.ics")
        try Data(file(exdate: false).utf8).write(to: URL(fileURLWithPath: first))
        try Data(file(exdate: true).utf8).write(to: URL(fileURLWithPath: second))
        #expect(try datebook(["import", first], timeout: .seconds(300)).status == 0)
        func counts() throws -> (history: Int, exdates: Int) {
            let read = try Command.run(
                "/usr/bin/env",
                ["sqlite3", db, "SELECT (SELECT COUNT(*) FROM occurrence_history), "
                    + "(SELECT COUNT(*) FROM item_recurrence_date WHERE is_exception = 1)"])
            try #require(read.status == 0, "\(read.standardError)")
            let numbers = read.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
            return (Int(numbers.first ?? "") ?? -1, Int(numbers.last ?? "") ?? -1)
        }
        var outcomes: [String] = []
        for delay in ["0.1", "0.3", "0.6", "1", "2"] {
            let killed = try importKilled(second, after: delay)
            try expectWhole()
            let (history, exdates) = try counts()
            outcomes.append("killed after \(delay) s (exit \(killed)): \(history) rows of History, \(exdates) EXDATEs")
            #expect(history == exdates, "History has \(history) rows for \(exdates) EXDATEs")
            #expect(exdates == 0 || exdates == count, "a part of the import is there: \(exdates) of \(count)")
            if exdates > 0 { break }
        }
        // Left to finish, the import takes each third instance out and History shows each.
        #expect(try datebook(["import", second], timeout: .seconds(300)).status == 0)
        let (history, exdates) = try counts()
        outcomes.append("whole: \(history) rows of History, \(exdates) EXDATEs")
        #expect(history == count)
        #expect(exdates == count)
        print("durability: import taking out \(count) occurrences: " + outcomes.joined(separator: "; "))
    }

    // MARK: - A full disk

    /// A 3 MB file system of its own (tmpfs) for the database, when this user may mount one;
    /// nil otherwise (the test then limits the size of the files the process may write).
    final class SmallDisk {
        let folder: String

        init?(in home: TemporaryDirectory) {
            folder = home.path("small-disk")
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
                let mount = Command.find("mount"),
                let result = try? Command.run(mount, ["-t", "tmpfs", "-o", "size=3m", "tmpfs", folder]),
                result.status == 0
            else { return nil }
        }

        deinit {
            if let umount = Command.find("umount") { _ = try? Command.run(umount, [folder]) }
        }
    }

    @Test("adds and an import on a full disk: the disk is full, nothing was written, every earlier item kept")
    func fullDisk() throws {
        let disk = SmallDisk(in: home)
        let database = disk.map { $0.folder + "/datebook.sqlite" } ?? db
        func run(_ arguments: [String], limit: String = "") throws -> Command.Result {
            try Command.run(
                "/bin/bash", ["-c", limit + "exec \"$DATEBOOK\" \"$@\"", "datebook"] + arguments + ["--db", database],
                environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK": try DatebookBinary.path])
        }
        for n in 1...20 { #expect(try run(["add", "Kept \(n)", "--start", "tomorrow 9:00"]).status == 0) }
        // Without a small disk: room for what the files hold now (in 512-byte blocks) and a
        // little more, so the writes run into the limit as they would into a full disk.
        var limit = ""
        if disk == nil {
            let sizes = [database, database + "-wal"].map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
            limit = "ulimit -f \((sizes.max() ?? 0) / 512 + 8); "
        }
        // Long notes fill it in about a hundred adds (their words go to the search index too).
        let kept = try run(["list"]).standardOutput.split(separator: "\n").count
        let notes = String(repeating: "n", count: 3_000)
        var stopped: (round: Int, message: String)?
        for round in 1...3_000 {
            let added = try run(["add", "Filler \(round) with a longer title", "--notes", notes, "--start", "tomorrow 10:00"],
                                limit: limit)
            if added.status != 0 {
                stopped = (round, added.standardError)
                break
            }
        }
        let full = try #require(stopped, "the disk never filled")
        print("durability: \(disk == nil ? "a file size limit" : "a 3 MB disk") was full at add \(full.round): \(full.message)")
        #expect(full.message.contains(disk == nil ? "over a file size limit); nothing was written" : "the disk is full; nothing was written"))
        let listed = try run(["list"])
        #expect(listed.status == 0)
        for n in 1...20 { #expect(listed.standardOutput.contains("Kept \(n)\t") || listed.standardOutput.contains("Kept \(n)")) }
        #expect(listed.standardOutput.split(separator: "\n").count == kept + full.round - 1, "every add that said saved is there")
        #expect(try run(["check"]).status == 0)

        // An import that does not fit: refused whole, the file still whole.
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for n in 0..<2_000 {
            text += "BEGIN:VEVENT\r\nUID:big-\(n)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20270101T090000Z\r\n"
            text += "SUMMARY:Big \(n) \(String(repeating: "x", count: 200))\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: home.path("big.ics")))
        let imported = try run(["import", home.path("big.ics")], limit: limit)
        #expect(imported.status != 0)
        #expect(imported.standardError.contains("nothing was imported"), "\(imported.standardError)")
        #expect(try run(["list"]).standardOutput == listed.standardOutput)
        #expect(try run(["check"]).status == 0)
    }
}
