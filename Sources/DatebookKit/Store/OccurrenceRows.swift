import Foundation

/// The bits of `occurrence.flags`: what a row of the calendar shows besides its times and texts.
struct OccurrenceFlags: OptionSet, Sendable {
    let rawValue: Int64

    init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The item is a task (neither this nor `reminder`: an event).
    static let task = OccurrenceFlags(rawValue: 1 << 0)
    /// The item is a reminder.
    static let reminder = OccurrenceFlags(rawValue: 1 << 1)
    static let allDay = OccurrenceFlags(rawValue: 1 << 2)
    /// The item is completed (items deleted into History have no rows).
    static let completed = OccurrenceFlags(rawValue: 1 << 3)
    /// The times are wall-clock seconds (a floating item), not instants.
    static let floating = OccurrenceFlags(rawValue: 1 << 4)
    /// An instance of a recurring series; `key` is its recurrence ID.
    static let recurring = OccurrenceFlags(rawValue: 1 << 5)
    /// A task's due date rather than a time it happens at.
    static let due = OccurrenceFlags(rawValue: 1 << 6)
    /// The item's iCalendar UID is not its id (it was imported with another).
    static let foreignUID = OccurrenceFlags(rawValue: 1 << 7)
    /// The row holds the start of a title and place too long to keep whole
    /// (`OccurrenceRows.mostTextBytes`); the item holds them whole (see `FullTexts`).
    static let textsCut = OccurrenceFlags(rawValue: 1 << 8)

    /// The flags every row of `item` has.
    init(of item: Item) {
        var flags: OccurrenceFlags = []
        switch item.kind {
        case .event: break
        case .task: flags.insert(.task)
        case .reminder: flags.insert(.reminder)
        }
        if item.allDay { flags.insert(.allDay) }
        if item.status == .completed { flags.insert(.completed) }
        if item.timeZone == .floating { flags.insert(.floating) }
        if item.icalUID != nil && item.icalUID != item.uid { flags.insert(.foreignUID) }
        self = flags
    }

    var kind: ItemKind {
        contains(.task) ? .task : contains(.reminder) ? .reminder : .event
    }
}

/// The rows of `occurrence` for many items, gathered so that they are written in the order of
/// its primary key (appending to a B-tree costs far less than inserting all over it), a few
/// dozen to a statement.
///
/// What rows of one item share (its row id, id, title and place) is kept once, in `shown`.
final class OccurrenceBuffer {
    /// What the rows of one item (or of one changed instance) show.
    struct Shown {
        var rowID: Int64
        var uid: UUID
        var title: String
        var place: String
    }

    /// One row, its texts in `shown[shown]`.
    struct Row {
        var start: Double
        var end: Double
        var key: Double
        var shown: Int32
        var flags: Int32
    }

    private(set) var shown: [Shown] = []
    var rows: [Row] = []

    /// Adds what some rows show; returns its index for `add(start:end:key:flags:shown:)`.
    func addShown(_ value: Shown) -> Int32 {
        shown.append(value)
        return Int32(shown.count - 1)
    }

    func add(start: Double, end: Double, key: Double, flags: OccurrenceFlags, shown index: Int32) {
        rows.append(Row(start: start, end: end, key: key, shown: index, flags: Int32(flags.rawValue)))
    }

    /// Makes room for `count` more rows.
    func reserve(_ count: Int) {
        rows.reserveCapacity(rows.count + count)
    }

    /// The positions of the rows in the primary key's order.
    ///
    /// Positions (4 bytes) are sorted rather than rows (32): a large import's half a million
    /// rows would need a sorting buffer of megabytes.
    func order() -> [UInt32] {
        var positions = (0..<UInt32(rows.count)).map { $0 }
        rows.withUnsafeBufferPointer { rows in
            shown.withUnsafeBufferPointer { shown in
                positions.sort { i, j in
                    let a = rows[Int(i)]
                    let b = rows[Int(j)]
                    if a.start != b.start { return a.start < b.start }
                    let rowA = shown[Int(a.shown)].rowID
                    let rowB = shown[Int(b.shown)].rowID
                    if rowA != rowB { return rowA < rowB }
                    return a.key < b.key
                }
            }
        }
        return positions
    }

