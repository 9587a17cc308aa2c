import Foundation
import Testing

@testable import DatebookKit

/// The fields iCalendar brings (time zones, recurrence, participants, categories, properties
/// kept verbatim) are stored and read back whole.
@Suite("Calendar fields in the store")
struct SQLiteStoreCalendarFieldsTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test("every calendar field reads back as it was saved")
    func roundTrip() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(), timeZone: Self.berlin)
        var item = Fixture.event(1, "Team meeting", at: "2026-11-23 08:00")
        item.timeZone = .named("Europe/Berlin")
        item.icalUID = "040000008200E00074C5B7101A82E008@example.com"
        item.repeatRule = "FREQ=WEEKLY;BYDAY=MO"
        item.recurrenceDates = [Fixture.utc("2026-12-02 08:00")]
        item.exceptionDates = [Fixture.utc("2026-11-30 08:00")]
        item.overrides = [
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-12-07 08:00"), start: Fixture.utc("2026-12-07 10:00"),
                end: Fixture.utc("2026-12-07 11:00"), title: "Team meeting (moved)",
                extraProperties: ["X-MOVED-BY:ana"]),
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-12-14 08:00"), isCancelled: true,
                start: Fixture.utc("2026-12-14 08:00")),
        ]
        item.organizer = Participant(address: "mailto:ana@example.com", name: "Ana", role: "CHAIR")
        item.attendees = [
            Participant(address: "mailto:bo@example.com", name: "Bo, Jr.", status: "ACCEPTED", otherParameters: "RSVP=TRUE")
        ]
        item.categories = ["Work", "Planning, weekly", "会议"]
        item.extraProperties = ["CLASS:PRIVATE", "BEGIN:VALARM\r\nACTION:EMAIL\r\nTRIGGER:-PT1H\r\nEND:VALARM"]
        let saved = try store.save(item)
        let read = try #require(try store.item(id: item.id))
        #expect(read == saved)
        #expect(read.categories == ["Work", "Planning, weekly", "会议"])
        #expect(read.icalendarUID == "040000008200E00074C5B7101A82E008@example.com")
        #expect(read.overrides.first?.extraProperties == ["X-MOVED-BY:ana"])
    }

    @Test("a floating time reads back at the same wall-clock time in the zone the store shows")
    func floatingTimes() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        var item = Fixture.event(1, "Breakfast", at: "2026-11-23 08:00")  // 09:00 in Berlin
        item.timeZone = .floating
        try SQLiteStore(path: path, clock: .fixed(Fixture.now), timeZone: Self.berlin).save(item)

        let newYork = TimeZone(identifier: "America/New_York")!
        let elsewhere = try SQLiteStore(path: path, clock: .fixed(Fixture.now), timeZone: newYork)
        let read = try #require(try elsewhere.item(id: item.id))
        // 09:00 wall-clock time, now in New York: 14:00 UTC.
        #expect(read.start == Fixture.utc("2026-11-23 14:00"))
        #expect(read.end == Fixture.utc("2026-11-23 15:00"))
    }

    @Test("an item without an iCalendar UID of its own is known by its id")
    func ownUID() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let saved = try store.save(Fixture.event(7, "Plain", at: "2026-11-23 08:00"))
        #expect(saved.icalUID == nil)
        #expect(saved.icalendarUID == Fixture.id(7).uuidString.lowercased())
    }

    @Test("a repeat rule libical cannot read, or one ending before the start, is reported on its field")
    func badRules() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        var item = Fixture.event(1, "Weekly", at: "2026-11-23 08:00")
        item.repeatRule = "FREQ=SOMETIMES"
        #expect(item.validate().map(\.field) == [.repeatRule])
        item.repeatRule = "FREQ=WEEKLY;UNTIL=20261101T000000Z"
        #expect(item.validate().map(\.field) == [.repeatRule])
        #expect(item.validate().first?.message.contains("UNTIL") == true)
        #expect(throws: StoreError.invalid(item.validate())) { try store.save(item) }
        item.repeatRule = "FREQ=WEEKLY;UNTIL=20261123T080000Z"
        #expect(item.validate().isEmpty)
        var task = Fixture.task(2, "No date")
        task.repeatRule = "FREQ=DAILY"
        #expect(task.validate().map(\.field) == [.repeatRule])
    }
}
