import Foundation
import Testing

@testable import DatebookKit

/// Saving, reading and moving items between the Events list and History.
@Suite struct SQLiteStoreItemTests {
    let clock = ManualClock()
    let store: SQLiteStore

    init() throws {
        store = try SQLiteStore.inMemory(clock: clock.clock, ids: .sequential())
    }

    // MARK: - Saving

    @Test func savedItemReadsBackWithEveryField() throws {
        var item = store.newItem(kind: .task, title: "Dentist ☕ 会议")
        #expect(item.id == Fixture.id(1))
        item.times = [
            ItemTime(start: Fixture.utc("2026-11-23 10:00"), end: Fixture.utc("2026-11-23 11:00")),
            ItemTime(start: Fixture.utc("2026-11-25 10:00")),
        ]
        item.allDay = true
        item.place = "Clinic, 2nd floor"
        item.notes = "Bring the card\nand the form"
        item.due = Fixture.utc("2026-11-30 17:00")
        item.priority = 3
        item.alarms = [Alarm(minutesBefore: 15, sound: "bell"), Alarm(at: Date(timeIntervalSince1970: 1_800_000_000))]
        item.repeatRule = "FREQ=WEEKLY;BYDAY=MO"
        item.attachments = ["/home/ana/photo.jpg", "/tmp/form.pdf"]
        item.category = "Health"

        let saved = try store.save(item)

        #expect(saved.created == Fixture.now)
        #expect(saved.updated == Fixture.now)
        var expected = item
        expected.created = Fixture.now
        expected.updated = Fixture.now
        #expect(saved == expected)
        #expect(try store.item(id: item.id) == saved)
        #expect(try store.activeCount() == 1)
        #expect(try store.historyCount() == 0)
    }

    @Test func alarmWithoutSoundAndEmptyFieldsReadBack() throws {
        var item = Fixture.task(7, "Plain")
        item.alarms = [Alarm(minutesBefore: 0)]
        let saved = try store.save(item)
        #expect(try store.item(id: Fixture.id(7)) == saved)
        #expect(saved.alarms == [Alarm(minutesBefore: 0, sound: nil)])
        #expect(saved.times.isEmpty && saved.attachments.isEmpty && saved.due == nil)
    }

    @Test func updateKeepsCreatedStampsUpdatedAndReplacesChildren() throws {
        var item = Fixture.event(1, "Standup", at: "2026-11-23 09:00")
        item.attachments = ["a.txt", "b.txt"]
        try store.save(item)

        clock.advance(by: 3600)
        item.title = "Standup (moved)"
        item.created = Fixture.utc("2000-01-01 00:00")  // ignored: the stored one stays
        item.times = [ItemTime(start: Fixture.utc("2026-11-24 09:30"), end: Fixture.utc("2026-11-24 09:45"))]
        item.attachments = ["c.txt"]
        let saved = try store.save(item)

        #expect(saved.created == Fixture.now)
        #expect(saved.updated == Fixture.now.addingTimeInterval(3600))
        let read = try #require(try store.item(id: item.id))
        #expect(read == saved)
        #expect(read.title == "Standup (moved)")
        #expect(read.times == item.times)
        #expect(read.attachments == ["c.txt"])
        #expect(try store.activeCount() == 1)
    }

    @Test func datesWithFractionsOfSecondsReadBackEqual() throws {
        let fractional = ManualClock(Date(timeIntervalSinceReferenceDate: 815_000_000.123_456_789))
        let store = try SQLiteStore.inMemory(clock: fractional.clock, ids: .sequential())
        var item = store.newItem(kind: .event, title: "Precise")
        let start = Date(timeIntervalSinceReferenceDate: 815_003_600.987_654_321)
        item.times = [ItemTime(start: start, end: start.addingTimeInterval(0.5))]
        let saved = try store.save(item)
        #expect(try store.item(id: item.id) == saved)
        #expect(abs(saved.times[0].start.timeIntervalSince(start)) < 1e-6)
    }

    @Test func missingItemIsNil() throws {
        #expect(try store.item(id: Fixture.id(42)) == nil)
        #expect(try store.activeIndex(of: Fixture.id(42)) == nil)
        #expect(try store.historyIndex(of: Fixture.id(42)) == nil)
    }

    // MARK: - Validation