    /// Gives the row id to what was added from `shown[first]` on.
    func setRowID(_ rowID: Int64, fromShown first: Int) {
        for index in first..<shown.count {
            shown[index].rowID = rowID
        }
    }

    func removeAll() {
        rows = []
        shown = []
    }
}

/// The rows of `occurrence` one item has, in stored seconds (see `StoredTime`).
enum OccurrenceRows {
    /// The most bytes of title and place together that a row keeps whole. Past it, a row keeps
    /// the start of each (`cut`) and says so (`OccurrenceFlags.textsCut`): a WITHOUT ROWID row
    /// longer than a quarter of a page spills onto overflow pages, which every comparison of
    /// every insert puts together again (a series with a title of 69 KB took seconds to import).
    static let mostTextBytes = 512

    /// The texts a row keeps of `title` and `place`, or nil when they fit whole.
    static func cut(title: String, place: String) -> (title: String, place: String)? {
        guard title.utf8.count + place.utf8.count > mostTextBytes else { return nil }
        return (prefix(title, bytes: mostTextBytes / 2), prefix(place, bytes: mostTextBytes / 2))
    }

    /// The longest start of `text` of at most `bytes` bytes of UTF-8 that ends between two
    /// characters.
    private static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var count = 0
        for index in text.indices {
            let next = text.index(after: index)
            count += text.utf8.distance(from: index, to: next)
            guard count <= bytes else { break }
            end = next
        }
        return String(text[..<end])
    }

    /// The most later times an instance of a series shows (each has a fraction of its key).
    static let maximumLaterTimes = 1_000
    /// The most rows of later times one series writes at once: a dense series of a task with
    /// many times shows its first times only past that.
    static let maximumLaterRows = 50_000

    /// The key of an instance's later time: its recurrence ID and a fraction, 1/1024 for each
    /// position, exact in a Double for every year from 0 to 9999. The instance's own key is
    /// its recurrence ID, a whole number of seconds.
    static func timeKey(_ recurrenceID: Double, _ position: Int) -> Double {
        recurrenceID + Double(position) / 1024
    }

    /// The recurrence ID and the time's position of a series' row key (see `timeKey`).
    static func instance(ofKey key: Double) -> (recurrenceID: Double, time: Int) {
        guard key.isFinite else { return (key, 0) }
        let whole = key.rounded(.down)
        return (whole, Int(((key - whole) * 1024).rounded()))
    }

    /// The position among an item's times of a single time's row key (0 for a due date's).
    static func position(ofKey key: Double) -> Int {
        key.isFinite && key >= 0 && key < 1_000_000 ? Int(key) : 0
    }

    /// Adds the rows of `item` to `buffer` (none for an item deleted into History): a series'
    /// kept `instances`, else its single times, else its due date. Returns their keys (start
    /// and key), packed for `item.occurrence_keys`, and the longest row.
    static func add(
        _ item: Item, rowID: Int64, instances: [SeriesInstance]?, coding: StoredTime, to buffer: OccurrenceBuffer
    ) -> (keys: [UInt8], longest: Double) {
        guard item.status != .deleted else { return ([], 0) }
        let zone = item.timeZone
        let flags = OccurrenceFlags(of: item)
        let shown = buffer.addShown(.init(rowID: rowID, uid: item.id, title: item.title, place: item.place))
        var keys = OccurrenceKeys()
        var longest = 0.0
        func add(_ start: Double, _ end: Double, key: Double, _ rowFlags: OccurrenceFlags, shown index: Int32) {
            buffer.add(start: start, end: end, key: key, flags: rowFlags, shown: index)
            keys.append(start: start, key: key)
            longest = max(longest, end - start)
        }
        if let instances {
            // A repeating task without times repeats its due date.
            var rowFlags = flags.union(.recurring)
            if item.kind == .task && item.times.isEmpty { rowFlags.insert(.due) }
            let texts = InstanceTexts(item, coding: coding)
            // Instances completed on their own show as completed while the series goes on.
            let completed = item.completedInstances(coding)
            // A task's later times: how far each starts after the first, and how long it lasts
            // (worked out only for an item that has them: converting a time costs a zone's
            // look-up, and most series have one time).
            var laterTimes: [(offset: Double, length: Double)] = []
            if item.times.count > 1 {
                let first = coding.seconds(item.times[0].start, zone)
                laterTimes = item.times.dropFirst().prefix(maximumLaterTimes).map { time in
                    let start = coding.seconds(time.start, zone)
                    return (start - first, time.end.map { max(coding.seconds($0, zone) - start, 0) } ?? 0)
                }
            }
            let laterTimesKept = instances.isEmpty ? 0 : min(laterTimes.count, maximumLaterRows / instances.count)
            // What a change from one instance on shows, added once for all the instances it holds at.
            var rangeShown: [Int: Int32] = [:]
            for instance in instances {
                var index = shown
                if instance.isChanged, let own = texts.texts(at: instance.recurrenceID) {
                    if let range = own.range, let known = rangeShown[range] {
                        index = known
                    } else {
                        index = buffer.addShown(.init(rowID: rowID, uid: item.id, title: own.title, place: own.place))
                        if let range = own.range { rangeShown[range] = index }
                    }
                }
                let flags = completed.contains(instance.recurrenceID) ? rowFlags.union(.completed) : rowFlags
                add(instance.start, instance.end, key: instance.recurrenceID, flags, shown: index)
                // Each instance holds every time of the item, where it stands from the first.
                for position in 0..<laterTimesKept {
                    let start = instance.start + laterTimes[position].offset
                    add(start, start + laterTimes[position].length, key: timeKey(instance.recurrenceID, position + 1),
                        flags, shown: index)
                }
            }
        } else if !item.times.isEmpty {
            for (position, time) in item.times.enumerated() {
                let start = coding.seconds(time.start, zone)
                let end = time.end.map { max(coding.seconds($0, zone), start) } ?? start
                add(start, end, key: Double(position), flags, shown: shown)
            }
        } else if let due = item.due {
            let start = coding.seconds(due, zone)
            add(start, start, key: 0, flags.union(.due), shown: shown)
        }
        return (keys.bytes, longest)
    }
}

