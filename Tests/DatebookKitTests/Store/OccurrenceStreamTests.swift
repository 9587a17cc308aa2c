import Foundation
import Testing

@testable import DatebookKit

/// The stream a read hands its occurrences through: rows wait the widest UTC offset behind
/// the walk, and what waits is merged with what comes in.
@Suite("The occurrence stream")
struct OccurrenceStreamTests {
    @Test("titles sort by their UTF-8 bytes, as SQLite sorts them, not canonically")
    func titlesSortByTheirBytes() {
        let decomposed = "Cafe\u{301}"  // e and a combining acute: the same text as "Café" to String
        let composed = "Café"
        #expect(OccurrenceStream.titleOrder(decomposed, composed) < 0)  // 0x65 before 0xC3
        #expect(OccurrenceStream.titleOrder(composed, decomposed) > 0)
        #expect(OccurrenceStream.titleOrder("Cafe", decomposed) < 0)  // a start sorts first
        #expect(OccurrenceStream.titleOrder(composed, String(composed)) == 0)
        #expect(OccurrenceStream.titleOrder("", "") == 0)
        let long = String(repeating: "会", count: 30_000)
        #expect(OccurrenceStream.titleOrder(long + "a", long + "b") < 0)
        let start = Fixture.utc("2026-11-22 09:00")
        let a = Occurrence(itemID: Fixture.id(2), kind: .event, title: decomposed, start: start, end: start)
        let b = Occurrence(itemID: Fixture.id(1), kind: .event, title: composed, start: start, end: start)
        #expect(OccurrenceStream.sortsBefore(a, b))
        #expect(!OccurrenceStream.sortsBefore(b, a))
    }

    @Test("many rows within the hours rows wait are merged a bounded number of times, and come out in order")
    func denseHoursStayLinear() throws {
        // 200,000 rows a tenth of a second apart: 5.6 hours, all within the 14 hours a row
        // waits (200 series repeating every second, kept, look like this to the stream).
        let count = 200_000
        let lower = 1_796_083_200.0
        let slack = WallClock.widestOffset
        var out: [Double] = []
        var stream = OccurrenceStream(
            lower: lower, upper: lower + 86_400, offsets: OffsetTable(timeZone: TimeZone(identifier: "UTC")!,
                                                                     from: lower - slack, to: lower + 86_400 + slack),
            live: [], uids: nil, body: { out.append($0.start.unixSeconds) })
        for index in 0..<count {
            let start = lower + Double(index) / 10
            try stream.passing(start - slack)
            stream.add(
                start: start, end: start + 1, key: start, flags: [], rowID: Int64(index % 200 + 1),
                title: "tick \(index % 200)", place: "", uid: UUID())
        }
        try stream.finish()
        #expect(out.count == count)
        #expect(zip(out, out.dropFirst()).allSatisfy { $0 <= $1 })
        // Each hand-on waits for as many new rows as wait: every row is moved a few times at
        // most. (A hand-on every 2,048 rows moved all that waited each time: 50 a row here.)
        #expect(stream.moved <= 3 * count, "\(stream.moved) rows moved for \(count)")
    }
}
