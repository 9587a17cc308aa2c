import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The Events list after years of use: it opens at today with the past above, shows the year
/// of dates in other years, draws past events plainly rather than red, and shows a repeating
/// series at its next occurrence. (Fixtures.now is Saturday 21 November 2026, 10:17 UTC.)
@Suite("Events list over years")
struct EventsListOverYearsTests {
    /// Two years of past weekly reviews, then ten coming ones.
    static var years: [Item] {
        var items: [Item] = []
        var day = Fixtures.date("2024-11-04 10:00")
        for n in 0..<110 {
            let end = day.addingTimeInterval(3600)
            items.append(Item(id: Fixtures.id(100 + n), kind: .event, title: String(format: "Review %03d", n),
                              times: [ItemTime(start: day, end: end)], created: Fixtures.now))
            day = day.addingTimeInterval(7 * 86_400)
        }
        return items
    }

    /// A weekly Monday standup since January 2025, a past task and reminder, and a few coming
    /// items with long, CJK and several-times titles.
    static var mixed: [Item] {
        let standupStart = Fixtures.date("2025-01-06 09:00")
        let standup = Item(id: Fixtures.id(1), kind: .event, title: "Standup",
                           times: [ItemTime(start: standupStart, end: standupStart.addingTimeInterval(900))],
                           place: "Office", repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixtures.now)
        let study = Item(id: Fixtures.id(7), kind: .task, title: "Study", times: [
            ItemTime(start: Fixtures.date("2026-11-24 18:00"), end: Fixtures.date("2026-11-24 19:00")),
            ItemTime(start: Fixtures.date("2026-11-26 18:00"), end: Fixtures.date("2026-11-26 19:00")),
        ], created: Fixtures.now)
        return [
            standup,
            Fixtures.event("Old conference", "2025-03-10 09:00", "2025-03-10 17:00", place: "Hall A", n: 2),
            Fixtures.event("Last week's meeting", "2026-11-16 10:00", "2026-11-16 11:00", n: 3),
            Fixtures.task("Send the report", due: "2026-11-20 17:00", n: 4),
            Fixtures.event("A very long title for an event that goes on and on beyond the width of any column",
                           "2026-11-25 10:00", "2026-11-25 11:00",
                           place: "A place with a long name somewhere far away in the city", n: 5),
            Fixtures.event("会议准备会议准备会议准备会议准备会议准备会议准备会议准备会议准备", "2026-11-26 10:00",
                           "2026-11-26 11:00", place: "会议室会议室会议室会议室会议室", n: 6),
            study,
            Fixtures.event("New year party", "2027-01-01 20:00", "2027-01-01 23:00", n: 8),
        ]
    }

    @Test("the list opens at the first item not yet past, at the top of the screen, with the past above")
    func opensAtToday() throws {
        let (app, _) = try Fixtures.app(items: Self.years)
        _ = app.handle(.resize(Size(width: 80, height: 24)))
        let list = app.events.list
        // Review 107 is on Monday 23 November 2026, the first one not past.
        #expect(list.selectedItem?.title == "Review 107")
        let state = list.viewState()
        #expect(state.rows.first?.title == "Review 090")  // the last twenty fill the screen
        #expect(state.rows[state.selectedRow ?? -1].title == "Review 107")

        let (long, _) = try Fixtures.app(items: Self.years + (0..<40).map { n in
            Fixtures.event(String(format: "Later %02d", n), "2027-02-01 09:00", "2027-02-01 10:00", n: 300 + n)
        })
        _ = long.handle(.resize(Size(width: 80, height: 24)))
        let rows = long.events.list.viewState().rows
        #expect(rows.first?.title == "Review 107")
        #expect(long.events.list.viewState().selectedRow == 0)
        // Scrolling up reaches the past, back to the first review two years ago.
        long.send(.moveUp)
        #expect(long.events.list.selectedItem?.title == "Review 106")
        #expect(long.events.list.viewState().rows.first?.title == "Review 106")
        long.send(.moveTop)
        #expect(long.events.list.selectedItem?.title == "Review 000")
        // t goes back to today.
        long.send(.command(.listToday))
        #expect(long.events.list.selectedItem?.title == "Review 107")
    }

    @Test("a list that was empty opens at today when its items arrive (an import, another instance)")
    func opensWhenItemsArrive() throws {
        let (app, store) = try Fixtures.app()
        _ = app.handle(.resize(Size(width: 80, height: 24)))
        #expect(app.events.list.count == 0)
        try store.insert(contentsOf: Self.years)
        _ = app.handle(.idle)
        #expect(app.events.list.selectedItem?.title == "Review 107")
        // Once open, a change keeps the selection where the person put it.
        app.send(.moveTop)
        try store.save(Fixtures.event("Added later", "2026-12-24 10:00", "2026-12-24 11:00", n: 1))
        _ = app.handle(.idle)
        #expect(app.events.list.selectedItem?.title == "Review 000")
    }

