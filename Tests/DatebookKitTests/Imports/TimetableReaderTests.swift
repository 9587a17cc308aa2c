import Foundation
import Testing

@testable import DatebookKit

@Suite("Timetable")
struct TimetableReaderTests {
    let store: SQLiteStore

    init() throws {
        store = try CalendarFixtures.store(zone: "Australia/Melbourne")
    }

    @Test("schedules become events and stops reminders; the week and the parkings are reported")
    func timetable() throws {
        let result = try ImportFixtures.importFixture("timetable-week8.json", into: store)
        #expect(result.format == .timetable)
        #expect(result.summary == "Read as timetable: 3 items imported (3 added, 0 updated), 0 skipped.")
        #expect(result.report.warnings.map(\.description) == [
            "line 1, timetable: the file says week 8, but its schedules fall in ISO week 11; they were imported on "
                + "the dates they give",
            "line 1, timetable: 1 parking not imported (Datebook keeps no parking data): Clayton live feed (645 free)",
        ])
        let items = try ImportFixtures.byTitle(store)
        let lecture = try #require(items["FIT1031 Lecture 01"])
        #expect(lecture.kind == .event)
        #expect(lecture.place == "S4, 13 College Walk, Clayton")
        #expect(lecture.notes == "Lecturer: Arun\nStudent: Kier")
        #expect(lecture.timeZone == .floating)
        // 10:00 in Melbourne (UTC+11 in March 2020).
        #expect(lecture.times == [
            ItemTime(start: ImportFixtures.utc("2020-03-12T23:00:00Z"), end: ImportFixtures.utc("2020-03-13T01:00:00Z"))
        ])
        let bus = try #require(items["Bus Clayton → Caufield"])
        #expect(bus.kind == .reminder)
        #expect(bus.times == [ItemTime(start: ImportFixtures.utc("2020-03-12T19:04:05Z"))])
        #expect(bus.icalendarUID == "timetable:305491:stop:Clayton:Caufield:2020-03-13T06:04:05")
    }

    @Test("importing the same timetable again updates its items, never duplicates them")
    func reimport() throws {
        try ImportFixtures.importFixture("timetable-week8.json", into: store)
        let again = try ImportFixtures.importFixture("timetable-week8.json", into: store)
        #expect(again.report.added == 0)
        #expect(again.report.updated == 3)
        #expect(try ImportFixtures.count(store) == 3)
    }

    @Test("a week that matches its schedules is not reported")
    func matchingWeek() throws {
        let text = """
            {"week": 11, "student": {"id": "1", "name": "A"},
             "schedules": [{"start_time": "2020-03-09T09:00:00", "end_time": "2020-03-09T10:00:00",
                            "course": "FIT1", "class": "Lab", "lecturer": "B", "room": "R", "campus": "C"}],
             "parkings": [], "stops": []}
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.report.warnings.isEmpty)
        #expect(result.report.added == 1)
    }

    @Test("a schedule with a missing field or a wrong type is skipped with its place; the rest import")
    func badSchedules() throws {
        let text = """
            {"week": 11,
             "schedules": [
               {"start_time": "2020-03-09T09:00:00", "end_time": "2020-03-09T10:00:00", "course": "FIT1", "class": "Lab"},
               {"start_time": "2020-03-09T11:00:00", "end_time": "2020-03-09T12:00:00", "class": "Lab"},
               {"start_time": 9, "end_time": "2020-03-09T12:00:00", "course": "FIT3", "class": "Lab"}
             ],
             "stops": [{"departure": "Clayton", "predicted_arrival_date": "2020-03-09T08:00:00"}]}
            """
        let result = try ImportFixtures.importText(text, into: store)
        #expect(result.report.added == 1)
        #expect(result.report.skipped.map(\.description) == [
            "schedule 2 (line 4): \"course\" is missing; skipped",
            "schedule 3 (line 5): \"start_time\" should be text, not a number (9); skipped",
            "stop 1 (line 7): \"arrival\" is missing; skipped",
        ])
    }

    @Test("ISO weeks", arguments: [
        ("2020-03-13", 11), ("2021-01-03", 53), ("2021-01-04", 1), ("2024-12-30", 1), ("2026-11-23", 48),
    ])
    func isoWeeks(day: String, week: Int) throws {
        let date = try ImportDate.parse(day)
        #expect(TimetableReader.isoWeek(ofDay: Int(date.wallSeconds / 86_400)) == week)
    }
}
