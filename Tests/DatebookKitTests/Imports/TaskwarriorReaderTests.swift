import Foundation
import Testing

@testable import DatebookKit

@Suite("Taskwarrior export")
struct TaskwarriorReaderTests {
    let store: SQLiteStore

    init() throws {
        store = try CalendarFixtures.store(zone: "UTC")
    }

    @Test("task export of Taskwarrior 2.6.2 is recognised and mapped as the user guide says")
    func mapping() throws {
        let result = try ImportFixtures.importFixture("taskwarrior-2.6.2-export.json", into: store)
        #expect(result.format == .taskwarrior)
        #expect(result.summary == "Read as Taskwarrior export: 7 tasks imported (7 added, 0 updated), 0 skipped.")
        #expect(result.report.skipped.isEmpty)
        let items = try ImportFixtures.byTitle(store)
        let shampoo = try #require(items["Buy shampoo"])
        #expect(shampoo.kind == .task)
        #expect(shampoo.due == ImportFixtures.utc("2026-11-25T18:00:00Z"))
        #expect(shampoo.priority == 1)
        #expect(shampoo.category == "Home")
        #expect(shampoo.moreCategories == ["errand", "shop"])
        #expect(shampoo.icalendarUID == "4831ea42-888a-4ba1-adb4-afa84ee91211")
        #expect(shampoo.created == ImportFixtures.utc("2026-11-23T05:54:33Z"))
        let report = try #require(items["Write report"])
        #expect(report.times == [ItemTime(start: ImportFixtures.utc("2026-11-24T09:00:00Z"))])
        #expect(report.priority == 5)
        #expect(report.category == "Work.Reports")
        let plants = try #require(items["Water plants"])
        #expect(plants.repeatRule == "FREQ=WEEKLY;UNTIL=20270301T000000Z")
        #expect(plants.category == "home")
        #expect(plants.icalendarUID == "8207c14d-a740-42d9-a864-f0a77fc107d7", "the series, not its instance")
        let ana = try #require(items["Call Ana"])
        #expect(ana.priority == 9)
        #expect(ana.notes == "Waiting until 2026-12-01 00:00 UTC (Taskwarrior's wait)")
        let passport = try #require(items["Renew passport"])
        #expect(passport.notes == "2026-11-23 05:54 UTC: Photos are in the drawer")
        let old = try #require(items["Old task"])
        #expect(old.status == .completed)
        #expect(old.statusChangedAt == ImportFixtures.utc("2026-11-23T05:54:33Z"))
        #expect(try #require(items["Cancelled thing"]).status == .deleted)
        // Each imported task is in the search index, its words and its categories (the index
        // rows are made on the reading threads).
        func found(_ text: String, history: Bool = false) throws -> [String] {
            try store.search(SearchQuery(text, includeHistory: history), at: Fixture.now).hits.map(\.item.title)
        }
        #expect(try found("shampoo") == ["Buy shampoo"])
        #expect(try found("Reports") == ["Write report"])
        #expect(try found("drawer") == ["Renew passport"])
        #expect(try found("old task", history: true) == ["Old task"])
    }

    @Test("importing the export again updates every task by its uuid")
    func reimportUpdates() throws {
        try ImportFixtures.importFixture("taskwarrior-2.6.2-export.json", into: store)
        let again = try ImportFixtures.importFixture("taskwarrior-2.6.2-export.json", into: store)
        #expect(again.report.added == 0)
        #expect(again.report.updated == 7)
        #expect(try ImportFixtures.count(store) == 7)
    }

