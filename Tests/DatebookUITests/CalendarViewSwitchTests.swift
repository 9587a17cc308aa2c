import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Switching between the day, week and agenda views keeps the selected day and event, and the
/// week shows the month grid beside it once the screen is wide enough for both.
@Suite("Calendar: switching views, the week beside the month")
struct CalendarViewSwitchTests {
    /// The calendar on the busy Monday 23 November, Lunch with Ana selected.
    func mondayLunch() throws -> AppCoordinator {
        let (app, _) = try Fixtures.app(items: Fixtures.calendarSample)
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-23")
        app.send(.submit)
        while app.calendar.presenter.selectedOccurrence?.title != "Lunch with Ana" { app.send(.moveDown) }
        return app
    }

    @Test("day, week, agenda and back keep the selected day and the selected event", arguments: [
        [Command.showWeek, .showAgenda, .showDay],
        [Command.showAgenda, .showWeek, .showDay],
        [Command.showWeek, .showDay, .showAgenda, .showWeek],
    ])
    func keepsSelection(order: [Command]) throws {
        let app = try mondayLunch()
        let calendar = app.calendar.presenter
        for view in order {
            app.send(.command(view))
            #expect(calendar.selectedDay == Fixtures.date("2026-11-23 00:00"), "\(view.name)")
            #expect(calendar.selectedOccurrence?.title == "Lunch with Ana", "\(view.name)")
        }
    }

    @Test("on a short screen the day's hours follow the selection down to the evening and back up")
    func hoursFollowTheSelection() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.calendarSample)
        _ = app.handle(.resize(Size(width: 60, height: 15)))
        app.send(.switchTab(.calendar), .command(.showDay), .command(.goToDate))
        app.type("2026-11-23")
        app.send(.submit)
        _ = app.screen(60, 15)
        while app.calendar.presenter.selectedOccurrence?.title != "Late review" { app.send(.moveDown) }
        var screen = app.screen(60, 15)
        #expect(screen.contains("18:00"), "\(screen)")
        #expect(screen.contains("Late review"), "\(screen)")
        while app.calendar.presenter.selectedOccurrence?.title != "Standup" { app.send(.moveUp) }
        screen = app.screen(60, 15)
        #expect(screen.contains("09:00") && screen.contains("Standup"), "\(screen)")
    }

    @Test("a week across the new year names both years; the calendar stops at the year 9999")
    func weekAcrossTheYearAndTheLastYear() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.calendarSample)
        app.send(.switchTab(.calendar), .command(.showWeek), .command(.goToDate))
        app.type("2026-12-31")
        app.send(.submit)
        #expect(app.calendar.presenter.title == "Week 53 · Mon 28 Dec 2026 - Sun 3 Jan 2027")
        app.send(.command(.goToDate))
        app.type("9999-12-31")
        app.send(.submit)
        let before = app.calendar.presenter.selectedDay
        app.send(.command(.nextPeriod))
        #expect(app.status == .error("The calendar goes from the year 1 to the year 9999"))
        #expect(app.calendar.presenter.selectedDay == before)
        app.send(.command(.nextDay))
        #expect(app.calendar.presenter.selectedDay == before)
        app.send(.command(.previousPeriod))
        #expect(app.calendar.presenter.selectedDay < before)
    }

    @Test("leaving the agenda goes to the day of the entry selected there")
    func agendaToDay() throws {
        let app = try mondayLunch()
        let calendar = app.calendar.presenter
        app.send(.command(.showAgenda))
        while calendar.selectedOccurrence?.title != "Send the report" { app.send(.moveDown) }
        app.send(.command(.showDay))
        #expect(calendar.selectedDay == Fixtures.date("2026-11-25 00:00"))
        #expect(calendar.selectedOccurrence?.title == "Send the report")
        app.send(.command(.showWeek))
        #expect(calendar.selectedOccurrence?.title == "Send the report")
    }

    @Test("the week shows the month grid from 103 columns on, and not below")
    func weekBesideMonth() throws {
        let app = try mondayLunch()
        app.send(.command(.showWeek))
        #expect(CalendarView.weekWithMonthWidth == 103)
        for (width, shows) in [(102, false), (103, true), (120, true), (200, true), (80, false)] {
            let screen = app.screen(width, 30)
            #expect(screen.contains("Wk Mo Tu We Th Fr Sa Su") == shows, "\(width) columns:\n\(screen)")
            #expect(screen.contains("Sun 29"), "\(width) columns:\n\(screen)")
        }
        // At the narrowest width with the grid, each day keeps the room it has at 80 columns without it.
        let week = app.screen(103, 30).split(separator: "\n").map(String.init)
        let header = try #require(week.first { $0.contains("Mon 23") && $0.contains("Tue 24") })
        let mon = try #require(header.range(of: "Mon 23")).lowerBound
        let tue = try #require(header.range(of: "Tue 24")).lowerBound
        #expect(header.distance(from: mon, to: tue) == CalendarView.minimumWeekColumn)
    }

    @Test("the week beside the month, as drawn at 200×30")
    func snapshot() throws {
        let app = try mondayLunch()
        app.send(.command(.showWeek))
        assertSnapshot(app.render(size: Size(width: 200, height: 30)).grid, named: "calendar-week-month-200x30")
    }
}
