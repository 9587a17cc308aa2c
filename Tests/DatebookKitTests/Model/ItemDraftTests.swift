import Foundation
import Testing

@testable import DatebookKit

/// `ItemDraft`: the one rule that turns typed fields into an item, for the form and `datebook add`.
@Suite("Item drafts")
struct ItemDraftTests {
    /// Gregorian in Europe/Berlin, as a person there types dates.
    static var berlin: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    /// The draft's item and problems, now being Sunday 2026-11-22 09:00 UTC.
    func read(_ draft: ItemDraft, editing original: Item? = nil, startDay: Date? = nil) -> ItemDraft.Result {
        draft.item(editing: original, now: Fixture.now, calendar: Self.berlin, startDay: startDay, newID: { Fixture.id(7) })
    }

    /// Midnight of a day in Berlin.
    func midnight(_ day: String) -> Date {
        try! DateParser(now: Fixture.now, calendar: Self.berlin).parse(day).date
    }

    // MARK: - All day

    @Test("all day from 22 to 24 November: the last day typed is inclusive, the stored end is 25 November")
    func allDayEndIsExclusive() {
        let result = read(ItemDraft(kind: .event, allDay: true, texts: [.title: "Book fair", .start: "2026-11-22", .end: "2026-11-24"]))
        #expect(result.isValid)
        #expect(result.item.allDay)
        #expect(result.item.timeZone == .floating)
        #expect(result.item.times == [ItemTime(start: midnight("2026-11-22"), end: midnight("2026-11-25"))])
    }

    @Test("all day: a time typed is ignored, and without an end the event is its one day")
    func allDayOneDay() {
        let result = read(ItemDraft(kind: .event, allDay: true, texts: [.title: "Holiday", .start: "2026-11-24 15:30"]))
        #expect(result.item.times == [ItemTime(start: midnight("2026-11-24"), end: midnight("2026-11-25"))])
        let same = read(ItemDraft(kind: .event, allDay: true, texts: [.title: "Holiday", .start: "24/11", .end: "24/11"]))
        #expect(same.item.times == result.item.times)
    }

    @Test("all day: a last day before the first is refused on the end")
    func allDayBackwards() {
        for end in ["2026-11-22", "2026-11-23"] {
            let result = read(ItemDraft(kind: .event, allDay: true, texts: [.title: "Oops", .start: "2026-11-24", .end: end]))
            #expect(result.problems == [.end: "The last day is before the first day"], "\(end)")
        }
    }

    @Test("a time typed alone in Start stays on the day the field held; a date word still counts from today")
    func timeAloneKeepsTheDay() {
        let held = Fixture.utc("2026-11-30 08:00")  // Monday 30 November, 09:00 in Berlin
        let draft = ItemDraft(kind: .event, texts: [.title: "Standup", .start: "11:00"])
        let moved = read(draft, startDay: held)
        #expect(moved.item.times.first?.start == Fixture.utc("2026-11-30 10:00"))
        // New, or without a day held: today's.
        #expect(read(draft).item.times.first?.start == Fixture.utc("2026-11-22 10:00"))
        let tomorrow = read(ItemDraft(kind: .event, texts: [.title: "Standup", .start: "tomorrow 11:00"]), startDay: held)
        #expect(tomorrow.item.times.first?.start == Fixture.utc("2026-11-23 10:00"))
    }

