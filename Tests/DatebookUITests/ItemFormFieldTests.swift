import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The form's fields: a date is selected when entered, each message stands under its own
/// field, and the Alarm field takes a list of alarms.
@Suite("Item form fields")
struct ItemFormFieldTests {
    /// A new form of `kind` (Saturday 21 November 2026, 10:17 UTC).
    func form(_ kind: ItemKind) throws -> ItemFormPresenter {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        return ItemFormPresenter(
            newItemOf: kind, store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
            dates: DateText(calendar: Fixtures.calendar))
    }

    func type(_ text: String, into form: ItemFormPresenter) {
        for c in text { _ = form.handle(.insert(c)) }
    }

    // MARK: - Selection

    @Test("Tab into a prefilled date selects it: typing replaces it, and the row draws it selected")
    func dateSelectedOnEntry() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        let form = try #require(app.events.form)
        app.send(.nextField)  // Start
        let start = try #require(form.viewState().rows.first { $0.field == .start })
        #expect(start.value.isSelected)
        #expect(start.focused)
        let line = try #require(app.screen(100, 30).split(separator: "\n").first { $0.contains("Start") })
        #expect(line.contains("2026-11-21 11:00"))

        app.type("fri 9:30")
        #expect(form.text(of: .start) == "fri 9:30")
        app.send(.nextField)  // End: the Start left unselected
        #expect(form.viewState().rows.first { $0.field == .start }?.value.isSelected == false)
        #expect(form.viewState().rows.first { $0.field == .end }?.value.isSelected == true)
    }

    @Test("the selected date is drawn in the selection style, beside the focused field's style")
    func selectionDrawnInTheForm() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.event), .nextField)
        let grid = app.render(size: Size(width: 100, height: 30)).grid
        let row = try #require((0..<grid.height).first { y in
            (0..<grid.width).map { grid[$0, y].text }.joined().contains("2026-11-21 11:00")
        })
        let styles = (0..<grid.width).map { grid[$0, row].style }
        #expect(styles.filter { $0 == Theme.selectedText }.count == "2026-11-21 11:00".count)
        #expect(styles.contains(Theme.focusedField))
    }

    @Test("Backspace clears a selected date; Right or Home keeps it and moves the cursor")
    func selectionKeys() throws {
        let form = try form(.event)
        form.focus(on: .start)
        _ = form.handle(.deleteBackward)
        #expect(form.text(of: .start) == "")

        form.focus(on: .end)
        _ = form.handle(.cursorRight)
        _ = form.handle(.deleteBackward)
        #expect(form.text(of: .end) == "2026-11-21 12:0")

        let other = try self.form(.event)
        other.focus(on: .end)
        _ = other.handle(.cursorHome)
        type("x", into: other)
        #expect(other.text(of: .end) == "x2026-11-21 12:00")
    }

    @Test("only date fields are selected; a date that a failed save jumps to is not")
    func whatIsSelected() throws {
        let form = try form(.task)
        type("Pay rent", into: form)
        _ = form.handle(.nextField)  // Due, empty: nothing to select
        type("31/02", into: form)
        _ = form.handle(.previousField)  // Title
        #expect(form.viewState().rows.first { $0.field == .title }?.value.isSelected == false)
        _ = form.handle(.save)
        #expect(form.focus == .due)
        #expect(form.viewState().rows.first { $0.field == .due }?.value.isSelected == false)
        type("/2027", into: form)
        #expect(form.text(of: .due) == "31/02/2027")
    }

    // MARK: - Messages under their fields

    @Test("a bad More times entry is reported under More times, and End stays quiet")
    func moreTimesError() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.task))
        app.type("Practice")
        let form = try #require(app.events.form)
        form.focus(on: .moreTimes)
        app.type("2026-11-24 10:00 - 09:00")
        app.send(.save)
        #expect(form.errors == [.moreTimes: "In \u{201C}2026-11-24 10:00 - 09:00\u{201D} the end is before the start"])
        #expect(form.focus == .moreTimes)
        let lines = app.screen(100, 30).split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("More times") })
        #expect(lines[row + 1].contains("! In \u{201C}2026-11-24 10:00"))
    }

    @Test("every field's message stands under that field", arguments: [
        (ItemKind.event, ItemFormField.title, " "), (.event, .start, "31/02"), (.event, .end, "31/02"),
        (.event, .repeatRule, "now and then"), (.event, .alarm, "soon"), (.event, .priority, "12"),
        (.task, .due, "31/02"), (.task, .moreTimes, "31/02 10:00"), (.reminder, .start, "someday"),
    ])
    func messageUnderItsField(kind: ItemKind, field: ItemFormField, text: String) throws {
        let form = try form(kind)
        type("Title", into: form)
        form.focus(on: field)
        _ = form.handle(.cursorEnd)
        for _ in 0..<20 { _ = form.handle(.deleteBackward) }
        type(text, into: form)
        _ = form.handle(.save)
        #expect(Array(form.errors.keys) == [field], "\(form.errors)")
    }

    @Test("a message goes when its field's text is changed, and only that field's; a save says it again if still so")
    func messageGoesWhenEdited() throws {
        let form = try form(.event)
        form.focus(on: .start)
        _ = form.handle(.cursorEnd)
        for _ in 0..<20 { _ = form.handle(.deleteBackward) }
        type("31/02", into: form)
        _ = form.handle(.save)
        #expect(Set(form.errors.keys) == [.title, .start])
        #expect(form.focus == .title)
        // Moving about changes nothing; typing in the Start takes its message away.
        form.focus(on: .start)
        _ = form.handle(.cursorLeft)
        #expect(Set(form.errors.keys) == [.title, .start])
        _ = form.handle(.cursorEnd)
        _ = form.handle(.deleteBackward)
        #expect(Set(form.errors.keys) == [.title])
        type("2", into: form)
        _ = form.handle(.save)
        #expect(Set(form.errors.keys) == [.title, .start])
        form.focus(on: .title)
        type("Dentist", into: form)
        #expect(Set(form.errors.keys) == [.start])
    }

    // MARK: - Alarms

    @Test("saving an item with alarms keeps the list typed in the Alarm field, and no longer says alarms do not ring")
    func alarmsAreSavedAsAList() throws {
        let (app, store) = try Fixtures.app()
        app.send(.newRequested, .choose(.event))
        app.type("Standup")
        let form = try #require(app.events.form)
        form.focus(on: .alarm)
        app.type("15, 1h")
        app.send(.save)
        #expect(app.status == StatusMessage("Saved \u{201C}Standup\u{201D}"))
        let saved = try #require(try store.activeItems(offset: 0, limit: 10).first { $0.title == "Standup" })
        #expect(saved.alarms == [Alarm(minutesBefore: 15), Alarm(minutesBefore: 60)])

        app.send(.newRequested, .choose(.reminder))
        app.type("Call Ana")
        app.send(.save)
        #expect(app.status == StatusMessage("Saved \u{201C}Call Ana\u{201D}"))

        app.send(.newRequested, .choose(.event))
        app.type("Lunch")
        app.send(.save)
        #expect(app.status == StatusMessage("Saved \u{201C}Lunch\u{201D}"))
    }
}
