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
    public static let random = IDSource { UUID() }

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
