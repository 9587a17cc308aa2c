import Foundation
import Testing

@testable import DatebookKit

@Suite("Recognising and refusing import formats")
struct ImportFormatTests {
    @Test("each fixture is recognised by its content", arguments: [
        ("Imports/taskwarrior-2.6.2-export.json", ImportFormat.taskwarrior),
        ("Imports/timetable-week8.json", .timetable), ("Imports/task-list.json", .tasks),
        ("google-calendar-export.ics", .ical),
    ])
    func recognised(file: String, format: ImportFormat) throws {
        let store = try CalendarFixtures.store()
        let result = try FileImporter(writer: store).importFile(atPath: CalendarFixtures.path(file))
        #expect(result.format == format)
        #expect(result.report.added > 0)
    }

    @Test("--format overrides: a task list read as a timetable is refused, and nothing is written")
    func overrideRefused() throws {
        let store = try CalendarFixtures.store()
        #expect(throws: ImportError.unreadableJSON(
            "not a timetable: it should be an object with \"schedules\" and \"stops\"")) {
            try ImportFixtures.importFixture("task-list.json", into: store, format: .timetable)
        }
        #expect(try ImportFixtures.count(store) == 0)
    }

    @Test("10 MB of nesting is refused before decoding, at once and without a crash")
    func deepNesting() throws {
        let store = try CalendarFixtures.store()
        let deep = Data(repeating: UInt8(ascii: "["), count: 5_000_000) + Data(repeating: UInt8(ascii: "]"), count: 5_000_000)
        let clock = ContinuousClock()
        let began = clock.now
        #expect(throws: ImportError.unreadableJSON(
            "not a JSON file Datebook can read: it nests deeper than 64 levels (line 1); no Datebook format does")) {
            try FileImporter(writer: store).importData(deep)
        }
        #expect(clock.now - began < .seconds(2))
        let objects = Data(String(repeating: "{\"a\":", count: 100).utf8)
        #expect(throws: ImportError.self) { try FileImporter(writer: store).importData(objects, format: .tasks) }
    }

    @Test("broken JSON, an empty list and JSON of no known shape each say why, and nothing is written")
    func refusals() throws {
        let store = try CalendarFixtures.store()
        func refusal(_ text: String) -> String? {
            do {
                _ = try FileImporter(writer: store).importData(Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal("[{\"title\": \"x\", ") == "not a JSON file Datebook can read: a bracket on line 1 is not matched; nothing was imported")
        #expect(refusal("[{\"title\": \"x }]") == "not a JSON file Datebook can read: a string that begins on line 1 never ends; nothing was imported")
        #expect(refusal("[{\"title\": x}]")?.hasPrefix("not valid JSON: ") == true)
        #expect(refusal("[]") == "the file is an empty list, so its format cannot be told (name it with --format); nothing was imported")
        #expect(refusal("[{\"colour\": \"red\", \"size\": 3}]") == "a JSON file, but not one Datebook reads: it is a list whose first record has the keys \"colour\", \"size\" (Datebook reads a task list, a timetable, a Taskwarrior export and its own list --json; see the user guide); nothing was imported")
        #expect(refusal("Remember the milk")?.hasPrefix("not an iCalendar file") == true)
        #expect(try ImportFixtures.count(store) == 0)
    }

    @Test("an empty list named with --format imports nothing and is not an error")
    func emptyNamed() throws {
        let store = try CalendarFixtures.store()
        let result = try ImportFixtures.importText("[]", into: store, format: .taskwarrior)
        #expect(result.summary == "Read as Taskwarrior export: 0 tasks imported (0 added, 0 updated), 0 skipped.")
        #expect(!result.importedNothing)
    }
}
