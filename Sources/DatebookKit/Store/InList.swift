import GRDB

/// The values of an SQL `IN (…)` list. Row ids are given as one JSON array: `id IN (\(list.places))` reads
/// `id IN (SELECT value FROM json_each(?))`, one statement for any count of values.
///
/// Reads by lists of row ids are cached statements (`SQLiteStore.fetchItems`). With a place a
/// value, every count was a statement of its own for each table read (a planner open for a day,
/// or the fuzzer, held thousands), and even with a few sizes (1, 2, 4 … 500 places) each
/// statement of 500 places cost about 770,000 instructions to prepare again, which SQLite does
/// after every `PRAGMA` that changes how statements run (GRDB's reads set `query_only`): an
/// export of many small items spent 5 % of its work on it (finding 72 in Docs/Reliability.md).
/// One place is prepared again in a few thousand, and SQLite looks each value up as it did.
///
/// Texts keep a place each (SQLite's JSON ends a text at an escaped NUL), in lists of a few
/// sizes: 1, 2, 4 … 256 or 500 places (a multiple of 500 past it), the last value repeated in the
/// places left over, so that each count is not a statement of its own. A list that names a value
/// twice selects its rows once.
struct InList {
    /// What goes inside `IN (…)`: the subquery that gives the row ids, or the texts' places.
    let places: String
    /// The JSON array of the row ids, or the texts.
    let arguments: StatementArguments

    init(_ values: some Collection<Int64>) {
        var json = "["
        json.reserveCapacity(2 + values.count * 8)
        for (index, value) in values.enumerated() {
            if index > 0 { json += "," }
            json += String(value)
        }
        json += "]"
        places = "SELECT value FROM json_each(?)"
        arguments = [json]
    }

    init(_ values: some Collection<String>) {
        let size = Self.size(for: values.count)
        places = Array(repeating: "?", count: size).joined(separator: ",")
        var padded = Array(values)
        if let last = padded.last {
            padded += Array(repeating: last, count: size - padded.count)
        }
        arguments = StatementArguments(padded)
    }

    /// The places a list of `count` texts is given: none for none.
    static func size(for count: Int) -> Int {
        switch count {
        case 0: 0
        case ...256: 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
        default: (count + 499) / 500 * 500
        }
    }
}
