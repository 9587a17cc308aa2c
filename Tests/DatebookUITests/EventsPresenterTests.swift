import DatebookKit
import DatebookTerminal
import Foundation
import Synchronization
import Testing

@testable import DatebookUI

@Suite("Events tab, driven like a person would")
struct EventsPresenterTests {
    @Test("n, Event, a title and Ctrl-S save an event at the next full hour for one hour")
    func newEvent() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested)
        #expect(app.mode == .menu)
        app.send(.choose(.event))
        #expect(app.mode == .form)
        let form = try #require(app.events.form)
        #expect(form.focus == .title)
        #expect(form.text(of: .start) == "2026-11-21 11:00")
        #expect(form.text(of: .end) == "2026-11-21 12:00")
        app.type("Lunch with Ana")
        app.send(.save)

        #expect(app.mode == .list)
        #expect(app.status == StatusMessage("Saved \u{201C}Lunch with Ana\u{201D}"))
        let items = try store.activeItems(offset: 0, limit: 10)
        #expect(items.map(\.title) == ["Lunch with Ana"])
        #expect(items[0].kind == .event)
        #expect(items[0].times == [ItemTime(start: Fixtures.date("2026-11-21 11:00"), end: Fixtures.date("2026-11-21 12:00"))])
        #expect(app.screen().contains("Lunch with Ana"))
    }

    @Test("an empty title and an end before the start are shown beside their fields, and nothing typed is lost")
    func validationKeepsText() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        let form = try #require(app.events.form)
        app.send(.nextField)  // Start
        app.send(.nextField, .cursorEnd)  // End, its date kept
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("09:00")
        app.send(.nextField, .nextField)  // All day, Place
        app.type("Café 会议室")
        app.send(.save)

        #expect(app.mode == .form)
        #expect(form.errors[.title] == "A title is required")
        #expect(form.errors[.end] == "The end is before the start")
        #expect(form.focus == .title)
        #expect(form.text(of: .place) == "Café 会议室")
        #expect(form.text(of: .end) == "2026-11-21 09:00")
        #expect(app.status?.kind == .error)
        #expect(try store.activeCount() == 0)
        let screen = app.screen()
        #expect(screen.contains("! A title is required"))
        #expect(screen.contains("! The end is before the start"))

        app.type("Fixed")
        app.send(.nextField, .nextField, .cursorEnd)  // Start, End
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("13:00")
        app.send(.save)
        #expect(app.mode == .list)
        #expect(try store.activeItems(offset: 0, limit: 1).first?.place == "Café 会议室")
    }

    @Test("a date that does not exist is refused with a reason")
    func impossibleDate() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.task))
        app.type("Pay rent")
        app.send(.nextField)  // Due
        app.type("31/02")
        app.send(.save)
        let form = try #require(app.events.form)
        #expect(form.focus == .due)
        #expect(form.errors[.due]?.contains("31") == true)
        #expect(form.text(of: .due) == "31/02")
    }

    @Test("Esc on a changed form asks first; on an unchanged one it just leaves")
    func cancel() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event), .back)
        #expect(app.mode == .list)

        app.send(.newRequested, .choose(.task))
        app.type("Half typed")
        app.send(.back)
        #expect(app.mode == .confirm)
        app.send(.answerNo)
        #expect(app.mode == .form)
        #expect(app.events.form?.text(of: .title) == "Half typed")
        app.send(.back, .answerYes)
        #expect(app.mode == .list)
        #expect(try store.activeCount() == 0)
    }

    @Test("the list sorts by start, tasks without a start by due date, undated last")
    func sortOrder() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        let titles = app.events.list.viewState().rows.map(\.title)
        #expect(titles == ["Send the report", "Standup", "会议准备 with the team 🎉", "Dentist", "Call Ana",
                           "Evil \u{1B}[31mtitle\u{07}", "Buy milk"])
        let tones = app.events.list.viewState().rows.map(\.tone)
        #expect(tones[0] == .overdue)  // a task not done by its due date
        #expect(tones[1] == .past)  // an event that ended: past, not overdue
        #expect(tones[2] == .active)
    }

    @Test("completing moves an item to History in blue; setting it back returns it")
    func completeAndReopen() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample)
        app.send(.moveTop, .moveDown)  // Standup
        app.send(.toggleComplete)
        #expect(app.status?.text.contains("Completed \u{201C}Standup\u{201D}") == true)
        #expect(try store.activeCount() == 6)
        #expect(!app.events.list.viewState().rows.map(\.title).contains("Standup"))

        app.send(.command(.history))
        #expect(app.mode == .history)
        let history = app.events.history.viewState()
        #expect(history.rows.map(\.title) == ["Standup"])
        #expect(history.rows[0].tone == .completed)
        #expect(history.rows[0].mark == "[x]")

        app.send(.edit)
        #expect(app.status?.text.contains("read-only") == true)
        #expect(app.mode == .history)

        app.send(.toggleComplete)
        #expect(try store.activeCount() == 7)
        #expect(app.events.history.viewState().total == 0)
        app.send(.back)
        #expect(app.events.list.viewState().rows.map(\.title).contains("Standup"))
    }

    @Test("d asks, and a deleted item goes to History in red as not completed")
    func deleteAsks() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample)
        app.send(.moveTop, .delete)
        #expect(app.mode == .confirm)
        #expect(app.screen().contains("Delete"))
        app.send(.answerNo)
        #expect(try store.activeCount() == 7)
        app.send(.delete, .answerYes)
        #expect(try store.activeCount() == 6)
        let history = try store.historyItems(offset: 0, limit: 10)
        #expect(history.map(\.title) == ["Send the report"])
        #expect(history[0].status == .deleted)
        app.send(.command(.history))
        #expect(app.events.history.viewState().rows[0].tone == .notCompleted)
        #expect(app.events.history.viewState().rows[0].mark == "[-]")
    }

    @Test("Enter opens details, e edits from there, and the change shows on the page")
    func detailsAndEdit() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample)
        app.send(.moveBottom, .moveUp, .moveUp, .moveUp)  // Buy milk, Evil, Call Ana, Dentist
        app.send(.open)
        #expect(app.mode == .details)
        #expect(app.events.details?.item.title == "Dentist")
        #expect(app.screen().contains("Main St 4"))
        app.send(.edit)
        #expect(app.mode == .form)
        app.send(.cursorEnd)
        app.type(" (check-up)")
        app.send(.save)
        #expect(app.mode == .details)
        #expect(app.events.details?.item.title == "Dentist (check-up)")
        #expect(try store.item(id: Fixtures.id(1))?.title == "Dentist (check-up)")
        app.send(.back)
        #expect(app.mode == .list)
        #expect(app.events.list.selectedItem?.id == Fixtures.id(1))
    }

    @Test("tabs switch by number, Tab and Shift-Tab; q quits from a tab's top")
    func tabs() throws {
        let (app, _) = try Fixtures.app()
        app.send(.switchTab(.meetings))
        #expect(app.activeTab == .meetings)
        #expect(app.screen().contains("[Invitations]  Hosting  Coming"))
        app.send(.nextTab)
        #expect(app.activeTab == .contacts)
        app.send(.nextTab)
        #expect(app.activeTab == .events)
        app.send(.previousTab)
        #expect(app.activeTab == .contacts)
        #expect(app.send(.quitOrBack) == .quit)
    }

    @Test("the list reads a window at a time and reaches the last of many items")
    func longList() throws {
        let (app, store) = try Fixtures.app()
        let items = (0..<2_000).map { n in
            Fixtures.event(String(format: "Item %04d", n), "2026-12-01 09:00", "2026-12-01 10:00", n: n + 100)
        }
        try store.insert(contentsOf: items)
        _ = app.handle(.idle)
        app.send(.moveBottom)
        #expect(app.events.list.selectedItem?.title == "Item 1999")
        #expect(app.screen().contains("Item 1999"))
        app.send(.pageUp)
        #expect(app.events.list.selection == 1999 - 19)
        app.send(.moveTop)
        #expect(app.screen().contains("Item 0000"))
    }

    @Test("a change made by another process shows on the next idle tick")
    func externalChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let mine = try SQLiteStore(path: path, clock: .fixed(Fixtures.now), ids: .sequential())
        let theirs = try SQLiteStore(path: path, clock: .fixed(Fixtures.now), ids: .sequential())
        let app = AppCoordinator(store: mine, clock: .fixed(Fixtures.now), ids: .sequential(), calendar: Fixtures.calendar)
        _ = app.handle(.idle)
        try theirs.save(Fixtures.event("Made elsewhere", "2026-11-22 10:00", "2026-11-22 11:00", n: 1))
        #expect(!app.screen().contains("Made elsewhere"))
        _ = app.handle(.idle)
        #expect(app.screen().contains("Made elsewhere"))
    }

    @Test("the Repeat field takes words, shows a rule back in words, and keeps a rule it cannot say")
    func repeatField() throws {
        let odd = Item(id: Fixtures.id(50), kind: .event, title: "Pay day",
                       times: [ItemTime(start: Fixtures.date("2026-12-01 09:00"), end: Fixtures.date("2026-12-01 09:30"))],
                       repeatRule: "FREQ=MONTHLY;BYMONTHDAY=1,15", created: Fixtures.now)
        let (app, store) = try Fixtures.app(items: [odd])
        app.send(.newRequested, .choose(.event))
        app.type("Yoga")
        let form = try #require(app.events.form)
        while form.focus != .repeatRule { app.send(.nextField) }
        app.type("weekly on tue, thu until 2026-12-31")
        app.send(.save)
        #expect(app.mode == .list)
        let yoga = try #require(try store.activeItems(offset: 0, limit: 10).first { $0.title == "Yoga" })
        #expect(yoga.repeatRule == "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261231T235959Z")

        _ = try app.events.list.select(id: yoga.id)
        app.send(.edit)
        #expect(app.events.form?.text(of: .repeatRule) == "weekly on tue, thu until 2026-12-31")
        app.send(.back)

        _ = try app.events.list.select(id: odd.id)
        app.send(.edit)
        #expect(app.events.form?.text(of: .repeatRule) == "FREQ=MONTHLY;BYMONTHDAY=1,15")
        app.send(.cursorEnd)  // on the title: change something else and save
        app.type("!")
        app.send(.save)
        #expect(try store.item(id: odd.id)?.repeatRule == "FREQ=MONTHLY;BYMONTHDAY=1,15")

        app.send(.newRequested, .choose(.event))
        app.type("Bad")
        while app.events.form!.focus != .repeatRule { app.send(.nextField) }
        app.type("fortnightly")
        app.send(.save)
        #expect(app.events.form?.errors[.repeatRule]?.contains("Cannot read") == true)
        #expect(app.events.form?.text(of: .repeatRule) == "fortnightly")
    }
}

