import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

/// The form's all-day dates follow `ItemDraft`: the last day typed is inclusive, the stored
/// end is the day after it, and editing shows the last day again.
@Suite("All-day dates in the form")
struct AllDayFormTests {
    @Test("an all-day event typed from 22 to 24 November is stored to 25 November and shows to 24 again")
    func allDayRange() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        app.type("Book fair")
        app.send(.nextField)  // Start
        for _ in 0..<20 { app.send(.deleteBackward) }
        app.type("2026-11-22")
        app.send(.nextField)  // End
        for _ in 0..<20 { app.send(.deleteBackward) }
        app.type("2026-11-24")
        app.send(.nextField, .insert(" "))  // All day: on
        app.send(.save)

        #expect(app.mode == .list)
        let saved = try #require(try store.activeItems(offset: 0, limit: 1).first)
        #expect(saved.allDay)
        #expect(saved.times == [ItemTime(start: Fixtures.date("2026-11-22 00:00"), end: Fixtures.date("2026-11-25 00:00"))])

        let again = ItemFormPresenter(
            editing: saved, store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
            dates: DateText(calendar: Fixtures.calendar))
        #expect(again.text(of: .start) == "2026-11-22")
        #expect(again.text(of: .end) == "2026-11-24")
    }
}
