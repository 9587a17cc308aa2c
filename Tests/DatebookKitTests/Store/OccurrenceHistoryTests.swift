import Foundation
import Synchronization
import Testing

@testable import DatebookKit

/// One occurrence completed or deleted while its series goes on is a row of History, among the
/// items completed or deleted whole, newest first; restoring it gives the instance back with
/// its own changes, and a row the series no longer bears out goes.
@Suite("Occurrences in History")
struct OccurrenceHistoryTests {
    /// A store whose clock a test moves on.
    final class Moment: Sendable {
        let now = Mutex(Fixture.now)
        func advance(minutes: Double) { now.withLock { $0 = $0.addingTimeInterval(minutes * 60) } }
    }

    static func store() throws -> (SQLiteStore, Moment) {
        let moment = Moment()
        let store = try SQLiteStore.inMemory(
            clock: Clock { moment.now.withLock { $0 } }, timeZone: TimeZone(identifier: "UTC")!)
        return (store, moment)
    }

    /// A weekday standup from Monday 23 November 2026, 09:00-09:15.
    static func standup(_ store: SQLiteStore) throws -> Item {
        let start = Fixture.utc("2026-11-23 09:00")
        return try store.save(Item(
            id: Fixture.id(1), kind: .event, title: "Standup",
            times: [ItemTime(start: start, end: start.addingTimeInterval(900))], place: "Room 1",
            repeatRule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
            created: Fixture.now))
    }

    static let tuesday = Fixture.utc("2026-11-24 09:00")
    static let wednesday = Fixture.utc("2026-11-25 09:00")

    @Test("a deleted and a completed occurrence are History's rows, newest first among the items")
    func rowsAmongItems() throws {
        let (store, moment) = try Self.store()
        let series = try Self.standup(store)
        try store.save(Fixture.task(2, "Buy milk"))
        moment.advance(minutes: 1)
        try store.deleteOccurrence(of: series.id, recurrenceID: Self.tuesday)
        moment.advance(minutes: 1)
        try store.complete(id: Fixture.id(2))
        moment.advance(minutes: 1)
        try store.setOccurrenceCompleted(true, of: series.id, recurrenceID: Self.wednesday)

        #expect(try store.historyEntryCount() == 3)
        #expect(try store.historyCount() == 1)
        let entries = try store.historyEntries(offset: 0, limit: 10)
        #expect(entries.map(\.item.title) == ["Standup", "Buy milk", "Standup"])
        let completed = try #require(entries[0].occurrence)
        #expect(completed.status == .completed)
        #expect(completed.start == Self.wednesday)
        #expect(completed.end == Self.wednesday.addingTimeInterval(900))
        #expect(completed.place == "Room 1")
        #expect(entries[2].occurrence?.status == .deleted)
        #expect(entries[2].occurrence?.recurrenceID == Self.tuesday)
        // Windows and positions agree with the whole list.
        #expect(try store.historyEntries(offset: 1, limit: 2) == Array(entries[1...2]))
        for (index, entry) in entries.enumerated() {
            #expect(try store.historyEntryIndex(of: entry.key) == index)
        }
        #expect(try store.historyEntryIndex(of: HistoryKey(itemID: series.id, recurrenceID: Self.tuesday.addingTimeInterval(86_400 * 7))) == nil)
    }

