import Foundation

/// Writes the items a JSON reader made into the store, in one transaction through one bulk
/// `ItemBatch`: each is validated (an invalid one is reported with its position and skipped),
/// matched by UID to the stored item it updates, and counted.
///
/// Records are read (when the reader left them to be read as they are written), validated and
/// their repeating items expanded on other threads, a part at a time, while this thread writes
/// the parts already done: the writes are one thread's, everything before them every core's.
struct RecordImporter {
    let writer: any ItemWriter

    /// How many records make a part.
    static let partSize = 2048

    /// Reads with `read` inside the batch (it needs the batch's zone and instant) and writes;
    /// when `read` finds the whole file unusable, nothing is written.
    func run(_ read: (ReadingContext) throws(ImportError) -> ImportedRecords) throws(ImportError) -> ImportReport {
        Libical.prepare()
        var failure: ImportError?
        do {
            return try writer.writeItems(.bulk) { batch in
                let context = ReadingContext(wallClock: WallClock(timeZone: batch.timeZone), now: batch.now)
                let records: ImportedRecords
                do {
                    records = try read(context)
                } catch let error as ImportError {
                    failure = error
                    throw error
                }
                return try write(records, batch: batch)
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
    }

    private func write(_ read: ImportedRecords, batch: ItemBatch) throws -> ImportReport {
        var report = ImportReport(skipped: read.skipped, warnings: read.warnings)
        let count = read.count
        let records = read.records
        let outcome: @Sendable (Int) -> ImportedRecords.Outcome
        if let pending = read.pending {
            outcome = pending.outcome
        } else {
            outcome = { index in ImportedRecords.Outcome.record(records[index], notes: []) }
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
            if let id = UUID(uuidString: uid), id.lowercasedText == uid, storedUIDs[id] == nil {
                storedUIDs[id] = uid
                return ItemIdentity(id: id, created: nil)
            }
            return ItemIdentity(id: batch.ids.next(), created: nil)
        }

        // The UIDs this file used, with the record that used each first.
        var seen: [String: (identity: ItemIdentity, record: Int)] = [:]
        seen.reserveCapacity(count)
        try Self.prepare(count, outcome: outcome, expander: batch.seriesExpander) { prepared in
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
            item.icalUID = record.uid == identity.id.lowercasedText ? nil : record.uid
            if let created = identity.created, !record.keepsCreated {
                item.created = created
            }
            try batch.write(validated: item, zoneDefinition: nil, series: prepared.instances)
        }
        return report
    }

    // MARK: - On every core

    /// Makes each record ready (reads it, validates its item, expands its series) on other
    /// threads, a part at a time, and hands them to `write` on this thread in order, each part
    /// as soon as it is ready.
    private static func prepare(
        _ count: Int, outcome: @escaping @Sendable (Int) -> ImportedRecords.Outcome, expander: SeriesExpander,
        write: (Prepared) throws -> Void
    ) throws {
        @Sendable func prepare(_ index: Int) -> Prepared {
            var prepared = Prepared(outcome: outcome(index))
            if case let .record(record, _) = prepared.outcome {
                prepared.issues = record.item.validate()
                if prepared.issues.isEmpty, record.item.isRecurring {
                    prepared.instances = expander.expand(expander.definition(of: record.item, zoneDefinition: nil))
                }
            }
            return prepared
        }
        let parts = (count + partSize - 1) / partSize
        guard parts > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            for index in 0..<count { try write(prepare(index)) }
            return
        }
        let results = ParallelSlots<[Prepared]>(count: parts)
        let ready = (0..<parts).map { _ in DispatchSemaphore(value: 0) }
        let done = DispatchGroup()
        done.enter()
        DispatchQueue.global().async {
            // Parts are taken in order, so the first are ready first.
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (part * partSize)..<min(count, (part + 1) * partSize)
                results.set(part, range.map(prepare))
                ready[part].signal()
            }
            done.leave()
        }
        // The other threads read what this call was given: it returns only when they are done.
        defer { done.wait() }
        for part in 0..<parts {
            ready[part].wait()
            for prepared in results.take(part) ?? [] {
                try write(prepared)
            }
        }
    }
}
