import Foundation

/// Writes the items a JSON reader made into the store, in one transaction through one bulk
/// `ItemBatch`: each is validated (an invalid one is reported with its position and skipped),
/// matched by UID to the stored item it updates, and counted.
///
/// Records are decoded and read (when the reader left them to be read as they are written),
/// validated and their repeating items expanded on other threads, a part at a time, while this
/// thread writes the parts already done: the writes are one thread's, everything before them
/// every core's. The reading threads keep at most `partsAhead` parts ahead of the writes, so
/// a large file is never all in memory at once, decoded or read.
struct RecordImporter {
    let writer: any ItemWriter

    /// How many records make a part.
    static let partSize = 2048
    /// How many parts may be ready, or being made ready, before the one being written.
    static let partsAhead = 8

    /// Reads with `read` inside the batch (it needs the batch's zone and instant) and writes;
    /// when `read` finds the whole file unusable, nothing is written.
    func run(_ read: (ReadingContext) throws(ImportError) -> ImportedRecords) throws(ImportError) -> ImportReport {
        Libical.prepare()
        var failure: ImportError?
        do {
            return try writer.writeItems(.bulkWriting) { batch in
                let context = ReadingContext(wallClock: WallClock(timeZone: batch.timeZone), now: batch.now)
                let records: ImportedRecords
                do {
                    records = try read(context)
                    return try write(records, batch: batch)
                } catch let error as ImportError {
                    // The reader's, or a part's that did not decode: rolled back, said as it is.
                    failure = error
                    throw error
                }
            }
        } catch {
            throw failure ?? .store(error)
        }
    }

    /// One record made ready to write.
    private struct Prepared: Sendable {
        var outcome: ImportedRecords.Outcome
        var issues: [ValidationIssue] = []
        var instances: SeriesInstances?
        /// The item's row of the search index, made here rather than by the writing thread.
        var search: SearchRow?
    }

    private func write(_ read: ImportedRecords, batch: ItemBatch) throws -> ImportReport {
        var report = ImportReport(skipped: read.skipped, warnings: read.warnings)
        let count = read.count
        let records = read.records
        let outcomes: @Sendable (Range<Int>) throws(ImportError) -> [ImportedRecords.Outcome]
        if let pending = read.pending {
            outcomes = pending.outcomes
        } else {
            outcomes = { range in range.map { ImportedRecords.Outcome.record(records[$0], notes: []) } }
        }

        // Every UID and id stored, in one pass, when there are many to look up.
        var stored: [String: ItemIdentity] = [:]
        var storedUIDs: [UUID: String] = [:]
        let many = count > 200
        if many {
            stored.reserveCapacity(count)
            storedUIDs.reserveCapacity(count)
            try batch.forEachStoredIdentity { uid, identity in
                stored[uid] = identity
                storedUIDs[identity.id] = uid
            }
        }
        /// The stored UID of the item with `id`, if there is one.
        func storedUID(of id: UUID) throws -> String? {
            many ? storedUIDs[id] : try batch.item(id: id)?.icalendarUID
        }
        /// The identity of a UID the store does not hold: the UID itself when it is a
        /// Datebook id no item has (a Taskwarrior uuid, an export of another Datebook).
        func newIdentity(_ uid: String) throws -> ItemIdentity {
            guard many else { return try batch.newIdentity(forUID: uid) }
            if let id = UUID(uuidString: uid), id.isLowercasedText(uid), storedUIDs[id] == nil {
                storedUIDs[id] = uid
                return ItemIdentity(id: id, created: nil)
            }
            return ItemIdentity(id: batch.ids.next(), created: nil)
        }

        // The UIDs this file used, with the record that used each first.
        var seen: [String: (identity: ItemIdentity, record: Int)] = [:]
        seen.reserveCapacity(count)
        try Self.prepare(count, outcomes: outcomes, expander: batch.seriesExpander) { prepared in
            var record: ImportedRecords.Record
            switch prepared.outcome {
            case let .record(found, notes):
                record = found
                report.warnings += notes
            case let .skipped(note):
                report.skipped.append(note)
                return
            case .left:
                return
            }
            guard prepared.issues.isEmpty else {
                report.skipped.append(
                    record.position.note(
                        prepared.issues.map(\.message).joined(separator: "; ") + "; skipped", uid: record.uid))
                return
            }
            // A record that names its id updates the item with that id, under its stored UID.
            if let id = record.id, let uid = try storedUID(of: id) {
                record.uid = uid
            }
            var item = record.item
            let identity: ItemIdentity
            if let earlier = seen[record.uid] {
                identity = earlier.identity
                report.warnings.append(
                    record.position.note(
                        "\(record.position.component) \(earlier.record) has the same key; this one replaces it",
                        uid: record.uid))
            } else if let known = many ? stored[record.uid] : try batch.identity(ofUID: record.uid) {
                identity = known
                report.updated += 1
            } else {
                identity = try newIdentity(record.uid)
                report.added += 1
            }
            seen[record.uid] = (identity, seen[record.uid]?.record ?? record.position.record)
            item.id = identity.id
            if !identity.id.isLowercasedText(record.uid) {
                item.icalUID = record.uid
            } else if let own = record.item.icalUID, own != record.uid {
                // A record under its id that names a UID of its own (Datebook JSON of an
                // imported item) keeps it, unless another item holds that UID here.
                if let holder = try batch.identity(ofUID: own), holder.id != identity.id {
                    item.icalUID = nil
                    report.warnings.append(record.position.note(
                        "its UID \u{201C}\(own)\u{201D} belongs to another item here; it keeps its id alone",
                        uid: record.uid))
                } else {
                    item.icalUID = own
                }
            } else {
                item.icalUID = nil
            }
            if let created = identity.created, !record.keepsCreated {
                item.created = created
            }
            try batch.write(validated: item, zoneDefinition: nil, series: prepared.instances, search: prepared.search)
        }
        return report
    }

