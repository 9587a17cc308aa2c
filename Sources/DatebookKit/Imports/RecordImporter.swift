import Foundation

/// Writes the items a JSON reader made into the store, in one transaction through one bulk
/// `ItemBatch`: each is validated (an invalid one is reported with its position and skipped),
/// matched by UID to the stored item it updates, and counted.
///
/// Validation and the expansion of repeating items run on every core before the writes, as
/// the iCalendar importer's reading threads do them; the writes themselves are one thread's.
struct RecordImporter {
    let writer: any ItemWriter

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

    private func write(_ read: ImportedRecords, batch: ItemBatch) throws -> ImportReport {
        var report = ImportReport(skipped: read.skipped, warnings: read.warnings)
        let records = read.records
        let prepared = Self.prepare(records, expander: batch.seriesExpander)

        // Every UID and id stored, in one pass, when there are many to look up; records that
        // name their id are matched by id first, and keep the stored UID.
        var stored: [String: ItemIdentity] = [:]
        var storedUIDs: [UUID: String] = [:]
        let many = records.count > 200 || records.contains { $0.id != nil }
        if many {
            stored.reserveCapacity(records.count)
            storedUIDs.reserveCapacity(records.count)
            try batch.forEachStoredIdentity { uid, identity in
                stored[uid] = identity
                storedUIDs[identity.id] = uid
            }
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
        seen.reserveCapacity(records.count)
        for (index, original) in records.enumerated() {
            var record = original
            if let id = record.id, let uid = storedUIDs[id], stored[uid]?.id == id {
                record.uid = uid
            }
            var item = record.item
            let issues = prepared.issues[index]
            guard issues.isEmpty else {
                report.skipped.append(
                    record.position.note(issues.map(\.message).joined(separator: "; ") + "; skipped", uid: record.uid))
                continue
            }
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
            try batch.write(validated: item, zoneDefinition: nil, series: prepared.instances[index])
        }
        return report
    }

    // MARK: - On every core

    /// What is wrong with each record's item, and the instances of each valid series.
    private static func prepare(_ records: [ImportedRecords.Record], expander: SeriesExpander)
        -> (issues: [[ValidationIssue]], instances: [SeriesInstances?])
    {
        let issues = ParallelSlots<[ValidationIssue]>(count: records.count)
        let instances = ParallelSlots<SeriesInstances>(count: records.count)
        ParallelSlots<Void>.forEachIndex(records.count) { index in
            let item = records[index].item
            let found = item.validate()
            issues.set(index, found)
            if found.isEmpty, item.isRecurring {
                instances.set(index, expander.expand(expander.definition(of: item, zoneDefinition: nil)))
            }
        }
        return (issues.values.map { $0 ?? [] }, instances.values)
    }
}
