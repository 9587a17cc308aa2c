import Foundation
import TestSupport
import Testing

/// `datebook subscriptions add`, `refresh`, `list` and `remove` as a script runs them, on good
/// feeds and on every kind of bad one: each gets its reason, and the copy read before stays.
@Suite("Subscriptions from scripts")
struct SubscriptionsCommandTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    func datebook(_ arguments: [String]) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path], timeout: .seconds(30))
    }

    static let feed = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:one\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20991124T090000Z\r
        DTEND:20991124T100000Z\r
        SUMMARY:Dentist\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:weekly\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20200106T090000Z\r
        DTEND:20200106T091500Z\r
        RRULE:FREQ=DAILY\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// Adds Ana, subscribed to a file holding `feed`; returns the file's path.
    func subscribeAna(to text: String = feed) throws -> String {
        #expect(try datebook(["contacts", "add", "Ana"]).status == 0)
        let path = home.path("ana.ics")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let added = try datebook(["subscriptions", "add", "ana", path])
        #expect(added.status == 0, "\(added.standardError)")
        // A daily event from 30 days back to a year ahead: 396 times, give or take today's.
        #expect(added.standardOutput.hasPrefix("Ana  \(path)  39"), "\(added.standardOutput)")
        return path
    }

    /// Foundation reads `~` from the password database; a shell, and Datebook, from `$HOME`.
    @Test("a path typed as ~/… is read from $HOME, as the shell reads it")
    func tildeIsHome() throws {
        #expect(try datebook(["contacts", "add", "Ana"]).status == 0)
        let path = home.path("ana.ics")
        try Data(Self.feed.utf8).write(to: URL(fileURLWithPath: path))
        let added = try datebook(["subscriptions", "add", "ana", "~/ana.ics"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.hasPrefix("Ana  \(path)  "), "\(added.standardOutput)")
    }

    @Test("add reads the calendar at once; refresh reads it again; list and remove")
    func addRefreshListRemove() throws {
        let path = try subscribeAna()
        let refreshed = try datebook(["subscriptions", "refresh"])
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        let line = try #require(refreshed.standardOutput.split(separator: "\n").first)
        #expect(line.hasPrefix("Ana  \(path)  ") && line.hasSuffix(" busy times"))
        let listed = try datebook(["subscriptions", "list"])
        let fields = listed.standardOutput.split(separator: "\t").map(String.init)
        #expect(fields.count == 4 && fields[0] == "Ana" && fields[1] == path && fields[3].hasPrefix("read "))
        // Nothing of it is mine: not in the list of items, not exported.
        #expect(try datebook(["list"]).standardOutput.isEmpty)
        let exported = try datebook(["export"]).standardOutput
        #expect(!exported.contains("Dentist") && !exported.contains("VEVENT"))
        #expect(try datebook(["subscriptions", "remove", "Ana"]).standardOutput == "Unsubscribed Ana\n")
        #expect(try datebook(["subscriptions", "list"]).standardOutput.isEmpty)
        let again = try datebook(["subscriptions", "remove", "Ana"])
        #expect(again.status == 1 && again.standardError == "datebook subscriptions remove: Ana has no subscription\n")
    }

    @Test("a missing file, a file that is not a calendar, an HTML page and a silent address each say why and keep the copy")
    func badSourcesKeepTheLastCopy() throws {
        let path = try subscribeAna()
        func refreshFails(saying reason: String) throws {
            let result = try datebook(["subscriptions", "refresh", "--timeout", "1"])
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("cannot read it: \(reason); the last copy is kept (39"),
                    "\(result.standardOutput)")
            let listed = try datebook(["subscriptions", "list"]).standardOutput
            #expect(listed.contains("\t39") && listed.contains("last reading failed: \(reason)"), "\(listed)")
        }
        try FileManager.default.removeItem(atPath: path)
        try refreshFails(saying: "no such file: \(path)")
        try Data("name,date\nAna,2026-11-24\n".utf8).write(to: URL(fileURLWithPath: path))
        try refreshFails(saying: "the file holds something that is not a calendar (no BEGIN:VCALENDAR)")

        // An address read once, that then returns an HTML page (a login page, say), then
        // takes the connection and never answers: each time the copy read from it stays.
        let server = try LocalServer(contentType: "text/calendar", body: Data(Self.feed.utf8))
        defer { server.stop() }
        let added = try datebook(["subscriptions", "add", "Ana", server.url.absoluteString, "--timeout", "5"])
        #expect(added.status == 0 && added.standardOutput.contains("  39"), "\(added.standardOutput)")
        server.answer(contentType: "text/html", body: Data("<html><body>Sign in</body></html>".utf8))
        try refreshFails(saying: "the address returned an HTML page, not a calendar")
        server.goSilent()
        let started = Date()
        try refreshFails(saying: "timed out after 1 s")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("an address that never answered says nothing was read from it yet")
    func silentFromTheStart() throws {
        #expect(try datebook(["contacts", "add", "Ana"]).status == 0)
        let silent = try LocalServer.silent()
        defer { silent.stop() }
        let result = try datebook(["subscriptions", "add", "Ana", silent.url.absoluteString, "--timeout", "1"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "Ana  \(silent.url.absoluteString)  cannot read it: timed out after 1 s; "
            + "nothing was read from it yet\n")
    }

    @Test("a contact that does not exist or a source that is neither a file nor an address is refused")
    func badArguments() throws {
        let missing = try datebook(["subscriptions", "add", "Nobody", "/tmp/x.ics"])
        #expect(missing.status == 1 && missing.standardError == "datebook subscriptions add: no contact named “Nobody”\n")
        #expect(try datebook(["contacts", "add", "Ana"]).status == 0)
        let ftp = try datebook(["subscriptions", "add", "Ana", "ftp://example.org/a.ics"])
        #expect(ftp.status == 1)
        #expect(ftp.standardError == "datebook subscriptions add: “ftp://example.org/a.ics” is neither a file nor an http(s) address\n")
        let refresh = try datebook(["subscriptions", "refresh"])
        #expect(refresh.status == 0 && refresh.standardOutput.isEmpty)
    }
}
