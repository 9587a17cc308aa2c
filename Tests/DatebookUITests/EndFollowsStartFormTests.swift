import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

/// In the item form the End follows the Start, keeping the length, unless the person typed
/// the End (Saturday 21 November 2026, 10:17 UTC).
@Suite("The form's End follows its Start")
struct EndFollowsStartFormTests {
    /// Clears the focused field whatever is selected in it, and types `text`.
    func retype(_ app: AppCoordinator, _ text: String) {
        app.send(.cursorEnd)
        for _ in 0..<30 { app.send(.deleteBackward) }
        app.type(text)
    }

    /// An app with `items`, whose first list row is open in the form.
    func editing(_ items: [Item]) throws -> (AppCoordinator, SQLiteStore, ItemFormPresenter) {
        let (app, store) = try Fixtures.app(items: items)
        app.send(.edit)
        return (app, store, try #require(app.events.form))
    }

    @Test("new event, Start \"tomorrow 9:30\", Ctrl-S: saved for one hour from 9:30 tomorrow")
    func newEventTomorrow() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        app.type("Dentist")
        app.send(.nextField)  // Start
        retype(app, "tomorrow 9:30")
        app.send(.save)

        #expect(app.mode == .list, "\(app.events.form?.errors ?? [:])")
        let saved = try #require(try store.activeItems(offset: 0, limit: 1).first)
        #expect(saved.times == [ItemTime(start: Fixtures.date("2026-11-22 09:30"), end: Fixtures.date("2026-11-22 10:30"))])
    }

    @Test("editing an event, its start moved to another day: leaving the Start moves the End, the length kept")
    func moveExistingEvent() throws {
        let (app, store, form) = try editing([Fixtures.event("Workshop", "2026-11-23 09:00", "2026-11-23 10:30", n: 1)])
        app.send(.nextField)  // Start
        retype(app, "2026-11-25 14:00")
        #expect(form.text(of: .end) == "2026-11-23 10:30")
        app.send(.nextField)  // End
        #expect(form.text(of: .end) == "2026-11-25 15:30")
        app.send(.save)

        #expect(app.mode == .list, "\(form.errors)")
        let saved = try #require(try store.item(id: Fixtures.id(1)))
        #expect(saved.times == [ItemTime(start: Fixtures.date("2026-11-25 14:00"), end: Fixtures.date("2026-11-25 15:30"))])
    }

    @Test("all day: moving the first day moves the last day by as many days")
    func allDay() throws {
        var fair = Fixtures.event("Book fair", "2026-11-22 00:00", "2026-11-25 00:00", n: 1)
        fair.allDay = true
        let (app, store, form) = try editing([fair])
        #expect(form.text(of: .end) == "2026-11-24")
        app.send(.nextField)  // Start
        retype(app, "2026-11-29")
        app.send(.save)

        #expect(app.mode == .list, "\(form.errors)")
        let saved = try #require(try store.item(id: Fixtures.id(1)))
        #expect(saved.times == [ItemTime(start: Fixtures.date("2026-11-29 00:00"), end: Fixtures.date("2026-12-02 00:00"))])
    }

    @Test("an End the person typed stays put; a Start moved past it is an error under End, both texts kept")
    func typedEndStays() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        app.type("Talk")
        app.send(.nextField, .nextField)  // Start, End
        retype(app, "2026-11-21 16:00")
        app.send(.previousField)  // Start
        retype(app, "2026-11-21 15:00")
        app.send(.nextField)
        let form = try #require(app.events.form)
        #expect(form.text(of: .end) == "2026-11-21 16:00")

        app.send(.previousField)  // Start, past the typed End
        retype(app, "2026-11-23 09:00")
        app.send(.save)
        #expect(app.mode == .form)
        #expect(form.errors == [.end: "The end is before the start"])
        #expect(form.focus == .end)
        #expect(form.text(of: .start) == "2026-11-23 09:00")
        #expect(form.text(of: .end) == "2026-11-21 16:00")
        #expect(app.screen().contains("! The end is before the start"))
        #expect(try store.activeCount() == 0)
    }

    @Test("a Start that cannot be read leaves the End alone; corrected, the End follows from where it was")
    func unreadableStartWaits() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        app.type("Lunch")
        app.send(.nextField)  // Start
        retype(app, "tomorow 12:30")
        app.send(.nextField)
        let form = try #require(app.events.form)
        #expect(form.text(of: .end) == "2026-11-21 12:00")
        app.send(.previousField)
        retype(app, "tomorrow 12:30")
        app.send(.nextField)
        #expect(form.text(of: .end) == "2026-11-22 13:30")
    }

    @Test("one occurrence of a series: its End follows its Start too")
    func occurrence() throws {
        var standup = Fixtures.event("Standup", "2026-11-23 09:00", "2026-11-23 09:15", n: 1)
        standup.repeatRule = "FREQ=DAILY;COUNT=5"
        let (_, store) = try Fixtures.app(items: [standup])
        let series = try #require(try store.item(id: Fixtures.id(1)))
        let occurrence = try #require(
            try store.occurrences(from: Fixtures.date("2026-11-24 00:00"), to: Fixtures.date("2026-11-25 00:00")).first)
        let form = ItemFormPresenter(
            editing: occurrence, of: series, store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
            dates: DateText(calendar: Fixtures.calendar))
        form.focus(on: .start)
        for c in "2026-11-24 10:00" { _ = form.handle(.insert(c)) }
        form.focus(on: .end)
        #expect(form.text(of: .end) == "2026-11-24 10:15")
    }
}
