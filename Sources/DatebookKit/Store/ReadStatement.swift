import Foundation
import GRDB
import GRDBSQLite

/// One `SELECT` prepared straight on a GRDB connection and read with SQLite's own column
/// functions.
///
/// Reading a year of the calendar steps through hundreds of thousands of rows; decoding each
/// value through GRDB's `Row` was a large part of that. Use an instance only inside one read
/// of the connection it was made on. Every SQLite result code passes through `check`.
final class ReadStatement {
    private let connection: OpaquePointer
    private let statement: OpaquePointer
    private let sql: String

    // MARK: - Creating

    /// Prepares `sql` on the connection of `db`.
    init(_ db: Database, sql: String) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed", sql: sql)
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
        }
        self.connection = connection
        self.statement = prepared
        self.sql = sql
    }

    deinit {
        // Finalizing only reports again the last step's error, already thrown.
        _ = sqlite3_finalize(statement)
    }

    // MARK: - Binding

    /// Binds a real number to the parameter at `index` (from 1), after a `reset()`.
    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(statement, index, value))
    }

    /// Binds an integer to the parameter at `index` (from 1), after a `reset()`.
    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(statement, index, value))
    }

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
    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    // MARK: - Errors

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}
