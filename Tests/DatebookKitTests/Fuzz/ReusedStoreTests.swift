import Foundation
import Testing

@testable import DatebookFuzzTargets

/// The ids the fuzz targets' store gives: made from the input's hash and a count, so an input
/// runs the same in a campaign and in `replay`, and never an id the input itself names.
@Suite struct ReusedStoreTests {
    @Test("an id is 5EED, 40 bits of the input's hash and the count, as a version 4 UUID's text")
    func idLayout() {
        let hashes: [UInt64] = [0, 0xFFFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF, inputHash(Array("BEGIN".utf8))]
        for h in hashes {
            for n: UInt64 in [1, 2, 0xABC, 0xFFFF_FFFF_FFFF] {
                let text = String(
                    format: "5EED%04llX-%04llX-4%03llX-8%03llX-%012llX", h >> 48, (h >> 32) & 0xFFFF,
                    (h >> 20) & 0xFFF, (h >> 8) & 0xFFF, n)
                #expect(ReusedStore.id(number: n, inputHash: h).uuidString == text)
            }
        }
    }

    @Test("each input's ids count from 1 again, and two inputs' ids differ")
    func idsPerInput() throws {
        let reused = ReusedStore(now: Date(timeIntervalSince1970: 1_796_000_000), timeZone: .gmt)
        func twoIDs(_ input: String) throws -> [UUID] {
            let store = reused.fresh(for: Array(input.utf8))
            return try (0..<2).map { _ in
                let item = store.newItem(kind: .task, title: "x")
                try store.save(item)
                return item.id
            }
        }
        let first = try twoIDs("one")
        #expect(first.map { $0.uuidString.suffix(12) } == ["000000000001", "000000000002"])
        #expect(try twoIDs("one") == first)
        let other = try twoIDs("two")
        #expect(other != first)
        #expect(other.map { $0.uuidString.suffix(12) } == ["000000000001", "000000000002"])
    }
}
