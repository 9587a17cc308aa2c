internal import CLibical
import Foundation

/// Parses, reads and validates the components of an import on a thread of its own, handing
/// them over in batches, so that reading the file and writing the database overlap.
///
/// `next()` returns the batches in file order, then nil. Once all are read, the thread also
/// expands the series of the file (each with the instances the file gives it) while the
/// writing side is still busy; `finishExpansions()` helps with the rest and returns them.
/// `stop()` ends the thread early (when the writing side fails) and waits for it; call it in
/// every case before the bytes go away.
final class ComponentReader: @unchecked Sendable {
    /// One component, read or skipped.
    enum Entry {
        case skipped(ImportReport.Note)
        /// The component, its chunk, notes on its text (encoding), and its validation issues.
        case read(ComponentDecoder.Decoded, ICalendarScanner.Chunk, [(Int, String)], [ValidationIssue])
    }

    private let bytes: UnsafeRawBufferPointer
    private let chunks: [ICalendarScanner.Chunk]
    private let decoder: ComponentDecoder
    private let expander: SeriesExpander
    private var masters: [String: Item] = [:]
    private var seriesUIDs: [String] = []
    private var seriesDefinitions: [SeriesDefinition] = []
    private var seriesResults: [SeriesInstances?] = []
    private var nextSeries = 0
    private var masterOrder: [String] = []
    private var overrides: [String: [RecurrenceOverride]] = [:]

    private let condition = NSCondition()
    private var batches: [[Entry]] = []
    private var finished = false
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)
    private var running = false

    /// The largest component read (a photo attached inline may take a few MB; tens of MB are
    /// surely not an event).
    static let largestComponent = 10_000_000

    /// How many components go in one batch, and how many batches may wait.
    private static let batchSize = 256
    private static let waitingBatches = 16

    /// True when `bytes` are a mapped file whose pages go back to the system once read.
    private let releasesBytes: Bool
    /// How many bytes are read between two releases.
    private static let releaseStep = 1 << 20

    init(
        bytes: UnsafeRawBufferPointer, chunks: [ICalendarScanner.Chunk], decoder: ComponentDecoder,
        expander: SeriesExpander, releasesBytes: Bool = false
    ) {
        self.bytes = bytes
        self.releasesBytes = releasesBytes
        self.chunks = chunks
        self.decoder = decoder
        self.expander = expander
    }

    // MARK: - The reading thread

    func start() {
        running = true
        let thread = Thread { [self] in
            read()
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    private func read() {
        var batch: [Entry] = []
        batch.reserveCapacity(Self.batchSize)
        var released = 0
        for chunk in chunks {
            if releasesBytes && chunk.range.lowerBound - released >= Self.releaseStep {
                // The file is read once, in order: what lies behind is not needed again.
                ICalendarImporter.release(bytes, upTo: chunk.range.lowerBound)
                released = chunk.range.lowerBound
            }
            batch.append(entry(for: chunk))
            if batch.count == Self.batchSize {
                guard send(batch) else { return }
                batch = []
                batch.reserveCapacity(Self.batchSize)
            }
        }
        if !batch.isEmpty {
            guard send(batch) else { return }
        }
        prepareSeries()
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
        expandSeries()
    }

    private func entry(for chunk: ICalendarScanner.Chunk) -> Entry {
        guard chunk.name == "VEVENT" || chunk.name == "VTODO" else {
            return .skipped(
                ImportReport.Note(
                    line: chunk.line, component: chunk.name, message: "Datebook imports VEVENT and VTODO only; skipped"))
        }
        guard chunk.range.count <= Self.largestComponent else {
            let megabytes = (chunk.range.count + 999_999) / 1_000_000
            return .skipped(
                ImportReport.Note(
                    line: chunk.line, component: chunk.name,
                    message: "it is \(megabytes) MB, more than the \(Self.largestComponent / 1_000_000) MB a component may be; skipped"))
        }
        var (text, textNotes) = ICalendarScanner.text(of: chunk, in: bytes)
        for crowded in Libical.crowdedLines(text) {
            textNotes.append((chunk.line + crowded.line, "its \(crowded.name) has \(crowded.parameters) parameters; libical "
                + "reads the first \(Libical.mostParameters), and the others were left out"))
        }
        guard let component = Libical.parse(text) else {
            _ = Libical.takeError()
            return .skipped(
                ImportReport.Note(line: chunk.line, component: chunk.name, message: "libical cannot parse it; skipped"))
        }
        let decoded = decoder.decode(component, text: text)
        icalcomponent_free(component)
        _ = Libical.takeError()
        switch decoded {
        case let .failure(skip):
            return .skipped(
                ImportReport.Note(line: chunk.line, component: chunk.name, uid: skip.uid, message: skip.reason + "; skipped"))
        case let .success(found):
            if let override = found.override {
                overrides[found.uid, default: []].append(override)
            } else if found.item.isRecurring, masters[found.uid] == nil {
                // The first series of a UID: a second component under it is kept under a UID of
                // its own (see `ICalendarImporter`), whose series the importer expands itself.
                masterOrder.append(found.uid)
                masters[found.uid] = found.item
            }
            let issues = found.override == nil ? found.item.validate() : []
            return .read(found, chunk, textNotes, issues)
        }
    }

    /// Lists every series of the file with its instances, as the importer will write it.
    private func prepareSeries() {
        for uid in masterOrder {
            guard var item = masters[uid] else { continue }
            item.setOverrides(overrides[uid] ?? [])
            seriesUIDs.append(uid)
            seriesDefinitions.append(
                expander.definition(of: item, zoneDefinition: decoder.zones.definition(of: item.timeZone)))
        }
        masters = [:]
        overrides = [:]
        seriesResults = Array(repeating: nil, count: seriesDefinitions.count)
    }

    /// Expands series not yet taken, until none is left (both threads run it).
    private func expandSeries() {
        while true {
            condition.lock()
            let index = nextSeries
            nextSeries += 1
            let stop = stopped
            condition.unlock()
            guard !stop, index < seriesDefinitions.count else { return }
            let instances = expander.expand(seriesDefinitions[index])
            condition.lock()
            seriesResults[index] = instances
            condition.unlock()
        }
    }

    /// Helps expand the file's series once every batch was taken, waits for the reading
    /// thread, and returns the expansions by UID.
    func finishExpansions() -> [String: SeriesInstances] {
        expandSeries()
        if running {
            running = false
            done.wait()
        }
        var result: [String: SeriesInstances] = [:]
        result.reserveCapacity(seriesUIDs.count)
        for (index, uid) in seriesUIDs.enumerated() {
            result[uid] = seriesResults[index]
        }
        // The caller holds them now: what is left here would only double the memory.
        seriesUIDs = []
        seriesDefinitions = []
        seriesResults = []
        return result
    }

    /// Hands a batch over, waiting while too many wait; false when stopped.
    private func send(_ batch: [Entry]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.waitingBatches && !stopped {
            condition.wait()
        }
        guard !stopped else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    // MARK: - The writing side

    /// The next batch in file order, or nil when all were read.
    func next() -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished {
            condition.wait()
        }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Ends the reading thread (if it still runs) and waits for it.
    func stop() {
        guard running else { return }
        running = false
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }
}
