import Foundation
import TestSupport
import Testing

/// `datebook account` and `datebook sync` with the real binary and a real Radicale: two
/// devices of one person, edits and removals on both sides, a conflict, kills in the middle of
/// a large sync, another client (Python's caldav), and servers that misbehave.
@Suite("Sync with a CalDAV server", .serialized)
struct SyncCommandTests {
    let home: TemporaryDirectory
    let server: RadicaleServer

    init() throws {
        home = try TemporaryDirectory(prefix: "datebook-sync")
        server = try RadicaleServer(users: ["alice": "alice-secret", "bob": "bob-secret"])
    }

    /// The database of one device (`a`, `b`…), in a folder of its own (its outbox is beside it).
    func database(_ device: String) throws -> String {
        try FileManager.default.createDirectory(atPath: home.path(device), withIntermediateDirectories: true)
        return home.path("\(device)/datebook.sqlite")
    }

    /// Runs datebook on one device's database as `user`.
    @discardableResult
    func datebook(_ device: String, _ arguments: [String], user: String = "alice", timeout: Duration = .seconds(120))
        throws -> Command.Result
    {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", try database(device)],
            environment: [
                "TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path,
                "DATEBOOK_PASSWORD": server.users[user] ?? "wrong",
            ],
            timeout: timeout)
    }

    /// Adds the account `home` to a device, or fails the test with what datebook said.
    func addAccount(_ device: String, user: String = "alice", url: URL? = nil) throws {
        let added = try datebook(
            device, ["account", "add", "home", "--url", (url ?? server.baseURL).absoluteString, "--user", user], user: user)
        try #require(added.status == 0, "account add: \(added.standardError)")
    }

    /// The texts of the sync entries in a device's Activities, oldest first.
    func syncNotes(_ device: String) throws -> [String] {
        let read = try Command.run(
            "/usr/bin/env", ["sqlite3", try database(device), "SELECT text FROM activity WHERE kind = 'sync' ORDER BY id"])
        try #require(read.status == 0, "\(read.standardError)")
        return read.standardOutput.split(separator: "\n").map(String.init)
    }

    /// Syncs a device and returns its one-line summary; fails the test when the sync failed.
    @discardableResult
    func sync(_ device: String, user: String = "alice") throws -> String {
        let synced = try datebook(device, ["sync"], user: user)
        try #require(synced.status == 0, "sync of \(device) failed: \(synced.standardError)")
        return synced.standardOutput
    }

    /// A device's items as its export writes them, one text per component keyed by UID and
    /// RECURRENCE-ID, without the DTSTAMP (the time of the export) and LAST-MODIFIED.
    func components(_ device: String) throws -> [String: String] {
        let exported = try datebook(device, ["export"])
        try #require(exported.status == 0, "export: \(exported.standardError)")
        return Self.components(of: exported.standardOutput)
    }

    static func components(of text: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: [String] = []
        var depth = 0
        for line in text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n") {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" { depth = 1; current = [line]; continue }
            guard depth > 0 else { continue }
            // When each side last wrote an item is its own (an item removed on the server is
            // removed here later).
            if !line.hasPrefix("DTSTAMP:") && !line.hasPrefix("LAST-MODIFIED:") { current.append(normalizedTrigger(line)) }
            if line == "END:VEVENT" || line == "END:VTODO" {
                depth = 0
                let uid = current.first { $0.hasPrefix("UID:") } ?? "?"
                let recurrence = current.first { $0.hasPrefix("RECURRENCE-ID") } ?? ""
                result[uid + recurrence] = current.joined(separator: "\n")
            }
        }
        return result
    }

    /// A VALARM's TRIGGER duration in minutes (`-PT1H` and `-PT60M` are the same alarm; a
    /// server may write either).
    static func normalizedTrigger(_ line: String) -> String {
        guard line.hasPrefix("TRIGGER"), let colon = line.lastIndex(of: ":") else { return line }
        var value = line[line.index(after: colon)...]
        let negative = value.hasPrefix("-")
        value = value.drop { $0 == "-" || $0 == "+" || $0 == "P" || $0 == "T" }
        var minutes = 0
        var number = 0
        for character in value {
            if let digit = character.wholeNumberValue {
                number = number * 10 + digit
                continue
            }
            switch character {
            case "W": minutes += number * 7 * 1440
            case "D": minutes += number * 1440
            case "H": minutes += number * 60
            case "M": minutes += number
            default: break
            }
            number = 0
        }
        guard Int(value.filter(\.isNumber)) != nil else { return line }
        return line[...colon] + (negative ? "-" : "") + "PT\(minutes)M"
    }

    /// Changes items of a device the way another program would: its export edited and imported.
    func edit(_ device: String, _ change: (String) -> String) throws {
        let exported = try datebook(device, ["export"]).standardOutput
        let file = home.path("\(device)-edit.ics")
        try Data(change(exported).utf8).write(to: URL(fileURLWithPath: file))
        let imported = try datebook(device, ["import", file])
        try #require(imported.status == 0, "import: \(imported.standardError)")
    }

    /// The titles of a device's items in the Events list and History.
    func titles(_ device: String) throws -> [String] {
        let listed = try datebook(device, ["list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        return items.compactMap { item in
            guard (item["status"] as? String) != "deleted" else { return nil }
            return item["title"] as? String
        }.sorted()
    }

    /// An iCalendar file of `count` items from the benchmark's generator (recurrence, time
    /// zones, alarms, unknown properties), and three with attendees.
    func generatedFile(count: Int) throws -> String {
        let file = home.path("generated.ics")
        let root = try DatebookBinary.packageRoot()
        let made = try Command.run(
            "/usr/bin/python3", [root.appendingPathComponent("scripts/gen-ics.py").path, "--count", String(count),
                                 "--out", file], timeout: .seconds(60))
        try #require(made.status == 0, "\(made.standardError)")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let meetings = (1...3).map { n in
            "BEGIN:VEVENT\r\nUID:meeting-\(n)@example.org\r\nDTSTAMP:20261101T000000Z\r\n"
                + "DTSTART;TZID=Europe/Berlin:2026120\(n)T100000\r\nDTEND;TZID=Europe/Berlin:2026120\(n)T110000\r\n"
                + "SUMMARY:Planning \(n)\r\nORGANIZER;CN=Alice:mailto:alice@example.org\r\n"
                + "ATTENDEE;CN=Bob;PARTSTAT=ACCEPTED:mailto:bob@example.org\r\n"
                + "ATTENDEE;CN=Carol;PARTSTAT=NEEDS-ACTION;ROLE=OPT-PARTICIPANT:mailto:carol@example.org\r\n"
                + "X-OTHER-APP-COLOUR:teal\r\nEND:VEVENT\r\n"
        }.joined()
        text = text.replacingOccurrences(of: "END:VCALENDAR", with: meetings + "END:VCALENDAR")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    // MARK: - Two devices, one person

    @Test("1,000 items go up from one device (as one whole calendar) and down to another, field for field; a second sync does nothing")
    func twoDevices() throws {
        let file = try generatedFile(count: 1000)
        let imported = try datebook("a", ["import", file])
        #expect(imported.status == 0)
        // "Imported 999 items: …" (changed instances are parts of their series' items).
        let count = try #require(Int(imported.standardOutput.split(separator: " ")[1]))
        #expect(count > 990)
        try addAccount("a")
        let up = try sync("a")
        #expect(up.contains("sent \(count) (\(count) new)"), "\(up)")
        try addAccount("b")
        let down = try sync("b")
        #expect(down.contains("received \(count) (\(count) new)"), "\(down)")

        let a = try components("a")
        let b = try components("b")
        #expect(a.count >= count)
        #expect(a.keys.sorted() == b.keys.sorted())
        let different = a.keys.filter { a[$0] != b[$0] }.sorted()
        #expect(different.isEmpty, "\(different.count) differ, e.g. \(different.first.map { "\(a[$0]!)\n---\n\(b[$0]!)" } ?? "")")
        let planning = try #require(b["UID:meeting-1@example.org"])
        #expect(planning.contains("mailto:carol@example.org") && planning.contains("ROLE=OPT-PARTICIPANT"), "\(planning)")
        #expect(planning.contains("X-OTHER-APP-COLOUR:teal"))
        #expect(planning.contains("DTSTART;TZID=Europe/Berlin:20261201T100000"))

        #expect(try sync("a").contains("nothing to do"))
        #expect(try sync("b").contains("nothing to do"))
    }

    @Test("a whole first upload the server names otherwise (a UID with a space): the next sync finds it, nothing twice")
    func wholeUploadRenamed() throws {
        let file = try generatedFile(count: 150)
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "UID:meeting-2@example.org", with: "UID:meeting two@example.org")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try datebook("a", ["import", file])
        let count = try #require(Int(imported.standardOutput.split(separator: " ")[1]))
        try addAccount("a")
        let first = try sync("a")
        #expect(first.contains("sent \(count) (\(count) new)"), "\(first)")
        // Datebook names that resource by the item's id, Radicale by the UID: the next sync
        // lists the whole calendar and recognises it, instead of sending it again.
        let again = try sync("a")
        #expect(!again.contains("sent"), "\(again)")
        let listing = try server.request(
            "PROPFIND", server.url(forUser: "alice", collection: "calendar").path, as: "alice", headers: ["Depth": "1"])
        #expect(listing.body.components(separatedBy: ".ics</href>").count - 1 == count, "\(listing.body.prefix(300))")
        try addAccount("b")
        let down = try sync("b")
        #expect(down.contains("received \(count) (\(count) new)"), "\(down)")
        #expect(try titles("b").sorted() == titles("a").sorted())
    }

    @Test("edits and removals on both devices converge; an item removed on one and changed on the other comes back")
    func editsConverge() throws {
        #expect(try datebook("a", ["add", "Dentist", "--start", "2026-12-01 10:00"]).status == 0)
        #expect(try datebook("a", ["add", "Gym", "--start", "2026-12-02 18:00", "--repeat", "weekly"]).status == 0)
        #expect(try datebook("a", ["add", "Old plan", "--start", "2026-12-03 09:00"]).status == 0)
        #expect(try datebook("a", ["add", "Keep me", "--start", "2026-12-04 09:00"]).status == 0)
        try addAccount("a")
        try sync("a")
        try addAccount("b")
        try sync("b")

        // A renames one and removes another; B changes a third and adds one.
        try edit("a") { $0.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist (moved)") }
        try edit("a") { Self.cancelling("Old plan", in: $0) }
        try edit("b") { $0.replacingOccurrences(of: "SUMMARY:Gym", with: "SUMMARY:Gym with Bob") }
        #expect(try datebook("b", ["add", "From the laptop", "--start", "2026-12-05 12:00"]).status == 0)
        // The same item: removed on A, changed on B.
        try edit("a") { Self.cancelling("Keep me", in: $0) }
        try edit("b") { $0.replacingOccurrences(of: "SUMMARY:Keep me", with: "SUMMARY:Keep me, changed") }

        // A dry run counts what A would send, and sends nothing.
        let dry = try datebook("a", ["sync", "--dry-run"]).standardOutput
        #expect(dry.contains("would have sent 3 (1 changed, 2 removed)"), "\(dry)")
        let dryB = try datebook("b", ["sync", "--dry-run"]).standardOutput
        #expect(dryB.contains("would have sent 3 (1 new, 2 changed)"), "\(dryB)")

        try sync("a")
        try sync("b")
        try sync("a")
        let expected = ["Dentist (moved)", "From the laptop", "Gym with Bob", "Keep me, changed"]
        #expect(try titles("a") == expected)
        #expect(try titles("b") == expected)
        let a = try components("a")
        let b = try components("b")
        #expect(a == b, "\(a.keys.filter { a[$0] != b[$0] }.map { "\(a[$0] ?? "-")\n---\n\(b[$0] ?? "-")" })")
        #expect(try sync("a").contains("nothing to do"))
        #expect(try sync("b").contains("nothing to do"))
    }

    @Test("an occurrence deleted on one device is in the other's History after a sync; the series goes on on both")
    func occurrenceHistoryTravels() throws {
        #expect(try datebook("a", ["add", "Gym", "--start", "2026-12-02 18:00", "--repeat", "weekly"]).status == 0)
        try addAccount("a")
        try sync("a")
        try addAccount("b")
        try sync("b")
        // A takes the second week out, as another program would: an EXDATE.
        try edit("a") { $0.replacingOccurrences(of: "SUMMARY:Gym\r\n", with: "SUMMARY:Gym\r\nEXDATE:20261209T180000Z\r\n") }
        try sync("a")
        try sync("b")
        for device in ["a", "b"] {
            let history = try datebook(device, ["list", "--history"]).standardOutput
            let columns = history.split(separator: "\n").first.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(columns?[2] == "Wed 9 Dec", "\(device): \(history)")
            #expect(columns?[4] == "Gym", "\(device): \(history)")
            #expect(columns?[6].hasPrefix("deleted (one occurrence) ") == true, "\(device): \(history)")
            let agenda = try datebook(device, ["agenda", "--from", "2026-12-01", "--days", "21"]).standardOutput
            #expect(agenda.split(separator: "\n").filter { $0.contains("Gym") }.count == 2, "\(device): \(agenda)")
        }
    }

    /// An export with one item marked cancelled: importing it removes the item (to History).
    static func cancelling(_ title: String, in text: String) -> String {
        text.replacingOccurrences(of: "SUMMARY:\(title)\r\n", with: "SUMMARY:\(title)\r\nSTATUS:CANCELLED\r\n")
    }

    @Test("a field changed on both sides keeps the server's value and my version; other fields merge; take-mine puts mine back")
    func conflictKeepsBoth() throws {
        #expect(try datebook("a", ["add", "Review", "--start", "2026-12-04 16:00", "--place", "Room 1"]).status == 0)
        try addAccount("a")
        try sync("a")
        try addAccount("b")
        try sync("b")

        try edit("a") { $0.replacingOccurrences(of: "SUMMARY:Review", with: "SUMMARY:Review (A)") }
        try edit("b") {
            $0.replacingOccurrences(of: "SUMMARY:Review", with: "SUMMARY:Review (B)")
                .replacingOccurrences(of: "LOCATION:Room 1", with: "LOCATION:Room 2")
        }
        try sync("a")
        let second = try sync("b")
        #expect(second.contains("1 conflict"), "\(second)")
        try sync("a")
        // The server's title (A's, first there) stays; B's place change merged in.
        #expect(try titles("a") == ["Review (A)"])
        #expect(try titles("b") == ["Review (A)"])
        #expect(try components("a").values.first?.contains("LOCATION:Room 2") == true)

        let listed = try datebook("b", ["sync", "--conflicts"])
        #expect(listed.standardOutput.contains("“Review (B)”  Title"), "\(listed.standardOutput)")
        let id = try #require(listed.standardOutput.split(separator: " ").first.map(String.init))
        let activities = try datebook("b", ["list", "--json"])  // the store still opens and lists
        #expect(activities.status == 0)

        let taken = try datebook("b", ["sync", "--take-mine", id])
        #expect(taken.status == 0, "\(taken.standardError)")
        #expect(try titles("b") == ["Review (B)"])
        try sync("b")
        try sync("a")
        #expect(try titles("a") == ["Review (B)"])
        #expect(try components("a").values.first?.contains("LOCATION:Room 2") == true)
        #expect(try datebook("b", ["sync", "--conflicts"]).standardOutput.contains("No conflicts."))
    }

    @Test("kill -9 of a large sync at random moments, ten times, then one sync: both sides equal, nothing twice, nothing lost")
    func killedSyncs() throws {
        let file = try generatedFile(count: 600)
        #expect(try datebook("a", ["import", file]).status == 0)
        try addAccount("a")
        try addAccount("b")
        // One event there already: the items go one by one, not as one whole calendar.
        try DAVPeer(server, user: "alice").putEvent(
            in: server.url(forUser: "alice", collection: "calendar"), uid: "already-there", summary: "Already there",
            start: "2026-12-01T09:00:00Z")
        // A sends, B receives, each killed after a moment that grows with the rounds.
        let killed = try KilledSyncs.run(rounds: 10, step: 0.15, home: home, password: "alice-secret", database: database)
        #expect(killed > 0, "no sync was killed: the kills came too late to test anything")
        try sync("a")
        try sync("b")
        try sync("a")
        let a = try components("a")
        let b = try components("b")
        #expect(a.count == b.count)
        let different = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        #expect(different.isEmpty, "\(different.count) differ, e.g. \(different.first.map { "A:\n\(a[$0] ?? "(none)")\nB:\n\(b[$0] ?? "(none)")" } ?? "")")
        // Nothing twice on the server: one resource per UID (events and tasks).
        let listing = try server.request(
            "PROPFIND", server.url(forUser: "alice", collection: "calendar").path, as: "alice", headers: ["Depth": "1"])
        let names = listing.body.components(separatedBy: "<href>/alice/calendar/").dropFirst()
            .compactMap { $0.components(separatedBy: "</href>").first?.removingPercentEncoding }
            .filter { !$0.isEmpty }
        let uids = Set(a.keys.map { String($0.components(separatedBy: "RECURRENCE-ID")[0].dropFirst(4)) })
        #expect(Set(names).count == names.count)
        #expect(Set(names.map { String($0.dropLast(4)) }) == uids, "only here: \(uids.subtracting(names.map { String($0.dropLast(4)) })), only there: \(Set(names.map { String($0.dropLast(4)) }).subtracting(uids))")
        print("sync: \(killed) of 10 syncs killed; afterwards \(a.count) components on each side, \(names.count) resources")
    }

    // MARK: - Two people

    @Test("Alice invites Bob to a poll through the server: he votes, she sees it and confirms, he accepts, both calendars have it")
    func twoPeople() throws {
        #expect(try datebook("alice", ["me", "--name", "Alice", "--email", "alice@example.org"]).status == 0)
        #expect(try datebook("bob", ["me", "--name", "Bob", "--email", "bob@example.org"], user: "bob").status == 0)
        try addAccount("alice")
        try addAccount("bob", user: "bob")
        let created = try datebook(
            "alice",
            ["meeting", "new", "Planning", "--slot", "2026-12-01 10:00 11:00", "--slot", "2026-12-02 14:00 15:00",
             "--slot", "2026-12-03 09:00 10:00", "--invite", "Bob <bob@example.org>"])
        let id = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(created.status == 0 && !id.isEmpty, "\(created.standardError)")
        #expect(try datebook("alice", ["meeting", "send", id]).status == 0)
        #expect(try sync("alice").contains("1 message sent"))

        let invited = try sync("bob", user: "bob")
        #expect(invited.contains("1 message read") && invited.contains("Alice invites you to “Planning”"), "\(invited)")
        let bobsList = try datebook("bob", ["meeting", "list"], user: "bob").standardOutput
        #expect(bobsList.contains("Planning  [invitations]  polling"), "\(bobsList)")
        #expect(try datebook("bob", ["meeting", "vote", id, "--yes", "1,3", "--maybe", "2"], user: "bob").status == 0)
        #expect(try sync("bob", user: "bob").contains("1 message sent"))

        let answered = try sync("alice")
        #expect(answered.contains("Bob voted on “Planning”"), "\(answered)")
        let tally = try datebook("alice", ["meeting", "list"]).standardOutput
        #expect(tally.contains("1 voted"))
        #expect(tally.contains("3. Thu 3 Dec 2026 09:00-10:00  yes 1"), "\(tally)")
        #expect(try datebook("alice", ["meeting", "confirm", id, "3"]).status == 0)
        try sync("alice")

        #expect(try sync("bob", user: "bob").contains("“Planning” is confirmed"))
        #expect(try datebook("bob", ["meeting", "accept", id], user: "bob").status == 0)
        #expect(try datebook("bob", ["meeting", "list"], user: "bob").standardOutput.contains("Planning  [coming]"))
        #expect(try titles("bob") == ["Planning"])
        try sync("bob", user: "bob")
        #expect(try sync("alice").contains("Bob accepted “Planning”"))
        #expect(try titles("alice") == ["Planning"])
        // Each calendar on the server holds the event; the inboxes are empty again.
        for user in ["alice", "bob"] {
            let calendar = try server.request(
                "PROPFIND", server.url(forUser: user, collection: "calendar").path, as: user, headers: ["Depth": "1"])
            #expect(calendar.body.components(separatedBy: ".ics</href>").count - 1 == 1, "\(user)'s calendar")
            let inbox = try server.request(
                "PROPFIND", server.url(forUser: user, collection: "inbox").path, as: user, headers: ["Depth": "1"])
            #expect(!inbox.body.contains(".ics</href>"), "\(user)'s inbox still holds a message")
        }
    }

    @Test("Alice asks Bob to be contacts through the server; he accepts; both are friends; a message he cannot take yet waits")
    func contactRequests() throws {
        #expect(try datebook("alice", ["me", "--name", "Alice", "--email", "alice@example.org"]).status == 0)
        try addAccount("alice")
        try addAccount("bob", user: "bob")
        let asked = try datebook("alice", ["contacts", "request", "bob@example.org", "--name", "Bob"])
        #expect(asked.status == 0, "\(asked.standardError)")
        #expect(asked.standardOutput.contains("Bob: request-sent"))
        #expect(try sync("alice").contains("1 message sent"))

        // Bob has not said who he is: the request is not his to read yet, and stays.
        let early = try sync("bob", user: "bob")
        #expect(early.contains("stays in the inbox"), "\(early)")
        #expect(try datebook("bob", ["contacts", "list"], user: "bob").standardOutput.isEmpty)
        #expect(try datebook("bob", ["me", "--name", "Bob", "--email", "bob@example.org"], user: "bob").status == 0)
        let received = try sync("bob", user: "bob")
        #expect(received.contains("Alice asks to be your contact"), "\(received)")
        #expect(try datebook("bob", ["contacts", "list"], user: "bob").standardOutput
            == "Alice\talice@example.org\trequest-received\n")

        let accepted = try datebook("bob", ["contacts", "accept", "alice@example.org"], user: "bob")
        #expect(accepted.status == 0, "\(accepted.standardError)")
        #expect(try sync("bob", user: "bob").contains("1 message sent"))
        #expect(try sync("alice").contains("Bob accepted your contact request"))
        #expect(try datebook("alice", ["contacts", "list"]).standardOutput.contains("Bob\tbob@example.org\tfriend"))
        #expect(try datebook("bob", ["contacts", "list"], user: "bob").standardOutput.contains("Alice\talice@example.org\tfriend"))
        // Answering again is refused: there is no request left to answer.
        let again = try datebook("bob", ["contacts", "accept", "alice@example.org"], user: "bob")
        #expect(again.status == 1)
        #expect(again.standardError.contains("Alice has sent you no request"))
        let inbox = try server.request(
            "PROPFIND", server.url(forUser: "alice", collection: "inbox").path, as: "alice", headers: ["Depth": "1"])
        #expect(!inbox.body.contains(".ics</href>"), "alice's inbox still holds a message")
    }

    @Test("a message for someone without an inbox on the server waits in the outbox and says so")
    func noInbox() throws {
        #expect(try datebook("alice", ["me", "--name", "Alice", "--email", "alice@example.org"]).status == 0)
        try addAccount("alice")
        let created = try datebook(
            "alice", ["meeting", "new", "Lunch", "--slot", "2026-12-01 12:00 13:00", "--invite", "carol@elsewhere.example"])
        let id = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try datebook("alice", ["meeting", "send", id]).status == 0)
        let synced = try sync("alice")
        #expect(synced.contains("no inbox for carol@elsewhere.example on the server"), "\(synced)")
        let waiting = try FileManager.default.contentsOfDirectory(atPath: home.path("alice/outbox"))
        #expect(waiting.contains { $0.hasSuffix(".ics") && $0.contains("carol@elsewhere.example") })
    }

    @Test("a contact's public calendar on the server can be subscribed to, signed in as my account; others cannot write it")
    func publicCalendar() throws {
        try addAccount("alice")
        let peer = DAVPeer(server, user: "alice")
        let publicCalendar = server.url(forUser: "alice", collection: "public")
        // Within the window a subscription keeps (a year ahead).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let soon = formatter.string(from: Date().addingTimeInterval(10 * 86400))
        let later = formatter.string(from: Date().addingTimeInterval(20 * 86400))
        let laterEnd = formatter.string(from: Date().addingTimeInterval(22 * 86400))
        try peer.putEvent(in: publicCalendar, uid: "talk", summary: "Talk", start: "\(soon)T09:00:00Z", end: "\(soon)T10:00:00Z")
        try peer.putEvent(in: publicCalendar, uid: "trip", summary: "Trip", start: later, end: laterEnd)
        try addAccount("bob", user: "bob")
        #expect(try datebook("bob", ["contacts", "add", "Alice"], user: "bob").status == 0)
        let added = try datebook("bob", ["subscriptions", "add", "Alice", publicCalendar.absoluteString], user: "bob")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("2 busy times"), "\(added.standardOutput)")
        // Without the account's password the server refuses, and says so.
        let refused = try Command.run(
            try DatebookBinary.path, ["subscriptions", "refresh", "--db", try database("bob")],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK_PASSWORD": "not-it"])
        #expect(refused.status != 0)
        #expect((refused.standardOutput + refused.standardError).contains("401"), "\(refused.standardOutput)\(refused.standardError)")
        // Bob may read Alice's public calendar, not write it.
        let written = try server.request(
            "PUT", publicCalendar.appendingPathComponent("x.ics").path, as: "bob", headers: ["Content-Type": "text/calendar"],
            body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20990101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(written.status == 403)
    }

    @Test("items filed under Public are copied to my public calendar, and taken off it when they no longer are")
    func publishing() throws {
        let soon = Date().addingTimeInterval(5 * 86400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let day = formatter.string(from: soon)
        #expect(try datebook("alice", ["add", "Talk at the library", "--start", "\(day) 18:00", "--category", "Public"]).status == 0)
        #expect(try datebook("alice", ["add", "Dentist", "--start", "\(day) 09:00"]).status == 0)
        try addAccount("alice")
        let synced = try sync("alice")
        #expect(synced.contains("sent 2 (2 new)") && synced.contains("published 1 (1 new)"), "\(synced)")
        #expect(try sync("alice").contains("nothing to do"))

        let shown = try DAVPeer(server, user: "alice").events(in: server.url(forUser: "alice", collection: "public"))
        #expect(shown.map(\.summary) == ["Talk at the library"])
        try addAccount("bob", user: "bob")
        #expect(try datebook("bob", ["contacts", "add", "Alice"], user: "bob").status == 0)
        let subscribed = try datebook(
            "bob", ["subscriptions", "add", "Alice", server.url(forUser: "alice", collection: "public").absoluteString],
            user: "bob")
        #expect(subscribed.standardOutput.contains("1 busy time"), "\(subscribed.standardOutput)\(subscribed.standardError)")

        try edit("alice") { $0.replacingOccurrences(of: "CATEGORIES:Public", with: "CATEGORIES:Work") }
        #expect(try sync("alice").contains("published 1 (1 removed)"))
        #expect(try DAVPeer(server, user: "alice").events(in: server.url(forUser: "alice", collection: "public")).isEmpty)
    }

    // MARK: - Another client

    @Test("an event written by Python's caldav appears after a sync; one written by Datebook reads back in caldav")
    func anotherClient() throws {
        try addAccount("a")
        let peer = DAVPeer(server, user: "alice")
        let calendar = server.url(forUser: "alice", collection: "calendar")
        try peer.putEvent(
            in: calendar, uid: "from-caldav", summary: "Written elsewhere", start: "2026-12-10T09:00:00",
            end: "2026-12-10T10:30:00", rrule: "FREQ=WEEKLY;COUNT=4", tzid: "Europe/Berlin")
        #expect(try sync("a").contains("received 1 (1 new)"))
        let mine = try #require(try components("a")["UID:from-caldav"])
        #expect(mine.contains("DTSTART;TZID=Europe/Berlin:20261210T090000"))
        #expect(mine.contains("RRULE:FREQ=WEEKLY;COUNT=4"))
        #expect(mine.contains("SUMMARY:Written elsewhere"))

        #expect(try datebook("a", ["add", "Written here", "--start", "2026-12-11 15:00", "--end", "2026-12-11 16:00"])
            .status == 0)
        try sync("a")
        let theirs = try peer.events(in: calendar).first { $0.summary == "Written here" }
        let event = try #require(theirs)
        #expect(event.dtstart?.hasPrefix("2026-12-11T15:00:00") == true)
        #expect(event.dtend?.hasPrefix("2026-12-11T16:00:00") == true)

        // caldav removes it; the next sync takes it to History.
        try peer.deleteEvent(in: calendar, uid: "from-caldav")
        #expect(try sync("a").contains("received 1 (1 removed)"))
        #expect(try titles("a") == ["Written here"])
    }

    @Test("account collections lists what the server has; select syncs another calendar both ways; --off leaves it out and keeps its items")
    func choosingCollections() throws {
        try addAccount("a")
        try server.makeCalendar(for: "alice", name: "work", displayName: "Work")
        let peer = DAVPeer(server, user: "alice")
        let work = server.url(forUser: "alice", collection: "work")
        let calendar = server.url(forUser: "alice", collection: "calendar")
        try peer.putEvent(in: work, uid: "work-1", summary: "Quarterly review", start: "2026-12-14T09:00:00")

        let listed = try datebook("a", ["account", "collections", "home"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("* calendar") && $0.hasSuffix("/alice/calendar/") })
        #expect(lines.contains { $0.hasPrefix("  calendar") && $0.contains("Work") && $0.hasSuffix("/alice/work/") })
        #expect(lines.contains { $0.hasPrefix("* addressbook") })
        #expect(!lines.contains { $0.contains("/alice/inbox/") || $0.contains("/alice/public/") })
        // Not chosen yet: its event does not come down.
        try sync("a")
        #expect(try titles("a").isEmpty)

        let selected = try datebook("a", ["account", "select", "home", "Work"])
        #expect(selected.status == 0 && selected.standardOutput.contains("home syncs /alice/work/"), "\(selected)")
        #expect(try sync("a").contains("received 1 (1 new)"))
        #expect(try titles("a") == ["Quarterly review"])
        // An edit goes back to Work, a new item to the account's first calendar.
        try edit("a") { $0.replacingOccurrences(of: "SUMMARY:Quarterly review", with: "SUMMARY:Quarterly review (moved)") }
        #expect(try datebook("a", ["add", "Dentist", "--start", "2026-12-15 09:00"]).status == 0)
        try sync("a")
        #expect(try peer.events(in: work).map(\.summary) == ["Quarterly review (moved)"])
        #expect(try peer.events(in: calendar).map(\.summary) == ["Dentist"])

        // Left out: its items stay here and go nowhere else; the first calendar cannot be left out.
        let off = try datebook("a", ["account", "select", "home", "work", "--off"])
        #expect(off.status == 0 && off.standardOutput.contains("no longer syncs /alice/work/"), "\(off)")
        try peer.putEvent(in: work, uid: "work-2", summary: "Offsite", start: "2026-12-16T09:00:00")
        try sync("a")
        #expect(try titles("a").sorted() == ["Dentist", "Quarterly review (moved)"])
        #expect(try peer.events(in: calendar).map(\.summary) == ["Dentist"])
        #expect(try datebook("a", ["account", "list"]).standardOutput.contains("left out"))
        let refused = try datebook("a", ["account", "select", "home", "calendar", "--off"])
        #expect(refused.status == 1 && refused.standardError.contains("cannot be left out"), "\(refused)")
        let unknown = try datebook("a", ["account", "select", "home", "Holidays"])
        #expect(unknown.status == 1 && unknown.standardError.contains("it has: "), "\(unknown)")
        // Chosen again, it picks up where it stopped.
        #expect(try datebook("a", ["account", "select", "home", "Work"]).status == 0)
        #expect(try sync("a").contains("received 1 (1 new)"))
        #expect(try titles("a").sorted() == ["Dentist", "Offsite", "Quarterly review (moved)"])
    }

    // MARK: - Bad servers

    @Test("a wrong password, a server that is down, a timeout, a 500 midway, an answer not XML, a resource not iCalendar: a clear message, nothing lost, the next sync works")
    func badServers() throws {
        let proxy = try FaultyProxy(inFrontOf: server)
        defer { proxy.stop() }
        #expect(try datebook("a", ["add", "Before", "--start", "2026-12-01 10:00"]).status == 0)
        try addAccount("a", url: proxy.baseURL)
        try sync("a")
        let before = try components("a")

        func failingSync(_ expected: String, timeout: String? = nil) throws {
            let failed = try datebook("a", ["sync"] + (timeout.map { ["--timeout", $0] } ?? []))
            #expect(failed.status == 1, "\(failed.standardOutput)")
            #expect(failed.standardError.contains(expected), "expected “\(expected)” in: \(failed.standardError)")
            #expect(failed.standardError.contains("nothing here was lost"))
            #expect(try components("a") == before)
        }

        let wrong = try Command.run(
            try DatebookBinary.path, ["sync", "--db", try database("a")],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK_PASSWORD": "not-it"])
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("the server refused the user name or password"), "\(wrong.standardError)")

        proxy.goDown()
        try failingSync("the server cannot be reached")
        // The same failure again (a planner offline, syncing every few minutes) is not noted
        // in Activities again.
        try failingSync("the server cannot be reached")
        let notes = try syncNotes("a")
        #expect(notes.filter { $0.contains("cannot be reached") }.count == 1, "\(notes)")
        try proxy.goUp()

        proxy.failEveryRequest(with: .delay(.seconds(3)))
        try failingSync("did not answer within 1 s", timeout: "1")
        proxy.clearFaults()

        proxy.failEveryRequest(with: .notXML)
        try failingSync("the server's answer could not be read")
        proxy.clearFaults()

        // An answer in an encoding it does not keep to: Datebook's message, and nothing of
        // libxml2's own on stderr (in the planner it would land on the screen).
        proxy.failEveryRequest(with: .wrongEncoding)
        let garbled = try datebook("a", ["sync"])
        #expect(!garbled.standardError.contains("encoding error"), "\(garbled.standardError)")
        #expect(!garbled.standardError.contains("I/O error"), "\(garbled.standardError)")
        #expect(try components("a") == before)
        proxy.clearFaults()

        // A 500 in the middle: the listing works, the first write fails.
        #expect(try datebook("a", ["add", "During", "--start", "2026-12-02 10:00"]).status == 0)
        proxy.fail(method: "PUT", with: .internalError)
        let midway = try datebook("a", ["sync"])
        #expect(midway.status == 1)
        #expect(midway.standardError.contains("500"), "\(midway.standardError)")
        proxy.clearFaults()
        #expect(try sync("a").contains("sent 1 (1 new)"))

        // Someone else put a resource that is not iCalendar: said, the rest goes on.
        let junk = try server.request(
            "PUT", server.url(forUser: "alice", collection: "calendar").appendingPathComponent("junk.ics").path,
            as: "alice", headers: ["Content-Type": "text/calendar"],
            body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VJOURNAL\r\nUID:j\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n")
        #expect((200..<300).contains(junk.status), "\(junk.status)")
        let after = try datebook("a", ["sync"])
        #expect(after.status == 0)
        #expect(after.standardError.contains("could not read"), "\(after.standardError)")
        #expect(try titles("a") == ["Before", "During"])
        let listed = try datebook("a", ["account", "list"])
        #expect(listed.standardOutput.contains("synced "), "\(listed.standardOutput)")
        // Every collection's error went with the next sync that worked, the inbox's too.
        #expect(!listed.standardOutput.contains("error:"), "\(listed.standardOutput)")
    }

    @Test("account add checks what it is given; account list and remove; a password never lands in the database")
    func accounts() throws {
        let bad = try datebook("a", ["account", "add", "bad name", "--url", server.baseURL.absoluteString, "--user", "alice"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("letters, digits"))
        let noURL = try datebook("a", ["account", "add", "x", "--url", "ftp://example.org", "--user", "alice"])
        #expect(noURL.standardError.contains("http(s) address"))
        try addAccount("a")
        let twice = try datebook("a", ["account", "add", "home", "--url", server.baseURL.absoluteString, "--user", "alice"])
        #expect(twice.status == 1)
        #expect(twice.standardError.contains("exists already"))
        let listed = try datebook("a", ["account", "list"])
        #expect(listed.standardOutput.contains("home  alice at \(server.baseURL.absoluteString)"))
        #expect(listed.standardOutput.contains("/alice/calendar/  not synced yet"))
        #expect(listed.standardOutput.contains("/alice/inbox/"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try database("a")))
        #expect(bytes.range(of: Data("alice-secret".utf8)) == nil)
        #expect(try datebook("a", ["account", "remove", "home"]).status == 0)
        #expect(try datebook("a", ["account", "list"]).standardOutput.contains("No accounts."))
        #expect(try datebook("a", ["account", "remove", "home"]).status == 1)
    }
}
