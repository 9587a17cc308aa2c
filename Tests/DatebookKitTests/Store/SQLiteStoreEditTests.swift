import Foundation
import Testing

@testable import DatebookKit

/// Saving an edit into an item changed elsewhere since the edit began: two stores open on one
/// file, as two Datebooks are, each writing through its own connection.
@Suite struct SQLiteStoreEditTests {
    let folder = Fixture.makeFolder()
    let clock = ManualClock()
    /// The instance whose form is open.
    let mine: SQLiteStore
    /// Another instance on the same file.
    let other: SQLiteStore
    let base: Item

    init() throws {
        let path = (folder as NSString).appendingPathComponent("datebook.sqlite")
        mine = try SQLiteStore(path: path, clock: clock.clock, ids: IDSource { Fixture.id(100) })
        other = try SQLiteStore(path: path, clock: clock.clock, ids: IDSource { Fixture.id(200) })
        var dentist = Fixture.event(1, "Dentist", at: "2026-11-23 09:30")
        dentist.place = "Main St 4"
        base = try mine.save(dentist)
        clock.advance(by: 60)
    }

    func removeFolder() { Fixture.removeFolder(folder) }

    /// Changes the stored item through the other instance.
    func changeElsewhere(_ change: (inout Item) -> Void) throws {
        var item = try #require(try other.item(id: base.id))
        change(&item)
        try other.save(item)
    }

    func edit(_ change: (inout Item) -> Void) -> ItemEdit {
        var edited = base
        change(&edited)
        return ItemEdit(base: base, mine: edited)
    }

    func conflict(_ body: () throws(StoreError) -> Void) -> ItemConflict? {
        if case let .conflict(conflict)? = storeError(body) { return conflict }
        return nil
    }

    // MARK: - An item

    @Test func anEditOfAnUnchangedItemIsWrittenAsGiven() throws {
        defer { removeFolder() }
        let saved = try mine.save(edit { $0.title = "Dentist check-up" })
        var expected = base
        expected.title = "Dentist check-up"
        expected.updated = clock.now
        #expect(saved == expected)
        #expect(try other.item(id: base.id) == expected)
    }

    @Test func aFieldChangedElsewhereIsKeptBesideTheEdit() throws {
        defer { removeFolder() }
        try changeElsewhere { $0.notes = "Bring the card" }
        let saved = try mine.save(edit { $0.title = "Dentist check-up" })
        #expect(saved.title == "Dentist check-up")
        #expect(saved.notes == "Bring the card")
        #expect(try other.item(id: base.id) == saved)
    }

    @Test func theSameFieldChangedOnBothSidesStopsTheSaveAndWritesNothing() throws {
        defer { removeFolder() }
        try changeElsewhere {
            $0.title = "Dentist (moved)"
            $0.notes = "Bring the card"
        }
        let theirs = try other.item(id: base.id)
        let found = conflict { () throws(StoreError) in _ = try mine.save(edit { $0.title = "Dentist check-up" }) }
        #expect(found == ItemConflict(.bothChanged([.title]), theirs: theirs))
        #expect(try mine.item(id: base.id) == theirs)
    }

    @Test func keepMineTakesTheEditWhereBothChangedAndTheirsElsewhere() throws {
        defer { removeFolder() }
        try changeElsewhere {
            $0.title = "Dentist (moved)"
            $0.notes = "Bring the card"
        }
        let saved = try mine.save(edit { $0.title = "Dentist check-up" }, resolving: .keepMine)
        #expect(saved.title == "Dentist check-up")
        #expect(saved.notes == "Bring the card")
    }

    @Test func keepBothSavesTheEditAsANewItemAndLeavesTheirs() throws {
        defer { removeFolder() }
        try changeElsewhere { $0.title = "Dentist (moved)" }
        let theirs = try other.item(id: base.id)
        let copy = try mine.save(edit { $0.title = "Dentist check-up" }, resolving: .keepBoth)
        #expect(copy.id == Fixture.id(100))
        #expect(copy.icalendarUID == Fixture.id(100).lowercasedText)
        #expect(copy.title == "Dentist check-up")
        #expect(copy.place == "Main St 4")
        #expect(copy.created == clock.now)
        #expect(try mine.item(id: base.id) == theirs)
        #expect(try mine.activeCount() == 2)
    }

