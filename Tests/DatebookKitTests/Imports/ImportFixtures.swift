import Foundation

@testable import DatebookKit

/// The JSON files under Fixtures/Imports/, and imports of them into a store.
enum ImportFixtures {
    static func path(_ name: String) -> String {
        CalendarFixtures.path("Imports/\(name)")
    }

    /// Imports a fixture into `store`, in the format its content shows unless one is named.
    @discardableResult
    static func importFixture(_ name: String, into store: SQLiteStore, format: ImportFormat? = nil) throws
        -> FileImporter.Result
    {
        try FileImporter(writer: store).importFile(atPath: path(name), format: format)
    }

    /// Imports JSON text into `store`.
    @discardableResult
    static func importText(_ text: String, into store: SQLiteStore, format: ImportFormat? = nil) throws
        -> FileImporter.Result
    {
        try FileImporter(writer: store).importData(Data(text.utf8), format: format)
    }

    /// Every item of a store, active and in History, by title.
    static func byTitle(_ store: SQLiteStore) throws -> [String: Item] {
        let all = try store.activeItems(offset: 0, limit: .max) + store.historyItems(offset: 0, limit: .max)
        return Dictionary(all.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// How many items the store holds, active and in History.
    static func count(_ store: SQLiteStore) throws -> Int {
        try store.activeItems(offset: 0, limit: .max).count + store.historyItems(offset: 0, limit: .max).count
    }

    /// The instant of a UTC time written `2026-11-25T18:00:00Z`.
    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