    @Test("restoring a deleted occurrence gives back its own changes; a completed one is not completed any more")
    func restores() throws {
        let (store, moment) = try Self.store()
        let series = try Self.standup(store)
        let moved = RecurrenceOverride(
            recurrenceID: Self.tuesday, start: Self.tuesday.addingTimeInterval(3600),
            end: Self.tuesday.addingTimeInterval(4500), title: "Standup with Ana", notes: "Bring the plan")
        try store.changeOccurrence(of: series.id, to: moved)
        moment.advance(minutes: 1)
        let deleted = try store.deleteOccurrence(of: series.id, recurrenceID: Self.tuesday)
        #expect(deleted.overrides.isEmpty)
        let entry = try #require(try store.historyEntries(offset: 0, limit: 10).first?.occurrence)
        #expect(entry.title == "Standup with Ana")
        #expect(entry.start == Self.tuesday.addingTimeInterval(3600))

        let restored = try store.restoreOccurrence(of: series.id, recurrenceID: Self.tuesday)
        #expect(restored.exceptionDates.isEmpty)
        #expect(restored.overrides == [moved])
        let tuesday = try store.occurrences(from: Self.tuesday, to: Self.wednesday).map(\.title)
        #expect(tuesday == ["Standup with Ana"])
        #expect(try store.historyEntryCount() == 0)

        try store.setOccurrenceCompleted(true, of: series.id, recurrenceID: Self.wednesday)
        #expect(try store.historyEntryCount() == 1)
        let reopened = try store.restoreOccurrence(of: series.id, recurrenceID: Self.wednesday)
        #expect(reopened.overrides == [moved])
        #expect(try store.historyEntryCount() == 0)
        // A second restore finds nothing to restore.
        #expect(throws: StoreError.self) { try store.restoreOccurrence(of: series.id, recurrenceID: Self.wednesday) }
    }

    @Test("a row goes when the series no longer says so, and hides while the series is in History")
    func followsTheSeries() throws {
        let (store, moment) = try Self.store()
        var series = try Self.standup(store)
        try store.deleteOccurrence(of: series.id, recurrenceID: Self.tuesday)
        try store.setOccurrenceCompleted(true, of: series.id, recurrenceID: Self.wednesday)
        #expect(try store.historyEntryCount() == 2)
        // Set back to not completed where it shows (the calendar): its row goes.
        try store.setOccurrenceCompleted(false, of: series.id, recurrenceID: Self.wednesday)
        #expect(try store.historyEntries(offset: 0, limit: 10).compactMap(\.occurrence?.recurrenceID) == [Self.tuesday])
        // The whole series deleted: it is History's row, its occurrence hides; back, it shows.
        moment.advance(minutes: 1)
        try store.delete(id: series.id)
        #expect(try store.historyEntries(offset: 0, limit: 10).map(\.occurrence) == [nil])
        try store.reopen(id: series.id)
        #expect(try store.historyEntryCount() == 1)
        // An edit of the whole series that takes the EXDATE away (a sync, an import) drops it.
        series = try #require(try store.item(id: series.id))
        series.exceptionDates = []
        try store.save(series)
        #expect(try store.historyEntryCount() == 0)
        #expect(try store.historyEntries(offset: 0, limit: 10).isEmpty)
    }

    @Test("a series written with an occurrence newly deleted or completed (a sync, an import) puts it in History")
    func learnsFromAWrite() throws {
        let (store, moment) = try Self.store()
        var series = try Self.standup(store)
        moment.advance(minutes: 2)
        let completedThere = moment.now.withLock { $0 }
        moment.advance(minutes: 3)
        let written = moment.now.withLock { $0 }
        // Another device deleted Tuesday's, one sixteen months ahead (past the rows the store keeps,
        // found by walking the rule) and completed Wednesday's; and EXDATEs of times the series
        // never had (a Saturday), which are no occurrences anyone deleted.
        let ahead = Fixture.utc("2028-03-14 09:00")
        series.exceptionDates = [Self.tuesday, Fixture.utc("2026-11-24 10:30"), ahead, Fixture.utc("2028-03-18 09:00")]
        series.setInstanceCompleted(completedThere, recurrenceID: Self.wednesday)
        try store.save(series)
        let rows = try store.historyEntries(offset: 0, limit: 10).compactMap(\.occurrence)
        // The completed one at the time it was completed there; the deleted ones say no time,
        // and are at the write's.
        #expect(rows.first { $0.recurrenceID == Self.wednesday }?.at == completedThere)
        #expect(rows.filter { $0.status == .deleted }.allSatisfy { $0.at == written })
        #expect(rows.map(\.recurrenceID).sorted() == [Self.tuesday, Self.wednesday, ahead])
        let deleted = try #require(rows.first { $0.recurrenceID == Self.tuesday })
        #expect(deleted.status == .deleted)
        #expect(deleted.title == "Standup")
        #expect(deleted.place == "Room 1")
        #expect(deleted.end == Self.tuesday.addingTimeInterval(900))
        #expect(rows.first { $0.recurrenceID == Self.wednesday }?.status == .completed)
        // Written again as it is: nothing new. Then restored here: the row goes.
        moment.advance(minutes: 5)
        try store.save(series)
        #expect(try store.historyEntryCount() == 3)
        try store.restoreOccurrence(of: series.id, recurrenceID: Self.tuesday)
        #expect(try store.historyEntries(offset: 0, limit: 10).compactMap(\.occurrence?.recurrenceID).sorted() == [Self.wednesday, ahead])
    }