    // MARK: - On every core

    /// Makes each record ready (decodes and reads it, validates its item, expands its series)
    /// on other threads, a part at a time, and hands them to `write` on this thread in order,
    /// each part as soon as it is ready. A part that cannot be read throws here, when its turn
    /// to be written comes.
    private static func prepare(
        _ count: Int, outcomes: @escaping @Sendable (Range<Int>) throws(ImportError) -> [ImportedRecords.Outcome],
        expander: SeriesExpander, write: (Prepared) throws -> Void
    ) throws {
        @Sendable func prepare(_ range: Range<Int>) -> Result<[Prepared], ImportError> {
            Result { () throws(ImportError) in
                try outcomes(range).map { outcome in
                    var prepared = Prepared(outcome: outcome)
                    if case let .record(record, _) = outcome {
                        prepared.issues = record.item.validate()
                        if prepared.issues.isEmpty, record.item.isRecurring {
                            prepared.instances = expander.expand(expander.definition(of: record.item, zoneDefinition: nil))
                        }
                        if prepared.issues.isEmpty {
                            prepared.search = SearchRow(record.item)
                        }
                    }
                    return prepared
                }
            }
        }
        @Sendable func range(of part: Int) -> Range<Int> { (part * partSize)..<min(count, (part + 1) * partSize) }
        let parts = (count + partSize - 1) / partSize
        guard parts > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            for part in 0..<parts {
                for prepared in try prepare(range(of: part)).get() { try write(prepared) }
            }
            return
        }
        let results = ParallelSlots<Result<[Prepared], ImportError>>(count: parts)
        let ready = (0..<parts).map { _ in DispatchSemaphore(value: 0) }
        let window = PartWindow(ahead: partsAhead)
        let done = DispatchGroup()
        done.enter()
        DispatchQueue.global().async {
            // Parts are taken in order, so the first are ready first.
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                guard window.waitForTurn(of: part) else { return }
                results.set(part, prepare(range(of: part)))
                ready[part].signal()
            }
            done.leave()
        }
        // The other threads read what this call was given: it returns only when they are done
        // (told to stop when it returns early, after a failure).
        defer {
            window.stop()
            done.wait()
        }
        for part in 0..<parts {
            ready[part].wait()
            let prepared = try results.take(part)?.get() ?? []
            window.written(part)
            for record in prepared {
                try write(record)
            }
        }
    }
}

/// How far the threads making parts ready may run ahead of the part being written: a part
/// waits until the one `ahead` before it was taken, or until the writing stopped. Parts are
/// handed out in order, so the part the writer waits for is never kept waiting itself.
final class PartWindow: @unchecked Sendable {
    private let ahead: Int
    private let condition = NSCondition()
    private var taken = 0
    private var stopped = false

    init(ahead: Int) {
        self.ahead = ahead
    }

    /// Waits until `part` may be made ready; false when the writing stopped.
    func waitForTurn(of part: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && part >= taken + ahead {
            condition.wait()
        }
        return !stopped
    }

    /// The writer took `part`.
    func written(_ part: Int) {
        condition.lock()
        taken = max(taken, part + 1)
        condition.broadcast()
        condition.unlock()
    }

    /// The writer stopped: no part waits any more.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
