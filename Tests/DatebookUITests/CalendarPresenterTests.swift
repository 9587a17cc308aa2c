import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

@Suite("Calendar tab, driven like a person would")
struct CalendarPresenterTests {
    func calendarApp() throws -> (AppCoordinator, SQLiteStore) {
        let (app, store) = try Fixtures.app(items: Fixtures.calendarSample)
        app.send(.switchTab(.calendar))
        return (app, store)
    }

    @Test("it opens on today in the day view, and moves by day, period and to today")
    func navigation() throws {
        let (app, _) = try calendarApp()
        let calendar = app.calendar.presenter
        #expect(app.mode == .calendar)
        #expect(calendar.view == .day)
        #expect(calendar.selectedDay == Fixtures.date("2026-11-21 00:00"))
        #expect(calendar.title == "Saturday 21 November 2026 · week 47")
        app.send(.command(.nextDay), .command(.nextDay))
        #expect(calendar.selectedDay == Fixtures.date("2026-11-23 00:00"))
        app.send(.command(.showWeek), .command(.nextPeriod))
        #expect(calendar.selectedDay == Fixtures.date("2026-11-30 00:00"))
        #expect(calendar.weekDays.first == Fixtures.date("2026-11-30 00:00"))
        #expect(calendar.title.hasPrefix("Week 49"))
        app.send(.command(.showAgenda), .command(.previousPeriod))
        #expect(calendar.selectedDay == Fixtures.date("2026-10-30 00:00"))
        app.send(.command(.today))
        #expect(calendar.selectedDay == Fixtures.date("2026-11-21 00:00"))
    }

    @Test(": jumps to a typed date; a date that does not exist is refused and the text kept")
    func goToDate() throws {
        let (app, _) = try calendarApp()
        app.send(.command(.goToDate))
        #expect(app.mode == .prompt)
        app.type("31/02")
        app.send(.submit)
        #expect(app.mode == .prompt)
        #expect(app.status?.kind == .error)
        #expect(app.calendar.prompt?.text == "31/02")
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("2026-12-24")
        app.send(.submit)
        #expect(app.mode == .calendar)
        #expect(app.calendar.presenter.selectedDay == Fixtures.date("2026-12-24 00:00"))
        app.send(.command(.goToDate), .back)
        #expect(app.mode == .calendar)
    }

