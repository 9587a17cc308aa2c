import Foundation

/// Edits saved into an item as it is stored at the moment of saving, so that what was changed
/// elsewhere since the edit began is never overwritten silently: a form's save now, a sync's
/// later. The check is made here, inside the one write transaction, where no other writer can
/// come between the read and the write.
extension ItemBatch {
    // MARK: - An item

    /// Saves an edit of a stored item merged into the item as stored now (see `ItemMerge`),
    /// stamped `updated`; returns it as written.
    ///
    /// With `.merge`, the save stops when both sides changed a field to different values, or
    /// when the item was deleted or completed meanwhile: a deleted item is never brought back
    /// unasked. `.keepMine` settles those in the edit's favour (a deleted item comes back with
    /// the edit); `.keepBoth` writes the edit as a new item and leaves the stored one alone.
    ///
    /// - Throws: `StoreError.conflict` (nothing written), `.invalid` when the item is not valid.
    @discardableResult
    public func save(_ edit: ItemEdit, resolving resolution: ConflictResolution = .merge) throws(StoreError) -> Item {
        if resolution == .keepBoth { return try write(newItem(from: edit.mine)) }
        guard let theirs = try item(id: edit.base.id) else {
            // Gone altogether: nothing in Datebook removes an item's row, but a sync may.
            guard resolution == .keepMine else { throw .conflict(ItemConflict(.deleted, theirs: nil)) }
            var restored = edit.mine
            restored.created = now
            restored.updated = now
            return try write(restored)
        }
        if let moved = Self.statusConflict(base: edit.base, theirs: theirs), resolution == .merge {
            throw .conflict(ItemConflict(moved, theirs: theirs))
        }
        let merged = ItemMerge.merge(base: edit.base, mine: edit.mine, theirs: theirs)
        if !merged.conflicts.isEmpty && resolution == .merge {
            throw .conflict(ItemConflict(.bothChanged(merged.conflicts), theirs: theirs))
        }
        var item = merged.item
        if theirs.status == .deleted && edit.base.status != .deleted {
            // Only `.keepMine` comes this far: it brings the item back with the edit.
            item.status = edit.base.status
            item.statusChangedAt = now
        }
        item.updated = now
        if !item.validate().isEmpty && edit.mine.validate().isEmpty {
            // Each side's changes are valid, not together (one made it an all-day event, the
            // other moved its end to a time of day, say).
            guard resolution == .keepMine else {
                throw .conflict(ItemConflict(.bothChanged(merged.keptFromTheirs), theirs: theirs))
            }
            var whole = edit.mine
            whole.status = item.status
            whole.statusChangedAt = item.statusChangedAt
            whole.created = theirs.created
            whole.updated = now
            item = whole
        }
        return try write(item)
    }

    /// The conflict when the stored item left the Events list for History since `base` was
    /// read (a deleted or completed item is not edited unasked); nil otherwise.
    static func statusConflict(base: Item, theirs: Item) -> ItemConflict.Reason? {
        guard theirs.status != base.status else { return nil }
        switch theirs.status {
        case .deleted: return .deleted
        case .completed: return .completed
        case .active: return nil
        }
    }

    /// `item` as a new item beside the one it was edited from: a new id and UID, created now,
    /// in the Events list.
    private func newItem(from item: Item) -> Item {
        var copy = item
        copy.id = ids.next()
        copy.icalUID = nil
        copy.created = now
        copy.updated = now
        copy.status = .active
        copy.statusChangedAt = nil
        return copy
    }

    // MARK: - One occurrence

