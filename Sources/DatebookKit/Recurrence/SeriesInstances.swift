import Foundation

/// The instances of a series the store keeps in `occurrence`, and its item row's series
/// columns.
///
/// Rule instances are kept up to a horizon (400 days ahead, see `SQLiteStore.recurrenceHorizon`;
/// eight weeks for an import until a read asks further, `SQLiteStore.importHorizon`), or all of
/// them when the rule ends before it; RDATEs and overrides are always kept whole. A range of the
/// calendar past the horizon expands the rest live (`live(_:after:from:to:)`).
struct SeriesInstances: Sendable {
    var instances: [SeriesInstance]
    var row: SeriesRow
    /// The work the walk of the rule spent (see `KeptRowBudget.takeWork`).
    var workSpent = 0

    /// The most rule instances kept for one series; a rule that gives more (every minute for
    /// years) keeps the rest for live expansion. (A series stopped here, or on the work budget,
    /// is marked `keepsNoMore` and not expanded again: raising either needs a migration that
    /// clears `keeps_no_more`, so that such series are kept further.)
    static let maximumKept = 5_000

    /// `expanded_until` of a series whose instances are all kept.
    static let complete = Double.greatestFiniteMagnitude
    /// `expanded_until` of a series of which nothing is kept, not even its RDATEs and changed
    /// instances (the v4 migration's mark, until the series is written again). A series that
    /// begins past the horizon keeps those, and says the horizon.
    static let nothingKept = -1e300

    // MARK: - Expanding

    /// Expands `definition` up to `horizon` (stored seconds of an original start), keeping at
    /// most `maximumKept` rule instances (less in a batch of many dense series, see
    /// `KeptRowBudget`).
    ///
    /// `keptFrom` (stored seconds) keeps the rule instances of a series that began before it
    /// from there on, and the one just before it when the walk passes it: the years between
    /// DTSTART and then are expanded live by the reads that look there (`row.keptFrom`). A
    /// weekly series from 2000 keeps a few dozen rows instead of 1,400, which every extension
    /// of the horizon would write again (finding 57). A series with EXRULEs, or whose rule
    /// gives nothing from `keptFrom` on, is kept from DTSTART.
    init(
        _ definition: SeriesDefinition, horizon: Double, maximumKept: Int = Self.maximumKept,
        workBudget: Int = RecurrenceBound.maximumWork, keptFrom: Double? = nil
    ) {
        if let keptFrom, definition.rule != nil, definition.start < keptFrom, definition.exceptionRules.isEmpty,
            let windowed = Self(
                definition, horizon: horizon, maximumKept: maximumKept, workBudget: workBudget, window: keptFrom)
        {
            self = windowed
        } else {
            self = Self(definition, horizon: horizon, maximumKept: maximumKept, workBudget: workBudget, window: nil)!
        }
    }

