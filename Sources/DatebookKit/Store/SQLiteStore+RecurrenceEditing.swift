import Foundation
import GRDB

/// One instance of a series changed, removed or split off, each in one transaction that
/// rewrites the series and its kept instances.
extension SQLiteStore: RecurrenceEditing {
    // MARK: - One instance

    @discardableResult
    public func deleteOccurrence(of id: UUID, recurrenceID: Date) throws(StoreError) -> Item {
        try changeSeries(id) { item in
            let instant = recurrenceID.storedForm
            item.overrides.removeAll { Self.same($0.recurrenceID, instant) }
            if !item.exceptionDates.contains(where: { Self.same($0, instant) }) {
                item.exceptionDates.append(instant)
                item.exceptionDates.sort()
            }
        }
    }

    @discardableResult
    public func changeOccurrence(of id: UUID, to change: RecurrenceOverride) throws(StoreError) -> Item {
        try changeSeries(id) { item in
            item.overrides.removeAll { Self.same($0.recurrenceID, change.recurrenceID) }
            item.exceptionDates.removeAll { Self.same($0, change.recurrenceID) }
            item.overrides.append(change)
            item.overrides.sort { $0.recurrenceID < $1.recurrenceID }
        }
    }

    // MARK: - This and following

    @discardableResult
    public func splitSeries(_ id: UUID, at recurrenceID: Date) throws(StoreError) -> SeriesSplit {
        let now = clock.now().storedForm
        let newID = ids.next()
        let coding = storedTime
        let horizon = recurrenceHorizon
        return try write { db in
            var item = try Self.series(id, db, coding: coding)
            let zone = item.timeZone
            let isDate = item.allDay && zone == .floating
            let splitAt = coding.seconds(recurrenceID, zone)
            let definition = SeriesDefinition(item, coding: coding)
            // How many rule instances come before the split.
            var before = 0
            if let rule = item.repeatRule,
                let iterator = try? RecurrenceIterator(
                    rule: rule, start: definition.start, isDate: isDate, zone: zone, zoneDefinition: nil)
            {
                while let start = iterator.next(), start < splitAt - 0.5 {
                    before += 1
                }
                if iterator.stoppedOnBudget {
                    throw StoreError.invalid([
                        ValidationIssue(
                            field: .repeatRule,
                            message: "The series cannot be split this far from its start: counting its times "
                                + "would take too long")
                    ])
                }
            }
            let datesBefore = item.recurrenceDates.filter { coding.seconds($0, zone) < splitAt - 0.5 }
            guard before > 0 || !datesBefore.isEmpty else {
                return SeriesSplit(ended: nil, following: item)
            }

            var following = item
            following.id = newID
            following.icalUID = nil
            following.created = now
            following.updated = now
            let length = (item.end ?? item.start).map { end in end.timeIntervalSince(item.start ?? end) } ?? 0
            let start = coding.date(splitAt, zone)
            following.times = [ItemTime(start: start, end: item.end == nil ? nil : start.addingTimeInterval(length))]
                + Array(item.times.dropFirst())
            func isFollowing(_ date: Date) -> Bool { coding.seconds(date, zone) >= splitAt - 0.5 }
            following.recurrenceDates = item.recurrenceDates.filter(isFollowing)
            following.exceptionDates = item.exceptionDates.filter(isFollowing)
            following.overrides = item.overrides.filter { isFollowing($0.recurrenceID) }
            item.recurrenceDates = datesBefore
            item.exceptionDates.removeAll(where: isFollowing)
            item.overrides.removeAll { isFollowing($0.recurrenceID) }
            item.updated = now

            if let rule = item.repeatRule {
                if let count = RecurrenceRule.count(of: rule) {
                    item.repeatRule = RecurrenceRule.changingEnd(
                        of: rule, until: nil, count: before, isDate: isDate, zone: zone)
                    following.repeatRule = RecurrenceRule.changingEnd(
                        of: rule, until: nil, count: max(1, count - before), isDate: isDate, zone: zone)
                } else {
                    let until = isDate ? splitAt - 86_400 : splitAt - 1
                    item.repeatRule = RecurrenceRule.changingEnd(
                        of: rule, until: until, count: nil, isDate: isDate, zone: zone)
                }
                if before == 0 {
                    // Only RDATEs came before: the ended series is made of them alone.
                    item.repeatRule = nil
                }
            }
            for changed in [item, following] {
                let issues = changed.validate()
                if !issues.isEmpty { throw StoreError.invalid(issues) }
            }
            let writer = try ItemRowWriter(db, times: coding)
            try writer.write(item.storedForm, horizon: horizon)
            try writer.write(following.storedForm, horizon: horizon)
            return SeriesSplit(ended: item.storedForm, following: following.storedForm)
        }
    }

    // MARK: - Keeping instances ahead

    /// Expands again, in one transaction, every series whose kept instances end less than
    /// `margin` before the horizon (400 days ahead of now), and returns how many.
    ///
    /// Instances are kept up to a horizon fixed when a series is written; as time passes, the
    /// weeks just past it are expanded live, which is correct but slower. Run this now and then
    /// (the planner may at startup, `datebook import` does after importing); it costs one
    /// indexed query when nothing needs it.
    @discardableResult
    public func extendRecurrenceHorizon(margin: TimeInterval = 30 * 86_400) throws(StoreError) -> Int {
        let coding = storedTime
        let horizon = recurrenceHorizon
        return try write { db in
            let stale = try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM item
                    WHERE series_start IS NOT NULL AND expanded_until < ? AND status <> 'deleted'
                    """,
                arguments: [horizon - margin])
            guard !stale.isEmpty else { return 0 }
            try Self.rewrite(rowIDs: stale, db, coding: coding, horizon: horizon)
            return stale.count
        }
    }

    /// Writes the items with these row ids again as they are stored: their rows of the
    /// calendar follow what the item now says, and series are expanded up to `horizon`.
    static func rewrite(rowIDs: [Int64], _ db: Database, coding: StoredTime, horizon: Double) throws {
        let writer = try ItemRowWriter(db, times: coding)
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let items = try fetchItems(
                coding: coding, db,
                sql: "SELECT id FROM item WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(chunk))
            for item in items {
                try writer.write(item.storedForm, horizon: horizon)
            }
        }
    }

    // MARK: - Helpers

    /// Reads a series, changes it and writes it back, stamped and validated.
    private func changeSeries(_ id: UUID, _ change: @escaping (inout Item) -> Void) throws(StoreError) -> Item {
        let now = clock.now().storedForm
        let coding = storedTime
        let horizon = recurrenceHorizon
        return try write { db in
            var item = try Self.series(id, db, coding: coding)
            change(&item)
            item.updated = now
            let issues = item.validate()
            if !issues.isEmpty { throw StoreError.invalid(issues) }
            let stored = item.storedForm
            try ItemRowWriter(db, times: coding).write(stored, horizon: horizon)
            return stored
        }
    }

    /// The recurring item with this id.
    private static func series(_ id: UUID, _ db: Database, coding: StoredTime) throws -> Item {
        guard
            let item = try fetchItems(
                coding: coding, db, sql: "SELECT id FROM item WHERE uid = ?", arguments: [id.uuidString.lowercased()]
            ).first
        else { throw StoreError.notFound(id) }
        guard item.isRecurring else {
            throw StoreError.invalid([ValidationIssue(field: .repeatRule, message: "“\(item.title)” does not repeat")])
        }
        return item
    }

    /// True when two recurrence IDs name the same instance (they may differ by rounding).
    static func same(_ a: Date, _ b: Date) -> Bool {
        abs(a.timeIntervalSince(b)) < 0.5
    }
}