/// What the instances of a series show: the item's title and place, unless the instance's
/// own change, or a change from an earlier instance on (RANGE=THISANDFUTURE), gives others.
/// The rows are written by it, and a row that keeps only the start of its texts is read whole
/// again by it (`FullTexts`).
struct InstanceTexts {
    private let item: Item
    /// The texts the changed instances give, by recurrence ID (stored seconds).
    private let changed: [Double: (title: String?, place: String?)]
    /// The changes that hold from one instance on, by recurrence ID.
    private let ranges: [(recurrenceID: Double, title: String?, place: String?)]

    init(_ item: Item, coding: StoredTime) {
        self.item = item
        let zone = item.timeZone
        var changed: [Double: (title: String?, place: String?)] = [:]
        for override in item.overrides where override.title != nil || override.place != nil {
            changed[coding.seconds(override.recurrenceID, zone)] = (override.title, override.place)
        }
        self.changed = changed
        ranges = item.overrides
            .filter { $0.thisAndFuture && !$0.isCancelled }
            .map { (coding.seconds($0.recurrenceID, zone), $0.title, $0.place) }
            .sorted { $0.recurrenceID < $1.recurrenceID }
    }

    /// The texts of the instance at `recurrenceID` when they are not the item's own, with the
    /// change from an earlier instance on they come from alone, if so (the same for every
    /// instance it holds at).
    func texts(at recurrenceID: Double) -> (title: String, place: String, range: Int?)? {
        let range = ranges.lastIndex { $0.recurrenceID <= recurrenceID }
        if let own = changed[recurrenceID] {
            return (
                own.title ?? range.flatMap { ranges[$0].title } ?? item.title,
                own.place ?? range.flatMap { ranges[$0].place } ?? item.place, nil)
        }
        guard let range, ranges[range].title != nil || ranges[range].place != nil else { return nil }
        return (ranges[range].title ?? item.title, ranges[range].place ?? item.place, range)
    }

