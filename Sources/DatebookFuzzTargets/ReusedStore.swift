import DatebookKit
import Foundation
import Synchronization

/// One store in memory that every input of a worker starts from, emptied between inputs as
/// it was made: making a store (running its migrations) costs more than most inputs.
///
/// New ids are made from the input and count from 1 again for each one, so an input runs the
/// same in a campaign and in `replay`. An input may name ids (the Taskwarrior fixture has a
/// task 00000000-0000-0000-0000-000000000001), and the store must not give one of them to
/// another record, as the product's random ids never do: so an id begins with `5EED` and a
/// hash of the whole input. A fixed prefix was not enough: libFuzzer saw the store compare
/// `5eed0000-0000-4000-8000-000000000001` and wrote it into a record; an input that names an
/// id made from its own hash it cannot write.
final class ReusedStore: Sendable {
    let store: SQLiteStore
    private let empty: StoreSnapshot
    private let nextID = Counter()

    init(now: Date, timeZone: TimeZone) {
        let counter = nextID
        do {
            store = try SQLiteStore.inMemory(
                clock: .fixed(now),
                ids: IDSource {
                    let n = counter.value.withLock { value -> UInt64 in
                        value += 1
                        return value
                    }
                    return Self.id(number: n, inputHash: counter.inputHash.withLock { $0 })
                },
                timeZone: timeZone)
            empty = try store.snapshot()
        } catch {
            fatalError("cannot open a store in memory: \(error)")
        }
    }

    /// `5EEDhhhh-hhhh-4hhh-8hhh-nnnnnnnnnnnn`: the top 40 bits of the input's hash, then the
    /// id's number. (Made from its bytes: `String(format:)` took 7 % of an input of many small
    /// events.)
    static func id(number n: UInt64, inputHash h: UInt64) -> UUID {
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(uuid: (
            0x5E, 0xED, byte(h, 56), byte(h, 48), byte(h, 40), byte(h, 32),
            0x40 | (byte(h, 28) & 0x0F), byte(h, 20), 0x80 | (byte(h, 16) & 0x0F), byte(h, 8),
            byte(n, 40), byte(n, 32), byte(n, 24), byte(n, 16), byte(n, 8), byte(n, 0)))
    }

    /// The store, empty as new, giving ids made for `input`.
    func fresh(for input: [UInt8]) -> SQLiteStore {
        do {
            try store.restore(empty)
        } catch {
            fatalError("cannot empty the store: \(error)")
        }
        nextID.value.withLock { $0 = 0 }
        nextID.inputHash.withLock { $0 = inputHash(input) }
        return store
    }
}

/// FNV-1a, 64 bits, of an input: what tells inputs apart in the ids a store gives and in the
/// names of the inputs the watchdog saves.
public func inputHash(_ input: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}

/// The number of the last id given, and the hash of the input being run (the ids' middle).
private final class Counter: Sendable {
    let value = Mutex<UInt64>(0)
    let inputHash = Mutex<UInt64>(0)
}