    /// The expansion of `init(_:horizon:maximumKept:workBudget:keptFrom:)`, from DTSTART when
    /// `window` is nil; nil when a window is given and the rule gives no instance to keep.
    private init?(
        _ definition: SeriesDefinition, horizon: Double, maximumKept: Int, workBudget: Int, window: Double?
    ) {
        var starts: [Double] = []
        // The last rule instance before the window, kept as its first row.
        var lastBefore: Double? = nil
        var expandedUntil = Self.complete
        var lastEnd: Double? = nil
        var knowsLastEnd = true
        // The walk stopped at the horizon (not at the most kept, the budget or an EXRULE):
        // a later horizon keeps more.
        var stoppedAtHorizon = false
        var spent = 0
        if let rule = definition.rule,
            let iterator = try? RecurrenceIterator(
                rule: rule, start: definition.start, isDate: definition.isDate, zone: definition.zone,
                zoneDefinition: definition.zoneDefinition, skippingTo: window, workBudget: workBudget)
        {
            defer { spent = iterator.work }
            while let start = iterator.next() {
                if let window {
                    if start < window {
                        lastBefore = start
                        continue
                    }
                    if starts.isEmpty, let before = lastBefore.take() { starts.append(before) }
                }
                if start >= horizon || starts.count >= maximumKept {
                    expandedUntil = start >= horizon ? horizon : (starts.last ?? definition.start) + 1
                    stoppedAtHorizon = start >= horizon
                    // How far the series goes: a COUNT is walked to its end (within the
                    // iterator's work budget), an UNTIL bounds it.
                    if iterator.isUnbounded || iterator.cannotReachCount {
                        knowsLastEnd = false
                    } else if iterator.hasCount {
                        var last = start
                        while let next = iterator.next() {
                            last = next
                        }
                        if iterator.stoppedOnBudget {
                            knowsLastEnd = false
                        } else {
                            lastEnd = last + definition.duration
                        }
                    } else if let until = iterator.until {
                        lastEnd = until + definition.duration
                    }
                    break
                }
                starts.append(start)
            }
            if iterator.stoppedOnBudget && expandedUntil == Self.complete {
                // The budget ran out before the horizon: the rest is expanded live, and the
                // series' end is not known.
                expandedUntil = (starts.last ?? definition.start) + 1
                knowsLastEnd = false
            }
        } else if window != nil {
            return nil
        } else {
            // No rule, or one libical cannot read: DTSTART and the RDATEs alone.
            starts = definition.startIsInstance ? [definition.start] : []
        }
        var keptFrom: Double? = nil
        if window != nil {
            if starts.isEmpty, let lastBefore {
                // The walk ended (or ran out of work) before the window: its last instance.
                starts = [lastBefore]
                if expandedUntil != Self.complete { expandedUntil = lastBefore + 1 }
            }
            guard let first = starts.first else { return nil }
            keptFrom = first
        }
        // RDATEs: all of them, once each.
        if !definition.recurrenceDates.isEmpty {
            starts = Array(Set(starts).union(definition.recurrenceDates)).sorted()
        }
        // EXRULEs, walked beside the starts; past what they can judge, nothing is kept.
        let exceptionRules = ExceptionRuleWalk(definition)
        if !exceptionRules.isEmpty {
            if let last = starts.firstIndex(where: exceptionRules.cannotJudge) {
                starts.removeSubrange(last...)
                expandedUntil = min(expandedUntil, (starts.last ?? definition.start) + 1)
                knowsLastEnd = false
                stoppedAtHorizon = false
            }
            starts.removeAll(where: exceptionRules.excludes)
        }
        var instances: [SeriesInstance] = []
        instances.reserveCapacity(starts.count + definition.overrides.count)
        for start in starts where definition.overrides[start] == nil && !definition.isExcluded(start) {
            instances.append(definition.instance(at: start))
        }
        for (recurrenceID, override) in definition.overrides
        where !override.isCancelled && !definition.isExcluded(recurrenceID) {
            instances.append(
                SeriesInstance(recurrenceID: recurrenceID, start: override.start, end: override.end, isChanged: true))
        }
        let first = min(definition.start, instances.map(\.start).min() ?? definition.start)
        let longest = max(definition.duration, instances.map { $0.end - $0.start }.max() ?? 0)
        let keptEnd = max(definition.start + definition.duration, instances.map(\.end).max() ?? 0)
        let end: Double?
        if expandedUntil == Self.complete {
            end = keptEnd
        } else if knowsLastEnd, let lastEnd {
            end = max(lastEnd, keptEnd)
        } else {
            end = nil
        }
        self.instances = instances
        workSpent = spent
        row = SeriesRow(
            start: first, end: end, span: longest, expandedUntil: expandedUntil,
            keepsNoMore: expandedUntil != Self.complete && !stoppedAtHorizon, keptFrom: keptFrom)
    }

