import Foundation
import GRDB

/// One instance of a series changed, removed or split off, each in one transaction that
/// rewrites the series and its kept instances.
extension SQLiteStore: RecurrenceEditing {
    // MARK: - One instance

    @discardableResult
    public func deleteOccurrence(of id: UUID, recurrenceID: Date) throws(StoreError) -> Item {
        try changeSeries(id, recording: (.deleted, recurrenceID)) { item in
            let instant = recurrenceID.storedForm
            item.overrides.removeAll { RecurrenceOverride.sameInstance($0.recurrenceID, instant) }
            if !item.exceptionDates.contains(where: { RecurrenceOverride.sameInstance($0, instant) }) {
                item.exceptionDates.append(instant)
                item.exceptionDates.sort()
            }
        }
    }

    @discardableResult
    public func changeOccurrence(of id: UUID, to change: RecurrenceOverride) throws(StoreError) -> Item {
        try changeSeries(id) { item in
            item.exceptionDates.removeAll { RecurrenceOverride.sameInstance($0, change.recurrenceID) }
            item.setOverride(change)
        }
    }

    @discardableResult
    public func changeOccurrence(_ edit: OccurrenceEdit, resolving resolution: ConflictResolution = .merge)
        throws(StoreError) -> Item
    {
        try writeBatch(.few) { _, batch in try batch.changeOccurrence(edit, resolving: resolution) }
    }

    @discardableResult
    public func setOccurrenceCompleted(_ completed: Bool, of id: UUID, recurrenceID: Date) throws(StoreError) -> Item {
        let now = clock.now().storedForm
        return try changeSeries(id, recording: (completed ? .completed : .active, recurrenceID)) { item in
            item.setInstanceCompleted(completed ? now : nil, recurrenceID: recurrenceID.storedForm)
        }
    }

    // MARK: - This and following

    @discardableResult
    public func splitSeries(_ id: UUID, at recurrenceID: Date) throws(StoreError) -> SeriesSplit {
        let now = clock.now().storedForm
        let newID = ids.next()
        let coding = storedTime
        return try writeBatch(.few) { _, batch in
            var item = try Self.series(id, in: batch)
            if item.status != .active {
                // Deleted or completed since the question was asked: not split behind its back.
                throw StoreError.conflict(
                    ItemConflict(item.status == .deleted ? .deleted : .completed, theirs: item))
            }
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
            let periodsBefore = item.recurrencePeriods.filter { coding.seconds($0.start, zone) < splitAt - 0.5 }
            guard before > 0 || !datesBefore.isEmpty || !periodsBefore.isEmpty else {
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
            following.recurrencePeriods = item.recurrencePeriods.filter { isFollowing($0.start) }
            following.exceptionDates = item.exceptionDates.filter(isFollowing)
            following.overrides = item.overrides.filter { isFollowing($0.recurrenceID) }
            if let range = item.overrides.last(where: { $0.thisAndFuture && !$0.isCancelled && !isFollowing($0.recurrenceID) }) {
                Self.follow(range, in: &following, coding: coding)
            }
            item.recurrenceDates = datesBefore
            item.recurrencePeriods = periodsBefore
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
            return SeriesSplit(
                ended: try batch.write(validated: item, zoneDefinition: nil, series: nil),
                following: try batch.write(validated: following, zoneDefinition: nil, series: nil))
        }
    }

    /// Makes the new series of a split show what a change from an earlier instance on
    /// (RANGE=THISANDFUTURE) made of its instances: its times move by as much, last as long and
    /// take that change's texts, and what names an instance of it moves along.
    static func follow(_ range: RecurrenceOverride, in following: inout Item, coding: StoredTime) {
        let zone = following.timeZone
        let shift = coding.seconds(range.start, zone) - coding.seconds(range.recurrenceID, zone)
        let length = range.end.map { $0.timeIntervalSince(range.start) }
        func moved(_ date: Date) -> Date { coding.date(coding.seconds(date, zone) + shift, zone) }
        if let first = following.times.first {
            let start = moved(first.start)
            following.times[0] = ItemTime(
                start: start, end: first.end == nil ? nil : length.map { start.addingTimeInterval($0) } ?? moved(first.end!))
        }
        following.title = range.title ?? following.title
        following.place = range.place ?? following.place
        following.notes = range.notes ?? following.notes
        // Every later instance took the change's length, RDATE periods too.
        following.recurrenceDates = (following.recurrenceDates + following.recurrencePeriods.map(\.start)).map(moved).sorted()
        following.recurrencePeriods = []
        following.exceptionDates = following.exceptionDates.map(moved)
        following.overrides = following.overrides.map { override in
            var named = override
            named.recurrenceID = moved(override.recurrenceID)
            return named
        }
    }

    // MARK: - Keeping instances ahead

    /// How far ahead the planner keeps every series' instances when it opens, and an import
    /// when it ends (`extendRecurrenceHorizon()`): its nearer views then read kept rows only.
    static let keptAhead: TimeInterval = 28 * 86_400
    /// How far short of the horizon a series' kept instances may stop before it is expanded
    /// again: series are not written again every day as the horizon moves on.
    static let horizonMargin: TimeInterval = 30 * 86_400
    /// From how many series on an extension writes as a bulk batch.
    static let bulkExtension = 200

    /// Expands again, in one transaction, every series whose kept instances stop before `date`
    /// (four weeks ahead of now when nil), up to the horizon (400 days ahead of now), and
    /// returns how many. A `date` past the horizon, less a month's margin, counts as that.
    ///
    /// Instances are kept up to a horizon fixed when a series is written (a few weeks for an
    /// import, see `SQLiteStore.importHorizon`); past it they are expanded live, which is
    /// correct but slower. Reading the calendar further ahead runs this for the range
    /// (`keepInstances(through:)`), and so do the planner at startup and `datebook import`
    /// after importing; it costs one indexed query when nothing needs it.
    @discardableResult
    public func extendRecurrenceHorizon(through date: Date? = nil) throws(StoreError) -> Int {
        let limit = min(
            date?.unixSeconds ?? clock.now().unixSeconds + Self.keptAhead, recurrenceHorizon - Self.horizonMargin)
        let stale = """
            series_start IS NOT NULL AND expanded_until < ? AND series_start < ? AND status <> 'deleted'
              AND keeps_no_more = 0
            """
        let arguments: StatementArguments = [limit, limit]
        // Looked at first without a write lock: at most openings of the planner nothing is stale.
        let count = try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(stale)", arguments: arguments) ?? 0
        }
        guard count > 0 else { return 0 }
        // The thousands of series of an import are written as a bulk batch: their rows of the
        // calendar in key order, not each series' year scattered over the table.
        return try writeBatch(count > Self.bulkExtension ? .bulk : .few, horizon: recurrenceHorizon) { _, batch in
            try batch.rewriteItems(where: stale, arguments: arguments)
        }
    }