    @Test("past events are drawn plainly, not as overdue; a task not done by its time is overdue")
    func pastIsNotRed() throws {
        let (app, _) = try Fixtures.app(items: Self.years + [Fixtures.task("Send the report", due: "2026-11-20 17:00", n: 1)])
        app.send(.moveTop)
        var tones: [String: ItemRowState.Tone] = [:]
        for _ in 0..<120 {
            for row in app.events.list.viewState().rows { tones[row.title] = row.tone }
            app.send(.pageDown)
        }
        #expect(tones.count == 111)
        #expect(tones.filter { $0.key.hasPrefix("Review") && $0.value == .overdue }.isEmpty)
        #expect(tones["Review 000"] == .past)
        #expect(tones["Review 106"] == .past)
        #expect(tones["Review 107"] == .active)
        #expect(tones["Send the report"] == .overdue)
        // Past rows are dim and never red on screen.
        app.send(.moveTop)
        let grid = app.render(size: Size(width: 80, height: 24)).grid
        let reviewRow = try #require((0..<grid.height).first { y in
            (0..<grid.width).map { grid[$0, y].text }.joined().contains("Review 001")
        })
        let styles = (0..<grid.width).filter { grid[$0, reviewRow].text != " " }.map { grid[$0, reviewRow].style }
        #expect(styles.count > 20)
        #expect(styles.allSatisfy { $0.foreground != .red })
        #expect(styles.allSatisfy { $0.dim })
    }

    @Test("dates outside this year show their year; this year's do not")
    func years() throws {
        let (app, _) = try Fixtures.app(items: Self.mixed)
        app.send(.moveTop)
        for size in [Size(width: 80, height: 24), Size(width: 57, height: 17)] {
            let screen = app.screen(size.width, size.height)
            #expect(screen.contains("10 Mar 2025"), "\(screen)")
            #expect(screen.contains("1 Jan 2027"), "\(screen)")
            #expect(screen.contains("16 Nov "), "\(screen)")
            #expect(!screen.contains("16 Nov 2026"), "\(screen)")
        }
    }

    @Test("a repeating series shows and sorts by its next occurrence, not its first")
    func seriesAtNextOccurrence() throws {
        let (app, _) = try Fixtures.app(items: Self.mixed)
        app.send(.moveTop)
        let rows = app.events.list.viewState().rows
        #expect(rows.map(\.title).prefix(5) == [
            "Old conference", "Last week's meeting", "Send the report", "Standup",
            "Study (+1 more time)",
        ])
        let standup = try #require(rows.first { $0.title == "Standup" })
        #expect(standup.date == "Mon 23 Nov")
        #expect(standup.time == "09:00-09:15")
        #expect(standup.tone == .active)
        // It is where the list opens: the first item not past.
        let (fresh, _) = try Fixtures.app(items: Self.mixed)
        #expect(fresh.events.list.selectedItem?.title == "Standup")
        fresh.send(.open)
        let screen = fresh.screen()
        #expect(screen.contains("Next         Mon 23 Nov 2026 09:00-09:15"), "\(screen)")
        #expect(screen.contains("Status       Active"), "\(screen)")
    }

    @Test("titles and places cut by their column end with an ellipsis, CJK never cut in half")
    func longText() throws {
        let (app, _) = try Fixtures.app(items: Self.mixed)
        app.send(.moveTop)
        for size in [Size(width: 80, height: 24), Size(width: 57, height: 17)] {
            let lines = app.screen(size.width, size.height).split(separator: "\n").map(String.init)
            let long = try #require(lines.first { $0.contains("A very long title") })
            #expect(long.contains("… "), "\(long)")
            #expect(long.hasSuffix("…"), "\(long)")
            let cjk = try #require(lines.first { $0.contains("会议准备") })
            #expect(cjk.contains("…"), "\(cjk)")
            #expect(DisplayWidth.of(cjk) <= size.width)
        }
    }

    @Test("the list over years, as drawn")
    func snapshot() throws {
        let (app, _) = try Fixtures.app(items: Self.mixed)
        for size in [Size(width: 80, height: 24), Size(width: 57, height: 17)] {
            _ = app.handle(.resize(size))
            assertSnapshot(app.render(size: size).grid, named: "events-over-years-\(size.width)x\(size.height)")
        }
    }
}
