import Foundation

/// Results filled in by several threads at once, each writing its own slots only (an import
/// reads, validates and expands its records on every core, in parts).
final class ParallelSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) {
        slots[index] = value
    }

    var values: [Value?] { Array(slots) }

    /// The value at `index`, leaving the slot empty (its memory is given back as it is used).
    func take(_ index: Int) -> Value? {
        defer { slots[index] = nil }
        return slots[index]
    }

    /// Runs `body` for each index below `count`, in parts on every core when there are at
    /// least `parallelFrom`, else in order on this thread.
    static func forEachIndex(_ count: Int, parallelFrom: Int = 512, _ body: (Int) -> Void) {
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        guard count >= parallelFrom, cores > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let parts = cores * 4
        let share = (count + parts - 1) / parts
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for index in (part * share)..<min(count, (part + 1) * share) {
                    shared.value(index)
                }
            }
        }
    }
}

/// A value handed to other threads that only read it (a decoded JSON list, a closure over one).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
