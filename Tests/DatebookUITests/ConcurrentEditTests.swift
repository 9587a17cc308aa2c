import DatebookKit
import Foundation
import Testing

@testable import DatebookUI

/// A form open while the same item is changed elsewhere (another Datebook on the same file, an
/// import, later a sync): its save keeps the other change, or asks, and never overwrites it
/// silently. The store here stands for both instances: the other one's writes go through it
/// while the form is open, as they reach the file through the same writer.
@Suite("Saving a form after the item changed elsewhere")
struct ConcurrentEditTests {
    /// The Events tab with the form of “Dentist” open.
    func formOpen() throws -> (AppCoordinator, SQLiteStore) {
        let dentist = Fixtures.event("Dentist", "2026-11-23 09:30", "2026-11-23 10:30", place: "Main St 4", n: 1)
        let (app, store) = try Fixtures.app(items: [dentist])
        app.send(.edit)
        #expect(app.events.flow.form != nil)
        return (app, store)
    }

    /// The stored item, changed as another instance would change it.
    func changeElsewhere(_ store: SQLiteStore, _ change: (inout Item) -> Void) throws {
        var item = try #require(try store.item(id: Fixtures.id(1)))
        change(&item)
        try store.save(item)
    }

    func stored(_ store: SQLiteStore) throws -> Item {
        try #require(try store.item(id: Fixtures.id(1)))
    }

    @Test("a field changed elsewhere and one changed in the form: both are kept, and the message says so")
    func mergesOtherFields() throws {
        let (app, store) = try formOpen()
        try changeElsewhere(store) { $0.notes = "Bring the card" }
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save)
        #expect(app.mode == .list)
        let item = try stored(store)
        #expect(item.title == "Dentist check-up")
        #expect(item.notes == "Bring the card")
        #expect(item.place == "Main St 4")
        #expect(app.screen(100, 24).contains("kept the changes made elsewhere to Notes"))
    }

    @Test("both changed the title: the save asks, names the field, and Esc leaves the form as typed")
    func asksOnSameField() throws {
        let (app, store) = try formOpen()
        try changeElsewhere(store) { $0.title = "Dentist (moved)" }
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save)
        #expect(app.mode == .choice)
        let screen = app.screen(100, 24)
        #expect(screen.contains("changed elsewhere"))
        #expect(screen.contains("Title"))
        #expect(screen.contains("k keep mine"))
        #expect(screen.contains("t take theirs"))
        #expect(screen.contains("b keep both"))
        #expect(try stored(store).title == "Dentist (moved)")
        app.send(.answerNo)
        #expect(app.mode == .form)
        #expect(app.events.flow.form?.text(of: .title) == "Dentist check-up")
    }

    @Test("k keeps mine: the form's title wins, a field only the other side changed stays theirs")
    func keepMine() throws {
        let (app, store) = try formOpen()
        try changeElsewhere(store) {
            $0.title = "Dentist (moved)"
            $0.place = "Elm St 9"
        }
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save, .pick("k"))
        #expect(app.mode == .list)
        let item = try stored(store)
        #expect(item.title == "Dentist check-up")
        #expect(item.place == "Elm St 9")
        #expect(try store.activeCount() == 1)
    }

    @Test("t takes theirs: the form closes and the stored item is left as the other side saved it")
    func takeTheirs() throws {
        let (app, store) = try formOpen()
        try changeElsewhere(store) { $0.title = "Dentist (moved)" }
        let theirs = try stored(store)
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save, .pick("t"))
        #expect(app.mode == .list)
        #expect(try stored(store) == theirs)
        #expect(app.screen(100, 24).contains("your changes were discarded"))
    }

    @Test("b keeps both: the other version stays and the form's is saved as a new item")
    func keepBoth() throws {
        let (app, store) = try formOpen()
        try changeElsewhere(store) { $0.title = "Dentist (moved)" }
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save, .pick("b"))
        #expect(app.mode == .list)
        let titles = try store.activeItems(offset: 0, limit: 10).map(\.title).sorted()
        #expect(titles == ["Dentist (moved)", "Dentist check-up"])
        let copy = try #require(try store.activeItems(offset: 0, limit: 10).first { $0.title == "Dentist check-up" })
        #expect(copy.id != Fixtures.id(1))
        #expect(copy.place == "Main St 4")
        // The list selects the copy just saved, as after any save.
        #expect(app.events.list.selectedItem?.id == copy.id)
    }

    @Test("deleted elsewhere: the save asks and never brings it back unasked; k restores it with the changes")
    func deletedElsewhere() throws {
        let (app, store) = try formOpen()
        try store.delete(id: Fixtures.id(1))
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save)
        #expect(app.mode == .choice)
        #expect(app.screen(100, 24).contains("deleted elsewhere"))
        #expect(try stored(store).status == .deleted)
        app.send(.pick("k"))
        let item = try stored(store)
        #expect(item.status == .active)
        #expect(item.title == "Dentist check-up")
        #expect(try store.activeCount() == 1)
    }

    @Test("deleted elsewhere, t: it stays deleted and the form's changes are dropped")
    func deletedElsewhereDiscard() throws {
        let (app, store) = try formOpen()
        try store.delete(id: Fixtures.id(1))
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save, .pick("t"))
        #expect(app.mode == .list)
        let item = try stored(store)
        #expect(item.status == .deleted)
        #expect(item.title == "Dentist")
    }

    @Test("completed elsewhere: the save asks; k saves the changes and it stays completed")
    func completedElsewhere() throws {
        let (app, store) = try formOpen()
        try store.complete(id: Fixtures.id(1))
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save)
        #expect(app.mode == .choice)
        #expect(app.screen(100, 24).contains("completed elsewhere"))
        app.send(.pick("k"))
        let item = try stored(store)
        #expect(item.status == .completed)
        #expect(item.title == "Dentist check-up")
    }

    @Test("nothing changed elsewhere: a save writes the form as before, with no question")
    func noConflict() throws {
        let (app, store) = try formOpen()
        app.send(.cursorEnd)
        app.type(" check-up")
        app.send(.save)
        #expect(app.mode == .list)
        #expect(try stored(store).title == "Dentist check-up")
        #expect(!app.screen(100, 24).contains("elsewhere"))
    }
}

