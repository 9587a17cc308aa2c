import Foundation
import Testing

@testable import DatebookKit

@Suite("Dates in imported JSON")
struct ImportDateTests {
    static let berlin = WallClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    @Test("the forms read", arguments: [
        ("20261123T100000Z", "2026-11-23T10:00:00Z"), ("2026-11-23T10:00:00Z", "2026-11-23T10:00:00Z"),
        ("2026-11-23T10:00:00+01:00", "2026-11-23T09:00:00Z"), ("2026-11-23T10:00:00-0530", "2026-11-23T15:30:00Z"),
        ("2026-11-23T10:00:00.250Z", "2026-11-23T10:00:00Z"), ("2026-11-23T10:00", "2026-11-23T09:00:00Z"),
        ("2026-11-23T10:00:00", "2026-11-23T09:00:00Z"), ("2026-07-01T10:00:00", "2026-07-01T08:00:00Z"),
        ("2026-11-23", "2026-11-22T23:00:00Z"), ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
    ])
    func reads(text: String, instant: String) throws {
        #expect(try ImportDate.parse(text).date(floatingIn: Self.berlin) == ImportFixtures.utc(instant))
    }

    @Test("what is not a date is refused", arguments: [
        "", "tomorrow", "2026-13-01", "2026-02-29", "2026-11-23T25:00:00", "2026-11-23T10:00:00Zjunk",
        "20261123T10", "2026-11-23T10:00:00+1", "２０２６-11-23",
    ])
    func refuses(text: String) {
        #expect(throws: RecordProblem.self) { try ImportDate.parse(text) }
    }

    @Test("days are all-day, times are not; an offset is kept")
    func kinds() throws {
        #expect(try ImportDate.parse("2026-11-23").isDay)
        #expect(try ImportDate.parse("2026-11-23T10:00:00").offset == nil)
        #expect(try ImportDate.parse("2026-11-23T10:00:00+02:00").offset == 7200)
        #expect(ImportDate.utcText(ImportFixtures.utc("2026-11-23T05:54:33Z")) == "2026-11-23 05:54 UTC")
        #expect(ImportDate.utcText(ImportFixtures.utc("1969-12-31T23:59:59Z")) == "1969-12-31 23:59 UTC")
    }
}
