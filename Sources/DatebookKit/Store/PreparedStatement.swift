import Foundation
import GRDB
import GRDBSQLite

/// A statement prepared straight on a GRDB connection, its values bound with SQLite's own
/// functions: what `ReadStatement` and `WriteStatement` share.
///
/// Use an instance only inside one transaction of the connection it was made on. Every SQLite
/// result code passes through `check`.
class PreparedStatement {
    let connection: OpaquePointer
    let statement: OpaquePointer
    let sql: String
    /// The connection's cached statement this one runs, when it was made `cached`; GRDB
    /// finalizes it.
    private let cached: Statement?

    /// SQLite's `SQLITE_TRANSIENT`: it copies a bound text before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

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
        cached = nil
    }

    /// Takes `sql` from the connection's cache of prepared statements (GRDB's
    /// `cachedStatement`), preparing it only the first time. Parsing SQL, with GRDB's
    /// authorizer called for every column, was over a third of a small import's CPU when each
    /// writer prepared its statements anew. For SQL that is bound and run, or stepped and
    /// reset, in one go: two users of the same cached statement must never interleave.
    init(cached db: Database, sql: String) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed", sql: sql)
        }
        let shared = try db.cachedStatement(sql: sql)
        self.connection = connection
        self.statement = shared.sqliteStatement
        self.sql = sql
        cached = shared
        // Whatever its last user left: a step not read to its end, bound values.
        _ = sqlite3_reset(statement)
        _ = sqlite3_clear_bindings(statement)
    }

    deinit {
        // Finalizing only reports again the last step's error, already thrown.
        if cached == nil { _ = sqlite3_finalize(statement) }
    }

    // MARK: - Binding

    /// Binds a text, or NULL, to the parameter at `index` (from 1).
    func bind(_ value: String?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        let length = Int32(value.utf8.count)
        try check(value.withCString { sqlite3_bind_text(statement, index, $0, length, Self.transient) })
    }

    /// Binds a real number, or NULL, to the parameter at `index` (from 1).
    func bind(_ value: Double?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_double(statement, index, value))
    }

    /// Binds an integer, or NULL, to the parameter at `index` (from 1).
    func bind(_ value: Int64?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(statement, index, value))
    }

    /// Binds an integer, or NULL, to the parameter at `index` (from 1).
    func bind(_ value: Int?, at index: Int32) throws {
        try bind(value.map(Int64.init), at: index)
    }

    /// Binds bytes as a blob, or NULL, to the parameter at `index` (from 1).
    func bind(_ value: [UInt8]?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        try check(value.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient) })
    }

    /// Binds a boolean as 0 or 1 to the parameter at `index` (from 1).
    /// Binds the 16 bytes of a UUID as a blob.
    func bind(_ value: UUID, at index: Int32) throws {
        try check(withUnsafeBytes(of: value.uuid) { sqlite3_bind_blob(statement, index, $0.baseAddress, 16, Self.transient) })
    }

    func bind(_ value: Bool, at index: Int32) throws {
        try bind(Int64(value ? 1 : 0), at: index)
    }

    private func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(statement, index))
    }

    // MARK: - Errors

    /// Throws the SQLite error that `code` is, unless it is `SQLITE_OK`.
    func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code) }
    }

    func error(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}
