import Foundation
import TestSupport
import Testing

/// Contacts through `datebook sync` with the real binary and a real Radicale: two devices of one
/// person field for field, edits and removals both ways, another client (plain CardDAV from
/// Python), a conflict, and what the planner keeps of a person (blocked) surviving the server.
@Suite("Sync of contacts with a CardDAV address book", .serialized)
struct ContactSyncTests {
    let home: TemporaryDirectory
    let server: RadicaleServer

    init() throws {
        home = try TemporaryDirectory(prefix: "datebook-contact-sync")
        server = try RadicaleServer(users: ["alice": "alice-secret"])
    }

    var addressBook: URL { server.url(forUser: "alice", collection: "contacts") }

    /// The database of one device (`a`, `b`…), in a folder of its own.
    func database(_ device: String) throws -> String {
        try FileManager.default.createDirectory(atPath: home.path(device), withIntermediateDirectories: true)
        return home.path("\(device)/datebook.sqlite")
    }

    /// Runs datebook on one device's database as alice.
    @discardableResult
    func datebook(_ device: String, _ arguments: [String], timeout: Duration = .seconds(120)) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", try database(device)],
            environment: [
                "TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK_PASSWORD": "alice-secret",
            ],
            timeout: timeout)
    }

    /// Adds the account `home` to a device, or fails the test with what datebook said.
    func addAccount(_ device: String, url: URL? = nil) throws {
        let added = try datebook(
            device, ["account", "add", "home", "--url", (url ?? server.baseURL).absoluteString, "--user", "alice"])
        try #require(added.status == 0, "account add: \(added.standardError)")
    }

    /// Syncs a device and returns its summary; fails the test when the sync failed.
    @discardableResult
    func sync(_ device: String) throws -> String {
        let synced = try datebook(device, ["sync"])
        try #require(synced.status == 0, "sync of \(device) failed: \(synced.standardError)\n\(server.log)")
        return synced.standardOutput
    }

    /// Adds a contact with `datebook contacts add`.
    func add(_ device: String, _ arguments: [String]) throws {
        let added = try datebook(device, ["contacts", "add"] + arguments)
        try #require(added.status == 0, "contacts add: \(added.standardError)")
    }

    /// Imports a vCard text with `datebook contacts import`.
    func importCards(_ device: String, _ text: String) throws {
        let file = home.path("\(device)-import.vcf")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try datebook(device, ["contacts", "import", file])
        try #require(imported.status == 0, "contacts import: \(imported.standardError)")
    }

    /// A device's contacts as its export writes them, one card per UID, without REV (when each
    /// side last wrote it).
    func cards(_ device: String) throws -> [String: String] {
        let exported = try datebook(device, ["contacts", "export"])
        try #require(exported.status == 0, "contacts export: \(exported.standardError)")
        return Self.cards(of: exported.standardOutput)
    }

    ///
    /// The names of unknown properties and their parameters are compared in capitals: they are
    /// case-insensitive, and Radicale writes them so (`X-SOCIALPROFILE;type=twitter` comes back
    /// as `X-SOCIALPROFILE;TYPE=twitter`).
    static func cards(of text: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: [String] = []
        for line in text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n") {
            if line == "BEGIN:VCARD" { current = [] }
            if !line.hasPrefix("REV:") { current.append(normalized(line)) }
            if line == "END:VCARD" {
                result[current.first { $0.hasPrefix("UID:") } ?? "?"] = current.joined(separator: "\n")
            }
        }
        return result
    }

    /// An unknown property with its name and parameter names in capitals.
    static func normalized(_ line: String) -> String {
        guard line.hasPrefix("X-"), let colon = line.firstIndex(of: ":") else { return line }
        let parameters = line[..<colon].split(separator: ";").map { part -> String in
            guard let equals = part.firstIndex(of: "=") else { return part.uppercased() }
            return part[..<equals].uppercased() + part[equals...]
        }
        return parameters.joined(separator: ";") + line[colon...]
    }

    /// The card of the contact called `name` on a device.
    func card(_ device: String, named name: String) throws -> String {
        let found = try cards(device).values.first { $0.contains("\nFN:\(name)\n") }
        return try #require(found, "no contact “\(name)” on \(device)")
    }

    /// A device's active contacts by `contacts list`: name, first e-mail or phone, marks.
    func listed(_ device: String) throws -> [String] {
        let listed = try datebook(device, ["contacts", "list"])
        try #require(listed.status == 0, "contacts list: \(listed.standardError)")
        return listed.standardOutput.split(separator: "\n").map(String.init)
    }

    func names(_ device: String) throws -> [String] {
        try listed(device).map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    /// Changes a device's contacts the way another program would: its export edited and imported.
    func edit(_ device: String, _ change: (String) -> String) throws {
        let exported = try datebook(device, ["contacts", "export"]).standardOutput
        let changed = change(exported)
        try #require(changed != exported, "the edit changed nothing")
        try importCards(device, changed)
    }

    /// Removes a contact as the Contacts tab does (to the deleted ones, from where it can come back).
    func remove(_ device: String, named name: String) throws {
        let now = Date().timeIntervalSince1970
        let removed = try Command.run(
            "/usr/bin/sqlite3",
            [try database(device),
             "UPDATE contact SET status = 'deleted', status_changed = \(now), changed = \(now) "
                 + "WHERE display_name = '\(name)'; SELECT changes();"],
            timeout: .seconds(30))
        try #require(removed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(removed.standardError)")
    }

    /// A card with every field the planner keeps, as another program writes it (vCard 3.0).
    static let richCard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:sofia-rossi@example.org\r
        FN:Dr. Sofia Rossi\r
        N:Rossi;Sofia;Maria;Dr.;\r
        NICKNAME:Sofi\r
        ORG:Globex;Research\r
        TITLE:Chemist\r
        EMAIL;TYPE=INTERNET;TYPE=WORK:sofia@globex.example\r
        EMAIL;TYPE=INTERNET;TYPE=HOME;TYPE=pref:sofi@home.example\r
        TEL;TYPE=CELL:+39 333 000 1111\r
        item1.TEL:+39 06 555 0000\r
        item1.X-ABLabel:Studio\r
        ADR;TYPE=HOME:;;Via Roma 1;Roma;RM;00100;Italia\r
        BDAY:1985-07-14\r
        URL:https://sofia.example/\r
        NOTE:Met at the conference\\, 2024.\\nLikes tea.\r
        CATEGORIES:work,friends\r
        PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==\r
        X-OTHER-APP-COLOUR:teal\r
        END:VCARD\r

        """

    /// A vCard file of `count` cards from the benchmark's generator (Google, Apple, Thunderbird
    /// and Outlook shapes).
    func generatedCards(count: Int) throws -> String {
        let file = home.path("generated.vcf")
        let root = try DatebookBinary.packageRoot()
        let made = try Command.run(
            "/usr/bin/python3", [root.appendingPathComponent("scripts/gen-vcf.py").path, "--count", String(count),
                                 "--out", file], timeout: .seconds(60))
        try #require(made.status == 0, "\(made.standardError)")
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    // MARK: - Two devices

    @Test("contacts added on one device reach the other field for field; a second sync does nothing")
    func twoDevices() throws {
        try add("a", ["Zélia Quaresma", "--email", "ana@example.org", "--email", "ana.lima@work.example",
                      "--phone", "+55 11 5555 0000", "--birthday", "1990-04-23", "--organisation", "Acme"])
        try add("a", ["Yuri Okafor", "--birthday=--12-24", "--phone", "+351 21 000 0000"])
        try importCards("a", Self.richCard)
        try importCards("a", try generatedCards(count: 200))
        let count = try names("a").count
        #expect(count == 203)
        // A through a proxy that logs each request.
        let proxy = try FaultyProxy(inFrontOf: server)
        defer { proxy.stop() }
        try addAccount("a", url: proxy.baseURL)
        let up = try sync("a")
        #expect(up.contains("contacts: sent \(count) (\(count) new)"), "\(up)")
        // Into an empty address book, as one whole address book: one PUT on the collection.
        #expect(try peerCards().count == count)
        #expect(proxy.requestLog.filter { $0.hasPrefix("PUT ") } == ["PUT /alice/contacts/"], "\(proxy.requestLog)")

        try addAccount("b")
        let down = try sync("b")
        #expect(down.contains("contacts: received \(count) (\(count) new)"), "\(down)")
        let a = try cards("a")
        let b = try cards("b")
        #expect(a.count == count)
        #expect(a.keys.sorted() == b.keys.sorted())
        let different = a.keys.filter { a[$0] != b[$0] }.sorted()
        #expect(different.isEmpty, "\(different.count) differ, e.g. \(different.first.map { "\(a[$0]!)\n---\n\(b[$0]!)" } ?? "")")

        let sofia = try card("b", named: "Dr. Sofia Rossi")
        for line in ["N:Rossi;Sofia;Maria;Dr.;", "NICKNAME:Sofi", "ORG:Globex;Research", "TITLE:Chemist",
                     "EMAIL;TYPE=work:sofia@globex.example", "EMAIL;TYPE=home;PREF=1:sofi@home.example",
                     "TEL;TYPE=cell:+39 333 000 1111", "item1.TEL:+39 06 555 0000", "item1.X-ABLabel:Studio",
                     "ADR;TYPE=home:;;Via Roma 1;Roma;RM;00100;Italia", "BDAY:19850714", "URL:https://sofia.example/",
                     "NOTE:Met at the conference\\, 2024.\\nLikes tea.", "CATEGORIES:work,friends",
                     "PHOTO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
                     "X-OTHER-APP-COLOUR:teal"]
        {
            #expect(sofia.contains("\n" + line + "\n"), "“\(line)” is not in\n\(sofia)")
        }
        let ana = try card("b", named: "Zélia Quaresma")
        #expect(ana.contains("EMAIL:ana@example.org") && ana.contains("EMAIL:ana.lima@work.example"), "\(ana)")
        #expect(ana.contains("BDAY:19900423") && ana.contains("ORG:Acme") && ana.contains("TEL:+55 11 5555 0000"))
        #expect(try card("b", named: "Yuri Okafor").contains("BDAY:--1224"))

        #expect(try sync("a").contains("nothing to do"))
        #expect(try sync("b").contains("nothing to do"))
    }

    /// The cards in alice's address book as the other client reads them.
    func peerCards() throws -> [DAVPeer.Card] {
        try DAVPeer(server, user: "alice").cards(in: addressBook)
    }

    @Test("edits and removals on both devices converge; a contact removed on one and changed on the other comes back")
    func editsConverge() throws {
        for name in ["Dana", "Eli", "Fay", "Gus", "Hal"] {
            try add("a", [name, "--email", "\(name.lowercased())@example.org"])
        }
        try addAccount("a")
        try sync("a")
        try addAccount("b")
        try sync("b")

        // A changes Dana and removes Eli; B changes Fay and adds one.
        try edit("a") { $0.replacingOccurrences(of: "EMAIL:dana@example.org", with: "EMAIL:dana@new.example") }
        try remove("a", named: "Eli")
        try edit("b") { $0.replacingOccurrences(of: "FN:Fay", with: "FN:Fay Wray") }
        try add("b", ["Ivy", "--phone", "+44 20 0000 0000"])
        // The same contact: removed on A, changed on B.
        try remove("a", named: "Gus")
        try edit("b") { $0.replacingOccurrences(of: "EMAIL:gus@example.org", with: "EMAIL:gus@changed.example") }

        let first = try sync("a")
        #expect(first.contains("contacts: sent 3 (1 changed, 2 removed)"), "\(first)")
        let second = try sync("b")
        // Eli removed; Dana changed; Gus was removed there but changed here: it goes back.
        #expect(second.contains("contacts: received 2 (1 changed, 1 removed), sent 3 (2 new, 1 changed)"), "\(second)")
        #expect(second.contains("“Gus” was removed on the server but changed here; it goes back"), "\(second)")
        try sync("a")
        let expected = ["Dana\tdana@new.example", "Fay Wray\tfay@example.org", "Gus\tgus@changed.example",
                        "Hal\thal@example.org", "Ivy\t+44 20 0000 0000"]
        #expect(try listed("a") == expected)
        #expect(try listed("b") == expected)
        #expect(try cards("a") == cards("b"))
        #expect(try peerCards().map { $0.fn ?? "" }.sorted() == ["Dana", "Fay Wray", "Gus", "Hal", "Ivy"])
        #expect(try sync("a").contains("nothing to do"))
        #expect(try sync("b").contains("nothing to do"))
    }

    @Test("a dry run counts without changing anything; kill -9 of large syncs at random moments, then one sync: equal, nothing twice, nothing lost")
    func killedSyncs() throws {
        try importCards("a", try generatedCards(count: 400))
        try addAccount("a")
        try addAccount("b")
        // A card on the server already: the contacts go one by one, not as one whole address book.
        try DAVPeer(server, user: "alice").putCard(in: addressBook, uid: "already-there", name: "Already There")
        let dry = try datebook("a", ["sync", "--dry-run"])
        #expect(dry.standardOutput.contains("would have contacts: received 1 (1 new), sent 400 (400 new)"),
                "\(dry.standardOutput)")
        #expect(try peerCards().count == 1)
        // A sends, B receives, each killed after a moment that grows with the rounds.
        let killed = try KilledSyncs.run(rounds: 8, step: 0.25, home: home, password: "alice-secret", database: database)
        #expect(killed > 0, "no sync was killed: the kills came too late to test anything")
        try sync("a")
        try sync("b")
        #expect(try sync("a").contains("nothing to do"))
        // Nothing sent by a killed sync comes back as a conflict.
        for device in ["a", "b"] {
            #expect(try datebook(device, ["sync", "--conflicts"]).standardOutput.contains("No conflicts."))
        }
        let a = try cards("a")
        let b = try cards("b")
        #expect(a.count == 401)
        #expect(a == b, "\(a.keys.filter { a[$0] != b[$0] }.count) differ")
        let onServer = try peerCards()
        #expect(onServer.count == 401)
        #expect(Set(onServer.compactMap(\.uid)).count == 401)
        print("contact sync: \(killed) of 8 syncs killed; afterwards \(a.count) contacts on each side, \(onServer.count) cards")
    }

    @Test("a first sync stopped after the whole address book reached the server: the next one recognises every card, sends nothing twice, keeps no conflict")
    func stoppedWholeUpload() throws {
        try importCards("a", try generatedCards(count: 150))
        let proxy = try FaultyProxy(inFrontOf: server)
        defer { proxy.stop() }
        try addAccount("a", url: proxy.baseURL)
        // The PUT of the whole address book is held a moment on its way; meanwhile the report
        // that would follow it is made to fail, as if the sync were killed once the server had it.
        proxy.fail(method: "PUT", with: .delay(.seconds(2)))
        let outcome = Box<Command.Result>()
        let done = DispatchSemaphore(value: 0)
        let binary = try DatebookBinary.path
        let arguments = ["sync", "--db", try database("a")]
        let environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK_PASSWORD": "alice-secret"]
        DispatchQueue.global().async {
            outcome.value = try? Command.run(binary, arguments, environment: environment, timeout: .seconds(120))
            done.signal()
        }
        let deadline = Date().addingTimeInterval(60)
        while !proxy.requestLog.contains("PUT /alice/contacts/"), Date() < deadline { usleep(5_000) }
        proxy.clearFaults()
        proxy.fail(method: "REPORT", with: .internalError)
        done.wait()
        let stopped = try #require(outcome.value)
        #expect(stopped.status == 1, "\(stopped.standardOutput)")
        #expect(stopped.standardError.contains("500"), "\(stopped.standardError)")
        #expect(try peerCards().count == 150)
        proxy.clearFaults()

        let next = try sync("a")
        #expect(!next.contains("sent"), "\(next)")
        #expect(try datebook("a", ["sync", "--conflicts"]).standardOutput.contains("No conflicts."))
        #expect(try peerCards().count == 150)
        #expect(try sync("a").contains("nothing to do"))
        try addAccount("b")
        #expect(try sync("b").contains("contacts: received 150 (150 new)"))
        #expect(try cards("a") == cards("b"))
    }

    // MARK: - Another client

    @Test("a card written by another client arrives; one written by Datebook reads back there; edits and removals both ways")
    func anotherClient() throws {
        try addAccount("a")
        let peer = DAVPeer(server, user: "alice")
        try peer.putCard(in: addressBook, uid: "from-peer", name: "Written Elsewhere", emails: ["else@example.org"],
                         tels: ["+1 555 0100"])
        #expect(try sync("a").contains("contacts: received 1 (1 new)"))
        #expect(try listed("a") == ["Written Elsewhere\telse@example.org"])
        #expect(try card("a", named: "Written Elsewhere").contains("TEL:+1 555 0100"))

        try add("a", ["Written Here", "--email", "here@example.org", "--phone", "+49 30 000000"])
        #expect(try sync("a").contains("contacts: sent 1 (1 new)"))
        let theirs = try #require(try peer.cards(in: addressBook).first { $0.fn == "Written Here" })
        #expect(theirs.emails == ["here@example.org"])
        #expect(theirs.tels == ["+49 30 000000"])

        // Changed here, the peer's card goes back in the version it was written in.
        try edit("a") { $0.replacingOccurrences(of: "EMAIL:else@example.org", with: "EMAIL:else@changed.example") }
        #expect(try sync("a").contains("contacts: sent 1 (1 changed)"))
        let changed = try peer.cards(in: addressBook).first { $0.uid == "from-peer" }
        #expect(changed?.emails == ["else@changed.example"])
        #expect(changed?.raw.contains("VERSION:3.0") == true, "\(changed?.raw ?? "")")

        // The peer removes it: it goes to the deleted ones here.
        try peer.deleteCard(in: addressBook, uid: "from-peer")
        #expect(try sync("a").contains("contacts: received 1 (1 removed)"))
        #expect(try names("a") == ["Written Here"])
        // Removed here: removed there.
        try remove("a", named: "Written Here")
        #expect(try sync("a").contains("contacts: sent 1 (1 removed)"))
        #expect(try peer.cards(in: addressBook).isEmpty)

        // A card whose name is blank: said, left alone, and the rest goes on.
        let junk = try server.request(
            "PUT", addressBook.appendingPathComponent("junk.vcf").path, as: "alice",
            headers: ["Content-Type": "text/vcard"], body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:junk\r\nFN: \r\nN:;;;;\r\nEND:VCARD\r\n")
        #expect((200..<300).contains(junk.status), "\(junk.status)")
        try add("a", ["After the junk"])
        let after = try datebook("a", ["sync"])
        #expect(after.status == 0)
        #expect(after.standardError.contains("could not read /alice/contacts/junk.vcf"), "\(after.standardError)")
        #expect(after.standardOutput.contains("contacts: sent 1 (1 new)"), "\(after.standardOutput)")
        #expect(try names("a") == ["After the junk"])
        #expect(try peer.cards(in: addressBook).count == 2)
    }

    // MARK: - Conflicts and what stays here

    @Test("a contact changed on both sides keeps the server's card and mine; take-mine puts mine back")
    func conflictKeepsBoth() throws {
        try add("a", ["Carol", "--email", "carol@example.org"])
        try addAccount("a")
        try sync("a")
        try addAccount("b")
        try sync("b")

        try edit("a") { $0.replacingOccurrences(of: "EMAIL:carol@example.org", with: "EMAIL:carol@a.example") }
        try edit("b") { $0.replacingOccurrences(of: "EMAIL:carol@example.org", with: "EMAIL:carol@b.example") }
        try sync("a")
        let second = try sync("b")
        #expect(second.contains("1 conflict"), "\(second)")
        // The server's card (A's, first there) is in place on both.
        try sync("a")
        #expect(try listed("a") == ["Carol\tcarol@a.example"])
        #expect(try listed("b") == ["Carol\tcarol@a.example"])

        let conflicts = try datebook("b", ["sync", "--conflicts"]).standardOutput
        #expect(conflicts.contains("“Carol”  Card"), "\(conflicts)")
        let id = try #require(conflicts.split(separator: " ").first.map(String.init))
        let taken = try datebook("b", ["sync", "--take-mine", id])
        #expect(taken.status == 0, "\(taken.standardError)")
        #expect(taken.standardOutput.contains("Your version of “Carol” is in place"))
        #expect(try listed("b") == ["Carol\tcarol@b.example"])
        #expect(try sync("b").contains("contacts: sent 1 (1 changed)"))
        try sync("a")
        #expect(try listed("a") == ["Carol\tcarol@b.example"])
        #expect(try datebook("b", ["sync", "--conflicts"]).standardOutput.contains("No conflicts."))
    }

    @Test("a blocked contact stays blocked, a subscription stays, when their cards change on the server; neither goes to the server")
    func blockedStaysBlocked() throws {
        try add("a", ["Mallory", "--email", "mallory@example.org", "--relation", "blocked"])
        try add("a", ["Nina", "--email", "nina@example.org", "--relation", "request-sent"])
        try addAccount("a")
        try sync("a")
        // Subscribing to Nina's calendar is no change to her card.
        let feed = home.path("nina.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//x//EN\r\nBEGIN:VEVENT\r\nUID:n1\r\n"
            + "DTSTAMP:20261101T000000Z\r\nDTSTART:20261201T100000Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
            .write(to: URL(fileURLWithPath: feed))
        let subscribed = try datebook("a", ["subscriptions", "add", "Nina", feed])
        try #require(subscribed.status == 0, "\(subscribed.standardError)")
        #expect(try sync("a").contains("nothing to do"))
        let peer = DAVPeer(server, user: "alice")
        let mallory = try #require(try peer.cards(in: addressBook).first { $0.fn == "Mallory" })
        #expect(!mallory.raw.lowercased().contains("blocked"), "\(mallory.raw)")
        #expect(try peer.cards(in: addressBook).allSatisfy { !$0.raw.lowercased().contains("request") })

        // Someone changes both cards on the server.
        for card in try peer.cards(in: addressBook) {
            let file = home.path("peer-\(card.fn ?? "x").vcf")
            let changed = card.raw.replacingOccurrences(of: "@example.org", with: "@elsewhere.example")
            try Data(changed.utf8).write(to: URL(fileURLWithPath: file))
            try peer.putCard(in: addressBook, file: file)
        }
        #expect(try sync("a").contains("contacts: received 2 (2 changed)"))
        #expect(try listed("a") == [
            "Mallory\tmallory@elsewhere.example\tblocked", "Nina\tnina@elsewhere.example\trequest-sent,subscribed",
        ])
        #expect(try peer.cards(in: addressBook).allSatisfy { !$0.raw.contains("nina.ics") })
        // What the planner knows of a person belongs to this database: another device does not get it.
        try addAccount("b")
        try sync("b")
        #expect(try listed("b") == ["Mallory\tmallory@elsewhere.example", "Nina\tnina@elsewhere.example"])
        #expect(try sync("a").contains("nothing to do"))
    }
}

/// A value one thread sets and another reads.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
