import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The small text of every screen: the footer keeps its way to the help, messages too long
/// for their line end with an ellipsis, quotes are of one style.
@Suite("Footer, messages and quotes")
struct TextSlipsTests {
    /// Every mode a screen can be in, reached the way a person reaches it.
    static let journeys: [(String, [Intent])] = [
        ("Events list", []),
        ("History", [.command(.history)]),
        ("details", [.moveTop, .open]),
        ("form", [.newRequested, .choose(.event)]),
        ("New menu", [.newRequested]),
        ("calendar", [.switchTab(.calendar)]),
        ("go to date", [.switchTab(.calendar), .command(.goToDate)]),
        ("calendar details", [.switchTab(.calendar), .command(.goToDate), .insert("2"), .insert("3"), .submit, .open]),
        ("question", [.moveTop, .delete]),
        ("help", [.helpRequested]),
        ("meetings", [.switchTab(.meetings)]),
    ]

    @Test("the footer keeps ? Help on every screen at 80 columns, and at 57")
    func helpInFooter() throws {
        for (name, intents) in Self.journeys {
            let (app, _) = try Fixtures.app(items: Fixtures.calendarSample)
            for intent in intents { app.send(intent) }
            let mode = app.mode
            let offersHelp = KeyTable.standard.bindings(for: mode).contains { $0.intent == .helpRequested }
            for width in [80, 57] {
                let footer = try #require(app.screen(width, 24).split(separator: "\n", omittingEmptySubsequences: false).last)
                let help = mode.input == .text ? "F1 Help" : "? Help"
                #expect(footer.contains(help) == offersHelp, "\(name) at \(width): \(footer)")
                #expect(DisplayWidth.of(String(footer)) <= width)
            }
        }
    }

    @Test("a footer too long drops hints from the end, keeping Help")
    func footerOrder() {
        let bindings = KeyTable.standard.footer(for: .calendar)
        let footer = Footer(bindings: bindings)
        let all = footer.shown(width: 500).map(\.help)
        #expect(all == bindings.map(\.help))
        #expect(all.last != "Help")  // Quit comes after it
        let at80 = footer.shown(width: 80).map(\.help)
        #expect(at80.last == "Help")
        #expect(at80 == Array(all.prefix(at80.count - 1)) + ["Help"])
        #expect(footer.shown(width: 6).map(\.help) == ["Help"])
        #expect(footer.shown(width: 5).isEmpty)
        var grid = Grid(width: 80, height: 1)
        footer.render(into: &grid, row: 0)
        #expect(grid.text().hasSuffix("? Help"))
        #expect(grid.text().contains("A Agenda"))
    }

    @Test("the help wraps a long line under its text and scrolls no further than its end")
    func helpScreen() throws {
        let (app, _) = try Fixtures.app()
        _ = app.handle(.resize(Size(width: 57, height: 17)))
        app.send(.helpRequested)
        let lines = app.screen(57, 17).split(separator: "\n").map(String.init)
        let tabs = try #require(lines.firstIndex { $0.contains("1-5") })
        #expect(lines[tabs + 1].contains("                 Contacts"), "\(lines)")
        for _ in 0..<500 { app.send(.moveDown) }
        let end = app.screen(57, 17)
        #expect(end.contains("wheel scrolls"))
        app.send(.moveUp)
        #expect(!app.screen(57, 17).contains("wheel scrolls"))
    }

    @Test("a message too long for the status line ends with an ellipsis; a long title in it is cut first")
    func longMessages() throws {
        let title = String(repeating: "A very long title ", count: 8)
        let (app, _) = try Fixtures.app(items: [Fixtures.event(title, "2026-11-23 09:00", "2026-11-23 10:00", n: 1)])
        app.send(.toggleComplete)
        let message = try #require(app.status?.text)
        // The title is cut so that what follows it still reads.
        #expect(message.hasPrefix("Completed \u{201C}A very long title A very long title A v\u{2026}\u{201D}"))
        #expect(message.hasSuffix("; it is in History (h)"))
        for width in [80, 57, 30] {
            let lines = app.screen(width, 24).split(separator: "\n", omittingEmptySubsequences: false)
            let status = String(lines[lines.count - 2])
            #expect(DisplayWidth.of(status) <= width)
            if DisplayWidth.of(message) > width { #expect(status.hasSuffix("\u{2026}"), "\(status)") }
        }
    }

    @Test("History's heading, cut on a narrow screen, ends with an ellipsis")
    func historyHeading() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.command(.history))
        let heading = String(app.screen(57, 17).split(separator: "\n")[1])
        #expect(heading.hasSuffix("\u{2026}"), "\(heading)")
    }

    @Test("messages quote titles and typed text one way: in curly quotes")
    func oneQuoteStyle() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.task))
        app.type("Pay rent")
        app.send(.nextField)
        app.type("blah")
        app.send(.save)
        let error = try #require(app.events.form?.errors[.due])
        #expect(error.hasPrefix("Cannot read \u{201C}blah\u{201D}"), "\(error)")
        #expect(!error.contains("\""))
        let alarm = ItemDraft(kind: .task, texts: [.title: "x", .alarm: "soon"])
            .item(now: Fixtures.now, calendar: Fixtures.calendar, newID: { UUID() }).problems[.alarm]
        #expect(alarm?.hasPrefix("Cannot read \u{201C}soon\u{201D}") == true)
    }

    @Test("an item with several times says how many more, in the singular for one")
    func moreTimes() {
        #expect(ItemRowState.moreTimes(0) == "")
        #expect(ItemRowState.moreTimes(1) == " (+1 more time)")
        #expect(ItemRowState.moreTimes(2) == " (+2 more times)")
        let task = Item(id: Fixtures.id(1), kind: .task, title: "Study", times: [
            ItemTime(start: Fixtures.date("2026-11-24 18:00")), ItemTime(start: Fixtures.date("2026-11-26 18:00")),
        ], created: Fixtures.now)
        let row = ItemRowState(item: task, now: Fixtures.now, dates: DateText(calendar: Fixtures.calendar))
        #expect(row.title == "Study (+1 more time)")
    }
}