    @Test func anItemDeletedElsewhereIsNeverBroughtBackUnasked() throws {
        defer { removeFolder() }
        try other.delete(id: base.id)
        let deleted = try other.item(id: base.id)
        let found = conflict { () throws(StoreError) in _ = try mine.save(edit { $0.title = "Dentist check-up" }) }
        #expect(found == ItemConflict(.deleted, theirs: deleted))
        #expect(try mine.item(id: base.id)?.status == .deleted)

        let restored = try mine.save(edit { $0.title = "Dentist check-up" }, resolving: .keepMine)
        #expect(restored.status == .active)
        #expect(restored.statusChangedAt == clock.now)
        #expect(restored.title == "Dentist check-up")
        #expect(try other.activeCount() == 1)
    }

    @Test func anItemCompletedElsewhereStopsTheSaveAndKeepMineLeavesItCompleted() throws {
        defer { removeFolder() }
        try other.complete(id: base.id)
        let found = conflict { () throws(StoreError) in _ = try mine.save(edit { $0.title = "Dentist check-up" }) }
        #expect(found?.reason == .completed)
        let saved = try mine.save(edit { $0.title = "Dentist check-up" }, resolving: .keepMine)
        #expect(saved.status == .completed)
        #expect(saved.title == "Dentist check-up")
    }

    @Test func changesThatAreValidAloneButNotTogetherStopTheSave() throws {
        defer { removeFolder() }
        var task = Fixture.task(2, "Pay rent", due: "2026-11-30 12:00")
        task = try mine.save(task)
        var noDue = task
        noDue.due = nil
        try other.save(noDue)
        var repeating = task
        repeating.repeatRule = "FREQ=MONTHLY"
        let edit = ItemEdit(base: task, mine: repeating)

        let found = conflict { () throws(StoreError) in _ = try mine.save(edit) }
        #expect(found?.fields == [.due])
        let saved = try mine.save(edit, resolving: .keepMine)
        #expect(saved.due == task.due)
        #expect(saved.repeatRule == "FREQ=MONTHLY")
    }

    // MARK: - One occurrence

    /// A weekly standup on Mondays from 23 November, saved by this instance.
    func standup() throws -> Item {
        let start = Fixture.utc("2026-11-23 09:00")
        return try mine.save(
            Item(id: Fixture.id(3), kind: .event, title: "Standup",
                 times: [ItemTime(start: start, end: start.addingTimeInterval(900))], place: "Office",
                 repeatRule: "FREQ=WEEKLY;BYDAY=MO", created: Fixture.now))
    }

    let monday = Fixture.utc("2026-11-30 09:00")

    /// The 30 November standup as a form opens it.
    func opened(_ series: Item) -> RecurrenceOverride {
        RecurrenceOverride(recurrenceID: monday, start: monday, end: monday.addingTimeInterval(900))
            .shown(in: series)
    }