    /// Before a range of the calendar ending at `upper` (stored seconds) is read: the series
    /// whose kept instances stop inside it are expanded again and kept, up to the horizon, so
    /// that this read and the next ones find rows instead of expanding live. Each stretch ahead
    /// is seen to once by this store (until it imports again). When the write cannot be made
    /// (the file is read-only, another writer holds it too long), the read expands live.
    func keepInstances(through upper: Double) {
        let limit = min(upper, recurrenceHorizon - Self.horizonMargin)
        guard keptThrough.withLock({ limit > $0 }) else { return }
        if (try? extendRecurrenceHorizon(through: Date(unixSeconds: limit))) != nil {
            keptThrough.withLock { $0 = max($0, limit) }
        }
    }

    // MARK: - Helpers

    /// Reads a series, changes it and writes it back, stamped and validated.
    /// Changes a series in one transaction; `recording` says what History learns of one of its
    /// occurrences: completed or deleted (a row), or active again (its row goes).
    private func changeSeries(
        _ id: UUID, recording: (status: ItemStatus, recurrenceID: Date)? = nil,
        _ change: @escaping (inout Item) -> Void
    ) throws(StoreError) -> Item {
        try writeBatch(.few) { db, batch in
            let before = try Self.series(id, in: batch)
            var item = before
            change(&item)
            item.updated = batch.now
            let written = try batch.write(item)
            if let (status, recurrenceID) = recording {
                if status == .active {
                    try Self.forgetOccurrence(db, of: id, recurrenceID: recurrenceID)
                } else if item.status == .active {
                    try Self.recordOccurrence(db, status, of: before, recurrenceID: recurrenceID, at: batch.now)
                }
            }
            return written
        }
    }

    /// The recurring item with this id.
    private static func series(_ id: UUID, in batch: ItemBatch) throws -> Item {
        guard let item = try batch.item(id: id) else { throw StoreError.notFound(id) }
        guard item.isRecurring else {
            throw StoreError.invalid([ValidationIssue(field: .repeatRule, message: "“\(item.title)” does not repeat")])
        }
        return item
    }
}
