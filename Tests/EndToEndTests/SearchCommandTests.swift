import Foundation
import Testing

/// `datebook search` from scripts: what it finds, its filters, JSON, and text it cannot search.
@Suite("The search command")
struct SearchCommandTests {
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

    func titles(_ result: Command.Result) -> [String] {
        result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[4]) }
    }

    @Test("finds items by any text, ignoring case and accents, closest first, grouped by kind")
    func findsAndOrders() throws {
        #expect(try datebook("add", "会议准备", "--start", "2026-11-24 10:00").status == 0)
        _ = try datebook("add", "Dentist", "--start", "2026-11-27 09:00", "--place", "Rue Érable")
        _ = try datebook("add", "Planning", "--start", "2026-11-30 09:00")
        _ = try datebook("add", "Review the plan", "--start", "2026-11-25 09:00")
        _ = try datebook("add", "Plan holidays", "--task", "--due", "2026-11-26 09:00")
        _ = try datebook("add", "Lunch", "--start", "2026-11-23 12:00", "--notes", "PLAN the offsite")

        #expect(titles(try datebook("search", "会议")) == ["会议准备"])
        #expect(titles(try datebook("search", "ERABLE")) == ["Dentist"])
        let plan = try datebook("search", "plan")
        #expect(plan.status == 0)
        #expect(titles(plan) == ["Planning", "Review the plan", "Lunch", "Plan holidays"])
        #expect(titles(try datebook("search", "plan", "--kind", "task")) == ["Plan holidays"])
        #expect(titles(try datebook("search", "plan", "--from", "2026-11-24", "--to", "2026-11-26")) == [
            "Review the plan", "Plan holidays",
        ])
        let none = try datebook("search", "nothing of the sort")
        #expect(none.status == 0)
        #expect(none.standardOutput.isEmpty)
    }

    @Test("--all adds History, and --json tells where the words matched")
    func historyAndJSON() throws {
        let ics = home.path("done.ics")
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:done-1\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Old report\r
            STATUS:COMPLETED\r
            COMPLETED:20261102T000000Z\r
            END:VTODO\r
            END:VCALENDAR\r

            """.write(toFile: ics, atomically: true, encoding: .utf8)
        let imported = try datebook("import", ics)
        #expect(imported.status == 0, "\(imported.standardError)")
        _ = try datebook("add", "Team lunch", "--start", "2026-11-24 12:00", "--notes", "the Report is due")
        #expect(titles(try datebook("search", "report")) == ["Team lunch"])

        let json = try datebook("search", "report", "--all", "--json")
        #expect(json.status == 0, "\(json.standardError)")
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.map { $0["title"] as? String } == ["Team lunch", "Old report"])
        #expect(array[0]["closeness"] as? String == "other")
        #expect(array[0]["match"] as? String == "the Report is due")
        #expect(array[1]["closeness"] as? String == "title")
        #expect(array[1]["matches"] as? [[Int]] == [[4, 6]])
        #expect(array[0]["start"] as? String == "2026-11-24T12:00:00+01:00")
    }

    @Test("a query too long or of control characters alone gets a clear message, never an FTS error")
    func badQueries() throws {
        _ = try datebook("add", "Dentist", "--start", "2026-11-27 09:00")
        let long = try datebook("search", String(repeating: "x", count: 10_000))
        #expect(long.status == 1)
        #expect(long.standardError.contains("at most 1000"))
        for text in ["\u{1}\u{2}\u{1B}", "\u{200D}", "\u{200B}\u{200D}"] {
            let control = try datebook("search", text)
            #expect(control.status == 1)
            #expect(control.standardError.contains("control characters"))
            #expect(control.standardOutput.isEmpty)
        }
        let blank = try datebook("search", "   ")
        #expect(blank.status == 1)
        #expect(blank.standardError.contains("empty"))
        for syntax in [#"""#, "AND", "(de*", "NEAR(a b)", "x:y", "^d", "-"] {
            let result = try datebook("search", syntax)
            #expect(result.status == 0, "\(syntax): \(result.standardError)")
            #expect(!result.standardError.lowercased().contains("fts5"))
        }
        #expect(titles(try datebook("search", "(de")) == [])
        #expect(titles(try datebook("search", "de")) == ["Dentist"])
    }

    @Test("contacts are found by name, e-mail or phone, after the items, with --kind contact and in JSON")
    func contacts() throws {
        _ = try datebook("add", "Lunch with Sofía", "--start", "2026-11-24 12:00")
        let added = try datebook("contacts", "add", "Sofía Núñez", "--email", "sofia@example.org",
                                 "--phone", "+34 600 123 456")
        #expect(added.status == 0, "\(added.standardError)")
        let all = try datebook("search", "sofia")
        #expect(all.status == 0, "\(all.standardError)")
        let lines = all.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.map { String($0[1]) } == ["event", "contact"])
        #expect(lines.last.map { [String($0[4]), String($0[5])] } == ["Sofía Núñez", "sofia@example.org"])
        #expect(titles(try datebook("search", "600 123")) == ["Sofía Núñez"])
        #expect(titles(try datebook("search", "sofia", "--kind", "contact")) == ["Sofía Núñez"])
        #expect(titles(try datebook("search", "sofia", "--kind", "event")) == ["Lunch with Sofía"])

        let json = try datebook("search", "NUNEZ", "--json")
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["kind"] as? String == "contact")
        #expect(array.first?["title"] as? String == "Sofía Núñez")
        #expect(array.first?["place"] as? String == "sofia@example.org")
        #expect(array.first?["relation"] as? String == "none")
        #expect(array.first?["matches"] as? [[Int]] == [[6, 5]])
    }
}