    @Test(arguments: [
        (Item(id: Fixture.id(1), kind: .task, title: "   ", created: Fixture.now), ItemField.title),
        (
            Item(
                id: Fixture.id(1), kind: .event, title: "Backwards",
                times: [ItemTime(start: Fixture.utc("2026-11-23 10:00"), end: Fixture.utc("2026-11-23 09:00"))],
                created: Fixture.now), .end
        ),
        (Item(id: Fixture.id(1), kind: .event, title: "No start", created: Fixture.now), .start),
        (Item(id: Fixture.id(1), kind: .task, title: "Too important", priority: 10, created: Fixture.now), .priority),
    ])
    func invalidItemIsRefusedWithNothingWritten(item: Item, field: ItemField) throws {
        let error = storeError { () throws(StoreError) in try store.save(item) }
        guard case let .invalid(issues)? = error else {
            Issue.record("expected .invalid, got \(String(describing: error))")
            return
        }
        #expect(issues == item.validate())
        #expect(issues.contains { $0.field == field })
        #expect(try store.item(id: item.id) == nil)
        #expect(try store.activeCount() == 0)
    }

    @Test func invalidEditLeavesTheStoredItemAsItWas() throws {
        let saved = try store.save(Fixture.event(1, "Kept", at: "2026-11-23 09:00"))
        var broken = saved
        broken.title = ""
        broken.times = []
        #expect(throws: StoreError.invalid(broken.validate())) { try store.save(broken) }
        #expect(try store.item(id: saved.id) == saved)
    }

    @Test func bulkInsertWithOneInvalidItemWritesNothing() throws {
        let items = [
            Fixture.task(1, "Fine"),
            Fixture.task(2, ""),
            Fixture.task(3, "Also fine"),
        ]
        #expect(throws: StoreError.invalid(items[1].validate())) { try store.insert(contentsOf: items) }
        #expect(try store.activeCount() == 0)
    }

    @Test func bulkInsertKeepsItemsAsGivenAndReplacesById() throws {
        var first = Fixture.task(1, "First", due: "2026-12-01 10:00", created: Fixture.utc("2025-01-01 00:00"))
        first.updated = Fixture.utc("2025-06-01 00:00")
        first.attachments = ["x"]
        try store.insert(contentsOf: [first, Fixture.task(2, "Second")])
        #expect(try store.item(id: first.id) == first)

        first.title = "First again"
        first.attachments = []
        try store.insert(contentsOf: [first])
        #expect(try store.item(id: first.id) == first)
        #expect(try store.activeCount() == 2)
    }

    // MARK: - Status changes

    @Test func completeMovesTheItemToHistoryAndReopenBringsItBack() throws {
        let item = try store.save(Fixture.event(1, "Call", at: "2026-11-23 09:00"))
        clock.advance(by: 60)

        try store.complete(id: item.id)

        let completed = try #require(try store.item(id: item.id))
        #expect(completed.status == .completed)
        #expect(completed.statusChangedAt == Fixture.now.addingTimeInterval(60))
        #expect(completed.updated == Fixture.now.addingTimeInterval(60))
        #expect(completed.created == item.created)
        #expect(try store.activeCount() == 0)
        #expect(try store.activeItems(offset: 0, limit: 10).isEmpty)
        #expect(try store.historyItems(offset: 0, limit: 10) == [completed])
        #expect(try store.historyIndex(of: item.id) == 0)
        #expect(try store.activeIndex(of: item.id) == nil)

        clock.advance(by: 60)
        try store.reopen(id: item.id)

        let reopened = try #require(try store.item(id: item.id))
        #expect(reopened.status == .active)
        #expect(reopened.statusChangedAt == Fixture.now.addingTimeInterval(120))
        #expect(try store.activeItems(offset: 0, limit: 10) == [reopened])
        #expect(try store.historyCount() == 0)
        #expect(try store.historyIndex(of: item.id) == nil)
        #expect(try store.activeIndex(of: item.id) == 0)
    }

    @Test func deleteMovesTheItemToHistoryAsNotCompleted() throws {
        let item = try store.save(Fixture.task(1, "Old idea"))
        clock.advance(by: 5)

        try store.delete(id: item.id)

        let deleted = try #require(try store.item(id: item.id))
        #expect(deleted.status == .deleted)
        #expect(deleted.statusChangedAt == Fixture.now.addingTimeInterval(5))
        #expect(try store.historyItems(offset: 0, limit: 10) == [deleted])
        #expect(try store.activeCount() == 0)

        try store.reopen(id: item.id)
        #expect(try store.item(id: item.id)?.status == .active)
    }

    @Test func completedItemCanBeDeletedAndDeletedOneCompleted() throws {
        let item = try store.save(Fixture.task(1, "Either way"))
        try store.complete(id: item.id)
        clock.advance(by: 1)
        try store.delete(id: item.id)
        #expect(try store.item(id: item.id)?.status == .deleted)
        clock.advance(by: 1)
        try store.complete(id: item.id)
        #expect(try store.item(id: item.id)?.status == .completed)
        #expect(try store.item(id: item.id)?.statusChangedAt == Fixture.now.addingTimeInterval(2))
    }

