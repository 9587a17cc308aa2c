import Foundation
import GRDB
import GRDBSQLite

/// One `SELECT` prepared straight on a GRDB connection and read with SQLite's own column
/// functions.
///
/// Reading a year of the calendar steps through hundreds of thousands of rows; decoding each
/// value through GRDB's `Row` was a large part of that.
final class ReadStatement: PreparedStatement {
    // MARK: - Stepping

    /// Moves to the next row: true when there is one, false at the end.
    func step() throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    /// Makes the statement ready to be bound and stepped again.
    func reset() {
        // Its result only repeats the last step's, already thrown.
        _ = sqlite3_reset(statement)
    }

    // MARK: - Columns of the current row

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    /// A real number, or nil for NULL.
    func optionalDouble(_ column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    /// A text's or blob's bytes, valid until the next step; nil for NULL or none.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: count)
    }

    /// A UUID kept as its 16 bytes (all zero when the column is not 16 bytes long).
    func uuid(_ column: Int32) -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if sqlite3_column_bytes(statement, column) == 16, let bytes = sqlite3_column_blob(statement, column) {
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16)) }
        }
        return UUID(uuid: value)
    }

    /// A blob's bytes; nil for NULL.
    func data(_ column: Int32) -> Data? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Text read as bytes, every character kept (NUL too); nil for NULL.
    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// Texts read from many rows, each the same string as the last one read for its key when the
/// bytes are the same: the rows of one series repeat its title and place, and a shared string
/// costs no memory of its own (56 series with 1,400-byte titles read 200,000 rows, 280 MB of
/// copies). Texts of 15 bytes or fewer are stored in the string itself and are not looked up.
struct SharedTexts {
    /// The texts read last for each key, newest last: a few, for a series whose changed
    /// instances have titles of their own.
    private var last: [Int64: [String]] = [:]
    static let keptPerKey = 4

    /// Column `column` of the current row of `rows`, as text ("" for NULL).
    mutating func text(_ rows: ReadStatement, _ column: Int32, key: Int64) -> String {
        guard let bytes = rows.bytes(column), bytes.count > 15 else { return rows.text(column) ?? "" }
        if let kept = last[key] {
            for var previous in kept.reversed() where previous.utf8.count == bytes.count {
                if previous.withUTF8({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                    return previous
                }
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        last[key, default: []].append(text)
        if last[key]!.count > Self.keptPerKey { last[key]!.removeFirst() }
        return text
    }
}
