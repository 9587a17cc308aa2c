import Foundation

/// Results filled in by several threads at once, each writing its own slots only (an import
/// reads, validates and expands its records, or its series, on every core, in parts).
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

    /// Every value, in order, once every slot was set.
    var values: [Value] { slots.map { $0! } }

    /// The value at `index`, leaving the slot empty (its memory is given back as it is used).
    func take(_ index: Int) -> Value? {
        defer { slots[index] = nil }
        return slots[index]
    }
}

/// A value handed to other threads that only read it (a decoded JSON list, a closure over one).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
