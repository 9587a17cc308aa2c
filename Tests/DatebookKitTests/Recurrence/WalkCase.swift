import Foundation
import Testing

@testable import DatebookKit

/// A walk of a rule, as the tests that compare the iterator's own walks (stepped, hopping)
/// with libical's draw them.
struct WalkCase: CustomTestStringConvertible {
    var rule: String
    var start: Double
    var zone: ItemTimeZone
    var skippingTo: Double?
    var budget: Int
    var includingStart: Bool
    var isDate = false
    var testDescription: String {
        "\(rule) from \(start)\(isDate ? " (a date)" : "") in \(zone), skipping to \(skippingTo.map { "\($0)" } ?? "-")"
    }

    /// The starts of the walk (at most `limit`), whether it stopped on its budget, and the work
    /// it charged; nil when the rule is refused or unreadable. `own: false` has libical walk
    /// every step.
    func walk(own: Bool, budget: Int? = nil, limit: Int) -> (starts: [Double], onBudget: Bool, work: Int)? {
        guard
            let iterator = try? RecurrenceIterator(
                rule: rule, start: start, isDate: isDate, zone: zone, zoneDefinition: nil, skippingTo: skippingTo,
                workBudget: budget ?? self.budget, includingStart: includingStart, stepping: own)
        else { return nil }
        var starts: [Double] = []
        while starts.count < limit, let start = iterator.next() { starts.append(start) }
        return (starts, iterator.stoppedOnBudget, iterator.work)
    }
}
