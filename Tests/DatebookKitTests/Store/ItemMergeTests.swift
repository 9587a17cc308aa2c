import Foundation
import Testing

@testable import DatebookKit

/// The three-way merge rule, on plain values: what an edit changed wins, what only the other
/// side changed stays, and a field both changed differently is a conflict.
@Suite struct ItemMergeTests {
    let base: Item = {
        var item = Fixture.event(1, "Dentist", at: "2026-11-23 09:30")
        item.place = "Main St 4"
        item.notes = "Bring the card"
        item.category = "Health"
        return item
    }()

    @Test func fieldsChangedOnOneSideEachAreMerged() {
        var mine = base
        mine.title = "Dentist check-up"
        var theirs = base
        theirs.notes = "Bring the card and the form"
        theirs.updated = Fixture.now.addingTimeInterval(60)

        let result = ItemMerge.merge(base: base, mine: mine, theirs: theirs)

        #expect(result.conflicts.isEmpty)
        #expect(result.keptFromTheirs == [.notes])
        var expected = theirs
        expected.title = "Dentist check-up"
        #expect(result.item == expected)
    }

    @Test func bothChangingAFieldDifferentlyIsAConflictAndMineIsInTheResult() {
        var mine = base
        mine.title = "Dentist check-up"
        mine.place = "Elm St 9"
        var theirs = base
        theirs.title = "Dentist (moved)"
        theirs.place = "Elm St 9"

        let result = ItemMerge.merge(base: base, mine: mine, theirs: theirs)

        #expect(result.conflicts == [.title])
        #expect(result.item.title == "Dentist check-up")
        #expect(result.item.place == "Elm St 9")
    }

    @Test func bothMakingTheSameChangeIsNoConflict() {
        var mine = base
        mine.times = [ItemTime(start: Fixture.utc("2026-11-24 09:30"), end: Fixture.utc("2026-11-24 10:30"))]
        let theirs = mine

        let result = ItemMerge.merge(base: base, mine: mine, theirs: theirs)

        #expect(result.conflicts.isEmpty)
        #expect(result.item.times == mine.times)
    }

    @Test func theStoredItemsIdentityAndStatusAreNeverTheEdits() {
        var mine = base
        mine.title = "Dentist check-up"
        mine.created = Fixture.utc("2000-01-01 00:00")
        var theirs = base
        theirs.status = .completed
        theirs.statusChangedAt = Fixture.now

        let result = ItemMerge.merge(base: base, mine: mine, theirs: theirs)

        #expect(result.item.status == .completed)
        #expect(result.item.statusChangedAt == Fixture.now)
        #expect(result.item.created == base.created)
    }

    @Test func changesToSingleOccurrencesMergeAsOneField() {
        var series = base
        series.repeatRule = "FREQ=WEEKLY"
        var mine = series
        mine.title = "Weekly dentist"
        var theirs = series
        theirs.exceptionDates = [Fixture.utc("2026-11-30 09:30")]

        let result = ItemMerge.merge(base: series, mine: mine, theirs: theirs)

        #expect(result.conflicts.isEmpty)
        #expect(result.item.exceptionDates == theirs.exceptionDates)
        #expect(result.item.title == "Weekly dentist")
    }

    @Test func changesAreAppliedOntoTheBaseFieldByField() {
        // As a form reads its texts: the end loses its seconds, the attachment its spaces.
        var base = self.base
        base.times = [ItemTime(start: Fixture.utc("2026-11-23 09:30"), end: Fixture.utc("2026-11-23 10:30").addingTimeInterval(17))]
        base.attachments = ["/home/ana/a;b.pdf"]
        var opened = base
        opened.times = [ItemTime(start: Fixture.utc("2026-11-23 09:30"), end: Fixture.utc("2026-11-23 10:30"))]
        opened.attachments = ["/home/ana/a", "b.pdf"]
        var now = opened
        now.title = "Dentist check-up"

        let mine = ItemMerge.applyingChanges(from: opened, to: now, onto: base)

        var expected = base
        expected.title = "Dentist check-up"
        #expect(mine == expected)
    }

    @Test func aChangedDateTakesItsAllDayFlagAndZoneWithIt() {
        // A task stored due at a time of day in UTC, its due date changed in a form that reads
        // a date-only due date as all day and floating: the four go together.
        let base = Fixture.task(2, "Pay rent", due: "2026-11-30 00:00")
        var opened = base
        opened.allDay = true
        opened.timeZone = .floating
        var now = opened
        now.due = Fixture.utc("2026-12-01 00:00")

        let mine = ItemMerge.applyingChanges(from: opened, to: now, onto: base)

        #expect(mine == now)
        #expect(ItemMerge.applyingChanges(from: opened, to: opened, onto: base) == base)
    }

    // MARK: - One occurrence

    let monday = Fixture.utc("2026-11-30 09:30")

    func occurrence(title: String = "Dentist", place: String = "Main St 4", start: String = "2026-11-30 09:30")
        -> RecurrenceOverride
    {
        let begin = Fixture.utc(start)
        return RecurrenceOverride(
            recurrenceID: monday, start: begin, end: begin.addingTimeInterval(3600), title: title, place: place,
            notes: "")
    }

    @Test func occurrenceValuesMergeOneByOne() {
        let result = ItemMerge.merge(
            occurrence: occurrence(), mine: occurrence(place: "Elm St 9"), theirs: occurrence(start: "2026-11-30 11:00"))

        #expect(result.conflicts.isEmpty)
        #expect(result.keptFromTheirs == [.times])
        #expect(result.shown == occurrence(place: "Elm St 9", start: "2026-11-30 11:00"))
    }

    @Test func occurrenceValueChangedByBothIsAConflict() {
        let result = ItemMerge.merge(
            occurrence: occurrence(), mine: occurrence(title: "Mine"), theirs: occurrence(title: "Theirs"))

        #expect(result.conflicts == [.title])
        #expect(result.shown.title == "Mine")
    }

    @Test func anOverrideKeepsOnlyWhatDiffersFromItsSeries() {
        let shown = occurrence(place: "Elm St 9").shown(in: base)
        let own = shown.own(in: base)
        #expect(own.title == nil)
        #expect(own.place == "Elm St 9")
        #expect(own.notes == "")
        #expect(own.shown(in: base) == shown)
    }
}
