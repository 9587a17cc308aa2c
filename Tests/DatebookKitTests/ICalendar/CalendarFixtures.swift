import Foundation
import Testing

@testable import DatebookKit

/// The iCalendar files under Fixtures/, and stores to import them into.
enum CalendarFixtures {
    /// The path of a file in Fixtures/.
    static func path(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// Every fixture, by file name.
    static let all = [
        "rfc5545-section3.6.ics", "rfc5545-section4.ics", "google-calendar-export.ics",
        "thunderbird-lightning.ics", "apple-calendar.ics", "outlook-windows-zone.ics",
        "calcurse-4.7.1-export.ics", "khal-0.10.5-vdir.ics",
    ]

    /// A store in memory that shows times in `zone`, its clock at 2026-11-22 09:00 UTC.
    static func store(zone: String = "Europe/Berlin") throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: zone)!)
    }

    /// Imports a fixture into `store`.
    @discardableResult
    static func importFixture(_ name: String, into store: SQLiteStore) throws -> ImportReport {
        try ICalendarImporter(writer: store).importFile(atPath: path(name))
    }

    /// Imports iCalendar text into `store`.
    @discardableResult
    static func importText(_ text: String, into store: SQLiteStore) throws -> ImportReport {
        try ICalendarImporter(writer: store).importData(Data(text.utf8))
    }

    /// Every item of a store, active and in History, by iCalendar UID.
    static func items(_ store: SQLiteStore) throws -> [String: Item] {
        let all = try store.activeItems(offset: 0, limit: .max) + store.historyItems(offset: 0, limit: .max)
        return Dictionary(uniqueKeysWithValues: all.map { ($0.icalendarUID, $0) })
    }

    /// iCalendar text with CRLF line ends, from lines.
    static func calendar(_ lines: String) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Datebook tests//EN"]
            + lines.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
}
