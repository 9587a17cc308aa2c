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
        let ((), seconds) = ThreadCPU.measure {
            #expect(throws: ImportError.unreadableJSON(
                "not a JSON file Datebook can read: it nests deeper than 64 levels (line 1); no Datebook format does")) {
                try FileImporter(writer: store).importData(deep)
            }
        }
        #expect(seconds < 2, "\(seconds) s of CPU")
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
        #expect(refusal("[{\"title\": \"a\", \"times\": []},\n {\"title\": x}]")
            == "not valid JSON: Invalid value around character 41 (line 2, record 2); nothing was imported")
        #expect(refusal("[]") == "the file is an empty list, so its format cannot be told (name it with --format); nothing was imported")
        #expect(refusal("[{\"colour\": \"red\", \"size\": 3}]") == "a JSON file, but not one Datebook reads: it is a list whose first record has the keys \"colour\", \"size\" (Datebook reads a task list, a timetable, a Taskwarrior export and its own list --json; see the user guide); nothing was imported")
        #expect(refusal("Remember the milk")?.hasPrefix("not an iCalendar file") == true)
        #expect(try ImportFixtures.count(store) == 0)
    }

    @Test("a byte order mark is skipped, and bytes that are not UTF-8 spoil one title, with a note, not the file")
    func encodings() throws {
        let store = try CalendarFixtures.store()
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(#"[{"title": "After a BOM", "times": []}]"#.utf8)
        let read = try FileImporter(writer: store).importData(bom)
        #expect(read.format == .tasks)
        #expect(read.report.added == 1)
        #expect(read.report.warnings.isEmpty)
        let latin1 = Data(#"[{"title": "Caf"#.utf8) + Data([0xE9]) + Data(#"", "times": []}, {"title": "Tea", "times": []}]"#.utf8)
        let mixed = try FileImporter(writer: store).importData(latin1)
        #expect(mixed.report.added == 2)
        #expect(mixed.report.warnings.map(\.description) == [
            "line 1, file: bytes that are not UTF-8 were read as \u{FFFD} (the file may be in another encoding)"
        ])
        #expect(try ImportFixtures.byTitle(store)["Caf\u{FFFD}"] != nil)
    }

    @Test("an empty list named with --format imports nothing and is not an error")
    func emptyNamed() throws {
        let store = try CalendarFixtures.store()
        let result = try ImportFixtures.importText("[]", into: store, format: .taskwarrior)
        #expect(result.summary == "Read as Taskwarrior export: 0 tasks imported (0 added, 0 updated), 0 skipped.")
        #expect(!result.importedNothing)
    }
}

@Suite("Decoding a long list in parts")
struct JSONDecodingTests {
    /// A Taskwarrior export of `count` tasks, one a line; `broken` spoils one record.
    static func export(_ count: Int, broken: Int? = nil) -> String {
        let lines = (0..<count).map { index in
            let uuid = String(format: "00000000-0000-4000-8000-%012d", index)
            if index == broken { return "{\"uuid\":\"\(uuid)\",\"description\":\"Task \(index)\",\"status\":" }
            return "{\"uuid\":\"\(uuid)\",\"description\":\"Task \(index), [with] {brackets}\",\"status\":\"pending\"}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    @Test("a list long enough to be decoded in parts imports every record, each at its line")
    func parts() throws {
        let count = JSONDecoding.partsFrom + 1001
        let store = try CalendarFixtures.store()
        var text = Self.export(count)
        // One bad record near the end: its place and line must still be right.
        text = text.replacingOccurrences(of: "\"Task 5000, [with] {brackets}\",\"status\":\"pending\"", with: "\"Task 5000\",\"status\":\"lost\"")
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.report.added == count - 1)
        #expect(result.report.skipped.map(\.description) == [
            "task 5001 (line 5002) 00000000-0000-4000-8000-000000005000: unknown status \"lost\" (Taskwarrior's are "
                + "pending, waiting, recurring, completed and deleted); skipped"
        ])
        let items = try ImportFixtures.byTitle(store)
        #expect(items["Task 0, [with] {brackets}"] != nil)
        #expect(items["Task \(count - 1), [with] {brackets}"] != nil)
    }

    @Test("a broken record in a long list refuses the file, with the decoder's reason, and writes nothing")
    func brokenPart() throws {
        let store = try CalendarFixtures.store()
        #expect(throws: ImportError.self) {
            try ImportFixtures.importText(Self.export(JSONDecoding.partsFrom + 10, broken: 3000), into: store)
        }
        #expect(try ImportFixtures.count(store) == 0)
    }

    @Test("a record that breaks the JSON after parts were written rolls them back and says where, as a whole decode would")
    func brokenLate() throws {
        let store = try CalendarFixtures.store()
        let count = RecordImporter.partSize * 3
        // Brackets and strings that balance (the shape is fine), a value that is not JSON.
        let last = "Task \(count - 2), [with] {brackets}\",\"status\":\"pending\""
        let text = Self.export(count).replacingOccurrences(of: last, with: "Task\",\"status\":pending")
        #expect(text.contains("\"status\":pending}"))
        let data = Data(text.utf8)
        let shape = try data.withUnsafeBytes { try JSONShape($0) }
        // What decoding the whole file at once says about it.
        var expected: ImportError?
        do { _ = try JSONDecoding.whole(data, shape: shape) } catch { expected = error }
        #expect(expected != nil)
        #expect(throws: expected!) { try ImportFixtures.importText(text, into: store) }
        #expect(try ImportFixtures.count(store) == 0)
    }
}

@Suite("Reading parts ahead of the writes")
struct PartWindowTests {
    @Test("a part waits until the one so many before it was written, and never once the writing stopped")
    func window() throws {
        let window = PartWindow(ahead: 2)
        #expect(window.waitForTurn(of: 0))
        #expect(window.waitForTurn(of: 1))
        let started = DispatchSemaphore(value: 0)
        let third = Answer()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            let turn = window.waitForTurn(of: 2)
            third.set(turn)
            done.signal()
        }
        started.wait()
        // Part 2 may not begin while parts 0 and 1 are unwritten.
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(third.value == nil)
        window.written(0)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(third.value == true)

        // After a failure the writer stops: a part still waiting is let go, told not to begin.
        let fourth = Answer()
        DispatchQueue.global().async {
            let turn = window.waitForTurn(of: 9)
            fourth.set(turn)
            done.signal()
        }
        window.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(fourth.value == false)
    }
}

/// What a waiting thread was told, read by the test's thread.
private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var told: Bool?

    var value: Bool? { lock.withLock { told } }

    func set(_ value: Bool) {
        lock.withLock { told = value }
    }
}
