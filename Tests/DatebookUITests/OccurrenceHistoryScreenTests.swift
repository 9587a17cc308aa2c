import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

/// One occurrence completed or deleted from the Events list shows in History, and `x` there
/// puts it back, as it does an item.
@Suite("History's occurrences on screen")
struct OccurrenceHistoryScreenTests {
    /// A weekly task from Monday 23 November 2026, shown in the Events list at its next one.
    func app() throws -> (AppCoordinator, SQLiteStore) {
        let plants = Item(
            id: Fixtures.id(41), kind: .task, title: "Water the plants",
            times: [ItemTime(start: Fixtures.date("2026-11-23 18:00"), end: Fixtures.date("2026-11-23 18:30"))],
            place: "Balcony", repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixtures.now, timeZone: .named("UTC"))
        return try Fixtures.app(items: [plants])
    }

    @Test("x, only this one: the occurrence is in History; x there sets it back to not completed")
    func completeOneAndBack() throws {
        let (app, store) = try app()
        let shown = try #require(app.events.list.selectedOccurrence)
        app.send(.toggleComplete, .pick("o"))
        #expect(app.screen().contains("Completed “Water the plants” on Mon 23 Nov 2026 18:00"))
        app.send(.command(.history))
        var screen = app.screen()
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Water the plants") })
        #expect(row.contains("[x]"), "\(screen)")
        #expect(row.contains("(one occurrence)"))
        #expect(row.contains("18:00-18:30"))
        #expect(screen.contains("1 item"))
        // Enter opens the series at that occurrence.
        app.send(.open)
        let page = app.screen()
        let thisOne = try #require(page.split(separator: "\n").first { $0.contains("This one") })
        #expect(thisOne.contains("18:00-18:30 (completed)"), "\(page)")
        app.send(.back)
        app.send(.toggleComplete)
        screen = app.screen()
        #expect(screen.contains("is not completed"), "\(screen)")
        #expect(screen.contains("History is empty"))
        let series = try #require(try store.item(id: Fixtures.id(41)))
        #expect(series.overrides.isEmpty)
        #expect(try store.listedOccurrences(of: [series.id], at: Fixtures.now)[series.id]?.start == shown.start)
    }

    @Test("d, only this one: the occurrence is in History in red; x there gives it back")
    func deleteOneAndBack() throws {
        let (app, store) = try app()
        let shown = try #require(app.events.list.selectedOccurrence)
        app.send(.delete, .pick("o"))
        app.send(.command(.history))
        let row = try #require(app.screen().split(separator: "\n").first { $0.contains("Water the plants") })
        #expect(row.contains("[-]"))
        #expect(try store.item(id: Fixtures.id(41))?.exceptionDates.count == 1)
        app.send(.open)
        #expect(app.screen().split(separator: "\n").contains { $0.contains("This one") && $0.contains("(deleted)") })
        app.send(.back)
        app.send(.toggleComplete)
        #expect(app.screen().contains("is back in its series"))
        #expect(try store.item(id: Fixtures.id(41))?.exceptionDates.isEmpty == true)
        #expect(try store.listedOccurrences(of: [Fixtures.id(41)], at: Fixtures.now)[Fixtures.id(41)]?.start == shown.start)
    }

    @Test("A deleted occurrence's page is read-only: e and d say how to bring it back, and x does")
    func deletedOccurrencePage() throws {
        let (app, store) = try app()
        app.send(.delete, .pick("o"))
        app.send(.command(.history))
        app.send(.open)
        #expect(app.screen().contains("History · read-only"))
        app.send(.edit)
        #expect(app.screen().contains("This occurrence is deleted. Press x to bring it back"), "\(app.screen())")
        app.send(.delete)
        #expect(app.screen().contains("This occurrence is deleted already."))
        #expect(try store.item(id: Fixtures.id(41))?.status == .active)
        // x on the page puts the occurrence back, as on History's row; it does not ask which
        // occurrences to complete.
        app.send(.toggleComplete)
        let screen = app.screen()
        #expect(screen.contains("“Water the plants” on Mon 23 Nov 2026 18:00 is back in its series"), "\(screen)")
        #expect(!screen.contains("which occurrences"))
        let series = try #require(try store.item(id: Fixtures.id(41)))
        #expect(series.exceptionDates.isEmpty)
        #expect(series.overrides.isEmpty)
        #expect(series.status == .active)
    }
}
