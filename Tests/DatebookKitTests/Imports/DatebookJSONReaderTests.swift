import Foundation
import Testing

@testable import DatebookKit

@Suite("Datebook JSON read back")
struct DatebookJSONReaderTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// A store holding an event, an all-day event with an alarm, a task with two times in
    /// History, a repeating reminder, and the iCalendar fixtures.
    static func filledStore() throws -> SQLiteStore {
        let store = try CalendarFixtures.store(zone: "Europe/Berlin")
        let now = ImportFixtures.utc("2026-11-22T09:00:00Z")
        let items = [
            Item(
                id: UUID(), kind: .event, title: "Lunch with Ana",
                times: [ItemTime(start: ImportFixtures.utc("2026-11-24T11:30:00Z"), end: ImportFixtures.utc("2026-11-24T12:30:00Z"))],
                place: "Cafe Central", notes: "Table by the window\nsecond line", priority: 3, category: "Friends",
                created: now),
            Item(
                id: UUID(), kind: .event, title: "Holiday",
                times: [ItemTime(start: ImportFixtures.utc("2026-12-21T00:00:00Z"), end: ImportFixtures.utc("2026-12-24T00:00:00Z"))],
                allDay: true, alarms: [Alarm(minutesBefore: 1440, sound: "off"), Alarm(at: ImportFixtures.utc("2026-12-20T18:00:00Z"))],
                created: now, timeZone: .floating),
            Item(
                id: UUID(), kind: .task, title: "Study",
                times: [
                    ItemTime(start: ImportFixtures.utc("2026-11-24T08:00:00Z"), end: ImportFixtures.utc("2026-11-24T10:00:00Z")),
                    ItemTime(start: ImportFixtures.utc("2026-11-25T08:00:00Z")),
                ],
                due: ImportFixtures.utc("2026-11-27T17:00:00Z"), attachments: ["/home/ana/notes.pdf"],
                status: .completed, statusChangedAt: now, created: now),
            Item(
                id: UUID(), kind: .reminder, title: "Stand-up",
                times: [ItemTime(start: ImportFixtures.utc("2026-11-23T08:45:00Z"))], repeatRule: "FREQ=WEEKLY;BYDAY=MO",
                created: now),
        ]
        for item in items {
            _ = try store.save(item)
        }
        try CalendarFixtures.importFixture("google-calendar-export.ics", into: store)
        return store
    }

    static func all(_ store: SQLiteStore) throws -> [Item] {
        (try store.activeItems(offset: 0, limit: .max) + store.historyItems(offset: 0, limit: .max))
            .sorted { $0.id.uuidString < $1.id.uuidString }
    }

    @Test("an export imported into an empty database lists the same JSON, and into its own database updates")
    func roundTrip() throws {
        let store = try Self.filledStore()
        let exported = try ItemJSON.encode(try Self.all(store), timeZone: Self.zone)
        let copy = try CalendarFixtures.store(zone: "Europe/Berlin")
        let result = try FileImporter(writer: copy).importData(exported)
        #expect(result.format == .datebook)
        #expect(result.report.skipped.isEmpty)
        #expect(result.report.added == (try Self.all(store)).count)
        let again = try ItemJSON.encode(try Self.all(copy), timeZone: Self.zone)
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: exported, as: UTF8.self))

        let back = try FileImporter(writer: store).importData(exported)
        #expect(back.report.added == 0)
        #expect(back.report.updated == (try Self.all(store)).count)
        // The iCalendar UIDs are kept: importing the .ics again still updates.
        let ics = try CalendarFixtures.importFixture("google-calendar-export.ics", into: store)
        #expect(ics.added == 0)
    }

    @Test("a series' zone, changed and left-out instances, extra times, people and kept properties come back whole")
    func seriesComeBackWhole() throws {
        let store = try CalendarFixtures.store(zone: "Europe/Berlin")
        let now = ImportFixtures.utc("2026-11-22T09:00:00Z")
        // Weekly at 08:00 in Berlin from March: 07:00 UTC in winter, 06:00 in summer.
        var weekly = Item(
            id: UUID(), kind: .event, title: "Weekly sync",
            times: [ItemTime(start: ImportFixtures.utc("2026-03-02T07:00:00Z"), end: ImportFixtures.utc("2026-03-02T07:30:00Z"))],
            repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: now, timeZone: .named("Europe/Berlin"))
        weekly.icalUID = "weekly@example.org"
        weekly.exceptionDates = [ImportFixtures.utc("2026-12-07T07:00:00Z")]
        weekly.recurrenceDates = [ImportFixtures.utc("2026-12-05T09:00:00Z")]
        weekly.overrides = [RecurrenceOverride(
            recurrenceID: ImportFixtures.utc("2026-11-30T07:00:00Z"), start: ImportFixtures.utc("2026-11-30T14:00:00Z"),
            end: ImportFixtures.utc("2026-11-30T15:00:00Z"), title: "Weekly sync (moved)", notes: "Room 4",
            extraProperties: ["X-MOVED:yes"])]
        weekly.organizer = Participant(address: "mailto:ana@example.org", name: "Ana")
        var bea = Participant(address: "mailto:bea@example.org", name: "Bea", role: "REQ-PARTICIPANT")
        bea.status = "ACCEPTED"
        bea.otherParameters = "RSVP=TRUE"
        weekly.attendees = [bea]
        weekly.category = "work"
        weekly.moreCategories = ["team"]
        weekly.extraProperties = ["X-ZOOM-LINK:https://example.org/j/1", "CLASS:PRIVATE"]
        // A daily task, all day (from Berlin's midnights), one occurrence done, one cancelled, two
        // days more.
        var daily = Item(
            id: UUID(), kind: .task, title: "Water the plants",
            times: [ItemTime(start: ImportFixtures.utc("2026-11-22T23:00:00Z"), end: ImportFixtures.utc("2026-11-23T23:00:00Z"))],
            allDay: true, repeatRule: "FREQ=DAILY;COUNT=10", created: now, timeZone: .floating)
        daily.overrides = [
            RecurrenceOverride(
                recurrenceID: ImportFixtures.utc("2026-11-23T23:00:00Z"), start: ImportFixtures.utc("2026-11-23T23:00:00Z"),
                end: ImportFixtures.utc("2026-11-24T23:00:00Z"), completedAt: ImportFixtures.utc("2026-11-24T18:00:00Z")),
            RecurrenceOverride(
                recurrenceID: ImportFixtures.utc("2026-11-25T23:00:00Z"), isCancelled: true,
                start: ImportFixtures.utc("2026-11-25T23:00:00Z")),
        ]
        daily.recurrencePeriods = [ItemTime(
            start: ImportFixtures.utc("2026-12-09T23:00:00Z"), end: ImportFixtures.utc("2026-12-11T23:00:00Z"))]
        for item in [weekly, daily] { _ = try store.save(item) }

        let exported = try ItemJSON.encode(try Self.all(store), timeZone: Self.zone)
        let copy = try CalendarFixtures.store(zone: "Europe/Berlin")
        let result = try FileImporter(writer: copy).importData(exported)
        #expect(result.report.skipped.isEmpty)
        #expect(result.report.warnings.isEmpty)
        #expect(result.report.added == 2)
        let again = try ItemJSON.encode(try Self.all(copy), timeZone: Self.zone)
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: exported, as: UTF8.self))
        #expect(try Self.all(copy) == Self.all(store))
        // The calendars list the same, across the change to winter time.
        func listed(_ store: SQLiteStore) throws -> [String] {
            try store.occurrences(from: ImportFixtures.utc("2026-03-01T00:00:00Z"), to: ImportFixtures.utc("2027-01-01T00:00:00Z"))
                .map { "\($0.start.timeIntervalSince1970) \($0.end.timeIntervalSince1970) \($0.title) \($0.status)" }
        }
        let before = try listed(store)
        #expect(try listed(copy) == before)
        #expect(before.contains("\(ImportFixtures.utc("2026-11-30T14:00:00Z").timeIntervalSince1970) "
            + "\(ImportFixtures.utc("2026-11-30T15:00:00Z").timeIntervalSince1970) Weekly sync (moved) active"))
        #expect(before.contains { $0.hasPrefix("\(ImportFixtures.utc("2026-06-01T06:00:00Z").timeIntervalSince1970) ") })
        #expect(!before.contains { $0.hasPrefix("\(ImportFixtures.utc("2026-12-07T07:00:00Z").timeIntervalSince1970) ") })
        // The UID stays: the .ics export of either names the same series.
        #expect(try copy.item(id: weekly.id)?.icalUID == "weekly@example.org")
    }

    @Test("a UID another item holds here is not taken twice: the item keeps its id, with a note")
    func uidHeldByAnother() throws {
        let store = try CalendarFixtures.store(zone: "Europe/Berlin")
        var item = Fixture.event(1, "Imported", at: "2026-11-24 10:00")
        item.icalUID = "shared@example.org"
        _ = try store.save(item)
        var other = Fixture.event(2, "Other", at: "2026-11-25 10:00")
        other.icalUID = "shared@example.org"
        let copy = try CalendarFixtures.store(zone: "Europe/Berlin")
        _ = try copy.save(item)
        let result = try FileImporter(writer: copy).importData(try ItemJSON.encode([other], timeZone: Self.zone))
        #expect(result.report.added == 1)
        #expect(result.report.warnings.map(\.message) == [
            "its UID \u{201C}shared@example.org\u{201D} belongs to another item here; it keeps its id alone"])
        #expect(try copy.item(id: Fixture.id(2))?.icalUID == nil)
        #expect(try copy.item(id: Fixture.id(1))?.icalUID == "shared@example.org")
    }

    @Test("a list of alarms is read whole, before or at a time, as well as the single alarm an older list wrote")
    func alarms() throws {
        let store = try CalendarFixtures.store()
        let text = """
            [{"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b01", "kind": "reminder", "title": "Two alarms",
              "start": "2026-11-24T10:00:00+01:00",
              "alarms": [{"minutesBefore": 10, "sound": null}, {"minutesBefore": 60, "sound": "off"},
                         {"minutesBefore": null, "at": "2026-11-24T08:00:00+01:00", "sound": null}]},
             {"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b02", "kind": "reminder", "title": "One alarm",
              "start": "2026-11-24T10:00:00+01:00", "alarm": {"minutesBefore": 5, "sound": "off"}},
             {"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b03", "kind": "reminder", "title": "Bad alarm",
              "start": "2026-11-24T10:00:00+01:00", "alarm": {"sound": "off"}}]
            """
        let result = try FileImporter(writer: store).importData(Data(text.utf8), format: .datebook)
        let items = try ImportFixtures.byTitle(store)
        #expect(items["Two alarms"]?.alarms == [
            Alarm(minutesBefore: 10), Alarm(minutesBefore: 60, sound: "off"), Alarm(at: ImportFixtures.utc("2026-11-24T07:00:00Z")),
        ])
        #expect(items["One alarm"]?.alarms == [Alarm(minutesBefore: 5, sound: "off")])
        #expect(result.report.warnings.isEmpty)
        #expect(result.report.skipped.map(\.description) == [
            "item 3 (line 7): \"alarm\": \"minutesBefore\" or \"at\" is missing; skipped"
        ])
    }

    @Test("a bad id, kind or status is reported and skipped")
    func badFields() throws {
        let store = try CalendarFixtures.store()
        let text = """
            [{"id": "nope", "kind": "event", "title": "A"},
             {"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b02", "kind": "meeting", "title": "B"},
             {"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b03", "kind": "task", "title": "C", "status": "lost"},
             {"id": "3f1f5a1e-6f9b-4c43-9d1e-0a4c1d7c9b04", "kind": "task", "title": "D"}]
            """
        let result = try FileImporter(writer: store).importData(Data(text.utf8))
        #expect(result.format == .datebook)
        #expect(result.report.added == 1)
        #expect(result.report.skipped.map(\.message) == [
            "\"id\" \"nope\" is not a UUID; skipped",
            "\"kind\" is \"meeting\"; it should be event, task or reminder; skipped",
            "\"status\" is \"lost\"; it should be active, completed or deleted; skipped",
        ])
    }
}
