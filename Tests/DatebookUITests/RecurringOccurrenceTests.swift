import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

@Suite("Changing one occurrence of a recurring event from the calendar")
struct RecurringOccurrenceTests {
    /// A weekly Monday standup from 23 November 2026, and the calendar on Monday 30 November.
    func app() throws -> (AppCoordinator, SQLiteStore) {
        let standup = Item(
            id: Fixtures.id(40), kind: .event, title: "Standup",
            times: [ItemTime(start: Fixtures.date("2026-11-23 09:00"), end: Fixtures.date("2026-11-23 09:15"))],
            place: "Office", repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixtures.now, timeZone: .named("UTC"))
        let (app, store) = try Fixtures.app(items: [standup])
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-30")
        app.send(.submit)
        return (app, store)
    }

    func titles(_ store: SQLiteStore, on day: String) throws -> [String] {
        let start = Fixtures.date(day + " 00:00")
        return try store.occurrences(from: start, to: start.addingTimeInterval(86_400)).map(\.title)
    }

    @Test("the series shows on every Monday, marked as repeating")
    func expanded() throws {
        let (app, store) = try app()
        #expect(try titles(store, on: "2026-11-23") == ["Standup"])
        #expect(try titles(store, on: "2026-12-07") == ["Standup"])
        #expect(try titles(store, on: "2026-12-08") == [])
        #expect(app.calendar.presenter.selectedOccurrence?.isRecurring == true)
        #expect(app.screen().contains("Standup ⟳"))
    }

    @Test("Enter on an occurrence shows that one, then where the series starts")
    func detailsOfOneOccurrence() throws {
        let (app, _) = try app()
        app.send(.open)
        let screen = app.screen()
        #expect(screen.contains("This one"))
        #expect(screen.contains("Mon 30 Nov 2026 09:00-09:15"))
        #expect(screen.contains("Series from"))
        #expect(screen.contains("Mon 23 Nov 2026 09:00-09:15"))
    }

    @Test("d asks which occurrences; only this one becomes an exception of the series")
    func deleteOne() throws {
        let (app, store) = try app()
        app.send(.delete)
        #expect(app.mode == .choice)
        #expect(app.screen().contains("o only this one"))
        app.send(.pick("o"))
        #expect(try titles(store, on: "2026-11-30") == [])
        #expect(try titles(store, on: "2026-12-07") == ["Standup"])
        let series = try #require(try store.item(id: Fixtures.id(40)))
        #expect(series.exceptionDates == [Fixtures.date("2026-11-30 09:00")])
        #expect(try store.activeCount() == 1)
    }

    @Test("e, only this one: the change is kept as an override and the other weeks stay")
    func changeOne() throws {
        let (app, store) = try app()
        app.send(.edit, .pick("o"))
        let form = try #require(app.calendar.flow.form)
        #expect(form.recurrenceID == Fixtures.date("2026-11-30 09:00"))
        #expect(form.fields == [.title, .start, .end, .place, .notes])
        #expect(app.screen().contains("Edit one occurrence of this event"))
        app.send(.cursorEnd)
        app.type(" (moved)")
        app.send(.nextField, .cursorEnd)  // the date is selected: End keeps it
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("10:00")
        app.send(.nextField, .cursorEnd)
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("10:15")
        app.send(.save)
        #expect(app.mode == .calendar)
        let monday = try store.occurrences(from: Fixtures.date("2026-11-30 00:00"), to: Fixtures.date("2026-12-01 00:00"))
        #expect(monday.map(\.title) == ["Standup (moved)"])
        #expect(monday.first?.start == Fixtures.date("2026-11-30 10:00"))
        #expect(try titles(store, on: "2026-12-07") == ["Standup"])
        let series = try #require(try store.item(id: Fixtures.id(40)))
        #expect(series.overrides.map(\.recurrenceID) == [Fixtures.date("2026-11-30 09:00")])
        #expect(series.title == "Standup")
        #expect(try store.activeCount() == 1)
    }

