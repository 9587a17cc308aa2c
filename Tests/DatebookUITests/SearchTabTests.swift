import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The Search tab: results as the query is typed, moving between the query and the results,
/// opening a result and coming back to it, the filters, and how it draws.
@Suite("Search tab")
struct SearchTabTests {
    func app() throws -> AppCoordinator {
        let (app, _) = try Fixtures.app(items: Fixtures.sample + Fixtures.calendarSample)
        app.send(.switchTab(.search))
        return app
    }

    func search(_ app: AppCoordinator) -> SearchCoordinator { app.tab(SearchCoordinator.self)! }

    func titles(_ app: AppCoordinator) -> [String] {
        search(app).presenter.results.hits.map(\.item.title)
    }

    @Test("results come with every typed character, grouped by kind, closest first")
    func resultsAsYouType() throws {
        let app = try app()
        #expect(app.mode == .searchQuery)
        app.type("s")
        #expect(!titles(app).isEmpty)
        app.type("end")
        #expect(titles(app) == ["Send the report", "Send the report"])
        app.send(.deleteWordBackward)
        app.type("dent")
        #expect(search(app).presenter.results.groups.map(\.kind) == [.event])
        #expect(titles(app) == ["Dentist", "Dentist"])
        app.send(.deleteWordBackward)
        app.type("会议")
        #expect(titles(app).allSatisfy { $0.hasPrefix("会议准备") })
        #expect(titles(app).count == 2)
    }

    @Test("Down moves into the results, Enter opens the details, Esc comes back with query and selection kept")
    func openAndComeBack() throws {
        let app = try app()
        app.type("an")
        let before = titles(app)
        #expect(before.count >= 2)
        app.send(.command(.searchResults))
        #expect(app.mode == .searchResults)
        app.send(.moveDown)
        let selected = try #require(search(app).presenter.selectedHit)
        app.send(.open)
        #expect(app.mode == .details)
        #expect(search(app).flow.details?.item.id == selected.item.id)
        app.send(.back)
        #expect(app.mode == .searchResults)
        #expect(search(app).presenter.field.text == "an")
        #expect(search(app).presenter.selectedHit?.item.id == selected.item.id)
        app.send(.command(.searchQuery))
        #expect(app.mode == .searchQuery)
        app.send(.command(.searchResults), .moveUp, .moveUp)
        #expect(app.mode == .searchQuery)
    }

    @Test("the filters narrow the results and show under the query")
    func filters() throws {
        let app = try app()
        app.type("report")
        #expect(titles(app).count == 2)
        app.send(.command(.searchKind))
        #expect(titles(app).isEmpty)  // events only
        app.send(.command(.searchKind))
        #expect(titles(app) == ["Send the report", "Send the report"])
        app.send(.command(.searchDates))  // this week (from Monday 23 November)
        #expect(titles(app) == ["Send the report"])
        #expect(search(app).presenter.filters.summary(DateText(calendar: Fixtures.calendar), now: Fixtures.now) == "Kind: tasks · Dates: this week · History: left out")
    }

    @Test("a query of control characters alone says so, and nothing found says so too")
    func messages() throws {
        let app = try app()
        app.type("\u{1}")
        #expect(search(app).presenter.problem?.contains("control characters") == true)
        app.send(.deleteBackward)
        app.type("zzzq")
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("No results for “zzzq”."))
    }

    @Test("a query longer than can be searched says so in the tab, and what was typed stays")
    func tooLong() throws {
        let app = try app()
        let text = String(repeating: "xy", count: 600)
        app.type(text)
        #expect(search(app).presenter.field.text == text)
        #expect(search(app).presenter.results.isEmpty)
        let screen = app.render(size: Size(width: 100, height: 24)).grid.text()
        #expect(screen.contains("The search text is 1200 characters long; at most 1000 can be searched."))
    }

    @Test("the matched text is marked, where the query matched, accents and case aside")
    func highlights() throws {
        let app = try app()
        app.type("cafe")
        let row = try #require(search(app).presenter.viewState(queryFocused: true).lines.compactMap { line -> SearchRowState? in
            if case .hit(_, let row) = line { return row } else { return nil }
        }.first)
        #expect(row.title == "Lunch with Ana")
        #expect(row.side == "Café Central")
        #expect(row.sideMatches == [0..<4])
        var grid = Grid(width: 80, height: 10)
        _ = SearchView.render(search(app).presenter.viewState(queryFocused: true), into: &grid,
                              area: Rect(x: 0, y: 0, width: 80, height: 10))
        let cells = (0..<80).map { grid[$0, 4] }
        let marked = cells.filter { $0.style == SearchView.match }.map(\.text).joined()
        #expect(marked == "Café")
    }
}
