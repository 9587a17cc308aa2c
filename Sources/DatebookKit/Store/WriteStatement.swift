import Foundation
import GRDB
import GRDBSQLite

/// One `INSERT`, `UPDATE` or `DELETE` prepared straight on a GRDB connection.
///
/// Building GRDB `StatementArguments` for every row was the largest cost of writing many items;
/// binding each value directly removes it.
final class WriteStatement: PreparedStatement {
    // MARK: - Running

    /// Runs the statement with the values bound, and returns how many rows it changed.
    @discardableResult
    func run() throws -> Int {
        let code = sqlite3_step(statement)
        let failure = code == SQLITE_DONE ? nil : error(code)
        // Ready for the next values; its result only repeats the step's.
        _ = sqlite3_reset(statement)
        if let failure { throw failure }
        return Int(sqlite3_changes(connection))
    }
}
