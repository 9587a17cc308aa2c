import Foundation
import Testing

/// `datebook add --all-day` follows the form's rule: `--end` is the last day, inclusive.
@Suite("All-day items from scripts")
struct AllDayCommandTests {
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

    @Test("add --all-day from 22 to 24 November: the agenda says to the 24th, JSON ends on the 25th")
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
        #expect(occurrences.map { $0["end"] as? String } == ["2026-11-25", "2026-11-27"])

        let list = try datebook("list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        let fair = try #require(items.first { $0["title"] as? String == "Book fair" })
        #expect(fair["allDay"] as? Bool == true)
        #expect(fair["start"] as? String == "2026-11-22T00:00:00+01:00")
        #expect(fair["end"] as? String == "2026-11-25T00:00:00+01:00")
    }
}
