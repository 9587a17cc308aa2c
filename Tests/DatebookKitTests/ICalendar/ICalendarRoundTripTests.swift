import Foundation
import Testing

@testable import DatebookKit

/// Export then import gives back the same items and the same calendar.
@Suite("iCalendar round trips")
struct ICalendarRoundTripTests {
    /// An item as an export writes it: an instance's own texts are always written out.
    func exported(_ item: Item) -> Item {
        var item = item
        item.id = Fixture.id(0)
        item.overrides = item.overrides.map { override in
            var written = override
            written.title = override.title ?? item.title
            written.place = override.place ?? (item.place.isEmpty ? nil : item.place)
            written.notes = override.notes ?? (item.notes.isEmpty ? nil : item.notes)
            return written
        }
        return item
    }

    /// Both stores hold the same items by UID, as an export writes them.
    func expectSameItems(_ first: SQLiteStore, _ second: SQLiteStore, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let before = try CalendarFixtures.items(first)
        let after = try CalendarFixtures.items(second)
        #expect(Set(after.keys) == Set(before.keys), sourceLocation: sourceLocation)
        for (uid, item) in before {
            let back = try #require(after[uid], sourceLocation: sourceLocation)
            #expect(exported(back) == exported(item), "\(uid)", sourceLocation: sourceLocation)
        }
    }

    @Test("every fixture: import, export, import elsewhere gives the same items", arguments: CalendarFixtures.all)
    func fixture(_ name: String) throws {
        let first = try CalendarFixtures.store()
        try CalendarFixtures.importFixture(name, into: first)
        let text = try ICalendarExporter(reader: first).exportString()
        let second = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(text, into: second)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        #expect(report.warnings.isEmpty, "\(report.lines)")

        try expectSameItems(first, second)
        let from = Fixture.utc("1990-01-01 00:00")
        let to = Fixture.utc("2030-01-01 00:00")
        let strip: (Occurrence) -> [String] = { [$0.uid, $0.title, $0.place, "\($0.start)", "\($0.end)", "\($0.allDay)"] }
        #expect(try second.occurrences(from: from, to: to).map(strip) == first.occurrences(from: from, to: to).map(strip))
    }

    /// libical's constructors write a time past the year 3000 as `00000000T000000`, and an
    /// export lost every such date; an item holds years up to 9999.
    @Test("an item of the year 4063 comes back whole")
    func farYears() throws {
        let first = try CalendarFixtures.store(zone: "UTC")
        var event = Fixture.event(1, "Far", at: "4063-06-11 10:00")
        event.timeZone = .named("Europe/Berlin")
        event.alarms = [Alarm(at: Fixture.utc("4063-06-11 09:00"))]
        event.recurrenceDates = [Fixture.utc("4063-06-12 10:00")]
        event.recurrencePeriods = [ItemTime(start: Fixture.utc("4063-06-13 10:00"), end: Fixture.utc("4063-06-13 12:00"))]
        try first.save(event)
        var task = Item(
            id: Fixture.id(2), kind: .task, title: "Far task",
            times: [ItemTime(start: Fixture.utc("9999-12-30 08:00"), end: Fixture.utc("9999-12-31 17:00"))],
            due: Fixture.utc("9999-12-31 17:00"), created: Fixture.utc("3001-01-01 00:00"))
        task.status = .completed
        task.statusChangedAt = Fixture.utc("9999-12-31 18:00")
        try first.save(task)
        var day = Fixture.event(3, "Far day", at: "4800-02-29 00:00")
        day.allDay = true
        day.timeZone = .floating
        day.times = [ItemTime(start: Fixture.utc("4800-02-29 00:00"), end: Fixture.utc("4800-03-01 00:00"))]
        try first.save(day)

        let text = try ICalendarExporter(reader: first).exportString()
        #expect(!text.contains("00000000T"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:40630611T120000\r\n"))
        #expect(text.contains("RDATE;VALUE=PERIOD;TZID=Europe/Berlin:40630613T120000/40630613T140000\r\n"))
        #expect(text.contains("DUE:99991231T170000Z\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:48000229\r\n"))
        let second = try CalendarFixtures.store(zone: "UTC")
        let report = try CalendarFixtures.importText(text, into: second)
        #expect(report.added == 3 && report.skipped.isEmpty && report.warnings.isEmpty, "\(report.lines)")
        try expectSameItems(first, second)
    }

