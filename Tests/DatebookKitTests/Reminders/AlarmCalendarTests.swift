import Foundation
import Testing

@testable import DatebookKit

/// VALARMs and `Item.alarms`: every alarm Datebook can show becomes one, and nothing is lost.
@Suite("Alarms in iCalendar")
struct AlarmCalendarTests {
    static let event = CalendarFixtures.calendar("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Test//EN
        BEGIN:VEVENT
        UID:alarms@example.com
        DTSTAMP:20261101T000000Z
        DTSTART:20261201T090000Z
        DTEND:20261201T100000Z
        SUMMARY:Dentist
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        DESCRIPTION:Soon
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        TRIGGER:-PT1H
        SUMMARY:Mail
        DESCRIPTION:Mail me
        ATTENDEE:mailto:a@example.com
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DATE-TIME:20261130T180000Z
        DESCRIPTION:The evening before
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-P1D
        DESCRIPTION:A day ahead
        END:VALARM
        END:VEVENT
        END:VCALENDAR
        """)

    @Test("every display alarm becomes one of the item's alarms, before or at a fixed time; an email alarm is only kept")
    func importsEveryAlarm() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importText(Self.event, into: store)
        let item = try #require(try CalendarFixtures.items(store)["alarms@example.com"])
        #expect(item.alarms == [
            Alarm(minutesBefore: 15), Alarm(at: Fixture.utc("2026-11-30 18:00")), Alarm(minutesBefore: 1440),
        ])
    }

    @Test("export writes every VALARM back as it came, and again on a second round")
    func roundTripIsLossless() throws {
        let first = try CalendarFixtures.store()
        try CalendarFixtures.importText(Self.event, into: first)
        let text = try ICalendarExporter(reader: first).exportString()
        for line in ["TRIGGER:-PT15M", "DESCRIPTION:Soon", "ACTION:EMAIL", "TRIGGER;VALUE=DATE-TIME:20261130T180000Z",
                     "DESCRIPTION:The evening before", "TRIGGER:-P1D"] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 5)
        let second = try CalendarFixtures.store()
        try CalendarFixtures.importText(text, into: second)
        let back = try #require(try CalendarFixtures.items(second)["alarms@example.com"])
        let before = try #require(try CalendarFixtures.items(first)["alarms@example.com"])
        #expect(back.alarms == before.alarms)
        #expect(try ICalendarExporter(reader: second).exportString() == text)
    }

    @Test("an alarm changed in Datebook replaces the VALARM it came from; a new one is added; others stay")
    func changedAlarmReplacesItsVALARM() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importText(Self.event, into: store)
        var item = try #require(try CalendarFixtures.items(store)["alarms@example.com"])
        item.alarms = [Alarm(minutesBefore: 30), Alarm(at: Fixture.utc("2026-11-30 18:00")), Alarm(minutesBefore: 1440)]
        try store.save(item)
        let text = try ICalendarExporter(reader: store).exportString()
        #expect(!text.contains("TRIGGER:-PT15M"))
        #expect(text.contains("TRIGGER:-PT30M"))
        #expect(text.contains("DESCRIPTION:The evening before"))
        #expect(text.contains("ACTION:EMAIL"))
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 5)
    }

    @Test("an alarm made in Datebook at a fixed time is written as a UTC DATE-TIME trigger and reads back")
    func fixedAlarmMadeInDatebook() throws {
        let store = try CalendarFixtures.store()
        var item = Fixture.event(1, "Flight", at: "2026-12-05 07:00")
        item.alarms = [Alarm(at: Fixture.utc("2026-12-04 20:00")), Alarm(minutesBefore: 120, sound: "/s/horn.oga")]
        try store.save(item)
        let text = try ICalendarExporter(reader: store).exportString()
        #expect(text.contains("TRIGGER;VALUE=DATE-TIME:20261204T200000Z"))
        let second = try CalendarFixtures.store()
        try CalendarFixtures.importText(text, into: second)
        #expect(try CalendarFixtures.items(second).values.first?.alarms == item.alarms)
    }
}