    /// The first rule instance past `expandedUntil` that has not ended at `from` (stored
    /// seconds), however far ahead: the one the Events list shows for a series whose kept
    /// instances are all over. Nil when the rule gives none (within the iterator's budget).
    static func firstLive(_ definition: SeriesDefinition, after expandedUntil: Double, endingAfter from: Double)
        -> SeriesInstance?
    {
        guard let rule = definition.rule,
            let iterator = try? RecurrenceIterator(
                rule: rule, start: definition.start, isDate: definition.isDate, zone: definition.zone,
                zoneDefinition: definition.zoneDefinition,
                skippingTo: max(expandedUntil, from - definition.duration))
        else { return nil }
        while let start = iterator.next() {
            guard start >= expandedUntil, start + max(definition.duration, 0) >= from,
                !definition.exceptionDates.contains(start), definition.overrides[start] == nil
            else { continue }
            return SeriesInstance(recurrenceID: start, start: start, end: start + definition.duration, isChanged: false)
        }
        return nil
    }

    /// The rule instances past `expandedUntil` that overlap `[from, to)`, all in stored seconds:
    /// what a range of the calendar past the kept instances needs.
    ///
    /// `stoppedAt` is set when the walk ran out of its work budget (`workBudget`, units of
    /// `RecurrenceBound`) before `to`: the start it had reached, past which instances are
    /// missing. `work` is what the walk spent of it.
    ///
    /// `keptFrom` (a series' `SeriesRow.keptFrom`) asks instead for the rule instances whose
    /// original start lies before it, the ones a series kept from then on leaves to reads
    /// (pass `-infinity` for `expandedUntil`). RDATEs and changed instances are kept whole, so
    /// they never come from here but for a series that keeps nothing.
    static func live(
        _ definition: SeriesDefinition, after expandedUntil: Double, before keptFrom: Double = .infinity,
        from: Double, to: Double, workBudget: Int = RecurrenceBound.maximumWork
    ) -> (instances: [SeriesInstance], stoppedAt: Double?, work: Int) {
        guard let rule = definition.rule,
            let iterator = try? RecurrenceIterator(
                rule: rule, start: definition.start, isDate: definition.isDate, zone: definition.zone,
                zoneDefinition: definition.zoneDefinition,
                skippingTo: max(expandedUntil, from - Self.lookBack(definition)), workBudget: workBudget)
        else { return ([], nil, 0) }
        var result: [SeriesInstance] = []
        if expandedUntil <= Self.nothingKept, keptFrom == .infinity {
            // Nothing of the series is kept: its changed instances come from here too.
            for (recurrenceID, override) in definition.overrides
            where !override.isCancelled && override.start < to && (override.end > from || override.start >= from)
                && !definition.isExcluded(recurrenceID)
            {
                result.append(
                    SeriesInstance(recurrenceID: recurrenceID, start: override.start, end: override.end, isChanged: true))
            }
        }
        let exceptionRules = ExceptionRuleWalk(definition, skippingTo: max(expandedUntil, from - Self.lookBack(definition)))
        // The iterator's work budget bounds this walk, however far `from` lies.
        var reached = max(expandedUntil, definition.start)
        var stoppedOnBudget = false
        // A rule instance that is also an RDATE is kept as the RDATE (when anything is kept).
        let recurrenceDates =
            expandedUntil > Self.nothingKept || keptFrom < .infinity ? Set(definition.recurrenceDates) : []
        let end = min(keptFrom, to + max(0, -(definition.ranges.map(\.shift).min() ?? 0)))
        while let start = iterator.next(), start < end {
            if exceptionRules.cannotJudge(start) {
                stoppedOnBudget = true
                break
            }
            reached = start
            guard start >= expandedUntil, definition.overrides[start] == nil, !definition.isExcluded(start),
                !recurrenceDates.contains(start), !exceptionRules.excludes(start)
            else { continue }
            let instance = definition.instance(at: start)
            guard instance.start < to, instance.end > from || instance.start >= from else { continue }
            result.append(instance)
        }
        return (result, iterator.stoppedOnBudget || stoppedOnBudget ? reached : nil, iterator.work)
    }

    /// How long before a range an original start may lie and its instance still overlap the
    /// range: the longest instance, moved as far ahead as a RANGE=THISANDFUTURE change moves one.
    private static func lookBack(_ definition: SeriesDefinition) -> Double {
        definition.ranges.reduce(max(definition.duration, 0)) { longest, range in
            max(longest, range.shift + range.duration, range.duration)
        }
    }
}
