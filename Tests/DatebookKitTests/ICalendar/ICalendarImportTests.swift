import Foundation
import Testing

@testable import DatebookKit

/// Importing real files: RFC 5545's examples and files written by other programs.
@Suite("iCalendar import")
struct ICalendarImportTests {
    @Test("RFC 5545 section 4: events, a to-do with an alarm, a journal and free/busy skipped with reasons")
    func rfcSection4() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("rfc5545-section4.ics", into: store)
        #expect(report.added == 4)
        #expect(report.skipped.map(\.component) == ["VJOURNAL", "VFREEBUSY"])
        #expect(report.skipped.allSatisfy { $0.message.contains("VEVENT and VTODO only") })
        #expect(report.skipped.first?.line == 89)

        let items = try CalendarFixtures.items(store)
        let review = try #require(items["guid-1.example.com"])
        #expect(review.timeZone == .named("America/New_York"))
        #expect(review.start == Fixture.utc("1998-03-12 13:30"))
        #expect(review.end == Fixture.utc("1998-03-12 14:30"))
        #expect(review.place == "1CP Conference Room 4350")
        #expect(review.organizer == Participant(address: "mailto:mrbig@example.com", role: "CHAIR"))
        #expect(review.attendees.count == 1)
        #expect(review.attendees.first?.role == "REQ-PARTICIPANT")
        #expect(review.attendees.first?.otherParameters.contains("RSVP=TRUE") == true)
        #expect(review.attendees.first?.otherParameters.contains("CUTYPE=GROUP") == true)
        #expect(review.categories == ["MEETING"])
        #expect(review.extraProperties.contains("CLASS:PUBLIC"))
        #expect(review.created == Fixture.utc("1998-03-09 13:00"))

        let conference = try #require(items["uid1@example.com"])
        #expect(conference.notes == "Networld+Interop Conference and Exhibit\nAtlanta World Congress Center\nAtlanta, Georgia")
        #expect(conference.extraProperties.contains("STATUS:CONFIRMED"))

