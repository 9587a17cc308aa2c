import Foundation
import Testing

@testable import DatebookKit

/// Shapes of iCalendar that other programs write and that an import once lost part of: instances
/// without their series, one UID twice, EXDATEs by day, floating times beside zoned ones,
/// RANGE=THISANDFUTURE, EXRULE, RDATE periods and priorities in words.
///
/// The expected instances were checked against python's recurring-ical-events 3.8 (and, for
/// EXRULE, which it does not apply, dateutil's rruleset), then written here as they are.
@Suite("iCalendar that loses nothing")
struct ICalendarLosslessTests {
    /// The occurrences of a store from November 2026 to the end of January 2027, as
    /// `UID start–end title @ place` with times in UTC.
    static func shown(_ store: SQLiteStore, from: String = "2026-11-01 00:00", to: String = "2027-02-01 00:00")
        throws -> [String]
    {
        try store.occurrences(from: Fixture.utc(from), to: Fixture.utc(to)).map { occurrence in
            let place = occurrence.place.isEmpty ? "" : " @ \(occurrence.place)"
            return "\(occurrence.uid) \(wallText(occurrence.start, "UTC"))–"
                + "\(wallText(occurrence.end, "UTC").suffix(5)) \(occurrence.title)\(place)"
        }
    }

    /// Imports `name`, exports it, imports the export into a second store: both stores must
    /// show the same items and occurrences. Returns the export.
    @discardableResult
    static func roundTrip(_ name: String) throws -> String {
        let first = try CalendarFixtures.store()
        try CalendarFixtures.importFixture(name, into: first)
        let text = try ICalendarExporter(reader: first).exportString()
        let second = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(text, into: second)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        let before = try CalendarFixtures.items(first)
        let after = try CalendarFixtures.items(second)
        #expect(Set(after.keys) == Set(before.keys))
        // An export writes out what each instance shows, where the file left it to the series:
        // the instances' texts are compared as shown, below.
        func withoutInstanceTexts(_ item: Item) -> Item {
            var item = item
            item.id = Fixture.id(0)
            item.overrides = item.overrides.map { override in
                var written = override
                (written.title, written.place, written.notes) = (nil, nil, nil)
                return written
            }
            return item
        }
        for (uid, item) in before {
            let back = try #require(after[uid])
            #expect(withoutInstanceTexts(back) == withoutInstanceTexts(item), "\(uid)")
        }
        #expect(try shown(second) == shown(first))
        // And once more: the second export is the first one (items with the same date may come
        // in another order).
        #expect(try components(ICalendarExporter(reader: second).exportString()) == components(text))
        return text
    }

