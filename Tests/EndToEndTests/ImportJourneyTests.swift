import Foundation
import Testing

/// Each JSON format imported from a script, then seen in the real binary's Events list and
/// details, with the imports in the Activities feed.
@Suite("Import journeys in a real terminal")
struct ImportJourneyTests {
    @Test("a task list, a timetable and a Taskwarrior export show in Events; the bus is a reminder; the feed lists each import")
    func importedItemsShow() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        for name in ["task-list.json", "timetable-week8.json", "taskwarrior-2.6.2-export.json"] {
            let path = try ImportExportTests.fixture("Imports/\(name)")
            let result = try Command.run(
                try DatebookBinary.path, ["import", path, "--db", db], environment: ["TZ": "Australia/Melbourne"])
            #expect(result.status == 0, "\(name): \(result.standardError)")
        }
        let session = try TmuxSession(
            width: 100, height: 30, arguments: ["--db", db], environment: ["TZ": "Australia/Melbourne"], home: home)
        try await session.waitFor("10 items")
        try await session.waitUntil("every format's items in the list") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.contains("Fri 13 Mar 2020 10:00-12:00") && $0.contains("FIT1031 Lecture 01") }
                && lines.contains { $0.contains("06:04") && $0.contains("(!) Bus Clayton → Caufield") }
                && lines.contains { $0.contains("[ ] Study for the exam (+2 more times)") }
                && lines.contains { $0.contains("[ ] Water plants") }
        }
        // The lecture's details: place from room and campus, the lecturer in the notes.
        // The list opens at today; the 2020 timetable is above it: to the top, then the third row.
        for _ in 0..<10 { try session.send(keys: "Up") }
        try session.send(keys: "Down", "Down", "Enter")
        try await session.waitUntil("the lecture's details") { screen in
            screen.contains("FIT1031 Lecture 01") && screen.contains("S4, 13 College Walk, Clayton")
                && screen.contains("Lecturer: Arun")
        }
        try session.send(keys: "Escape")
        try await session.waitFor("10 items")
        try session.send(keys: "!")
        try await session.waitUntil("the three imports in Activities") { screen in
            screen.contains("Read as Taskwarrior export: 7 tasks imported") && screen.contains("Read as timetable: 3")
                && screen.contains("Read as task list: 3")
        }
    }
}
