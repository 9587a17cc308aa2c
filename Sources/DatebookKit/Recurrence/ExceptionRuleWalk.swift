import Foundation

/// The starts a series' exception rules (EXRULE) take out, asked in increasing order.
///
/// Each rule is walked by its own `RecurrenceIterator` beside the series' rule, so it is
/// bounded the same way: a rule `RecurrenceBound` refuses is not applied (the import said so),
/// and one whose walk runs out of its work budget leaves the instances after the last start it
/// reached unjudged (`judgedUntil`): the caller keeps none of them rather than show instances
/// an exception rule might take out.
final class ExceptionRuleWalk {
    private var walks: [(iterator: RecurrenceIterator, next: Double?)] = []
    /// Past this start, the walks cannot tell (one ran out of its budget); nil while they can.
    private(set) var judgedUntil: Double?

    /// Walks of `definition`'s exception rules; `skippingTo` as `RecurrenceIterator` takes it.
    init(_ definition: SeriesDefinition, skippingTo: Double? = nil) {
        for rule in definition.exceptionRules {
            guard
                let iterator = try? RecurrenceIterator(
                    rule: rule, start: definition.start, isDate: definition.isDate, zone: definition.zone,
                    zoneDefinition: definition.zoneDefinition, skippingTo: skippingTo, includingStart: false)
            else { continue }
            walks.append((iterator, nil))
            advance(walks.count - 1)
        }
    }

    /// True when the series has no exception rule to apply.
    var isEmpty: Bool { walks.isEmpty }

    /// True when an exception rule gives `start`. Starts must be asked in increasing order.
    func excludes(_ start: Double) -> Bool {
        var excluded = false
        for index in walks.indices {
            while let next = walks[index].next, next < start {
                advance(index)
            }
            if walks[index].next == start {
                excluded = true
            }
        }
        return excluded
    }

    /// True when `start` lies past what the walks could judge.
    func cannotJudge(_ start: Double) -> Bool {
        judgedUntil.map { start > $0 } ?? false
    }

    private func advance(_ index: Int) {
        let iterator = walks[index].iterator
        let previous = walks[index].next
        walks[index].next = iterator.next()
        if walks[index].next == nil && iterator.stoppedOnBudget {
            let reached = previous ?? -Double.infinity
            judgedUntil = min(judgedUntil ?? reached, reached)
        }
    }
}
