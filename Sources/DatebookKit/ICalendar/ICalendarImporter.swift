internal import CLibical
import Foundation
import GRDB

/// Imports iCalendar (RFC 5545) files into the store: VEVENTs and VTODOs with their times and
/// time zones, recurrence (RRULE, RDATE, EXDATE, RECURRENCE-ID instances), alarms,
/// categories, attachments, organizer and attendees; every property Datebook does not read is
/// kept verbatim and written back by `ICalendarExporter`.
///
/// An import is one transaction: everything its report counts is committed, or (when the
/// database fails) nothing is. Items are matched by UID: importing a file again updates its
/// items instead of adding them twice. The file is split into components before parsing, so a
/// broken component is skipped alone and a large file is never one tree in memory.
public struct ICalendarImporter {
    public let store: SQLiteStore

    public init(store: SQLiteStore) {
        self.store = store
    }

    // MARK: - Importing

    /// Imports the file at `path`.
    public func importFile(atPath path: String) throws(ImportError) -> ImportReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
        return try importData(data, isMappedFile: true)
    }

    /// Imports an iCalendar stream held in memory (standard input, say).
    public func importData(_ data: Data) throws(ImportError) -> ImportReport {
        try importData(data, isMappedFile: false)
    }

    private func importData(_ data: Data, isMappedFile: Bool) throws(ImportError) -> ImportReport {
        Libical.prepare()
        let outcome: Result<ImportReport, ImportError> = data.withUnsafeBytes { bytes in
            do {
                return .success(try run(bytes, releasesBytes: isMappedFile))
            } catch let error as ImportError {
                return .failure(error)
            } catch {
                return .failure(.store(SQLiteStore.storeError(error)))
            }
        }
        return try outcome.get()
    }

    // MARK: - The steps of one import

    /// One component read, waiting for the end of the file (series wait for their instances).
    private struct Pending {
        var item: Item
        var line: Int
        var component: String
        /// What validation found, when it already ran.
        var issues: [ValidationIssue]?
    }

    /// Imports `bytes`; `releasesBytes` says they are a mapped file whose pages may be given
    /// back to the system once read.
    private func run(_ bytes: UnsafeRawBufferPointer, releasesBytes: Bool) throws -> ImportReport {
        let scanner = ICalendarScanner(bytes)
        guard !scanner.chunks.isEmpty || scanner.sawCalendar else {
            throw ImportError.notICalendar(
                bytes.isEmpty ? "the file is empty" : "no BEGIN:VCALENDAR in \(scanner.lineCount) lines")
        }
        var report = ImportReport()
        for problem in scanner.problems {
            let note = ImportReport.Note(line: problem.line, component: problem.component, message: problem.message)
            if problem.message.hasSuffix("skipped") {
                report.skipped.append(note)
            } else {
                report.warnings.append(note)
            }
        }

        // VTIMEZONEs first: events may come before the zones they use.
        var fileZones: [String: String] = [:]
        for chunk in scanner.chunks where chunk.name == "VTIMEZONE" {
            let text = ICalendarScanner.text(of: chunk, in: bytes).text
            if let tzid = ICalendarZones.tzid(ofDefinition: text) {
                fileZones[tzid] = text
            } else {
                report.skipped.append(
                    ImportReport.Note(line: chunk.line, component: "VTIMEZONE", message: "it has no TZID; skipped"))
            }
        }

        let coding = store.storedTime
        let horizon = store.recurrenceHorizon
        let now = store.clock.now().storedForm
        let ids = store.ids
        return try store.write(checkingForeignKeys: false) { db in
            // A smaller page cache while importing: it barely slows the writes, and keeps a
            // large import's memory well down (the usual cache serves reading the calendar).
            try db.execute(sql: "PRAGMA cache_size = -\(Self.importCacheKibibytes)")
            defer { try? db.execute(sql: "PRAGMA cache_size = -\(SQLiteStore.cacheKibibytes)") }
            let zones = ICalendarZones(
                fileDefinitions: fileZones,
                storedDefinitions: try Dictionary(
                    Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map {
                        ($0[0] as String, $0[1] as String)
                    },
                    uniquingKeysWith: { first, _ in first }))
            let writer = try ItemRowWriter(db, times: coding)
            let buffer = OccurrenceBuffer()

            // Every UID met, stored before or read now (one table: a large file has many).
            var uids: [String: UIDState] = [:]
            let storedRows = try Row.fetchCursor(db, sql: "SELECT CAST(ical_uid AS BLOB), uid, created FROM item")
            while let row = try storedRows.next() {
                if let id = UUID(text: row[1]) {
                    uids[Item.text(row[0])] = UIDState(id: id, created: Date(unixSeconds: row[2]), wasStored: true)
                }
            }
            var series: [String: Pending] = [:]
            var seriesOrder: [String] = []
            var instances: [String: [(RecurrenceOverride, Pending)]] = [:]
            var storedSeriesUIDs: Set<String> = []

            /// Gives an item the id of the stored item with its UID, or a new one.
            func identify(_ item: inout Item, uid: String) {
                if let known = uids[uid] {
                    item.id = known.id
                } else {
                    // A UID that is a Datebook id (an export of another Datebook) stays the id.
                    if let id = UUID(uuidString: uid), id.lowercasedText == uid,
                        (try? Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE uid = ?)", arguments: [uid]))
                            == false
                    {
                        item.id = id
                    } else {
                        item.id = ids.next()
                    }
                    uids[uid] = UIDState(id: item.id, created: item.created, wasStored: false)
                }
                item.icalUID = uid == item.id.lowercasedText ? nil : uid
            }

            /// Validates (unless done) and writes one item, counting it.
            func commit(_ pending: Pending, uid: String, instances kept: SeriesInstances? = nil) throws {
                let issues = pending.issues ?? pending.item.validate()
                guard issues.isEmpty else {
                    report.skipped.append(
                        ImportReport.Note(
                            line: pending.line, component: pending.component, uid: uid,
                            message: issues.map(\.message).joined(separator: "; ") + "; skipped"))
                    return
                }
                try writer.write(pending.item.storedForm, horizon: horizon, instances: kept, buffer: buffer)
                uids[uid]?.isCommitted = true
            }

            // Components are parsed, read and validated on another thread while this one writes.
            let reader = ComponentReader(
                bytes: bytes, chunks: scanner.chunks.filter { $0.name != "VTIMEZONE" },
                decoder: ComponentDecoder(zones: zones, coding: coding, now: now), horizon: horizon,
                releasesBytes: releasesBytes)
            reader.start()
            defer { reader.stop() }
            while let batch = reader.next() {
                for entry in batch {
                    switch entry {
                    case let .skipped(note):
                        report.skipped.append(note)
                    case let .read(found, chunk, textNotes, issues):
                        for (line, message) in textNotes {
                            report.warnings.append(
                                ImportReport.Note(line: line, component: chunk.name, uid: found.uid, message: message))
                        }
                        for message in found.notes {
                            report.warnings.append(
                                ImportReport.Note(line: chunk.line, component: chunk.name, uid: found.uid, message: message))
                        }
                        var item = found.item
                        identify(&item, uid: found.uid)
                        if let known = uids[found.uid], item.created == now {
                            item.created = known.created
                        }
                        let pending = Pending(item: item, line: chunk.line, component: chunk.name, issues: issues)
                        if let override = found.override {
                            instances[found.uid, default: []].append((override, pending))
                            continue
                        }
                        if let earlier = uids[found.uid]?.line {
                            report.warnings.append(
                                ImportReport.Note(
                                    line: chunk.line, component: chunk.name, uid: found.uid,
                                    message: "the UID appears again (first on line \(earlier)); this one replaces it"))
                        }
                        uids[found.uid]?.line = chunk.line
                        if item.isRecurring {
                            if series[found.uid] == nil { seriesOrder.append(found.uid) }
                            series[found.uid] = pending
                        } else {
                            series[found.uid] = nil
                            try commit(pending, uid: found.uid)
                        }
                    }
                }
            }

            var expansions = reader.finishExpansions()
            if releasesBytes {
                Self.release(bytes)
            }

            // Instances of series: onto their series in the file, else onto the stored one.
            for (uid, overrides) in instances.sorted(by: { $0.value[0].1.line < $1.value[0].1.line }) {
                if var pending = series[uid] {
                    for (override, _) in overrides {
                        pending.item.overrides.removeAll { SQLiteStore.same($0.recurrenceID, override.recurrenceID) }
                        pending.item.overrides.append(override)
                    }
                    pending.item.overrides.sort { $0.recurrenceID < $1.recurrenceID }
                    pending.issues = nil
                    series[uid] = pending
                } else if let known = uids[uid], known.line == nil, known.wasStored,
                    var storedSeries = try SQLiteStore.fetchItems(
                        coding: coding, db, sql: "SELECT id FROM item WHERE uid = ?",
                        arguments: [known.id.uuidString.lowercased()]
                    ).first, storedSeries.isRecurring
                {
                    for (override, _) in overrides {
                        storedSeries.overrides.removeAll { SQLiteStore.same($0.recurrenceID, override.recurrenceID) }
                        storedSeries.overrides.append(override)
                    }
                    storedSeries.overrides.sort { $0.recurrenceID < $1.recurrenceID }
                    storedSeries.updated = now
                    storedSeriesUIDs.insert(uid)
                    series[uid] = Pending(
                        item: storedSeries, line: overrides[0].1.line, component: overrides[0].1.component, issues: nil)
                    seriesOrder.append(uid)
                    uids[uid]?.line = overrides[0].1.line
                } else {
                    // No series to belong to: the first instance is imported on its own.
                    var (override, pending) = overrides[0]
                    pending.item.repeatRule = nil
                    pending.item.extraProperties = override.extraProperties
                    pending.issues = nil
                    report.warnings.append(
                        ImportReport.Note(
                            line: pending.line, component: pending.component, uid: uid,
                            message: "an instance (RECURRENCE-ID) whose series is neither in the file nor stored; "
                                + "imported as a single item"))
                    for (_, other) in overrides.dropFirst() {
                        report.skipped.append(
                            ImportReport.Note(
                                line: other.line, component: other.component, uid: uid,
                                message: "another instance of a series that is missing; skipped"))
                    }
                    override.extraProperties = []
                    if uids[uid]?.line == nil {
                        uids[uid]?.line = pending.line
                        try commit(pending, uid: uid)
                    }
                }
            }

            // The series: expanded by the reading thread as the file gives them, or here (on
            // every core there is) when they took instances from the database; then written
            // with all instances in the order of their index.
            var ready: [(String, Pending, SeriesDefinition?)] = []
            for uid in seriesOrder {
                guard let pending = series[uid] else { continue }
                if storedSeriesUIDs.contains(uid) || expansions[uid] == nil {
                    let definition = SeriesDefinition(
                        pending.item.storedForm, coding: coding,
                        zoneDefinition: zones.definition(of: pending.item.timeZone))
                    ready.append((uid, pending, definition))
                } else {
                    ready.append((uid, pending, nil))
                }
            }
            let expanded = Self.expand(ready.compactMap(\.2), horizon: horizon)
            // Room for every instance at once, rather than doubling the rows as they come.
            let instanceCount =
                expansions.values.reduce(0) { $0 + $1.instances.count } + expanded.reduce(0) { $0 + $1.instances.count }
            buffer.reserve(instanceCount)
            var next = 0
            for (uid, pending, definition) in ready {
                let instances: SeriesInstances?
                if definition != nil {
                    instances = expanded[next]
                    next += 1
                } else {
                    instances = expansions.removeValue(forKey: uid)
                }
                try commit(pending, uid: uid, instances: instances)
            }
            try writer.flush(buffer)

            // Zones the system does not know, for the next reading.
            for (tzid, definition) in zones.usedDefinitions {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO time_zone_definition (tzid, vtimezone) VALUES (?, ?)",
                    arguments: [tzid, definition])
            }
            for state in uids.values where state.isCommitted {
                if state.wasStored {
                    report.updated += 1
                } else {
                    report.added += 1
                }
            }
            return report
        }
    }

    /// The page cache of an import, in KiB.
    static let importCacheKibibytes = 16 * 1024

    /// Gives the pages of a mapped file back to the system (they are read again from the file
    /// if touched), so that a large file does not stay in memory while the database is written.
    static func release(_ bytes: UnsafeRawBufferPointer) {
        release(bytes, upTo: bytes.count)
    }

    /// Gives back the whole pages of a mapped file before `offset`.
    static func release(_ bytes: UnsafeRawBufferPointer, upTo offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + min(offset, bytes.count)) / page * page
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_DONTNEED)
    }

    /// What an import knows of one UID.
    private struct UIDState {
        /// The item's id: the stored one, or the one given now.
        var id: UUID
        var created: Date
        /// True when the UID was in the database before the import.
        var wasStored: Bool
        /// The line of the component that set the item in this import, if one did.
        var line: Int?
        /// True once written.
        var isCommitted = false

        init(id: UUID, created: Date, wasStored: Bool) {
            self.id = id
            self.created = created
            self.wasStored = wasStored
        }
    }

    /// Expands many series at once, one share per processor core.
    private static func expand(_ definitions: [SeriesDefinition], horizon: Double) -> [SeriesInstances] {
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        guard definitions.count > 64, cores > 1 else {
            return definitions.map { SeriesInstances($0, horizon: horizon) }
        }
        let results = Slots(count: definitions.count)
        let share = (definitions.count + cores - 1) / cores
        DispatchQueue.concurrentPerform(iterations: cores) { part in
            let range = (part * share)..<min(definitions.count, (part + 1) * share)
            for index in range {
                results.set(index, SeriesInstances(definitions[index], horizon: horizon))
            }
        }
        return results.values
    }

    /// Results filled in by several threads, each writing its own slots only.
    private final class Slots: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<SeriesInstances?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func set(_ index: Int, _ value: SeriesInstances) {
            slots[index] = value
        }

        var values: [SeriesInstances] { slots.map { $0! } }
    }
}