    /// Saves an edit of one occurrence of a series, merged into the occurrence as stored now
    /// (`ItemMerge.merge(occurrence:mine:theirs:)`), as an override of the series; returns the
    /// series as written.
    ///
    /// With `.merge`, the save also stops when the occurrence or the series was deleted or
    /// completed, or the series' times or rule changed (the occurrence may have moved or gone).
    /// `.keepMine` writes the occurrence as edited where both changed a value, bringing it back
    /// if it was deleted; `.keepBoth` saves it as a new single item and leaves the series alone.
    ///
    /// - Throws: `StoreError.conflict` (nothing written), `.invalid` when the series is not valid.
    @discardableResult
    public func changeOccurrence(_ edit: OccurrenceEdit, resolving resolution: ConflictResolution = .merge)
        throws(StoreError) -> Item
    {
        let base = edit.series
        let recurrenceID = edit.recurrenceID
        if resolution == .keepBoth { return try write(newItem(from: edit.mine, of: base)) }
        let stored = try item(id: base.id)
        func stop(_ reason: ItemConflict.Reason) throws(StoreError) {
            if resolution == .merge { throw .conflict(ItemConflict(reason, theirs: stored, recurrenceID: recurrenceID)) }
        }
        guard var series = stored else {
            try stop(.deleted)
            var restored = base
            restored.setOverride(edit.mine.own(in: base))
            restored.updated = now
            return try write(restored)
        }
        if let moved = Self.statusConflict(base: base, theirs: series) {
            try stop(moved)
            if series.status == .deleted {
                series.status = base.status
                series.statusChangedAt = now
            }
        }
        let moved: [ItemMerge.Field] = [.times, .allDay, .timeZone, .repeatRule, .recurrenceDates].filter {
            !$0.same(base, series)
        }
        if !moved.isEmpty { try stop(.seriesChanged(moved)) }

        let baseOverride = base.overrides.first { RecurrenceOverride.sameInstance($0.recurrenceID, recurrenceID) }
        let storedOverride = series.overrides.first { RecurrenceOverride.sameInstance($0.recurrenceID, recurrenceID) }
        func isRemoved(_ item: Item, _ override: RecurrenceOverride?) -> Bool {
            override?.isCancelled == true
                || item.exceptionDates.contains { RecurrenceOverride.sameInstance($0, recurrenceID) }
        }
        let removedElsewhere = isRemoved(series, storedOverride) && !isRemoved(base, baseOverride)
        if removedElsewhere { try stop(.deleted) }
        if storedOverride?.isCompleted == true && baseOverride?.isCompleted != true { try stop(.completed) }

        // The occurrence as it shows now: its own override, else the series' instance with the
        // series' texts, at the times the edit opened it at when it had no override then either
        // (the series' times are unchanged), else at the series' length from its original start.
        // One removed elsewhere comes back as the edit has it (only `.keepMine` comes this far).
        let theirs: RecurrenceOverride
        if removedElsewhere {
            theirs = edit.opened
        } else if let storedOverride, !storedOverride.isCancelled {
            theirs = storedOverride.shown(in: series)
        } else {
            var instance = edit.opened
            if baseOverride != nil {
                instance.start = recurrenceID
                instance.end = series.start.flatMap { start in
                    series.end.map { recurrenceID.addingTimeInterval($0.timeIntervalSince(start)) }
                }
            }
            instance.title = nil
            instance.place = nil
            instance.notes = nil
            theirs = instance.shown(in: series)
        }
        let merged = ItemMerge.merge(occurrence: edit.opened, mine: edit.mine, theirs: theirs)
        if !merged.conflicts.isEmpty { try stop(.bothChanged(merged.conflicts)) }

        var override = merged.shown.own(in: series)
        override.recurrenceID = storedOverride?.recurrenceID ?? recurrenceID
        override.isCancelled = false
        override.extraProperties = storedOverride?.extraProperties ?? []
        series.exceptionDates.removeAll { RecurrenceOverride.sameInstance($0, recurrenceID) }
        series.setOverride(override)
        series.updated = now
        return try write(series)
    }

    /// One occurrence of `series`, as edited, as a new single item: the series' kind, zone and
    /// other fields, without its rule.
    private func newItem(from occurrence: RecurrenceOverride, of series: Item) -> Item {
        let shown = occurrence.shown(in: series)
        var single = Item(
            id: ids.next(), kind: series.kind, title: shown.title ?? series.title,
            times: [ItemTime(start: shown.start, end: shown.end)], allDay: series.allDay, place: shown.place ?? "",
            notes: shown.notes ?? "", priority: series.priority, alarms: series.alarms, category: series.category,
            created: now, timeZone: series.timeZone)
        single.moreCategories = series.moreCategories
        return single
    }
}