/// The form refuses a repeat rule libical would walk for hours (found by fuzzing): the reason
/// shows under the Repeat field at once, the form stays open, and nothing is written.
@Suite("Events form: rules that never finish")
struct HostileRuleFormTests {
    @Test("Ctrl-S on such a rule says why under Repeat instead of freezing the screen", arguments: [
        ("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
        ("FREQ=SECONDLY;BYYEARDAY=366", "cannot be expanded"),
        ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
        ("FREQ=SECONDLY;COUNT=2147483647;BYMONTHDAY=31", "cannot be expanded"),
        ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
    ])
    func refusedInTheForm(_ rule: String, _ message: String) throws {
        let outcome = Mutex<(error: String?, stillOpen: Bool, saved: Int)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { done.signal() }
            guard let (app, store) = try? Fixtures.app() else { return }
            app.send(.newRequested, .choose(.event))
            app.type("Hostile")
            while app.events.form!.focus != .repeatRule { app.send(.nextField) }
            app.type(rule)
            app.send(.save)
            let saved = (try? store.activeItems(offset: 0, limit: 10).count) ?? -1
            outcome.withLock {
                $0 = (app.events.form?.errors[.repeatRule], app.mode != .list, saved)
            }
        }
        #expect(done.wait(timeout: .now() + 5) == .success, "the form did not answer within 5 s")
        let result = try #require(outcome.withLock { $0 })
        #expect(result.error?.contains(message) == true, "\(String(describing: result.error))")
        #expect(result.stillOpen)
        #expect(result.saved == 0)
    }
}
