import Foundation
import Testing

/// `datebook add "Lunch with Ana tomorrow 12:30 1h @Cafe Central #work !high"`: one line read
/// as quick add, saved, or with `--dry-run` only printed.
@Suite("add reads a quick-add line")
struct QuickAddCommandTests {
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

    func listed() throws -> [[String: Any]] {
        let listed = try datebook("list", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
    }

    @Test("a quick-add line is saved with every field it names")
    func savesTheLine() throws {
        let added = try datebook("add", "Lunch with Ana 2027-03-15 12:30 1h @Cafe Central #work #friends !high remind 10m before")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(UUID(uuidString: added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        let items = try listed()
        #expect(items.count == 1)
        let lunch = try #require(items.first)
        #expect(lunch["kind"] as? String == "event")
        #expect(lunch["title"] as? String == "Lunch with Ana")
        #expect(lunch["start"] as? String == "2027-03-15T12:30:00+01:00")
        #expect(lunch["end"] as? String == "2027-03-15T13:30:00+01:00")
        #expect(lunch["place"] as? String == "Cafe Central")
        #expect(lunch["category"] as? String == "work")
        #expect(lunch["priority"] as? Int == 1)
        #expect((lunch["alarm"] as? [String: Any])?["minutesBefore"] as? Int == 10)
    }

    @Test("a repeat and a task's due date are read")
    func repeatsAndTasks() throws {
        #expect(try datebook("add", "Gym every monday 2027-03-15 7am").status == 0)
        #expect(try datebook("add", "Send the report by 2027-03-19 17:00").status == 0)
        let items = try listed()
        let gym = try #require(items.first { $0["title"] as? String == "Gym" })
        #expect(gym["repeatRule"] as? String == "FREQ=WEEKLY;BYDAY=MO")
        let report = try #require(items.first { $0["title"] as? String == "Send the report" })
        #expect(report["kind"] as? String == "task")
        #expect(report["due"] as? String == "2027-03-19T17:00:00+01:00")
    }

    @Test("--dry-run prints what it understood, one field a line, and saves nothing")
    func dryRun() throws {
        let shown = try datebook("add", "--dry-run", "Lunch with Ana 2027-03-16 12:30 1h @Cafe Central #work !high every tuesday")
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == """
            kind: event
            title: Lunch with Ana
            when: Tue 16 Mar 2027 12:30 to 13:30
            place: Cafe Central
            categories: work
            priority: 1 (high)
            repeat: weekly on tue

            """)
        #expect(shown.standardError.contains("Nothing saved"))
        #expect(try datebook("list").standardOutput.isEmpty)
    }

    @Test("--dry-run with the options prints the item they make, and saves nothing")
    func dryRunWithOptions() throws {
        let shown = try datebook("add", "Dentist #3", "--start", "2027-03-15 09:00", "--category", "health, teeth",
                                 "--dry-run")
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == """
            kind: event
            title: Dentist #3
            when: Mon 15 Mar 2027 09:00 to 10:00
            categories: health, teeth

            """)
        #expect(try datebook("list").standardOutput.isEmpty)
    }

    @Test("the options still work, and the field options say it over the line")
    func optionsTakePrecedence() throws {
        // A time option: the title is taken as typed.
        #expect(try datebook("add", "Dentist #3 @noon", "--start", "2027-03-15 09:00").status == 0)
        // A field option over the line's.
        #expect(try datebook("add", "Coffee 2027-03-16 10:00 @Cafe !low", "--place", "Office", "--priority", "2").status == 0)
        // --plain keeps a line as its title.
        #expect(try datebook("add", "Read chapter 2027-03-17", "--plain", "--task").status == 0)
        let items = try listed()
        let dentist = try #require(items.first { ($0["title"] as? String)?.hasPrefix("Dentist") == true })
        #expect(dentist["title"] as? String == "Dentist #3 @noon")
        #expect(dentist["place"] as? String == "")
        let coffee = try #require(items.first { $0["title"] as? String == "Coffee" })
        #expect(coffee["place"] as? String == "Office")
        #expect(coffee["priority"] as? Int == 2)
        #expect(items.contains { $0["title"] as? String == "Read chapter 2027-03-17" })
    }

    @Test("a line that means nothing is explained on stderr and nothing is written",
          arguments: [
              ("2027-03-15 12:30 #work", "Give it a title"),
              ("   ", "Type what to add"),
              ("Party 31/02", "February has no day 31"),
              ("Nap 1h", "needs a time of day"),
          ])
    func nonsense(_ line: String, _ message: String) throws {
        for extra in [[], ["--dry-run"]] {
            let result = try Command.run(try DatebookBinary.path, ["add", line] + extra + ["--db", db],
                                         environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(try datebook("list").standardOutput.isEmpty)
    }
}