    @Test("an item made in Datebook, with every field, comes back whole")
    func datebookItem() throws {
        let first = try CalendarFixtures.store()
        var item = Fixture.event(1, "Review; \"quoted\", with commas\nand a second line", at: "2026-11-23 08:00")
        item.timeZone = .named("Europe/Berlin")
        item.place = "Room 1, Main St"
        item.notes = "Bring: laptop\\charger"
        item.priority = 3
        item.alarms = [Alarm(minutesBefore: 15)]
        // In libical's order of parts: rules come back that way.
        item.repeatRule = "FREQ=WEEKLY;COUNT=10;BYDAY=MO"
        item.exceptionDates = [Fixture.utc("2026-11-30 08:00")]
        item.recurrenceDates = [Fixture.utc("2026-12-03 08:00")]
        item.overrides = [
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-12-07 08:00"), start: Fixture.utc("2026-12-07 09:00"),
                end: Fixture.utc("2026-12-07 10:00"), title: "Review (late)", place: "Room 2", notes: "Moved"),
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-12-14 08:00"), start: Fixture.utc("2026-12-14 08:00"),
                end: Fixture.utc("2026-12-14 09:00"), title: item.title, place: item.place, notes: item.notes,
                completedAt: Fixture.utc("2026-12-14 09:30")),
        ]
        item.attachments = ["/home/ana/photo 1.jpg", "https://example.com/a.pdf"]
        item.categories = ["Work", "Review, weekly"]
        item.organizer = Participant(address: "mailto:ana@example.com", name: "Ana; Lima")
        item.attendees = [Participant(address: "mailto:bo@example.com", name: "Bo", role: "OPT-PARTICIPANT", status: "TENTATIVE")]
        try first.save(item)
        var task = Item(
            id: Fixture.id(2), kind: .task, title: "Practice",
            times: [ItemTime(start: Fixture.utc("2026-11-22 08:00")), ItemTime(start: Fixture.utc("2026-11-24 08:00"), end: Fixture.utc("2026-11-24 09:00"))],
            due: Fixture.utc("2026-11-30 17:00"), created: Fixture.now)
        task.status = .completed
        try first.save(task)
        try first.save(Item(id: Fixture.id(3), kind: .reminder, title: "Call Bo", times: [ItemTime(start: Fixture.utc("2026-11-25 10:00"))],
                            alarms: [Alarm(minutesBefore: 0, sound: "/usr/share/sounds/bell.oga")], created: Fixture.now))

        // A completed event, and a repeating task with one occurrence done.
        var done = Fixture.event(4, "Workshop", at: "2026-11-20 10:00")
        done.status = .completed
        done.statusChangedAt = Fixture.utc("2026-11-20 12:00")
        try first.save(done)
        var chores = Item(
            id: Fixture.id(5), kind: .task, title: "Water plants", due: Fixture.utc("2026-11-23 18:00"),
            repeatRule: "FREQ=DAILY;COUNT=5", created: Fixture.now)
        chores.overrides = [
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-11-24 18:00"), start: Fixture.utc("2026-11-24 18:00"),
                title: "Water plants", completedAt: Fixture.utc("2026-11-24 19:00"))
        ]
        try first.save(chores)

        let text = try ICalendarExporter(reader: first).exportString()
        #expect(text.contains("X-DATEBOOK-COMPLETED:20261214T093000Z"))
        #expect(text.contains("X-DATEBOOK-COMPLETED:20261120T120000Z"))
        #expect(text.contains("RECURRENCE-ID:20261124T180000Z\r\nSUMMARY:Water plants\r\nDTSTART:20261124T180000Z\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261124T190000Z"))
        let second = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(text, into: second)
        #expect(report.added == 5)
        #expect(report.warnings.isEmpty, "\(report.lines)")
        let before = try CalendarFixtures.items(first)
        let after = try CalendarFixtures.items(second)
        for (uid, original) in before {
            let back = try #require(after[uid])
            #expect(back == original, "\(uid)")
        }
    }

    @Test("an export of a range holds the items with a time in it, a series whole")
    func range() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importFixture("google-calendar-export.ics", into: store)
        try CalendarFixtures.importFixture("thunderbird-lightning.ics", into: store)
        let text = try ICalendarExporter(reader: store).exportString(
            from: local("2026-11-26 00:00", "Europe/Berlin"), to: local("2026-11-27 00:00", "Europe/Berlin"))
        #expect(text.contains("SUMMARY:Dentist"))
        #expect(text.contains("SUMMARY:Planning ☕") == false)
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon"))
        #expect(!text.contains("TZID:Europe/Berlin\r\n"))
    }
}
