import Foundation
import Synchronization

/// Where the current time comes from; injected so logic and tests never call `Date()` directly.
public struct Clock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The real clock.
    public static let system = Clock { Date() }

    /// A clock stopped at one instant.
    public static func fixed(_ date: Date) -> Clock { Clock { date } }
}

/// Where new item IDs come from; injected so tests get predictable IDs.
public struct IDSource: Sendable {
    public var next: @Sendable () -> UUID

    public init(next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Time-ordered random UUIDs (RFC 9562 version 7: the milliseconds since 1970, then 74
    /// random bits).
    ///
    /// Ordered by time, so new items are appended to the index on `uid` instead of landing all
    /// over it (the larger part of writing many items at once); random bits come from the
    /// system's generator rather than `UUID()`, which opens /dev/urandom for every id.
    public static let random = IDSource {
        var generator = SystemRandomNumberGenerator()
        let milliseconds = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        let randomA: UInt64 = generator.next()
        let randomB: UInt64 = generator.next()
        let high = (milliseconds << 16) | 0x7000 | (randomA & 0x0FFF)
        let low = (randomB & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func byte(_ value: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
        return UUID(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
            byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
            byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }

    /// 00000000-0000-0000-0000-000000000001, …02, … in order.
    public static func sequential() -> IDSource {
        let counter = Mutex<UInt64>(0)
        return IDSource {
            let n = counter.withLock { value -> UInt64 in
                value += 1
                return value
            }
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", n))!
        }
    }
}
