import Foundation

/// Writes the items a JSON reader made into the store, in one transaction through one bulk
/// `ItemBatch`: each is validated (an invalid one is reported with its position and skipped),
/// matched by UID to the stored item it updates, and counted.
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
        // Every UID stored, in one pass, when there are many to look up.
        // Records that name their id are matched by id first, and keep the stored UID.
        var stored: [String: ItemIdentity] = [:]
        var storedUIDs: [UUID: String] = [:]
        let namesIDs = read.records.contains { $0.id != nil }
        let manyRecords = read.records.count > 200 || namesIDs
        if manyRecords {
            stored.reserveCapacity(read.records.count)
            try batch.forEachStoredIdentity { uid, identity in
                stored[uid] = identity
                if namesIDs { storedUIDs[identity.id] = uid }
            }
        }
        // The UIDs this file used, with the record that used each first.
        var seen: [String: (identity: ItemIdentity, record: Int)] = [:]
        seen.reserveCapacity(read.records.count)
        for var record in read.records {
            if let id = record.id, let uid = storedUIDs[id] {
                record.uid = uid
            }
            var item = record.item
            let issues = item.validate()
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
            } else if let known = manyRecords ? stored[record.uid] : try batch.identity(ofUID: record.uid) {
                identity = known
                report.updated += 1
            } else {
                identity = try batch.newIdentity(forUID: record.uid)
                report.added += 1
            }
            seen[record.uid] = (identity, seen[record.uid]?.record ?? record.position.record)
            item.id = identity.id
            item.icalUID = record.uid == identity.id.lowercasedText ? nil : record.uid
            if let created = identity.created, !record.keepsCreated {
                item.created = created
            }
            try batch.write(validated: item, zoneDefinition: nil, series: nil)
        }
        return report
    }
}
