import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The Search tab's range of any two dates: after the preset ranges, Ctrl-R asks for two
/// dates in the date fields' words; what cannot be read is said under the prompt, text kept.
@Suite("Search tab: any two dates")
struct SearchDateRangeTests {
    func app() throws -> AppCoordinator {
        let (app, _) = try Fixtures.app(items: Fixtures.sample + Fixtures.calendarSample)
        app.send(.switchTab(.search))
        app.type("report")
        return app
    }

    func search(_ app: AppCoordinator) -> SearchCoordinator { app.tab(SearchCoordinator.self)! }

    func titlesAndDays(_ app: AppCoordinator) -> [String] {
        search(app).presenter.results.hits.map { "\($0.item.title) \($0.item.due.map { Fixtures.calendar.component(.day, from: $0) } ?? 0)" }
    }

    /// Ctrl-R past the last preset range opens the prompt.
    func openPrompt(_ app: AppCoordinator) {
        for _ in 0..<4 { app.send(.command(.searchDates)) }
    }

    @Test("after the presets Ctrl-R asks for two dates, and the results are those between them")
    func twoDates() throws {
        let app = try app()
        #expect(titlesAndDays(app) == ["Send the report 20", "Send the report 25"])
        openPrompt(app)
        #expect(app.mode == .searchDates)
        app.type("mon")
        app.send(.nextField)
        app.type("2026-11-30")
        app.send(.submit)
        #expect(app.mode == .searchQuery)
        let start = Fixtures.date("2026-11-23 00:00")
        let end = Fixtures.date("2026-12-01 00:00")
        #expect(search(app).presenter.filters.dates == .between(start, end))
        #expect(titlesAndDays(app) == ["Send the report 25"])
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("Dates: Mon 23 Nov to Mon 30 Nov"))
        // Ctrl-R again goes back to any time.
        app.send(.command(.searchDates))
        #expect(search(app).presenter.filters.dates == .anyTime)
        #expect(titlesAndDays(app).count == 2)
    }

    @Test("a date that cannot be read is named under the prompt, with the text kept")
    func badDate() throws {
        let app = try app()
        openPrompt(app)
        app.type("someday")
        app.send(.submit)  // To is empty: on to it
        app.type("1/12")
        app.send(.submit)
        let prompt = try #require(search(app).presenter.datePrompt)
        #expect(prompt.from.text == "someday")
        #expect(prompt.to.text == "1/12")
        #expect(prompt.problemField == .from)
        #expect(prompt.focus == .from)
        #expect(app.mode == .searchDates)
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("From: "))
        #expect(screen.contains("someday"))

        app.send(.deleteToStart)
        app.type("2026-12-24")
        app.send(.submit)
        #expect(search(app).presenter.datePrompt?.problemField == .to)
        #expect(search(app).presenter.datePrompt?.problem?.contains("before the start") == true)
        app.send(.back)
        #expect(search(app).presenter.datePrompt == nil)
        #expect(search(app).presenter.filters.dates == .anyTime)
        #expect(app.mode == .searchQuery)
    }
}
