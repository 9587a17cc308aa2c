import Foundation

/// How the dates of an item are written to the database and read back.
///
/// UTC and zoned items keep instants (Unix seconds). Floating items keep wall-clock seconds:
/// they are written from, and read back as, instants in the zone Datebook runs in.
struct StoredTime: Sendable {
    /// The zone floating times are shown in: the store's `timeZone`.
    let wallClock: WallClock

    init(timeZone: TimeZone) {
        wallClock = WallClock(timeZone: timeZone)
    }

    /// The stored seconds of `date` in an item anchored by `zone`.
    func seconds(_ date: Date, _ zone: ItemTimeZone) -> Double {
        zone == .floating ? wallClock.wallSeconds(of: date) : date.unixSeconds
    }

    /// The date that stored seconds stand for, in an item anchored by `zone`.
    func date(_ seconds: Double, _ zone: ItemTimeZone) -> Date {
        zone == .floating ? wallClock.instant(ofWallSeconds: seconds) : Date(unixSeconds: seconds)
    }
}

/// The series columns of a recurring item's row (see the v3 migration).
struct SeriesRow: Equatable, Sendable {
    /// The first instance's start, in stored seconds.
    var start: Double
    /// The last instance's end, or nil when the series never ends.
    var end: Double?
    /// The longest instance, in seconds.
    var span: Double
    /// Instances with an original start before this are in `item_instance`.
    var expandedUntil: Double
    /// The keys of the kept instances, for `series_keys`.
    var keys: [UInt8]
}

/// The keys of a series' kept instances (start and recurrence ID, each a little-endian
/// IEEE 754 double), packed in the `series_keys` blob of its row.
enum SeriesKeys {
    static func encode(_ instances: [SeriesInstance]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(instances.count * 16)
        for instance in instances {
            withUnsafeBytes(of: instance.start.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: instance.recurrenceID.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    static func decode(_ data: Data) -> [(start: Double, recurrenceID: Double)] {
        var keys: [(start: Double, recurrenceID: Double)] = []
        let bytes = [UInt8](data)
        var offset = 0
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
        return keys
    }
}
