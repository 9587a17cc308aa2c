import Foundation

/// Checks that rows read along a primary key of (real, integer, real) come in strictly
/// increasing order, as an undamaged B-tree gives them.
///
/// SQLite keeps no checksum of its pages: a flipped bit in a key is not noticed when the page
/// is read, and a key made larger than the ones after it ends a range walk early, with an
/// answer that looks whole. Keys that go backwards (or are not numbers) are the visible trace
/// of such damage, and stop the walk with `StoreError.damaged` instead.
struct KeyOrder {
    let table: String
    private var last: (Double, Int64, Double)?

    init(table: String) {
        self.table = table
    }

    /// Takes the next row's key; throws when it does not come after the last one.
    mutating func check(_ first: Double, _ second: Int64, _ third: Double) throws(StoreError) {
        guard !first.isNaN, !third.isNaN else {
            throw .damaged(reason: "a key of \(table) is not a number")
        }
        if let last, !(last < (first, second, third)) {
            throw .damaged(reason: "the keys of \(table) are out of order")
        }
        last = (first, second, third)
    }
}
