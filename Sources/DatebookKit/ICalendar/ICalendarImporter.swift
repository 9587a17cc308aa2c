internal import CLibical
import Foundation

/// Imports iCalendar (RFC 5545) files into the store: VEVENTs and VTODOs with their times and
/// time zones, recurrence (RRULE, RDATE, EXDATE, RECURRENCE-ID instances), alarms,
/// categories, attachments, organizer and attendees; every property Datebook does not read is
/// kept verbatim and written back by `ICalendarExporter`.
///
/// The importer reads; the store writes: the items read go to an `ItemWriter`'s batch, with
/// the VTIMEZONEs of zones the system does not know and the instances of each series (expanded
/// here, on several threads, the way the batch says). An import is one batch, so one
/// transaction: everything its report counts is committed, or (when the database fails)
/// nothing is. Items are matched by UID: importing a file again updates its items instead of
/// adding them twice. The file is split into components before parsing, so a broken component
/// is skipped alone and a large file is never one tree in memory.
public struct ICalendarImporter {
    /// Where the items read go.
    public let writer: any ItemWriter

    public init(writer: any ItemWriter) {
        self.writer = writer
    }

    // MARK: - Importing

    /// Imports the file at `path`.
    public func importFile(atPath path: String) throws(ImportError) -> ImportReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .unreadable(UnreadableFile.reason(path, error))
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
            } catch let error as StoreError {
                return .failure(.store(error))
            } catch {
                return .failure(.store(.failed(String(describing: error))))
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
        // An address book given to the calendar's import: one line saying where it goes, not a
        // note for each card.
        if !scanner.sawCalendar, scanner.chunks.allSatisfy({ $0.name == "VCARD" }) {
            throw ImportError.notICalendar(
                "it holds \(scanner.chunks.count) contact\(scanner.chunks.count == 1 ? "" : "s") (vCard), "
                    + "which `datebook contacts import` reads")
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

        return try writer.writeItems(.bulk) { batch in
            let coding = StoredTime(timeZone: batch.timeZone)
            let now = batch.now
            let zones = ICalendarZones(fileDefinitions: fileZones, storedDefinitions: batch.storedZoneDefinitions)

            // Every UID met, stored before or read now (one table: a large file has many).
            var uids: [String: UIDState] = [:]
            /// The next number to try for another copy of a UID (`UID-2`, `UID-3`, …).
            var nextCopy: [String: Int] = [:]
            try batch.forEachStoredIdentity { uid, identity in
                uids[uid] = UIDState(id: identity.id, created: identity.created ?? now, wasStored: true)
            }
            var series: [String: Pending] = [:]
            var seriesOrder: [String] = []
            var instances: [String: [(RecurrenceOverride, Pending)]] = [:]
            var storedSeriesUIDs: Set<String> = []

            /// Gives an item the id of the stored item with its UID, or a new one.
            func identify(_ item: inout Item, uid: String) throws {
                if let known = uids[uid] {
                    item.id = known.id
                } else {
                    item.id = try batch.newIdentity(forUID: uid).id
                    uids[uid] = UIDState(id: item.id, created: item.created, wasStored: false)
                }
                item.icalUID = item.id.isLowercasedText(uid) ? nil : uid
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
                try batch.write(validated: pending.item, zoneDefinition: nil, series: kept)
                uids[uid]?.isCommitted = true
            }

            // Components are parsed, read and validated on another thread while this one writes.
            let reader = ComponentReader(
                bytes: bytes, chunks: scanner.chunks.filter { $0.name != "VTIMEZONE" },
                decoder: ComponentDecoder(zones: zones, coding: coding, now: now), expander: batch.seriesExpander,
                releasesBytes: releasesBytes)
            reader.start()
            defer { reader.stop() }
            while let batch = reader.next() {
                for entry in batch {
                    switch entry {
                    case let .skipped(note):
                        report.skipped.append(note)
                    case let .read(found, chunk, textNotes, issues):
                        var uid = found.uid
                        if found.override == nil, let first = uids[uid]?.line {
                            // A second component without RECURRENCE-ID under a UID this file
                            // already used (two calendars merged, an event copied): kept as an
                            // item of its own under a UID derived from it (UID-2, UID-3, …), the
                            // same on every import of the file, so importing it again updates both.
                            // From the number after the last one given (each tried from 2 made
                            // 10,000 copies of one UID take 3.2 s).
                            var number = nextCopy[uid] ?? 2
                            while uids["\(uid)-\(number)"]?.line != nil {
                                number += 1
                            }
                            nextCopy[uid] = number + 1
                            uid = "\(uid)-\(number)"
                            report.warnings.append(
                                ImportReport.Note(
                                    line: chunk.line, component: chunk.name, uid: found.uid,
                                    message: "the UID was already used on line \(first); this one is kept as another "
                                        + "item, with the UID \(uid)"))
                        }
                        for (line, message) in textNotes {
                            report.warnings.append(
                                ImportReport.Note(line: line, component: chunk.name, uid: uid, message: message))
                        }
                        for message in found.notes {
                            report.warnings.append(
                                ImportReport.Note(line: chunk.line, component: chunk.name, uid: uid, message: message))
                        }
                        var item = found.item
                        try identify(&item, uid: uid)
                        if let known = uids[uid], item.created == now {
                            item.created = known.created
                        }
                        let pending = Pending(item: item, line: chunk.line, component: chunk.name, issues: issues)
                        if let override = found.override {
                            instances[uid, default: []].append((override, pending))
                            continue
                        }
                        uids[uid]?.line = chunk.line
                        if item.isRecurring {
                            seriesOrder.append(uid)
                            series[uid] = pending
                        } else {
                            try commit(pending, uid: uid)
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
                let known = uids[uid]
                if var pending = series[uid] {
                    pending.item.setOverrides(overrides.map(\.0))
                    pending.issues = nil
                    series[uid] = pending
                } else if let known, known.line == nil, known.wasStored,
                    var storedSeries = try batch.item(id: known.id), storedSeries.isRecurring
                {
                    storedSeries.setOverrides(overrides.map(\.0))
                    if storedSeries.instancesOnly {
                        // Other instances of a series Datebook holds only instances of.
                        var dates = storedSeries.recurrenceDates
                        // By the whole second, as `sameInstance` tells instances apart.
                        var seen = Set(dates.map { $0.timeIntervalSince1970.rounded() })
                        for (override, _) in overrides
                        where seen.insert(override.recurrenceID.timeIntervalSince1970.rounded()).inserted {
                            dates.append(override.recurrenceID)
                        }
                        storedSeries.recurrenceDates = dates.sorted()
                    }
                    storedSeries.updated = now
                    storedSeriesUIDs.insert(uid)
                    series[uid] = Pending(
                        item: storedSeries, line: overrides[0].1.line, component: overrides[0].1.component, issues: nil)
                    seriesOrder.append(uid)
                    uids[uid]?.line = overrides[0].1.line
                } else if uids[uid]?.line == nil {
                    // No series to belong to (a shared calendar's export often holds only the
                    // instances someone was invited to): one item holds them all, as the
                    // instances of a series of those dates, and is exported as they came.
                    let pending = Self.instancesOnly(overrides.map(\.0), of: overrides[0].1)
                    report.warnings.append(
                        ImportReport.Note(
                            line: pending.line, component: pending.component, uid: uid,
                            message: "\(overrides.count == 1 ? "an instance" : "\(overrides.count) instances") "
                                + "(RECURRENCE-ID) of a series that is neither in the file nor stored; "
                                + "imported as the instances of one item, and exported as instances alone"))
                    uids[uid]?.line = pending.line
                    series[uid] = pending
                    seriesOrder.append(uid)
                } else {
                    // The UID's item in the file does not repeat: its instances have nowhere to go.
                    for (_, other) in overrides {
                        report.skipped.append(
                            ImportReport.Note(
                                line: other.line, component: other.component, uid: uid,
                                message: "an instance (RECURRENCE-ID) of an item that does not repeat; skipped"))
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
                    let definition = batch.seriesExpander.definition(
                        of: pending.item, zoneDefinition: zones.definition(of: pending.item.timeZone))
                    ready.append((uid, pending, definition))
                } else {
                    ready.append((uid, pending, nil))
                }
            }
            let expanded = Self.expand(ready.compactMap(\.2), with: batch.seriesExpander)
            // Room for every instance at once, rather than doubling the rows as they come.
            let instanceCount =
                expansions.values.reduce(0) { $0 + $1.instances.count } + expanded.reduce(0) { $0 + $1.instances.count }
            batch.reserveCalendarRows(instanceCount)
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

            // Zones the system does not know, for expanding and exporting their items later.
            for (tzid, definition) in zones.usedDefinitions {
                try batch.keepZoneDefinition(definition, of: tzid)
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

    /// The item that holds instances of a series that came without them: their recurrence IDs
    /// as its dates (RDATE), each replaced by its instance; its own time is the first
    /// instance's, which lists it where it shows. `first` is the first instance as read.
    private static func instancesOnly(_ overrides: [RecurrenceOverride], of first: Pending) -> Pending {
        var pending = first
        var item = first.item
        let sorted = overrides.sorted { $0.recurrenceID < $1.recurrenceID }
        let earliest = sorted[0]
        item.times = [ItemTime(start: earliest.start, end: item.kind == .event ? earliest.end : nil)]
        item.due = nil
        // The instances keep their own texts: what one leaves out, it does not take from another.
        item.title = earliest.title ?? item.title
        item.place = ""
        item.notes = ""
        item.repeatRule = nil
        item.extraProperties = []
        item.recurrenceDates = sorted.map(\.recurrenceID)
        item.overrides = []
        item.setOverrides(sorted)
        item.instancesOnly = true
        pending.item = item
        pending.issues = nil
        return pending
    }

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
    private static func expand(_ definitions: [SeriesDefinition], with expander: SeriesExpander) -> [SeriesInstances] {
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        guard definitions.count > 64, cores > 1 else {
            return definitions.map(expander.expand)
        }
        let results = ParallelSlots<SeriesInstances>(count: definitions.count)
        let share = (definitions.count + cores - 1) / cores
        DispatchQueue.concurrentPerform(iterations: cores) { part in
            let range = (part * share)..<min(definitions.count, (part + 1) * share)
            for index in range {
                results.set(index, expander.expand(definitions[index]))
            }
        }
        return results.values
    }
}
