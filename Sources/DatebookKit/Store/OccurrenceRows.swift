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

    var isEmpty: Bool { rows.isEmpty }

    /// Adds what some rows show; returns its index for `add(start:end:key:flags:shown:)`.
    func addShown(_ value: Shown) -> Int32 {
        shown.append(value)
        return Int32(shown.count - 1)
    }

    func add(start: Double, end: Double, key: Double, flags: OccurrenceFlags, shown index: Int32) {
        rows.append(Row(start: start, end: end, key: key, shown: index, flags: Int32(flags.rawValue)))
    }

    /// Sorts the rows in the primary key's order.
    func sort() {
        rows.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            let rowA = shown[Int(a.shown)].rowID
            let rowB = shown[Int(b.shown)].rowID
            if rowA != rowB { return rowA < rowB }
            return a.key < b.key
        }
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
            var changed: [Double: (title: String?, place: String?)] = [:]
            for override in item.overrides where override.title != nil || override.place != nil {
                changed[coding.seconds(override.recurrenceID, zone)] = (override.title, override.place)
            }
            for instance in instances {
                var index = shown
                if instance.isChanged, let texts = changed[instance.recurrenceID] {
                    index = buffer.addShown(
                        .init(
                            rowID: rowID, uid: item.id, title: texts.title ?? item.title,
                            place: texts.place ?? item.place))
                }
                add(instance.start, instance.end, key: instance.recurrenceID, rowFlags, shown: index)
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

/// The keys of an item's occurrence rows (start and key, each a little-endian IEEE 754
/// double), packed in the `occurrence_keys` blob of its row.
struct OccurrenceKeys {
    private(set) var bytes: [UInt8] = []

    mutating func append(start: Double, key: Double) {
        withUnsafeBytes(of: start.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: key.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func decode(_ data: Data) -> [(start: Double, key: Double)] {
        var keys: [(start: Double, key: Double)] = []
        let bytes = [UInt8](data)
        keys.reserveCapacity(bytes.count / 16)
        func double(at offset: Int) -> Double {
            var bits: UInt64 = 0
            for index in 0..<8 {
                bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
            }
            return Double(bitPattern: bits)
        }
        var offset = 0
        while offset + 16 <= bytes.count {
            keys.append((double(at: offset), double(at: offset + 8)))
            offset += 16
        }
        return keys
    }
}
