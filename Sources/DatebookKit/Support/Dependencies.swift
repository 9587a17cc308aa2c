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

    /// Random RFC 4122 version 4 UUIDs.
    ///
    /// From the system's generator (getrandom) rather than `UUID()`, which opens /dev/urandom
    /// for every id and was most of the cost of ids when importing many items.
    public static let random = IDSource {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = (
            UInt8(truncatingIfNeeded: high >> 56), UInt8(truncatingIfNeeded: high >> 48),
            UInt8(truncatingIfNeeded: high >> 40), UInt8(truncatingIfNeeded: high >> 32),
            UInt8(truncatingIfNeeded: high >> 24), UInt8(truncatingIfNeeded: high >> 16),
            UInt8(truncatingIfNeeded: high >> 8), UInt8(truncatingIfNeeded: high),
            UInt8(truncatingIfNeeded: low >> 56), UInt8(truncatingIfNeeded: low >> 48),
            UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 32),
            UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 16),
            UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low))
        bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
        bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: bytes)
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
