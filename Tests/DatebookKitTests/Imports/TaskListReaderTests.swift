import Foundation
import Testing

@testable import DatebookKit

@Suite("Task list with times")
struct TaskListReaderTests {
    let store: SQLiteStore

    init() throws {
        store = try CalendarFixtures.store(zone: "Europe/Berlin")
    }

    @Test("each task becomes a task and each of its times one of the item's times, in order")
    func tasksAndTimes() throws {
        let result = try ImportFixtures.importFixture("task-list.json", into: store)
        #expect(result.format == .tasks)
        #expect(result.summary == "Read as task list: 3 tasks imported (3 added, 0 updated), 0 skipped.")
        let items = try ImportFixtures.byTitle(store)
        let shampoo = try #require(items["Buy shampoo"])
        #expect(shampoo.kind == .task)
        #expect(shampoo.timeZone == .floating)
        #expect(shampoo.place == "Chemist on Main Street")
        #expect(shampoo.notes == "The one in the photo")
        #expect(shampoo.category == "Errands")
        #expect(shampoo.priority == 5)
        // Floating times read in the store's zone (Berlin, UTC+1 in November).
        #expect(shampoo.due == ImportFixtures.utc("2026-11-25T17:00:00Z"))
        #expect(shampoo.times == [
            ItemTime(start: ImportFixtures.utc("2026-11-24T16:00:00Z"), end: ImportFixtures.utc("2026-11-24T16:30:00Z"))
        ])
        let study = try #require(items["Study for the exam"])
        #expect(study.times.map(\.start) == [
            ImportFixtures.utc("2026-11-24T08:00:00Z"), ImportFixtures.utc("2026-11-26T08:00:00Z"),
            ImportFixtures.utc("2026-11-28T13:00:00Z"),
        ])
        #expect(study.times.last?.end == nil)
        let essay = try #require(items["Hand in the essay"])
        #expect(essay.status == .completed)
        #expect(essay.times.isEmpty)
        #expect(essay.icalendarUID == "tasks:3")
    }

    @Test("the list wrapped as {\"tasks\": […]} reads the same, and importing again updates by id")
    func wrappedAndReimported() throws {
        try ImportFixtures.importFixture("task-list.json", into: store)
        let list = try String(contentsOfFile: ImportFixtures.path("task-list.json"), encoding: .utf8)
        let again = try ImportFixtures.importText("{\"tasks\": \(list)}", into: store)
        #expect(again.format == .tasks)
        #expect(again.report.updated == 3)
        #expect(again.report.added == 0)
        #expect(try ImportFixtures.count(store) == 3)
    }

    @Test("a missing title, a wrong type and a time without a start are reported with their place")
    func badRecords() throws {
        let text = """
            [
              {"id": 1, "title": "Fine", "times": []},
              {"id": 2, "times": []},
              {"id": 3, "title": "Typed", "times": "tomorrow"},
              {"id": 4, "title": "No start",
               "times": [{"end": "2026-11-24T10:00:00"}]},
              "just text",
              {"id": 6, "title": "Ends before", "times": [{"start": "2026-11-24T10:00:00", "end": "2026-11-24T09:00:00"}]}
            ]
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.report.added == 1)
        #expect(result.report.skipped.map(\.description) == [
            "task 2 (line 3): \"title\" is missing; skipped",
            "task 3 (line 4): \"times\" should be a list ([…]), not text (\"tomorrow\"); skipped",
            "task 4 (line 5): \"times\"[0]: \"start\" is missing; skipped",
            "task 5 (line 7): it should be an object ({…}), not text (\"just text\"); skipped",
            "task 6 (line 8) tasks:6: The end is before the start; skipped",
        ])
        #expect(try ImportFixtures.count(store) == 1)
    }
}
