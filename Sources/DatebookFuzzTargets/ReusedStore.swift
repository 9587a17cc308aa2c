import DatebookKit
import Foundation
import Synchronization

/// One store in memory that every input of a worker starts from, emptied between inputs as
/// it was made: making a store (running its migrations) costs more than most inputs.
///
/// New ids count from 1 again for each input, so an input runs the same in a campaign and in
/// `replay`. They begin with `5EED0000`, which no seed file holds: an input may name ids (the
/// Taskwarrior fixture has a task 00000000-0000-0000-0000-000000000001), and the store must not
/// give one of them to another record, as the product's random ids never do.
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
                    return UUID(uuidString: String(format: "5EED0000-0000-4000-8000-%012llX", n))!
                },
                timeZone: timeZone)
            empty = try store.snapshot()
        } catch {
            fatalError("cannot open a store in memory: \(error)")
        }
    }

    /// The store, empty as new.
    func fresh() -> SQLiteStore {
        do {
            try store.restore(empty)
        } catch {
            fatalError("cannot empty the store: \(error)")
        }
        nextID.value.withLock { $0 = 0 }
        return store
    }
}

/// The number of the last id given.
private final class Counter: Sendable {
    let value = Mutex<UInt64>(0)
}