    @Test("importing a series again with an EXDATE more puts that occurrence in History; a new one's do not")
    func learnsFromAnImport() throws {
        let (store, _) = try Self.store()
        func file(_ extra: [String]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:walk@example.com",
              "DTSTAMP:20261101T000000Z", "DTSTART:20261123T070000Z", "DURATION:PT30M", "RRULE:FREQ=DAILY",
              "SUMMARY:Walk", "LOCATION:Park"] + extra + ["END:VEVENT",
              "BEGIN:VEVENT", "UID:swim@example.com", "DTSTAMP:20261101T000000Z", "DTSTART:20261123T180000Z",
              "RRULE:FREQ=WEEKLY", "EXDATE:20261130T180000Z", "SUMMARY:Swim", "END:VEVENT", "END:VCALENDAR"])
                .joined(separator: "\r\n") + "\r\n"
        }
        _ = try CalendarFixtures.importText(file([]), into: store)
        // The swim's EXDATE came with it: nothing was deleted here.
        #expect(try store.historyEntryCount() == 0)
        _ = try CalendarFixtures.importText(file(["EXDATE:20261125T070000Z"]), into: store)
        let rows = try store.historyEntries(offset: 0, limit: 10).compactMap(\.occurrence)
        #expect(rows.map(\.recurrenceID) == [Fixture.utc("2026-11-25 07:00")])
        #expect(rows.first?.title == "Walk")
        #expect(rows.first?.place == "Park")
        #expect(rows.first?.status == .deleted)
        // The file without it again: the occurrence is back, and so is History as it was.
        _ = try CalendarFixtures.importText(file([]), into: store)
        #expect(try store.historyEntryCount() == 0)
    }

    @Test("a write with thousands of EXDATEs more, past the kept rows or no instance at all, over thousands already there, stays bounded")
    func manyMarksAtOnce() throws {
        let (store, _) = try Self.store()
        let start = Fixture.utc("2026-11-23 07:00")
        // Every minute, 20,000 minutes already taken out (stored as a file gave them).
        var series = Item(
            id: Fixture.id(3), kind: .event, title: "Tick",
            times: [ItemTime(start: start, end: start.addingTimeInterval(30))], repeatRule: "FREQ=MINUTELY",
            created: Fixture.now)
        series.exceptionDates = (0..<20_000).map { start.addingTimeInterval(Double(3 * $0 + 1) * 60) }
        series = try store.save(series)
        #expect(try store.historyEntryCount() == 0)
        // 10,000 minutes from 2028 on (far past the rows kept), and beside each a time half a
        // minute later, which the series never had.
        let first = Fixture.utc("2028-01-01 07:00")
        let minutes = (0..<10_000).map { first.addingTimeInterval(Double($0) * 60) }
        series.exceptionDates += minutes + minutes.map { $0.addingTimeInterval(30) }
        let (_, seconds) = try ThreadCPU.measure { try store.save(series) }
        #expect(seconds < 3, "\(seconds) s of CPU")
        let recorded = try store.historyEntries(offset: 0, limit: 20_000).compactMap(\.occurrence?.recurrenceID)
        #expect(Set(recorded).isSubset(of: Set(minutes)))
        #expect(try store.historyEntryCount() == recorded.count)
    }
}
