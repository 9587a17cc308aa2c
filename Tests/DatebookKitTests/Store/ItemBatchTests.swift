import Foundation
import Testing

@testable import DatebookKit

/// The one way items are written: `ItemBatch`, reached through `ItemWriter`.
@Suite("Item batches")
struct ItemBatchTests {
    // MARK: - Upsert by UID

    @Test("an upsert by UID adds a series with its changed instance, and a second one replaces it in place")
    func upsertByUIDWithOverrides() throws {
        let store = try CalendarFixtures.store(zone: "UTC")
        let uid = "standup@example.com"
        let start = Fixture.utc("2026-11-23 09:00")
        var series = Item(
            id: Fixture.id(99), kind: .event, title: "Stand-up",
            times: [ItemTime(start: start, end: start.addingTimeInterval(900))], repeatRule: "FREQ=DAILY;COUNT=5",
            created: Fixture.now, timeZone: .utc)
        let tuesday = start.addingTimeInterval(86_400)
        series.overrides = [
            RecurrenceOverride(
                recurrenceID: tuesday, start: tuesday.addingTimeInterval(3600),
                end: tuesday.addingTimeInterval(4500), title: "Stand-up, later")
        ]

        let first = try store.writeItems { batch in try batch.upsert(series, uid: uid) }
        #expect(!first.isStored)
        let stored = try #require(try store.item(id: first.id))
        #expect(stored.icalendarUID == uid)
        #expect(stored.overrides.map(\.title) == ["Stand-up, later"])
        var week = try store.occurrences(from: start, to: start.addingTimeInterval(7 * 86_400))
        #expect(week.map(\.title) == ["Stand-up", "Stand-up, later", "Stand-up", "Stand-up", "Stand-up"])

        // The same UID again (as a sync would bring it): Tuesday back as it was, Thursday cancelled.
        var changed = series
        changed.id = Fixture.id(100)
        changed.title = "Daily stand-up"
        changed.overrides = [.cancelled(start.addingTimeInterval(3 * 86_400))]
        let second = try store.writeItems { batch in try batch.upsert(changed, uid: uid) }
        #expect(second.id == first.id)
        #expect(second.isStored)
        #expect(try store.activeCount() == 1)
        let replaced = try #require(try store.item(id: first.id))
        #expect(replaced.title == "Daily stand-up")
        #expect(replaced.overrides.count == 1 && replaced.overrides[0].isCancelled)
        week = try store.occurrences(from: start, to: start.addingTimeInterval(7 * 86_400))
        #expect(week.map(\.start) == [0, 1, 2, 4].map { start.addingTimeInterval(Double($0) * 86_400) })
        #expect(Set(week.map(\.title)) == ["Daily stand-up"])
    }

    @Test("an upsert keeps the VTIMEZONE of a zone the system does not know, and expands the series in it")
    func upsertKeepsZoneDefinition() throws {
        let store = try CalendarFixtures.store(zone: "UTC")
        let tzid = "Datebook Test Standard Time"
        let definition = [
            "BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "TZNAME:DTST", "END:STANDARD", "END:VTIMEZONE",
        ].joined(separator: "\r\n")
        // 10:00 at +03:00 is 07:00 UTC.
        let start = Fixture.utc("2026-11-23 07:00")
        let series = Item(
            id: Fixture.id(1), kind: .event, title: "Call",
            times: [ItemTime(start: start, end: start.addingTimeInterval(1800))], repeatRule: "FREQ=WEEKLY;COUNT=3",
            created: Fixture.now, timeZone: .named(tzid))
        let (before, after) = try store.writeItems { batch in
            let before = batch.storedZoneDefinitions[tzid]
            try batch.upsert(series, uid: "call@example.com", zoneDefinition: definition)
            return (before, batch.storedZoneDefinitions[tzid])
        }
        #expect(before == nil)
        #expect(after == definition)
        #expect(try store.storedZoneDefinitions()[tzid] == definition)
        let instances = try store.occurrences(from: start, to: start.addingTimeInterval(30 * 86_400))
        #expect(instances.map(\.start) == [0, 7, 14].map { start.addingTimeInterval(Double($0) * 86_400) })
    }

    @Test("a batch that meets an invalid item writes nothing of the batch")
    func invalidItemRollsBack() throws {
        let store = try CalendarFixtures.store()
        var issues: [ValidationIssue] = []
        do {
            try store.writeItems { batch in
                try batch.write(Fixture.event(1, "Fine", at: "2026-11-23 10:00"))
                try batch.write(Fixture.event(2, "  ", at: "2026-11-23 11:00"))
            }
        } catch {
            if case let .invalid(found) = error { issues = found }
        }
        #expect(issues.map(\.field) == [ItemField.title])
        #expect(try store.activeCount() == 0)
    }

    @Test("a new UID that is a Datebook id no item has stays the id; any other UID gets a new id")
    func newIdentities() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        let free = Fixture.id(42).lowercasedText
        let (kept, given, stored) = try store.writeItems { batch in
            (
                try batch.newIdentity(forUID: free), try batch.newIdentity(forUID: "meeting@example.com"),
                try batch.identity(ofUID: "meeting@example.com")
            )
        }
        #expect(kept.id == Fixture.id(42))
        #expect(given.id == Fixture.id(1))
        #expect(stored == nil)
    }

    // MARK: - The importer writes through the writer it is handed

    @Test("an import reaches the database only through the ItemWriter it is given, in one bulk batch")
    func importerWritesThroughItsWriter() throws {
        let store = try CalendarFixtures.store()
        let writer = RecordingWriter(store)
        let importer = ICalendarImporter(writer: writer)
        // All the importer holds is the writer: no store, no database of its own to run SQL on.
        let held = Mirror(reflecting: importer).children.map { $0.value }
        #expect(held.count == 1)
        #expect(held.first as? RecordingWriter === writer)

        let report = try importer.importFile(atPath: CalendarFixtures.path("google-calendar-export.ics"))
        #expect(report.added > 0)
        #expect(writer.batches == [.bulk])
        #expect(try store.activeCount() + store.historyCount() == report.added)

        // Importing again updates through the same door, adding nothing.
        let again = try importer.importFile(atPath: CalendarFixtures.path("google-calendar-export.ics"))
        #expect(again.added == 0 && again.updated == report.added)
        #expect(writer.batches == [.bulk, .bulk])
    }
}

/// An `ItemWriter` that hands its batches on to a store and notes each one: standing in the
/// importer's way, it sees every write the importer makes.
final class RecordingWriter: ItemWriter {
    let store: SQLiteStore
    private(set) var batches: [ItemBatch.Size] = []

    init(_ store: SQLiteStore) {
        self.store = store
    }

    func writeItems<T>(_ size: ItemBatch.Size, _ body: (ItemBatch) throws -> T) throws(StoreError) -> T {
        batches.append(size)
        return try store.writeItems(size, body)
    }
}
