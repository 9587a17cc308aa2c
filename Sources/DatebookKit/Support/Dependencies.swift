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
    /// over it (the larger part of writing many items at once). The random bits come from a
    /// generator seeded once from the system's (ids must not repeat, not be unguessable), not
    /// from `UUID()`, which opens /dev/urandom for every id, nor from a system call each.
    public static let random: IDSource = {
        var seed = SystemRandomNumberGenerator()
        let state = Mutex<UInt64>(seed.next())
        return IDSource {
            let (randomA, randomB) = state.withLock { value -> (UInt64, UInt64) in
                (SplitMixStep.next(&value), SplitMixStep.next(&value))
            }
            let milliseconds = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
            let high = (milliseconds << 16) | 0x7000 | (randomA & 0x0FFF)
            let low = (randomB & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
            func byte(_ value: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
            return UUID(uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
        }
    }()

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

/// SplitMix64: a small, fast generator of well-spread 64-bit numbers.
enum SplitMixStep {
    /// The next number, advancing `state`.
    static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - A clock for tests

extension Clock {
    /// The environment variable naming a file whose ISO 8601 date-time is "now" (a testing aid).
    public static let fileVariable = "DATEBOOK_CLOCK_FILE"

    /// The clock of `environment`: the file `DATEBOOK_CLOCK_FILE` names, read again each time
    /// the time is asked (so a test moves time forward by writing the file), else the real one.
    /// A file that is missing or unreadable gives the real time.
    public static func fromEnvironment(_ environment: [String: String]) -> Clock {
        guard let path = environment[fileVariable], !path.isEmpty else { return .system }
        return file(path)
    }

    /// A clock that reads its time from the file at `path` (`2026-11-23T09:00:00Z`, with an
    /// offset or `Z`), or the real time when the file cannot be read.
    public static func file(_ path: String) -> Clock {
        Clock {
            guard let data = FileManager.default.contents(atPath: path), data.count < 200,
                let text = String(data: data, encoding: .utf8)
            else { return Date() }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.date(from: text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? Date()
        }
    }
}