    @Test func repeatingAStatusChangeLeavesTheItemAlone() throws {
        let item = try store.save(Fixture.task(1, "Once"))
        try store.complete(id: item.id)
        let first = try #require(try store.item(id: item.id))
        clock.advance(by: 100)
        try store.complete(id: item.id)
        #expect(try store.item(id: item.id) == first)
        try store.reopen(id: item.id)
        let reopened = try store.item(id: item.id)
        clock.advance(by: 100)
        try store.reopen(id: item.id)
        #expect(try store.item(id: item.id) == reopened)
    }

    @Test func statusChangesOfAMissingItemAreNotFound() {
        let missing = Fixture.id(99)
        #expect(throws: StoreError.notFound(missing)) { try store.complete(id: missing) }
        #expect(throws: StoreError.notFound(missing)) { try store.delete(id: missing) }
        #expect(throws: StoreError.notFound(missing)) { try store.reopen(id: missing) }
    }

    @Test func savingAHistoryItemWithoutAChangeTimeGivesItOne() throws {
        var item = Fixture.task(1, "Imported as done")
        item.status = .completed
        let saved = try store.save(item)
        #expect(saved.statusChangedAt == Fixture.now)
        #expect(try store.historyItems(offset: 0, limit: 1) == [saved])
    }

    // MARK: - Order

    @Test func eventsListSortsByStartThenDueThenTitleWithUndatedLast() throws {
        let items = [
            Fixture.task(1, "zeta undated"),
            Fixture.task(2, "Alpha undated"),
            Fixture.task(3, "task due early", due: "2026-11-23 08:00"),
            Fixture.event(4, "event at nine", at: "2026-11-23 09:00"),
            Fixture.task(5, "task due late", due: "2026-12-24 18:00"),
            Fixture.event(6, "b same time", at: "2026-11-23 09:00"),
            Fixture.event(7, "A same time", at: "2026-11-23 09:00"),
            Item(
                id: Fixture.id(8), kind: .task, title: "task with a start before its due",
                times: [ItemTime(start: Fixture.utc("2026-11-22 12:00"))], due: Fixture.utc("2027-01-01 00:00"),
                created: Fixture.now),
            Item(
                id: Fixture.id(9), kind: .reminder, title: "reminder by due", due: Fixture.utc("2026-11-23 08:30"),
                created: Fixture.now),
        ]
        for item in items { try store.save(item) }

        let titles = try store.activeItems(offset: 0, limit: 100).map(\.title)

        #expect(
            titles == [
                "task with a start before its due",
                "task due early",
                "reminder by due",
                "A same time",
                "b same time",
                "event at nine",
                "task due late",
                "Alpha undated",
                "zeta undated",
            ])
        for (index, title) in titles.enumerated() {
            let id = try #require(items.first { $0.title == title }?.id)
            #expect(try store.activeIndex(of: id) == index)
        }
    }

    @Test func equalTitlesAndDatesFallBackToTheId() throws {
        for n in [5, 3, 4] {
            try store.save(Fixture.event(n, "Same", at: "2026-11-23 09:00"))
        }
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.id) == [3, 4, 5].map(Fixture.id))
        #expect(try store.activeIndex(of: Fixture.id(5)) == 2)
    }

    @Test func historyShowsTheNewestChangeFirst() throws {
        for n in 1...4 {
            try store.save(Fixture.task(n, "Task \(n)"))
        }
        try store.complete(id: Fixture.id(2))
        clock.advance(by: 10)
        try store.delete(id: Fixture.id(4))
        clock.advance(by: 10)
        try store.complete(id: Fixture.id(1))
        try store.complete(id: Fixture.id(3))  // same moment as 1: the id breaks the tie

        let history = try store.historyItems(offset: 0, limit: 10)

        #expect(history.map(\.id) == [1, 3, 4, 2].map(Fixture.id))
        #expect(history.map(\.status) == [.completed, .completed, .deleted, .completed])
        for (index, item) in history.enumerated() {
            #expect(try store.historyIndex(of: item.id) == index)
        }
        #expect(try store.historyItems(offset: 1, limit: 2).map(\.id) == [3, 4].map(Fixture.id))
    }

    @Test func emptyAndOutOfRangeWindows() throws {
        try store.save(Fixture.task(1, "Only"))
        #expect(try store.activeItems(offset: 0, limit: 0).isEmpty)
        #expect(try store.activeItems(offset: 5, limit: 10).isEmpty)
        #expect(try store.activeItems(offset: -3, limit: 10).count == 1)
        #expect(try store.historyItems(offset: 0, limit: -1).isEmpty)
    }
}
