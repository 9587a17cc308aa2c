import GRDB

/// The values of an SQL `IN (…)` list, with as many places as one of a few sizes holds.
///
/// Reads by lists of row ids are cached statements (`SQLiteStore.fetchItems`), and a statement
/// with one place a value made every count from 1 to 500 a statement of its own for each table
/// read: a planner open for a day, or the fuzzer, held thousands of them prepared, and SQLite
/// walks them all and prepares them again after every `PRAGMA foreign_keys` an import sets. The
/// places are therefore 1, 2, 4 … 256 or 500 (a multiple of 500 past it), the last value repeated
/// in the places left over: a list that names a value twice selects its rows once.
struct InList {
    /// `?,?,?`, one mark a place.
    let places: String
    /// The values, the last one repeated to fill the places.
    let arguments: StatementArguments

    init<Value: DatabaseValueConvertible>(_ values: some Collection<Value>) {
        let size = Self.size(for: values.count)
        places = Array(repeating: "?", count: size).joined(separator: ",")
        var padded = values.map { $0 as any DatabaseValueConvertible }
        if let last = padded.last {
            padded += Array(repeating: last, count: size - padded.count)
        }
        arguments = StatementArguments(padded)
    }

    /// The places a list of `count` values is given: none for none.
    static func size(for count: Int) -> Int {
        switch count {
        case 0: 0
        case ...256: 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
        default: (count + 499) / 500 * 500
        }
    }
}