/// One occurrence of a series edited in its form while the series changes elsewhere.
@Suite("Saving one occurrence after its series changed elsewhere")
struct ConcurrentOccurrenceEditTests {
    /// The calendar on Monday 30 November with the form of that week's standup open.
    func formOpen() throws -> (AppCoordinator, SQLiteStore) {
        let standup = Item(
            id: Fixtures.id(40), kind: .event, title: "Standup",
            times: [ItemTime(start: Fixtures.date("2026-11-23 09:00"), end: Fixtures.date("2026-11-23 09:15"))],
            place: "Office", repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixtures.now, timeZone: .named("UTC"))
        let (app, store) = try Fixtures.app(items: [standup])
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-30")
        app.send(.submit, .edit, .pick("o"))
        #expect(app.calendar.flow.form?.recurrenceID != nil)
        return (app, store)
    }

    let monday = Fixtures.date("2026-11-30 09:00")

    func series(_ store: SQLiteStore) throws -> Item {
        try #require(try store.item(id: Fixtures.id(40)))
    }

    @Test("the occurrence's title changed elsewhere, its place in the form: both are kept")
    func mergesOccurrenceFields() throws {
        let (app, store) = try formOpen()
        try store.changeOccurrence(
            of: Fixtures.id(40),
            to: RecurrenceOverride(recurrenceID: monday, start: monday, end: monday.addingTimeInterval(900),
                                   title: "Standup with the boss"))
        app.send(.nextField, .nextField, .nextField, .cursorEnd)
        app.type(", room 2")
        app.send(.save)
        #expect(app.mode == .calendar)
        let override = try #require(try series(store).overrides.first)
        #expect(override.title == "Standup with the boss")
        #expect(override.place == "Office, room 2")
        #expect(override.start == monday)
    }

    @Test("the series' title changed elsewhere: an occurrence saved without a title of its own follows it")
    func followsSeriesTitle() throws {
        let (app, store) = try formOpen()
        var changed = try series(store)
        changed.title = "Daily sync"
        try store.save(changed)
        app.send(.nextField, .nextField, .nextField, .cursorEnd)
        app.type(", room 2")
        app.send(.save)
        let override = try #require(try series(store).overrides.first)
        #expect(override.title == nil)
        #expect(try series(store).title == "Daily sync")
    }

    @Test("both changed the occurrence's title: the save asks; t leaves theirs")
    func asksOnSameOccurrenceField() throws {
        let (app, store) = try formOpen()
        try store.changeOccurrence(
            of: Fixtures.id(40),
            to: RecurrenceOverride(recurrenceID: monday, start: monday, end: monday.addingTimeInterval(900),
                                   title: "Standup with the boss"))
        let theirs = try series(store)
        app.send(.cursorEnd)
        app.type(" (short)")
        app.send(.save)
        #expect(app.mode == .choice)
        #expect(app.screen(100, 24).contains("Title"))
        app.send(.pick("t"))
        #expect(app.mode == .calendar)
        #expect(try series(store) == theirs)
    }

    @Test("the occurrence deleted elsewhere: the save asks; k brings it back with the change")
    func occurrenceDeletedElsewhere() throws {
        let (app, store) = try formOpen()
        try store.deleteOccurrence(of: Fixtures.id(40), recurrenceID: monday)
        app.send(.cursorEnd)
        app.type(" (short)")
        app.send(.save)
        #expect(app.mode == .choice)
        #expect(app.screen(100, 24).contains("deleted elsewhere"))
        #expect(try series(store).exceptionDates == [monday])
        app.send(.pick("k"))
        let stored = try series(store)
        #expect(stored.exceptionDates.isEmpty)
        #expect(stored.overrides.first?.title == "Standup (short)")
    }

    @Test("the whole series deleted elsewhere: the save asks rather than write into History")
    func seriesDeletedElsewhere() throws {
        let (app, store) = try formOpen()
        try store.delete(id: Fixtures.id(40))
        app.send(.cursorEnd)
        app.type(" (short)")
        app.send(.save)
        #expect(app.mode == .choice)
        app.send(.pick("t"))
        #expect(try series(store).overrides.isEmpty)
        #expect(try series(store).status == .deleted)
    }
}
