import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// `a` opens the quick-add line over Events, Calendar and Search's results: a preview under it
/// follows every key; Enter saves, Tab opens the full form with its fields, Esc closes it.
/// "Now" is Saturday 21 November 2026, 10:17 UTC.
@Suite("Quick add in the TUI")
struct QuickAddLineTests {
    func previewText(_ app: AppCoordinator) -> [String] {
        guard case .item(let lines)? = quickAdd(app)?.preview else { return [] }
        return lines.map { "\($0.label): \($0.value)" }
    }

    func quickAdd(_ app: AppCoordinator) -> QuickAddLine? {
        app.tab(EventsCoordinator.self)?.quickAdd
    }

    @Test("a opens the line; the preview follows each key; Enter saves, selects it and says so")
    func typeAndSave() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample)
        _ = app.handle(.key(.char("a")))
        #expect(app.mode == .quickAdd)
        #expect(quickAdd(app)?.preview == .example)
        #expect(app.screen().contains("e.g. Lunch with Ana tomorrow 12:30"))

        app.type("Lunch with Ana tomorrow")
        #expect(previewText(app) == ["kind: event", "title: Lunch with Ana", "when: Sun 22 Nov 2026, all day"])
        app.type(" 12:30 1h @Cafe Central #work !high")
        #expect(previewText(app) == [
            "kind: event", "title: Lunch with Ana", "when: Sun 22 Nov 2026 12:30 to 13:30", "place: Cafe Central",
            "categories: work", "priority: 1 (high)",
        ])
        #expect(app.screen().contains("when:       Sun 22 Nov 2026 12:30 to 13:30"))

        _ = app.handle(.key(.enter))
        #expect(app.mode == .list)
        #expect(app.status?.text == "Saved \u{201C}Lunch with Ana\u{201D}")
        let saved = try #require(try store.activeItems(offset: 0, limit: 100).first { $0.title == "Lunch with Ana" })
        #expect(saved.place == "Cafe Central")
        #expect(saved.categories == ["work"])
        #expect(saved.times.first?.start == Fixtures.date("2026-11-22 12:30"))
        #expect(app.tab(EventsCoordinator.self)?.list.selectedItem?.id == saved.id)
        #expect(app.screen().contains("Lunch with Ana"))
    }

    @Test("a line that means nothing keeps the line open with its text and says why")
    func nonsenseKeepsTheText() throws {
        let (app, store) = try Fixtures.app()
        _ = app.handle(.key(.char("a")))
        app.type("tomorrow 9:00 #work")
        #expect(quickAdd(app)?.preview == .problem(QuickAddError.noTitle.description))
        _ = app.handle(.key(.enter))
        #expect(app.mode == .quickAdd)
        #expect(quickAdd(app)?.field?.text == "tomorrow 9:00 #work")
        #expect(app.status?.kind == .error)
        #expect(app.status?.text.hasPrefix("Give it a title") == true)
        #expect(try store.activeItems(offset: 0, limit: 100).isEmpty)
        // Enter on nothing typed says what to type.
        _ = app.handle(.key(.ctrl("u")))
        _ = app.handle(.key(.enter))
        #expect(app.mode == .quickAdd)
        #expect(app.status?.text.hasPrefix("Type what to add") == true)
    }

    @Test("Tab opens the full form with the line's fields, which Esc does not drop without asking")
    func tabOpensTheForm() throws {
        let (app, store) = try Fixtures.app()
        _ = app.handle(.key(.char("a")))
        app.type("Call Bob mon 3pm @Home #family #calls remind 10m before")
        _ = app.handle(.key(.tab))
        #expect(app.mode == .form)
        let form = try #require(app.tab(EventsCoordinator.self)?.form)
        #expect(form.kind == .event)
        #expect(form.text(of: .title) == "Call Bob")
        #expect(form.text(of: .start) == "2026-11-23 15:00")
        #expect(form.text(of: .place) == "Home")
        #expect(form.text(of: .category) == "family, calls")
        #expect(form.text(of: .alarm) == "10")
        #expect(form.hasChanges)
        // Saving the form keeps both categories.
        _ = app.handle(.key(.ctrl("s")))
        let saved = try #require(try store.activeItems(offset: 0, limit: 100).first)
        #expect(saved.categories == ["family", "calls"])
        #expect(saved.alarm?.minutesBefore == 10)
    }

    @Test("Tab on a line that cannot be read stays on the line with its text and says why")
    func tabOnNonsense() throws {
        let (app, _) = try Fixtures.app()
        _ = app.handle(.key(.char("a")))
        app.type("tomorrow 9:00")
        _ = app.handle(.key(.tab))
        #expect(app.mode == .quickAdd)
        #expect(quickAdd(app)?.field?.text == "tomorrow 9:00")
        #expect(app.status?.text.hasPrefix("Give it a title") == true)
        // A line the form would refuse still opens the form, which then says why on saving.
        _ = app.handle(.key(.ctrl("u")))
        app.type("Review 2026-11-27 14:00 to 2026-11-26 13:00")
        #expect(quickAdd(app)?.preview == .problem("End: The end is before the start"))
        _ = app.handle(.key(.tab))
        #expect(app.mode == .form)
        _ = app.handle(.key(.ctrl("s")))
        #expect(app.mode == .form)
        #expect(app.status?.kind == .error)
    }

    @Test("Esc closes the line and saves nothing")
    func escCancels() throws {
        let (app, store) = try Fixtures.app()
        _ = app.handle(.key(.char("a")))
        app.type("Buy milk")
        _ = app.handle(.key(.escape))
        #expect(app.mode == .list)
        #expect(try store.activeItems(offset: 0, limit: 100).isEmpty)
    }

    @Test("in the Calendar, a time without a date is on the day it shows, and a saved line's day is shown")
    func calendarDay() throws {
        let (app, store) = try Fixtures.app()
        app.send(.switchTab(.calendar))
        app.send(.command(.nextDay), .command(.nextDay))  // Monday 23 November
        _ = app.handle(.key(.char("a")))
        app.type("Standup 9:30 15m")
        _ = app.handle(.key(.enter))
        let saved = try #require(try store.activeItems(offset: 0, limit: 10).first)
        #expect(saved.times == [ItemTime(start: Fixtures.date("2026-11-23 09:30"), end: Fixtures.date("2026-11-23 09:45"))])

        // A line for another day: the Calendar goes there, so the new event is seen.
        _ = app.handle(.key(.char("a")))
        app.type("Dentist 2026-12-02 14:00")
        _ = app.handle(.key(.enter))
        #expect(app.calendar.presenter.selectedDay == Fixtures.date("2026-12-02 00:00"))
        #expect(app.screen().split(separator: "\n").contains { $0.contains("Dentist") && !$0.hasPrefix("Saved") })
    }

    @Test("a tiny terminal draws what fits of the line and never traps", arguments: [
        Size(width: 20, height: 6), Size(width: 12, height: 8), Size(width: 80, height: 7),
    ])
    func tiny(size: Size) throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        _ = app.handle(.key(.char("a")))
        app.type("Lunch 会议 🎉 tomorrow 12:30 @Café Central #work")
        let screen = app.render(size: size).grid.text()
        #expect(!screen.isEmpty)
        _ = app.handle(.key(.enter))
        #expect(app.mode == .list)
    }

    @Test("a works in the Calendar and in Search's results, and types an a in Search's query")
    func otherTabs() throws {
        let (app, store) = try Fixtures.app()
        app.send(.switchTab(.calendar))
        _ = app.handle(.key(.char("a")))
        #expect(app.mode == .quickAdd)
        app.type("Standup every weekday 9:30")
        _ = app.handle(.key(.enter))
        #expect(app.mode == .calendar)
        #expect(try store.activeItems(offset: 0, limit: 100).first?.repeatRule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")

        app.send(.switchTab(.search))
        _ = app.handle(.key(.char("a")))
        #expect(app.mode == .searchQuery)
        #expect(app.tab(SearchCoordinator.self)?.presenter.field.text == "a")
        _ = app.handle(.key(.enter))  // to the results
        _ = app.handle(.key(.char("a")))
        #expect(app.mode == .quickAdd)
        app.type("Renew passport by fri")
        _ = app.handle(.key(.enter))
        #expect(app.mode == .searchResults)
        let task = try #require(try store.activeItems(offset: 0, limit: 100).first { $0.title == "Renew passport" })
        #expect(task.kind == .task)
        #expect(task.due == Fixtures.date("2026-11-27 00:00"))
    }
}
