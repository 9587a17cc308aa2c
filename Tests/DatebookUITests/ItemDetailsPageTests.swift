import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The details page: long titles and notes wrap instead of being cut, and scroll when longer
/// than the screen; a changed occurrence shows its own title and fields.
@Suite("Details page")
struct ItemDetailsPageTests {
    static let longTitle = "Quarterly planning with the whole team and the board, about the budget for next year"
    static var longNotes: String {
        (1...30).map { "Line \($0): bring the printed figures, the laptop and the charger for it" }
            .joined(separator: "\n")
    }

    func longItem() -> Item {
        var item = Fixtures.event(Self.longTitle, "2026-11-23 09:30", "2026-11-23 10:30", place: "Main St 4", n: 1)
        item.notes = "Agenda: " + String(repeating: "figures and plans for every team ", count: 6) + "\n" + Self.longNotes
        return item
    }

    @Test("a long title and long notes wrap on the page; nothing is cut")
    func wraps() throws {
        let (app, _) = try Fixtures.app(items: [longItem()])
        _ = app.handle(.resize(Size(width: 80, height: 24)))
        app.send(.open)
        let screen = app.screen()
        #expect(!screen.contains("…"))
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines[1] == " Quarterly planning with the whole team and the board, about the budget for")
        #expect(lines[2] == " next year")
        // The first note line wraps under the value column.
        let agenda = try #require(lines.firstIndex { $0.hasPrefix(" Notes        Agenda: figures") })
        #expect(lines[agenda + 1].hasPrefix("              "))
        #expect(lines[agenda + 1].contains("every team"))
        for line in lines { #expect(DisplayWidth.of(line) <= 80) }
    }

    @Test("a page longer than the screen scrolls to its end and no further, and says what is below")
    func scrolls() throws {
        let (app, _) = try Fixtures.app(items: [longItem()])
        _ = app.handle(.resize(Size(width: 80, height: 24)))
        app.send(.open)
        #expect(app.screen().contains("more lines (j, PgDn)"))
        #expect(!app.screen().contains("Updated"))
        for _ in 0..<200 { app.send(.moveDown) }
        let end = app.screen()
        #expect(end.contains("Updated"))
        #expect(end.contains("more above"))
        // One step up leaves the end at once: the scroll did not run on past it.
        app.send(.moveUp)
        #expect(!app.screen().contains("Updated"))
        app.send(.pageUp, .pageUp, .pageUp, .pageUp)
        #expect(app.screen().contains("Quarterly planning"))
        app.send(.pageDown)
        #expect(!app.screen().contains("Quarterly planning"))
    }

    @Test("the page at 80×24 and 57×17, a long title and notes wrapped")
    func snapshot() throws {
        let (app, _) = try Fixtures.app(items: [longItem()])
        app.send(.open)
        for size in [Size(width: 80, height: 24), Size(width: 57, height: 17)] {
            _ = app.handle(.resize(size))
            assertSnapshot(app.render(size: size).grid, named: "details-long-\(size.width)x\(size.height)")
        }
    }

    /// A weekly standup whose 30 November occurrence was changed on its own: its title, place,
    /// notes and time.
    func changedOccurrence() throws -> (AppCoordinator, SQLiteStore) {
        let standup = Item(
            id: Fixtures.id(40), kind: .event, title: "Standup",
            times: [ItemTime(start: Fixtures.date("2026-11-23 09:00"), end: Fixtures.date("2026-11-23 09:15"))],
            place: "Office", notes: "The usual", repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixtures.now)
        let (app, store) = try Fixtures.app(items: [standup])
        try store.changeOccurrence(
            of: standup.id,
            to: RecurrenceOverride(
                recurrenceID: Fixtures.date("2026-11-30 09:00"), start: Fixtures.date("2026-11-30 10:00"),
                end: Fixtures.date("2026-11-30 11:00"), title: "Standup with the board", place: "Board room",
                notes: "Bring the figures"))
        _ = app.handle(.idle)
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-30")
        app.send(.submit)
        return (app, store)
    }

    @Test("a changed occurrence's page shows its own title, time, place and notes, and its series")
    func changedOccurrenceDetails() throws {
        let (app, _) = try changedOccurrence()
        #expect(app.calendar.presenter.selectedOccurrence?.title == "Standup with the board")
        app.send(.open)
        let page = try #require(app.calendar.flow.details).viewState()
        #expect(page.title == "Standup with the board")
        let lines = Dictionary(page.lines.filter { !$0.label.isEmpty }.map { ($0.label, $0.value) }) { a, _ in a }
        #expect(lines["This one"] == "Mon 30 Nov 2026 10:00-11:00 (changed)")
        #expect(lines["Series"] == "Standup")
        #expect(lines["Place"] == "Board room")
        #expect(lines["Notes"] == "Bring the figures")
        #expect(lines["Series from"] == "Mon 23 Nov 2026 09:00-09:15")
        let screen = app.screen()
        #expect(screen.contains(" Standup with the board\n"))
    }

    @Test("e on that page asks which occurrences; saving only this one names it by its own title")
    func editChangedOccurrence() throws {
        let (app, store) = try changedOccurrence()
        app.send(.open, .edit)
        #expect(app.mode == .choice)
        #expect(app.screen().contains("\u{201C}Standup with the board\u{201D}"))
        app.send(.pick("o"))
        let form = try #require(app.calendar.flow.form)
        #expect(form.text(of: .title) == "Standup with the board")
        #expect(form.text(of: .place) == "Board room")
        app.send(.cursorEnd)
        app.type(" and the auditors")
        app.send(.save)
        #expect(app.status?.text.hasPrefix("Saved \u{201C}Standup with the board and the auditors\u{201D} on Mon 30 Nov") == true,
                "\(String(describing: app.status))")
        // Back on the page, which shows the change; the series keeps its title.
        #expect(app.mode == .details)
        #expect(app.calendar.flow.details?.viewState().title == "Standup with the board and the auditors")
        #expect(try store.item(id: Fixtures.id(40))?.title == "Standup")
    }

    @Test("an occurrence only completed on its own is marked completed, not changed")
    func completedOccurrence() throws {
        let (app, store) = try changedOccurrence()
        _ = try store.setOccurrenceCompleted(true, of: Fixtures.id(40), recurrenceID: Fixtures.date("2026-12-07 09:00"))
        _ = app.handle(.idle)
        app.send(.command(.goToDate))
        app.type("2026-12-07")
        app.send(.submit, .open)
        let page = try #require(app.calendar.flow.details).viewState()
        #expect(page.title == "Standup")
        #expect(page.lines.first { $0.label == "This one" }?.value == "Mon 7 Dec 2026 09:00-09:15 (completed)")
        #expect(!page.lines.contains { $0.label == "Series" })
    }

    @Test("d on that page asks too, and only this one goes")
    func deleteChangedOccurrence() throws {
        let (app, store) = try changedOccurrence()
        app.send(.open, .delete)
        #expect(app.mode == .choice)
        app.send(.pick("o"))
        let monday = try store.occurrences(from: Fixtures.date("2026-11-30 00:00"), to: Fixtures.date("2026-12-01 00:00"))
        #expect(monday.isEmpty)
        #expect(try store.activeCount() == 1)
    }
}