    /// What the row keyed `key` shows (a series' row when `recurring`).
    func texts(key: Double, recurring: Bool) -> (title: String, place: String) {
        guard recurring, let own = texts(at: OccurrenceRows.instance(ofKey: key).recurrenceID) else {
            return (item.title, item.place)
        }
        return (own.title, own.place)
    }
}

/// The keys of an item's occurrence rows (start and key), packed in the `occurrence_keys` blob
/// of its row.
///
/// Nearly always whole seconds, and an instance's start is its key unless it was moved: then
/// the first byte is 1 and each pair follows as two zigzag varints, the key's distance from the
/// previous key and the start's from the key (a weekly series takes 4 bytes an instance, not
/// 16). Otherwise the first byte is 0 and each pair follows as two little-endian IEEE 754
/// doubles.
struct OccurrenceKeys {
    private var pairs: [(start: Double, key: Double)] = []

    mutating func append(start: Double, key: Double) {
        pairs.append((start, key))
    }

    /// The packed form; empty when there are no keys.
    var bytes: [UInt8] {
        guard !pairs.isEmpty else { return [] }
        let limit = 9_007_199_254_740_992.0  // 2^53: every whole number below is exact
        let whole = pairs.allSatisfy { pair in
            pair.start.rounded() == pair.start && pair.key.rounded() == pair.key && abs(pair.start) < limit
                && abs(pair.key) < limit
        }
        var out: [UInt8] = []
        if whole {
            out.reserveCapacity(1 + pairs.count * 4)
            out.append(1)
            var previous: Int64 = 0
            for pair in pairs {
                let key = Int64(pair.key)
                Self.appendVarint(key &- previous, to: &out)
                Self.appendVarint(Int64(pair.start) &- key, to: &out)
                previous = key
            }
        } else {
            out.reserveCapacity(1 + pairs.count * 16)
            out.append(0)
            for pair in pairs {
                withUnsafeBytes(of: pair.start.bitPattern.littleEndian) { out.append(contentsOf: $0) }
                withUnsafeBytes(of: pair.key.bitPattern.littleEndian) { out.append(contentsOf: $0) }
            }
        }
        return out
    }

    /// The pairs of a packed form (none from a form it does not know).
    static func decode(_ data: Data) -> [(start: Double, key: Double)] {
        let bytes = [UInt8](data)
        guard let format = bytes.first else { return [] }
        var keys: [(start: Double, key: Double)] = []
        var offset = 1
        if format == 1 {
            var previous: Int64 = 0
            while offset < bytes.count {
                guard let delta = readVarint(bytes, &offset), let moved = readVarint(bytes, &offset) else { break }
                let key = previous &+ delta
                keys.append((Double(key &+ moved), Double(key)))
                previous = key
            }
        } else if format == 0 {
            func double(at offset: Int) -> Double {
                var bits: UInt64 = 0
                for index in 0..<8 {
                    bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
                }
                return Double(bitPattern: bits)
            }
            while offset + 16 <= bytes.count {
                keys.append((double(at: offset), double(at: offset + 8)))
                offset += 16
            }
        }
        return keys
    }

    private static func appendVarint(_ value: Int64, to out: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 0x80 {
            out.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        out.append(UInt8(zigzag))
    }

    private static func readVarint(_ bytes: [UInt8], _ offset: inout Int) -> Int64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
            }
            shift += 7
        }
        return nil
    }
}
