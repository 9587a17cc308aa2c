import Foundation
import Testing

@testable import DatebookKit

/// Many changed instances of a series are set at once (`Item.setOverrides`), as setting each
/// in turn would set them, in one pass: one at a time, each copied all the overrides before it
/// (finding 44).
@Suite("Setting many changed instances")
struct SetOverridesTests {
    @Test("setting them at once gives what setting each in turn gives", arguments: 0..<60)
    func sameAsOneAtATime(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) + 9_000)
        let base = Fixture.utc("2026-11-23 09:00")
        func change(_ hour: Int) -> RecurrenceOverride {
            // Now and then a few tenths of a second off: still the same instance.
            let offset = Int.random(in: 0..<5, using: &random) == 0 ? Double.random(in: -0.4...0.4, using: &random) : 0
            let id = base.addingTimeInterval(Double(hour) * 3_600 + offset)
            return RecurrenceOverride(
                recurrenceID: id, start: id.addingTimeInterval(600), end: id.addingTimeInterval(4_200),
                title: "change \(Int.random(in: 0..<1_000, using: &random))")
        }
        var item = Fixture.event(1, "Standup", at: "2026-11-23 09:00")
        item.repeatRule = "FREQ=HOURLY"
        item.overrides = (0..<Int.random(in: 0..<20, using: &random)).map { _ in change(Int.random(in: 0..<40, using: &random)) }
            .sorted { $0.recurrenceID < $1.recurrenceID }
        let changes = (0..<Int.random(in: 0..<60, using: &random)).map { _ in change(Int.random(in: 0..<40, using: &random)) }
        var oneAtATime = item
        for change in changes { oneAtATime.setOverride(change) }
        var atOnce = item
        atOnce.setOverrides(changes)
        #expect(atOnce.overrides == oneAtATime.overrides)
    }
}