    /// The VEVENTs and VTODOs of an export, each as its text, sorted.
    static func components(_ text: String) -> [String] {
        var found: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\r\n") {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" { current = [] }
            current?.append(line)
            if line == "END:VEVENT" || line == "END:VTODO", let lines = current {
                found.append(lines.joined(separator: "\n"))
                current = nil
            }
        }
        return found.sorted()
    }

    /// How many times `text` holds `part`.
    static func count(_ part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    // MARK: - Instances without their series

    @Test("two instances of a series the file does not hold are both imported, and exported as instances alone")
    func instancesWithoutSeries() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("orphan-instances.ics", into: store)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        #expect(report.added == 1)
        #expect(try Self.shown(store) == [
            "weekly-review@shared.example.com 2026-11-24 13:00–14:00 Weekly review (moved) @ Room 2",
            "weekly-review@shared.example.com 2026-12-01 09:00–10:30 Weekly review",
        ])
        #expect(report.warnings.contains { $0.message.contains("series") && $0.uid == "weekly-review@shared.example.com" })

        let text = try Self.roundTrip("orphan-instances.ics")
        // The series was not in the file: the export holds the two instances and nothing else.
        #expect(Self.count("BEGIN:VEVENT", in: text) == 2)
        #expect(Self.count("RECURRENCE-ID;TZID=Europe/Berlin:", in: text) == 2)
        let events = try #require(text.range(of: "BEGIN:VEVENT")).lowerBound
        #expect(!text[events...].contains("RRULE") && !text[events...].contains("RDATE"))
        // What the second instance left out, it does not take from the first.
        #expect(Self.count("\r\nLOCATION:", in: text) == 1)
        #expect(text.contains("X-SHARED-NOTE:kept as it came"))
        #expect(text.contains("SEQUENCE:2"))
    }

    @Test("an instance of the same missing series imported later joins the ones imported before")
    func laterInstanceJoins() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importFixture("orphan-instances.ics", into: store)
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:weekly-review@shared.example.com
                DTSTAMP:20261101T120000Z
                RECURRENCE-ID;TZID=Europe/Berlin:20261208T100000
                DTSTART;TZID=Europe/Berlin:20261208T100000
                DTEND;TZID=Europe/Berlin:20261208T110000
                SUMMARY:Weekly review (December)
                END:VEVENT
                """), into: store)
        #expect(report.skipped.isEmpty && report.updated == 1 && report.added == 0, "\(report.lines)")
        #expect(try Self.shown(store).map { String($0.split(separator: " ")[1...2].joined(separator: " ")) } == [
            "2026-11-24 13:00–14:00", "2026-12-01 09:00–10:30", "2026-12-08 09:00–10:00",
        ])
    }

    // MARK: - One UID twice

    @Test("two components with one UID and no RECURRENCE-ID are both kept, the second under a derived UID")
    func duplicateUID() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("duplicate-uid.ics", into: store)
        #expect(report.added == 2, "\(report.lines)")
        #expect(report.skipped.isEmpty)
        let items = try CalendarFixtures.items(store)
        #expect(items.count == 2)
        #expect(items["team-lunch@example.com"]?.title == "Team lunch")
        let second = try #require(items.values.first { $0.title == "Team lunch (second calendar)" })
        #expect(second.icalendarUID != "team-lunch@example.com")
        #expect(second.icalendarUID.hasPrefix("team-lunch@example.com"))
        #expect(second.place == "Canteen")
        let note = try #require(report.warnings.first { $0.line == 11 })
        #expect(note.message.contains(second.icalendarUID), "\(note)")
        #expect(note.message.contains("line 4"), "\(note)")

        // The same file again updates both and adds none.
        let again = try CalendarFixtures.importFixture("duplicate-uid.ics", into: store)
        #expect(again.added == 0 && again.updated == 2, "\(again.lines)")
        #expect(try CalendarFixtures.items(store).count == 2)
        try Self.roundTrip("duplicate-uid.ics")
    }

    @Test("a series and a single event under one UID, in either order, both keep their instances")
    func duplicateUIDWithSeries() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:x@example.com
                DTSTART:20261124T080000Z
                RRULE:FREQ=DAILY;COUNT=2
                SUMMARY:Series first
                END:VEVENT
                BEGIN:VEVENT
                UID:x@example.com
                DTSTART:20261125T100000Z
                SUMMARY:Single second
                END:VEVENT
                BEGIN:VEVENT
                UID:y@example.com
                DTSTART:20261124T120000Z
                SUMMARY:Single first
                END:VEVENT
                BEGIN:VEVENT
                UID:y@example.com
                DTSTART:20261126T130000Z
                RRULE:FREQ=DAILY;COUNT=2
                SUMMARY:Series second
                END:VEVENT
                """), into: store)
        #expect(report.added == 4 && report.skipped.isEmpty, "\(report.lines)")
        #expect(try Self.shown(store).map { $0.replacingOccurrences(of: "@example.com", with: "") } == [
            "x 2026-11-24 08:00–08:00 Series first",
            "y 2026-11-24 12:00–12:00 Single first",
            "x 2026-11-25 08:00–08:00 Series first",
            "x-2 2026-11-25 10:00–10:00 Single second",
            "y-2 2026-11-26 13:00–13:00 Series second",
            "y-2 2026-11-27 13:00–13:00 Series second",
        ])
    }

    // MARK: - EXDATE by day

    @Test("EXDATE;VALUE=DATE takes out the instance on that day of a timed series, the day as the series' zone sees it")
    func exceptionDays() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("exdate-date.ics", into: store)
        #expect(report.skipped.isEmpty && report.added == 2, "\(report.lines)")
        #expect(try Self.shown(store) == [
            "early-call@example.com 2026-11-22 23:30–00:00 Early call",
            "standup-utc@example.com 2026-11-23 09:00–09:15 Standup",
            "early-call@example.com 2026-11-23 23:30–00:00 Early call",
            "standup-utc@example.com 2026-11-25 09:00–09:15 Standup",
            "early-call@example.com 2026-11-25 23:30–00:00 Early call",
            "early-call@example.com 2026-11-26 23:30–00:00 Early call",
        ])
        let text = try Self.roundTrip("exdate-date.ics")
        #expect(text.contains("EXDATE;VALUE=DATE:20261125"))
        #expect(text.contains("EXDATE;VALUE=DATE:20261124"))
        #expect(text.contains("EXDATE;VALUE=DATE:20261126"))
    }

    // MARK: - Floating beside zoned

    @Test("a floating start with a zoned end (or due date) is read in that zone; a floating end in the start's zone")
    func floatingBesideZoned() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("floating-and-zoned.ics", into: store)
        #expect(report.skipped.isEmpty && report.added == 4, "\(report.lines)")
        #expect(!report.warnings.contains { $0.message.contains("ends before it starts") }, "\(report.lines)")
        let items = try CalendarFixtures.items(store)
        let floatingStart = try #require(items["floating-start@example.com"])
        #expect(floatingStart.timeZone == .named("America/New_York"))
        #expect(floatingStart.times == [ItemTime(start: Fixture.utc("2026-11-23 14:00"), end: Fixture.utc("2026-11-23 15:00"))])
        let floatingEnd = try #require(items["floating-end@example.com"])
        #expect(floatingEnd.timeZone == .named("America/New_York"))
        #expect(floatingEnd.times == [ItemTime(start: Fixture.utc("2026-11-24 14:00"), end: Fixture.utc("2026-11-24 15:00"))])
        let utcEnd = try #require(items["floating-start-utc-end@example.com"])
        #expect(utcEnd.timeZone == .utc)
        #expect(utcEnd.times == [ItemTime(start: Fixture.utc("2026-11-25 09:00"), end: Fixture.utc("2026-11-25 10:00"))])
        let task = try #require(items["floating-start-zoned-due@example.com"])
        #expect(task.timeZone == .named("Asia/Tokyo"))
        #expect(task.start == Fixture.utc("2026-11-26 00:00"))
        #expect(task.due == Fixture.utc("2026-11-26 09:00"))
        #expect(report.warnings.contains { $0.uid == "floating-start@example.com" && $0.message.contains("America/New_York") })
        try Self.roundTrip("floating-and-zoned.ics")
    }

    // MARK: - RANGE=THISANDFUTURE

    @Test("RANGE=THISANDFUTURE moves and retitles that instance and every one after it; a later instance keeps its own")
    func thisAndFuture() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("this-and-future.ics", into: store)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        #expect(!report.warnings.contains { $0.message.contains("THISANDFUTURE") }, "\(report.lines)")
        #expect(try Self.shown(store) == [
            "planning@example.com 2026-11-02 09:00–10:00 Planning @ Room 1",
            "planning@example.com 2026-11-09 09:00–10:00 Planning @ Room 1",
            "planning@example.com 2026-11-16 10:00–11:30 Planning (new slot) @ Room 7",
            "planning@example.com 2026-11-23 10:00–11:30 Planning (new slot) @ Room 7",
            "planning@example.com 2026-11-30 14:00–15:00 Planning (one off) @ Room 7",
            "planning@example.com 2026-12-07 10:00–11:30 Planning (new slot) @ Room 7",
        ])
        let text = try Self.roundTrip("this-and-future.ics")
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20261116T100000")
            || text.contains("RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261116T100000"))
    }

    @Test("splitting such a series for \"this and following\" keeps every instance where it was")
    func splitAfterRange() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importFixture("this-and-future.ics", into: store)
        try CalendarFixtures.importFixture("rdate-periods.ics", into: store)
        let before = try Self.shown(store).map { $0.drop { $0 != " " } }
        let items = try CalendarFixtures.items(store)
        let planning = try #require(items["planning@example.com"])
        let split = try store.splitSeries(planning.id, at: Fixture.utc("2026-11-23 09:00"))
        #expect(split.following.start == Fixture.utc("2026-11-23 10:00"))
        #expect(split.following.end == Fixture.utc("2026-11-23 11:30"))
        #expect(split.following.title == "Planning (new slot)" && split.following.place == "Room 7")
        let workshop = try #require(items["workshop@example.com"])
        try store.splitSeries(workshop.id, at: Fixture.utc("2026-11-27 08:00"))
        #expect(try Self.shown(store).map { $0.drop { $0 != " " } } == before)
    }

    // MARK: - EXRULE

    @Test("EXRULE takes its instances out of the series, DTSTART included when the rule gives it")
    func exceptionRules() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("exrule.ics", into: store)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        #expect(!report.warnings.contains { $0.message.contains("EXRULE") }, "\(report.lines)")
        let shown = try Self.shown(store)
        #expect(shown.filter { $0.hasPrefix("workdays") }.map { String($0.split(separator: " ")[1]) } == [
            "2026-11-20", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27",
        ])
        #expect(shown.filter { $0.hasPrefix("not-mondays") }.map { String($0.split(separator: " ")[1]) } == [
            "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-12-01",
            "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06",
        ])
        let text = try Self.roundTrip("exrule.ics")
        #expect(text.contains("EXRULE:FREQ=WEEKLY;BYDAY=SA,SU"))
    }

    @Test("past the kept instances, a never-ending series still leaves out its EXRULE, EXDATE days and follows its RANGE instance")
    func liveExpansion() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:forever@example.com
                DTSTART;TZID=Europe/Berlin:20261123T080000
                DTEND;TZID=Europe/Berlin:20261123T083000
                RRULE:FREQ=DAILY
                EXRULE:FREQ=WEEKLY;BYDAY=SA,SU
                EXDATE;VALUE=DATE:20290312
                SUMMARY:Forever
                END:VEVENT
                BEGIN:VEVENT
                UID:forever@example.com
                RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261201T080000
                DTSTART;TZID=Europe/Berlin:20261201T090000
                DTEND;TZID=Europe/Berlin:20261201T100000
                SUMMARY:Forever, later
                END:VEVENT
                """), into: store)
        // March 2029 is far past the 400 days kept: expanded live.
        let shown = try Self.shown(store, from: "2029-03-08 00:00", to: "2029-03-15 00:00")
        #expect(shown == [
            "forever@example.com 2029-03-08 08:00–09:00 Forever, later",
            "forever@example.com 2029-03-09 08:00–09:00 Forever, later",
            "forever@example.com 2029-03-13 08:00–09:00 Forever, later",
            "forever@example.com 2029-03-14 08:00–09:00 Forever, later",
        ])
    }

    @Test("an EXRULE that never gives a time, or would take too long to walk, leaves the series whole and says so")
    func hostileExceptionRule() throws {
        let store = try CalendarFixtures.store()
        let started = Date()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:hostile-exrule@example.com
                DTSTART:20261123T080000Z
                RRULE:FREQ=DAILY;COUNT=3
                EXRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30
                SUMMARY:Hostile
                END:VEVENT
                """), into: store)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(report.skipped.isEmpty)
        #expect(report.warnings.contains { $0.message.contains("EXRULE") }, "\(report.lines)")
        #expect(try Self.shown(store).count == 3)
        // Kept for export (libical writes its parts in its own order).
        #expect(try ICalendarExporter(reader: store).exportString().contains("EXRULE:FREQ=SECONDLY;BYMONTHDAY=30;BYMONTH=2"))
    }

    // MARK: - RDATE periods

    @Test("an RDATE period gives its instance its own length, by end or by duration")
    func recurrencePeriods() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("rdate-periods.ics", into: store)
        #expect(report.skipped.isEmpty, "\(report.lines)")
        #expect(!report.warnings.contains { $0.message.contains("period") }, "\(report.lines)")
        #expect(try Self.shown(store) == [
            "workshop@example.com 2026-11-23 09:00–10:00 Workshop",
            "workshop@example.com 2026-11-25 14:00–17:00 Workshop",
            "workshop@example.com 2026-11-27 08:00–08:30 Workshop",
            "workshop@example.com 2026-11-30 09:00–10:00 Workshop",
        ])
        let text = try Self.roundTrip("rdate-periods.ics")
        #expect(text.contains("RDATE;VALUE=PERIOD:20261125T140000Z/20261125T170000Z"))
        #expect(text.contains("RDATE;VALUE=PERIOD:20261127T080000Z/20261127T083000Z"))
    }

    // MARK: - PRIORITY in words

    @Test("PRIORITY in words: HIGH, MEDIUM and LOW are read as 1, 5 and 9; another word is kept for export")
    func priorityWords() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("priority-words.ics", into: store)
        #expect(report.skipped.isEmpty && report.added == 5, "\(report.lines)")
        let items = try CalendarFixtures.items(store)
        #expect(items["priority-high@example.com"]?.priority == 1)
        #expect(items["priority-medium@example.com"]?.priority == 5)
        #expect(items["priority-low@example.com"]?.priority == 9)
        #expect(items["priority-number@example.com"]?.priority == 3)
        #expect(items["priority-unknown@example.com"]?.priority == 0)
        #expect(report.warnings.contains { $0.uid == "priority-unknown@example.com" && $0.message.contains("whenever-you-can") })
        let text = try Self.roundTrip("priority-words.ics")
        #expect(text.contains("PRIORITY:whenever-you-can"))
        #expect(!text.contains("PRIORITY:0"))
        #expect(text.contains("PRIORITY:1\r\n") && text.contains("PRIORITY:5\r\n") && text.contains("PRIORITY:9\r\n"))
    }
}