    @Test func anOccurrenceEditIsMergedWithTheSameOccurrenceChangedElsewhere() throws {
        defer { removeFolder() }
        let series = try standup()
        try other.changeOccurrence(
            of: series.id,
            to: RecurrenceOverride(recurrenceID: monday, start: monday.addingTimeInterval(3600),
                                   end: monday.addingTimeInterval(4500), title: "Standup with the boss"))
        var mineShown = opened(series)
        mineShown.place = "Room 2"

        let saved = try mine.changeOccurrence(OccurrenceEdit(series: series, opened: opened(series), mine: mineShown))

        #expect(saved.overrides == [
            RecurrenceOverride(recurrenceID: monday, start: monday.addingTimeInterval(3600),
                               end: monday.addingTimeInterval(4500), title: "Standup with the boss", place: "Room 2")
        ])
    }

    @Test func anOccurrenceValueChangedOnBothSidesStopsTheSave() throws {
        defer { removeFolder() }
        let series = try standup()
        try other.changeOccurrence(
            of: series.id,
            to: RecurrenceOverride(recurrenceID: monday, start: monday, end: monday.addingTimeInterval(900),
                                   place: "Room 7"))
        var mineShown = opened(series)
        mineShown.place = "Room 2"
        let edit = OccurrenceEdit(series: series, opened: opened(series), mine: mineShown)

        let found = conflict { () throws(StoreError) in _ = try mine.changeOccurrence(edit) }
        #expect(found?.reason == .bothChanged([.place]))
        #expect(found?.recurrenceID == monday)
        #expect(try mine.item(id: series.id)?.overrides.first?.place == "Room 7")
        #expect(try mine.changeOccurrence(edit, resolving: .keepMine).overrides.first?.place == "Room 2")
    }

    @Test func anOccurrenceOfASeriesMovedElsewhereStopsTheSave() throws {
        defer { removeFolder() }
        let series = try standup()
        var moved = series
        moved.times = [ItemTime(start: Fixture.utc("2026-11-23 10:00"), end: Fixture.utc("2026-11-23 10:15"))]
        try other.save(moved)
        var mineShown = opened(series)
        mineShown.place = "Room 2"

        let found = conflict { () throws(StoreError) in
            _ = try mine.changeOccurrence(OccurrenceEdit(series: series, opened: opened(series), mine: mineShown))
        }
        #expect(found?.reason == .seriesChanged([.times]))
    }

    @Test func anOccurrenceDeletedElsewhereComesBackOnlyWhenAsked() throws {
        defer { removeFolder() }
        let series = try standup()
        try other.deleteOccurrence(of: series.id, recurrenceID: monday)
        var mineShown = opened(series)
        mineShown.title = "Short standup"
        let edit = OccurrenceEdit(series: series, opened: opened(series), mine: mineShown)

        let found = conflict { () throws(StoreError) in _ = try mine.changeOccurrence(edit) }
        #expect(found?.reason == .deleted)
        #expect(try mine.item(id: series.id)?.exceptionDates == [monday])

        let restored = try mine.changeOccurrence(edit, resolving: .keepMine)
        #expect(restored.exceptionDates.isEmpty)
        #expect(restored.overrides.map(\.title) == ["Short standup"])
    }

    @Test func aMovedOccurrenceDeletedElsewhereComesBackAtItsOwnTimes() throws {
        defer { removeFolder() }
        let later = RecurrenceOverride(
            recurrenceID: monday, start: monday.addingTimeInterval(3600), end: monday.addingTimeInterval(4500))
        let series = try mine.changeOccurrence(of: try standup().id, to: later)
        try other.deleteOccurrence(of: series.id, recurrenceID: monday)
        var mineShown = later.shown(in: series)
        mineShown.place = "Room 2"
        let edit = OccurrenceEdit(series: series, opened: later.shown(in: series), mine: mineShown)

        let restored = try mine.changeOccurrence(edit, resolving: .keepMine)

        var expected = later
        expected.place = "Room 2"
        #expect(restored.overrides == [expected])
        #expect(restored.exceptionDates.isEmpty)
    }

    @Test func anOccurrenceCompletedElsewhereStopsTheSaveAndStaysCompleted() throws {
        defer { removeFolder() }
        let series = try standup()
        try other.setOccurrenceCompleted(true, of: series.id, recurrenceID: monday)
        var mineShown = opened(series)
        mineShown.place = "Room 2"
        let edit = OccurrenceEdit(series: series, opened: opened(series), mine: mineShown)

        let found = conflict { () throws(StoreError) in _ = try mine.changeOccurrence(edit) }
        #expect(found?.reason == .completed)
        let saved = try mine.changeOccurrence(edit, resolving: .keepMine)
        #expect(saved.overrides.map(\.place) == ["Room 2"])
        #expect(saved.overrides.first?.completedAt == clock.now)
    }

    @Test func keepBothSavesAnOccurrenceAsASingleItem() throws {
        defer { removeFolder() }
        let series = try standup()
        var mineShown = opened(series)
        mineShown.title = "Short standup"
        let copy = try mine.changeOccurrence(
            OccurrenceEdit(series: series, opened: opened(series), mine: mineShown), resolving: .keepBoth)
        #expect(copy.id == Fixture.id(100))
        #expect(copy.repeatRule == nil)
        #expect(copy.title == "Short standup")
        #expect(copy.place == "Office")
        #expect(copy.times == [ItemTime(start: monday, end: monday.addingTimeInterval(900))])
        #expect(try mine.item(id: series.id) == series)
    }

    @Test func aSeriesDeletedElsewhereIsNotSplit() throws {
        defer { removeFolder() }
        let series = try standup()
        try other.delete(id: series.id)
        let found = conflict { () throws(StoreError) in _ = try mine.splitSeries(series.id, at: monday) }
        #expect(found?.reason == .deleted)
        // No second half was written, in History or in the list.
        #expect(try mine.historyCount() == 1)
        #expect(try mine.activeCount() == 1)
        #expect(try mine.item(id: series.id)?.repeatRule == series.repeatRule)
    }
}
