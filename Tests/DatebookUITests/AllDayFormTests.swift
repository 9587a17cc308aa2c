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

    @Test("one occurrence of an all-day series shows its last day as End and keeps its length when saved or moved")
    func allDayOccurrence() throws {
        var fair = Item(
            id: Fixtures.id(1), kind: .event, title: "Fair",
            times: [ItemTime(start: Fixtures.date("2026-11-23 00:00"), end: Fixtures.date("2026-11-25 00:00"))],
            allDay: true, repeatRule: "FREQ=WEEKLY;COUNT=3", created: Fixtures.now, timeZone: .floating)
        fair.notes = ""
        let (_, store) = try Fixtures.app(items: [fair])
        let dates = DateText(calendar: Fixtures.calendar)
        func occurrenceForm(on day: String) throws -> ItemFormPresenter {
            let series = try #require(try store.item(id: Fixtures.id(1)))
            let from = Fixtures.date(day + " 00:00")
            let occurrence = try #require(
                try store.occurrences(from: from, to: from.addingTimeInterval(3600)).first { $0.itemID == series.id })
            return ItemFormPresenter(
                editing: occurrence, of: series, store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
                dates: dates)
        }
        let form = try occurrenceForm(on: "2026-11-30")
        #expect(form.text(of: .start) == "2026-11-30")
        #expect(form.text(of: .end) == "2026-12-01")
        form.focus(on: .title)
        for c in " (Hall B)" { _ = form.handle(.insert(c)) }
        guard case .saved = form.handle(.save) else {
            Issue.record("not saved: \(form.errors)")
            return
        }
        func override() throws -> RecurrenceOverride? {
            try store.item(id: Fixtures.id(1))?.overrides.first
        }
        #expect(try override()?.title == "Fair (Hall B)")
        #expect(try override()?.end == Fixtures.date("2026-12-02 00:00"), "two days, as the series")

        let moved = try occurrenceForm(on: "2026-11-30")
        moved.focus(on: .start)
        for c in "2026-12-02" { _ = moved.handle(.insert(c)) }
        moved.focus(on: .end)
        #expect(moved.text(of: .end) == "2026-12-03")
        guard case .saved = moved.handle(.save) else {
            Issue.record("not saved: \(moved.errors)")
            return
        }
        #expect(try override()?.start == Fixtures.date("2026-12-02 00:00"))
        #expect(try override()?.end == Fixtures.date("2026-12-04 00:00"))
    }
}