    @Test("e, only this one: a time typed alone in Start moves it within its own day, not to today")
    func timeAloneStaysOnTheOccurrencesDay() throws {
        let (app, store) = try app()
        app.send(.edit, .pick("o"), .nextField)
        // Typing replaces the selected date and time.
        app.type("11:00")
        // Leaving Start moves End as far (it keeps its quarter of an hour).
        app.send(.nextField, .save)
        #expect(app.mode == .calendar, "\(app.screen())")
        let monday = try store.occurrences(from: Fixtures.date("2026-11-30 00:00"), to: Fixtures.date("2026-12-01 00:00"))
        #expect(monday.map(\.start) == [Fixtures.date("2026-11-30 11:00")])
        #expect(try titles(store, on: "2026-11-21").isEmpty)  // today: nothing moved here
    }

    @Test("d, this and following: earlier weeks stay, this week and later go")
    func deleteFollowing() throws {
        let (app, store) = try app()
        app.send(.delete, .pick("f"))
        #expect(try titles(store, on: "2026-11-23") == ["Standup"])
        #expect(try titles(store, on: "2026-11-30") == [])
        #expect(try titles(store, on: "2026-12-07") == [])
    }

    @Test("e, all: the whole series is edited; Esc on the question changes nothing")
    func changeAll() throws {
        let (app, store) = try app()
        app.send(.edit, .answerNo)
        #expect(app.mode == .calendar)
        app.send(.edit, .pick("a"))
        #expect(app.calendar.flow.form?.recurrenceID == nil)
        app.send(.cursorEnd)
        app.type(" (team)")
        app.send(.save)
        #expect(try titles(store, on: "2026-11-23") == ["Standup (team)"])
        #expect(try titles(store, on: "2026-12-14") == ["Standup (team)"])
    }

    @Test("the details page says the rule in words, what was skipped, and a zone other than ours")
    func details() throws {
        let (app, store) = try app()
        app.send(.delete, .pick("o"))
        var series = try #require(try store.item(id: Fixtures.id(40)))
        series.timeZone = .named("America/New_York")
        try store.save(series)
        _ = app.handle(.idle)
        app.send(.command(.nextPeriod))  // Tuesday 1 December: nothing; back to Monday 7th
        app.send(.command(.goToDate))
        app.type("2026-12-07")
        app.send(.submit, .open)
        let lines = try #require(app.calendar.flow.details).viewState().lines
        #expect(lines.contains { $0.label == "Repeat" && $0.value == "weekly on mon" })
        #expect(lines.contains { $0.value == "1 skipped" })
        #expect(lines.contains { $0.label == "Time zone" && $0.value.hasPrefix("America/New_York") })
    }

    @Test("a repeating task's later time shows in each instance; changing only it opens the instance at its first time")
    func laterTimeOfAnInstance() throws {
        let plants = Item(
            id: Fixtures.id(42), kind: .task, title: "Water the plants",
            times: [ItemTime(start: Fixtures.date("2026-11-23 09:00")),
                    ItemTime(start: Fixtures.date("2026-11-23 15:00"), end: Fixtures.date("2026-11-23 15:30"))],
            repeatRule: "FREQ=WEEKLY", created: Fixtures.now, timeZone: .named("UTC"))
        let (app, store) = try Fixtures.app(items: [plants])
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-30")
        app.send(.submit)
        #expect(try titles(store, on: "2026-11-30") == ["Water the plants", "Water the plants"])
        var selected = try #require(app.calendar.presenter.selectedOccurrence)
        if selected.time == 0 { app.send(.moveDown) }
        selected = try #require(app.calendar.presenter.selectedOccurrence)
        #expect(selected.time == 1)
        #expect(selected.start == Fixtures.date("2026-11-30 15:00"))
        app.send(.edit, .pick("o"))
        let screen = app.screen()
        #expect(screen.contains("2026-11-30 09:00"), "\(screen)")
        #expect(!screen.contains("2026-11-30 15:00"), "\(screen)")
    }
}