    @Test("j and k move through the day's events in order; Enter opens one; an edit shows at once")
    func selectOpenEdit() throws {
        let (app, store) = try calendarApp()
        app.send(.command(.nextDay), .command(.nextDay))  // Monday 23
        let calendar = app.calendar.presenter
        #expect(try calendar.dayOccurrences().map(\.title) ==
                ["Conference", "Standup", "Dentist", "会议准备 🎉", "Lunch with Ana", "Late review"])
        #expect(calendar.selectedOccurrence?.title == "Conference")
        app.send(.moveDown, .moveDown)
        #expect(calendar.selectedOccurrence?.title == "Dentist")
        app.send(.open)
        #expect(app.mode == .details)
        #expect(app.screen().contains("Main St 4"))
        app.send(.edit)
        app.send(.cursorEnd)
        app.type(" (check-up)")
        app.send(.save)
        #expect(app.mode == .details)
        app.send(.back)
        #expect(app.mode == .calendar)
        #expect(try calendar.dayOccurrences().map(\.title).contains("Dentist (check-up)"))
        #expect(try store.item(id: Fixtures.id(22))?.title == "Dentist (check-up)")
    }

    @Test("n in the calendar prefills the selected day, and the new event shows there")
    func newOnSelectedDay() throws {
        let (app, _) = try calendarApp()
        app.send(.command(.goToDate))
        app.type("2026-12-03")
        app.send(.submit)
        app.send(.newRequested, .choose(.event))
        let form = try #require(app.calendar.flow.form)
        #expect(form.text(of: .start) == "2026-12-03 09:00")
        #expect(form.text(of: .end) == "2026-12-03 10:00")
        app.type("Book club")
        app.send(.save)
        #expect(app.mode == .calendar)
        #expect(try app.calendar.presenter.dayOccurrences().map(\.title) == ["Book club"])
        #expect(app.screen().contains("Book club"))
    }

    @Test("the month grid numbers ISO weeks, marks today, the selection and busy days")
    func monthGrid() throws {
        let (app, _) = try calendarApp()
        let grid = try app.calendar.presenter.monthGrid()
        #expect(grid.title == "November 2026")
        #expect(grid.weekdays == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
        #expect(grid.weeks.map(\.number) == [44, 45, 46, 47, 48, 49])
        let days = grid.weeks.flatMap(\.days)
        #expect(days.first?.day == 26)
        #expect(days.first?.inMonth == false)
        let today = try #require(days.first { $0.isToday })
        #expect(today.day == 21 && today.isSelected)
        #expect(days.filter(\.hasEvents).map(\.day) == [22, 23, 24, 25])
    }

    @Test("the agenda lists days with their events from the selected day, skipping empty days")
    func agenda() throws {
        let (app, _) = try calendarApp()
        app.send(.command(.showAgenda))
        let agenda = try app.calendar.presenter.agenda()
        #expect(agenda.map(\.title) == ["Sun 22 Nov 2026", "Mon 23 Nov 2026", "Tue 24 Nov 2026", "Wed 25 Nov 2026"])
        #expect(agenda[2].occurrences.map(\.title) == ["Conference", "Call the plumber"])
        #expect(agenda[3].occurrences.map(\.isDue) == [true])
        app.send(.moveDown, .moveDown)
        #expect(app.calendar.presenter.selectedOccurrence?.title == "Standup")
    }

    @Test("completing from the calendar goes through History like everywhere else")
    func completeFromCalendar() throws {
        let (app, store) = try calendarApp()
        app.send(.command(.nextDay), .command(.nextDay), .moveDown)  // Standup
        app.send(.toggleComplete)
        #expect(try store.item(id: Fixtures.id(21))?.status == .completed)
        app.send(.switchTab(.events), .command(.history))
        #expect(app.events.history.viewState().rows.map(\.title) == ["Standup"])
    }

    @Test("a series that repeats too often to show whole says where the view stops showing it, in the heading")
    func seriesShownInPart() throws {
        var ping = Fixtures.event("Ping", "2026-12-05 18:30", "2026-12-05 18:30", n: 1)
        ping.repeatRule = "FREQ=SECONDLY"
        var pong = Fixtures.event("Pong", "2026-12-05 18:30", "2026-12-05 18:30", n: 2)
        pong.repeatRule = "FREQ=SECONDLY;COUNT=1000000000"
        let (app, _) = try Fixtures.app(items: [ping, pong, Fixtures.event("Dentist", "2026-12-07 09:00", "2026-12-07 10:00", n: 3)])
        app.send(.switchTab(.calendar))
        let calendar = app.calendar.presenter
        // Saturday 5: every second from 18:30 is shown, to the end of the day.
        try calendar.go(to: Fixtures.date("2026-12-05 00:00"))
        #expect(calendar.notice == nil)
        // Sunday 6: a read stops expanding each after its share of the read's budget; both
        // stop at 02:49 (Pong's COUNT skips ahead as Ping does), which the heading names.
        try calendar.go(to: Fixtures.date("2026-12-06 00:00"))
        #expect(calendar.notice == "\u{201C}Ping\u{201D} and 1 more repeat too often to show after Sun 6 Dec 02:49")
        let lastPong = calendar.dayOccurrences().last { $0.title == "Pong" }?.start
        #expect(lastPong.map { Fixtures.calendar.dateComponents([.hour, .minute], from: $0) } == DateComponents(hour: 2, minute: 49))
        let screen = app.screen(120, 20)
        #expect(screen.contains("Sunday 6 December 2026 · week 49  \u{201C}Ping\u{201D} and 1 more repeat too often"))
        // The week holding both days says it too.
        app.send(.command(.showWeek))
        #expect(calendar.notice?.hasSuffix("after Sun 6 Dec 02:49") == true)
    }

    @Test("the agenda says due for a task due on a day, and due with its time for one due at a time")
    func agendaDueDates() throws {
        var onADay = Fixtures.task("Send the report", due: "2026-11-27 00:00", n: 60)
        onADay.allDay = true
        let atATime = Fixtures.task("Pay the rent", due: "2026-11-27 17:00", n: 61)
        let (app, _) = try Fixtures.app(items: [onADay, atATime])
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-27")
        app.send(.submit, .command(.showAgenda))
        let lines = app.screen().split(separator: "\n")
        let report = try #require(lines.first { $0.contains("Send the report") })
        let rent = try #require(lines.first { $0.contains("Pay the rent") })
        #expect(report.contains(" due ") && !report.contains("all day"), "\(report)")
        #expect(rent.contains("due 17:00"), "\(rent)")
    }
}
