import Foundation
import Testing

@testable import DatebookKit

/// The stream a read hands its occurrences through: rows wait the widest UTC offset behind
/// the walk, and what waits is merged with what comes in.
@Suite("The occurrence stream")
struct OccurrenceStreamTests {
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