    @Test("an instance is left to its series wherever the series is, even when its status is written with escapes")
    func instancesOfSeries() throws {
        // The instances come before their series; one series spells "recurring" with escapes,
        // and a task that merely mentions "recurring" in its description is no series.
        let text = """
            [
            {"uuid":"00000000-0000-4000-8000-000000000011","description":"Water plants","status":"pending",\
            "parent":"00000000-0000-4000-8000-000000000001","due":"20261124T090000Z"},
            {"uuid":"00000000-0000-4000-8000-000000000012","description":"Stretch","status":"pending",\
            "parent":"00000000-0000-4000-8000-000000000002","due":"20261124T070000Z"},
            {"uuid":"00000000-0000-4000-8000-000000000013","description":"Orphan","status":"pending",\
            "parent":"00000000-0000-4000-8000-000000000003"},
            {"uuid":"00000000-0000-4000-8000-000000000003","description":"Not recurring","status":"pending"},
            {"uuid":"00000000-0000-4000-8000-000000000001","description":"Water plants","status":"recurring",\
            "recur":"weekly","due":"20261124T090000Z"},
            {"uuid":"00000000-0000-4000-8000-000000000002","description":"Stretch","status":"recurr\\u0069ng",\
            "recur":"daily","due":"20261124T070000Z"}
            ]
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.summary == "Read as Taskwarrior export: 4 tasks imported (4 added, 0 updated), 0 skipped.")
        let uids = Set(try ImportFixtures.byTitle(store).values.compactMap(\.icalendarUID))
        #expect(uids == [
            "00000000-0000-4000-8000-000000000013", "00000000-0000-4000-8000-000000000003",
            "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
        ])
    }

    @Test("an unknown status, a missing description and a bad date skip their record, with its place; the rest import")
    func badRecords() throws {
        let text = """
            [
            {"uuid":"00000000-0000-4000-8000-000000000001","description":"Good","status":"pending"},
            {"uuid":"00000000-0000-4000-8000-000000000002","description":"Odd","status":"someday"},
            {"uuid":"00000000-0000-4000-8000-000000000003","status":"pending"},
            {"uuid":"00000000-0000-4000-8000-000000000004","description":"Bad date","due":"tomorrow"},
            {"uuid":"00000000-0000-4000-8000-000000000005","description":"Wrong type","tags":"home"}
            ]
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.format == .taskwarrior)
        #expect(result.report.added == 1)
        #expect(result.report.skipped.map(\.description) == [
            "task 2 (line 3) 00000000-0000-4000-8000-000000000002: unknown status \"someday\" (Taskwarrior's are "
                + "pending, waiting, recurring, completed and deleted); skipped",
            "task 3 (line 4) 00000000-0000-4000-8000-000000000003: \"description\" is missing; skipped",
            "task 4 (line 5) 00000000-0000-4000-8000-000000000004: \"due\": \"tomorrow\" is not a date "
                + "(expected e.g. 2026-11-23T10:00:00Z or 20261123T100000Z); skipped",
            "task 5 (line 6) 00000000-0000-4000-8000-000000000005: \"tags\" should be a list ([…]), "
                + "not text (\"home\"); skipped",
        ])
        #expect(!result.importedNothing)
        #expect(try ImportFixtures.count(store) == 1)
    }

    @Test("recur values become repeat rules", arguments: [
        ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("monthly", "FREQ=MONTHLY"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
        ("yearly", "FREQ=YEARLY"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("2wks", "FREQ=WEEKLY;INTERVAL=2"),
        ("6mo", "FREQ=MONTHLY;INTERVAL=6"), ("2q", "FREQ=MONTHLY;INTERVAL=6"), ("P1Y", "FREQ=YEARLY"),
        ("P2W", "FREQ=WEEKLY;INTERVAL=2"), ("P3M", "FREQ=MONTHLY;INTERVAL=3"),
    ])
    func recurRules(recur: String, rule: String) {
        #expect(TaskwarriorReader.rule(recur) == rule)
    }

    @Test("a recur Datebook does not read imports the task without repeating, with a note")
    func unknownRecur() throws {
        #expect(TaskwarriorReader.rule("every blue moon") == nil)
        #expect(TaskwarriorReader.rule("0d") == nil)
        let text = """
            [{"uuid":"00000000-0000-4000-8000-000000000001","description":"Moon","status":"recurring",
              "due":"20261123T100000Z","recur":"blue moon"}]
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.report.added == 1)
        #expect(result.report.warnings.map(\.message) == [
            "the repeat \"blue moon\" is not one Datebook reads; imported without repeating"
        ])
        let moon = try #require(try ImportFixtures.byTitle(store)["Moon"])
        #expect(moon.repeatRule == nil)
        #expect(moon.notes == "Repeats blue moon in Taskwarrior")
    }

    @Test("an export in which every record is bad imports nothing and says so")
    func nothingImported() throws {
        let text = #"[{"uuid":"00000000-0000-4000-8000-000000000001","description":"x","status":"lost"}]"#
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.importedNothing)
        #expect(try ImportFixtures.count(store) == 0)
    }
}
