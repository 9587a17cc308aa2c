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

    /// Text read as bytes, every character kept (NUL too); nil for NULL.
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

    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