    @Test("an alarm before needs a start or a due date to count from; an alarm at a time does not")
    func alarmNeedsATime() {
        let undated = read(ItemDraft(kind: .task, texts: [.title: "Call", .alarm: "15m"]))
        #expect(undated.problems == [
            .alarm: "An alarm before needs a time to count from: give a start or a due date, or an alarm at a time"])
        #expect(read(ItemDraft(kind: .task, texts: [.title: "Call", .alarm: "15m", .due: "2026-11-25 17:00"])).isValid)
        #expect(read(ItemDraft(kind: .task, texts: [.title: "Call", .alarm: "2026-11-25 09:00"])).isValid)
    }

    @Test("a task due on a date without a time is all day and floats; with a time it is anchored here")
    func dateOnlyTask() {
        let days = read(ItemDraft(kind: .task, texts: [.title: "Tax", .due: "2027-03-31"]))
        #expect(days.isValid)
        #expect(days.item.allDay)
        #expect(days.item.timeZone == .floating)
        #expect(days.item.due == midnight("2027-03-31"))
        let timed = read(ItemDraft(kind: .task, texts: [.title: "Tax", .due: "2027-03-31 17:00"]))
        #expect(!timed.item.allDay)
        #expect(timed.item.timeZone == .named("Europe/Berlin"))
        // A time given later anchors the task again; taking it away floats it again.
        let edited = read(ItemDraft(kind: .task, texts: [.title: "Tax", .due: "2027-03-31 17:00"]), editing: days.item)
        #expect(!edited.item.allDay)
        #expect(edited.item.timeZone == .named("Europe/Berlin"))
        let back = read(ItemDraft(kind: .task, texts: [.title: "Tax", .due: "2027-03-31"]), editing: edited.item)
        #expect(back.item.allDay && back.item.timeZone == .floating)
        // A task with a time of its own keeps its zone, even with a due date alone.
        let worked = read(ItemDraft(kind: .task, texts: [.title: "Tax", .due: "2027-03-31", .start: "2027-03-30 09:00"]))
        #expect(!worked.item.allDay)
    }

    // MARK: - Times

    @Test("a timed event without an end lasts one hour, in the calendar's zone; the end counts from the start")
    func timedEvent() {
        let oneHour = read(ItemDraft(kind: .event, texts: [.title: "Dentist", .start: "2026-11-23 09:30"]))
        let start = Fixture.utc("2026-11-23 08:30")
        #expect(oneHour.item.times == [ItemTime(start: start, end: start.addingTimeInterval(3600))])
        #expect(oneHour.item.timeZone == .named("Europe/Berlin"))
        let relative = read(ItemDraft(kind: .event, texts: [.title: "Dentist", .start: "2026-11-23 09:30", .end: "10:15"]))
        #expect(relative.item.times.first?.end == Fixture.utc("2026-11-23 09:15"))
    }

    @Test("a due date without a time is due at the start of its day; a task needs no start")
    func taskDue() {
        let result = read(ItemDraft(kind: .task, texts: [.title: "Send the report", .due: "2026-11-24"]))
        #expect(result.isValid)
        #expect(result.item.due == midnight("2026-11-24"))
        #expect(result.item.times.isEmpty)
    }

    // MARK: - Problems by field

    @Test("every field that cannot be read says why, on that field")
    func problemsByField() {
        let result = read(
            ItemDraft(
                kind: .event,
                texts: [.title: " ", .start: "31/02", .priority: "12", .alarm: "soon", .repeatRule: "now and then"]))
        #expect(Set(result.problems.keys) == [.title, .start, .priority, .alarm, .repeatRule])
        #expect(result.problems[.title] == "A title is required")
        #expect(result.problems[.start]?.contains("31") == true)
        #expect(result.problems[.priority] == "Priority is a number from 0 (none) to 9")
        #expect(result.problems[.alarm]?.hasPrefix("Cannot read \u{201C}soon\u{201D}") == true)
    }

    @Test("an end without a start is refused; a problem of a field the draft does not set goes to the title")
    func endWithoutStart() {
        let result = read(ItemDraft(kind: .task, texts: [.title: "Plan", .end: "2026-11-24"]))
        #expect(result.problems == [.end: "An end needs a start"])
        let hidden = read(
            ItemDraft(kind: .event, texts: [.title: "No start shown"], fields: [.title, .place]))
        #expect(hidden.problems == [.title: "An event needs a start"])
    }

    @Test("a More times entry that ends before it starts is the More times' problem, named, never the End's")
    func moreTimesEndingEarly() {
        let withStart = read(ItemDraft(kind: .task, texts: [
            .title: "Practice", .start: "2026-11-23 09:00", .end: "10:00",
            .moreTimes: "2026-11-24 10:00 - 11:00; 2026-11-25 10:00 - 09:00",
        ]))
        #expect(withStart.problems == [.moreTimes: "In \u{201C}2026-11-25 10:00 - 09:00\u{201D} the end is before the start"])
        // Without a Start, the first entry becomes the item's first time: still the More times'.
        let withoutStart = read(ItemDraft(kind: .task, texts: [.title: "Practice", .moreTimes: "2026-11-25 10:00 - 09:00"]))
        #expect(withoutStart.problems == [.moreTimes: "In \u{201C}2026-11-25 10:00 - 09:00\u{201D} the end is before the start"])
        let unreadable = read(ItemDraft(kind: .task, texts: [.title: "Practice", .end: "", .moreTimes: "31/02 10:00"]))
        #expect(Set(unreadable.problems.keys) == [.moreTimes])
    }

    @Test("the model puts the first time's order under End and a later time's under More times")
    func validationByTime() {
        let first = ItemTime(start: Fixture.utc("2026-11-23 09:00"), end: Fixture.utc("2026-11-23 10:00"))
        let backwards = ItemTime(start: Fixture.utc("2026-11-24 10:00"), end: Fixture.utc("2026-11-24 09:00"))
        let later = Item(id: Fixture.id(1), kind: .task, title: "Practice", times: [first, backwards], created: Fixture.now)
        #expect(later.validate().map(\.field) == [.moreTimes])
        let firstWrong = Item(id: Fixture.id(1), kind: .task, title: "Practice", times: [backwards, first], created: Fixture.now)
        #expect(firstWrong.validate().map(\.field) == [.end])
    }

    // MARK: - Editing

    @Test("editing keeps the id, creation and zone, and a repeat phrase left as shown keeps the rule exactly")
    func editingKeepsWhatIsNotTyped() {
        let created = Fixture.utc("2026-01-01 12:00")
        let series = Item(
            id: Fixture.id(3), kind: .event, title: "Standup",
            times: [ItemTime(start: Fixture.utc("2026-11-23 08:00"), end: Fixture.utc("2026-11-23 08:15"))],
            repeatRule: "FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU", created: created, timeZone: .named("Europe/Berlin"))
        let shown = ItemDraft.repeatText(series.repeatRule!, calendar: Self.berlin)
        let result = read(
            ItemDraft(
                kind: .event,
                texts: [.title: "Stand-up", .start: "2026-11-23 09:00", .end: "09:15", .repeatRule: shown]),
            editing: series)
        #expect(result.isValid)
        #expect(result.item.id == series.id)
        #expect(result.item.created == created)
        #expect(result.item.title == "Stand-up")
        #expect(result.item.repeatRule == series.repeatRule)
    }

    // MARK: - One outcome, whichever way it came in

    @Test("an all-day event typed in a draft and the same event imported are stored alike")
    func draftAndImportAgree() throws {
        let store = try CalendarFixtures.store(zone: "Europe/Berlin")
        var typed = read(
            ItemDraft(kind: .event, allDay: true, texts: [.title: "Book fair", .start: "2026-11-22", .end: "2026-11-24"])
        ).item
        typed = try store.save(typed)
        try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:fair@example.com
                DTSTAMP:20261101T000000Z
                DTSTART;VALUE=DATE:20261122
                DTEND;VALUE=DATE:20261125
                SUMMARY:Book fair
                END:VEVENT
                """), into: store)
        let imported = try #require(CalendarFixtures.items(store)["fair@example.com"])
        #expect(imported.times == typed.times)
        #expect(imported.allDay && imported.timeZone == typed.timeZone)
        let shown = try store.occurrences(from: midnight("2026-11-20"), to: midnight("2026-11-30"))
        #expect(shown.count == 2)
        #expect(Set(shown.map(\.start)) == [midnight("2026-11-22")])
        #expect(Set(shown.map(\.end)) == [midnight("2026-11-25")])
    }
}