        let taxes = try #require(items["uid4@example.com"])
        #expect(taxes.kind == .task)
        #expect(taxes.timeZone == .floating)
        #expect(taxes.due == local("1998-04-15 00:00", "Europe/Berlin"))
        // An alarm at a fixed time is one of the item's alarms, and it is kept whole.
        #expect(taxes.alarms == [Alarm(at: Fixture.utc("1998-04-03 12:00"), sound: "http://example.com/pub/audio-files/ssbanner.aud")])
        #expect(taxes.extraProperties.contains { $0.hasPrefix("BEGIN:VALARM") && $0.contains("REPEAT:4") })
        #expect(taxes.extraProperties.contains("SEQUENCE:2"))
        #expect(taxes.attendees.first?.status == "ACCEPTED")
    }

    @Test("RFC 5545 section 3.6: a yearly all-day date, a span of days and two to-dos")
    func rfcSection36() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("rfc5545-section3.6.ics", into: store)
        #expect(report.added == 6)
        #expect(report.skipped.isEmpty)
        let items = try CalendarFixtures.items(store)
        let anniversary = try #require(items["19970901T130000Z-123403@example.com"])
        #expect(anniversary.allDay)
        #expect(anniversary.timeZone == .floating)
        #expect(anniversary.repeatRule == "FREQ=YEARLY")
        #expect(anniversary.categories == ["ANNIVERSARY", "PERSONAL", "SPECIAL OCCASION"])
        let jazz = try #require(items["20070423T123432Z-541111@example.com"])
        #expect(jazz.start == local("2007-06-28 00:00", "Europe/Berlin"))
        #expect(jazz.end == local("2007-07-09 00:00", "Europe/Berlin"))
        let budget = try #require(items["20070514T103211Z-123404@example.com"])
        // STATUS says NEEDS-ACTION; the COMPLETED beside it is kept, not obeyed.
        #expect(budget.status == .active)
        #expect(budget.priority == 1)
        #expect(budget.extraProperties.contains("COMPLETED:20070707T100000Z"))
        #expect(budget.times == [ItemTime(start: Fixture.utc("2007-05-14 11:00"), end: Fixture.utc("2007-07-09 13:00"))])

        let anniversaries = try store.occurrences(
            from: local("2026-11-01 00:00", "Europe/Berlin"), to: local("2026-12-01 00:00", "Europe/Berlin"))
        #expect(anniversaries.map(\.title) == ["Our Blissful Anniversary"])
        #expect(anniversaries.first?.start == local("2026-11-02 00:00", "Europe/Berlin"))
    }

    @Test("Google Calendar: a moved instance, an EXDATE, attendees, a cancelled event, unknown properties kept")
    func google() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("google-calendar-export.ics", into: store)
        #expect(report.added == 3)
        #expect(report.skipped.isEmpty)
        let items = try CalendarFixtures.items(store)
        let planning = try #require(items["3q9v0k8h2b1m5n7p4r6s8t0u2w@google.com"])
        #expect(planning.title == "Planning ☕")
        #expect(planning.place == "Sala Tejo, 3rd floor")
        #expect(planning.repeatRule == "FREQ=WEEKLY;BYDAY=MO,WE")
        #expect(planning.exceptionDates == [local("2026-10-14 09:30", "Europe/Berlin")])
        #expect(planning.overrides.count == 1)
        #expect(planning.overrides.first?.place == "Sala Douro")
        #expect(planning.overrides.first?.extraProperties.contains("SEQUENCE:3") == true)
        #expect(planning.attendees.map(\.name) == ["Ana Lima", "Bruno Costa"])
        #expect(planning.attendees[1].otherParameters.contains("X-NUM-GUESTS=0"))
        #expect(planning.alarms == [Alarm(minutesBefore: 10)])
        #expect(planning.extraProperties.contains("X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij"))
        #expect(items["7x8y9z0a1b2c3d4e5f6g7h8i9j@google.com"]?.status == .deleted)

        let october = try store.occurrences(
            from: local("2026-10-12 00:00", "Europe/Berlin"), to: local("2026-11-02 00:00", "Europe/Berlin"))
        #expect(october.map { wallText($0.start, "Europe/Berlin") } == [
            "2026-10-12 09:30", "2026-10-19 09:30", "2026-10-21 09:30", "2026-10-26 09:30", "2026-10-28 11:00",
        ])
        #expect(october.last?.place == "Sala Douro")
    }

    @Test("Thunderbird: alarms, Mozilla's properties and to-do states kept")
    func thunderbird() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("thunderbird-lightning.ics", into: store)
        #expect(report.added == 4)
        let items = try CalendarFixtures.items(store)
        let dentist = try #require(items["5f1e6a0c-8d2b-4c6e-9f3a-2b7d4e8c1a90"])
        #expect(dentist.timeZone == .named("Europe/Lisbon"))
        #expect(dentist.start == Fixture.utc("2026-11-26 08:30"))
        #expect(dentist.alarms == [Alarm(minutesBefore: 60)])
        #expect(dentist.extraProperties.contains("X-MOZ-GENERATION:3"))
        #expect(dentist.extraProperties.contains("CLASS:PRIVATE"))
        let passport = try #require(items["9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a"])
        #expect(passport.status == .active)
        #expect(passport.extraProperties.contains("STATUS:IN-PROCESS"))
        #expect(passport.extraProperties.contains("PERCENT-COMPLETE:40"))
        let bill = try #require(items["1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"])
        #expect(bill.status == .completed)
        #expect(bill.statusChangedAt == Fixture.utc("2026-11-12 09:00"))
        #expect(bill.due == local("2026-11-15 00:00", "Europe/Berlin"))
    }

    @Test("Apple Calendar: a sound alarm, a structured location and a floating event")
    func apple() throws {
        let store = try CalendarFixtures.store(zone: "America/Los_Angeles")
        let report = try CalendarFixtures.importFixture("apple-calendar.ics", into: store)
        #expect(report.added == 3)
        let items = try CalendarFixtures.items(store)
        let coffee = try #require(items["8F9A1B2C-3D4E-5F60-7182-93A4B5C6D7E8"])
        #expect(coffee.alarms == [Alarm(minutesBefore: 30, sound: "Chord")])
        #expect(coffee.extraProperties.contains { $0.hasPrefix("X-APPLE-STRUCTURED-LOCATION") && $0.contains("geo:37.796,-122.276") })
        #expect(coffee.place.hasPrefix("Blue Bottle Coffee\n300 Webster St"))
        let recital = try #require(items["4D5E6F70-8192-A3B4-C5D6-E7F809102132"])
        #expect(recital.timeZone == .floating)
        #expect(recital.start == local("2026-12-05 18:30", "America/Los_Angeles"))
        let firstMondays = try store.occurrences(
            from: local("2026-11-01 00:00", "America/Los_Angeles"), to: local("2027-02-01 00:00", "America/Los_Angeles"))
            .filter { $0.title == "Coffee with Mia" }
            .map { wallText($0.start, "America/Los_Angeles") }
        #expect(firstMondays == ["2026-11-02 09:30", "2026-12-07 09:30", "2027-01-04 09:30"])
    }

    @Test("Outlook: a time zone known only by its VTIMEZONE is kept, and an RDATE adds an instance")
    func outlook() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("outlook-windows-zone.ics", into: store)
        #expect(report.added == 1)
        #expect(report.warnings.isEmpty)
        let review = try #require(try CalendarFixtures.items(store).values.first)
        #expect(review.timeZone == .named("W. Europe Standard Time"))
        #expect(review.recurrenceDates == [local("2026-11-10 14:00", "Europe/Berlin")])
        let definitions = try store.dbQueue.read { db in try String.fetchAll(db, sql: "SELECT tzid FROM time_zone_definition") }
        #expect(definitions == ["W. Europe Standard Time"])
        let found = try store.occurrences(
            from: local("2026-10-01 00:00", "Europe/Berlin"), to: local("2026-12-01 00:00", "Europe/Berlin"))
        // Across the end of summer time (25 October), still 14:00 in that zone.
        #expect(found.map { wallText($0.start, "Europe/Berlin") } == [
            "2026-10-19 14:00", "2026-10-26 14:00", "2026-11-02 14:00", "2026-11-10 14:00",
        ])
    }

    @Test("calcurse writes no UIDs: each gets a stable one, so importing again updates instead of adding")
    func calcurse() throws {
        let store = try CalendarFixtures.store()
        let first = try CalendarFixtures.importFixture("calcurse-4.7.1-export.ics", into: store)
        #expect(first.added == 7)
        #expect(first.warnings.count == 7)
        #expect(first.warnings.allSatisfy { $0.message.contains("no UID") })
        let again = try CalendarFixtures.importFixture("calcurse-4.7.1-export.ics", into: store)
        #expect(again.added == 0)
        #expect(again.updated == 7)
        #expect(try store.activeCount() == 7)
        let runs = try store.occurrences(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2026-12-01 00:00"))
            .filter { $0.title == "Evening run" }
        #expect(runs.count == 5)
    }

    @Test("khal's files: zones from the system rather than khal's one-year VTIMEZONEs")
    func khal() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importFixture("khal-0.10.5-vdir.ics", into: store)
        #expect(report.added == 3)
        let found = try store.occurrences(
            from: local("2027-06-01 00:00", "Europe/Berlin"), to: local("2027-06-08 00:00", "Europe/Berlin"))
        // Summer 2027 lies past khal's VTIMEZONE; the system's zone still knows it.
        #expect(found.map { wallText($0.start, "Europe/Berlin") } == ["2027-06-07 09:00"])
        let items = try CalendarFixtures.items(store)
        #expect(items["FWUQNFPGMH4YMBTW01RBDVQU4K6X5CTEBNX3"]?.timeZone == .named("Europe/London"))
        #expect(items["FWUQNFPGMH4YMBTW01RBDVQU4K6X5CTEBNX3"]?.alarms == [Alarm(minutesBefore: 15)])
    }

    @Test("importing a file again updates its items by UID and adds none")
    func reimport() throws {
        let store = try CalendarFixtures.store()
        for name in CalendarFixtures.all {
            try CalendarFixtures.importFixture(name, into: store)
        }
        let before = try CalendarFixtures.items(store)
        for name in CalendarFixtures.all {
            let report = try CalendarFixtures.importFixture(name, into: store)
            #expect(report.added == 0, "\(name)")
        }
        let after = try CalendarFixtures.items(store)
        #expect(after.count == before.count)
        for (uid, item) in before {
            var reread = try #require(after[uid])
            reread.updated = item.updated
            reread.created = item.created
            var original = item
            original.statusChangedAt = reread.statusChangedAt
            #expect(reread == original, "\(uid)")
        }
    }

    @Test("without CREATED, an item was made when its file was stamped (DTSTAMP), unless that is still to come")
    func createdFromStamp() throws {
        let store = try CalendarFixtures.store()
        let text = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n\
            BEGIN:VEVENT\r\nUID:stamped\r\nDTSTAMP:20261101T120000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Stamped\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:created\r\nDTSTAMP:20261101T120000Z\r\nCREATED:20261001T080000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Created\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:future\r\nDTSTAMP:20301101T120000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Future\r\nEND:VEVENT\r\n\
            END:VCALENDAR\r\n
            """
        #expect(try CalendarFixtures.importText(text, into: store).added == 3)
        let items = try CalendarFixtures.items(store)
        #expect(items["stamped"]?.created == Fixture.utc("2026-11-01 12:00"))
        #expect(items["created"]?.created == Fixture.utc("2026-10-01 08:00"))
        #expect(items["future"]?.created == Fixture.now)
    }
}
