import Foundation

/// What can go wrong opening or writing the database, with a one-line message for a person.
public enum StoreError: Error, Equatable, Sendable {
    /// The folder cannot be created or written.
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not a Datebook database: not SQLite at all, or another program's.
    case notADatabase(path: String)
    /// The database was written by a newer Datebook and has changes this one does not know.
    case newerVersion(path: String)
    /// The item is not valid; nothing was written.
    case invalid([ValidationIssue])
    /// No item has this id.
    case notFound(UUID)
    /// The item changed elsewhere since an edit of it began, in a way the edit cannot be
    /// merged into; nothing was written (see `ConflictResolution`).
    case conflict(ItemConflict)
    /// The file is damaged: SQLite found it malformed, or what it read cannot be right.
    /// Nothing was written; a read stopped rather than give a partial answer.
    case damaged(reason: String)
    /// Any other database failure; nothing was written.
    case failed(String)
}

extension StoreError: CustomStringConvertible {
    /// The message shown in the status line or on stderr.
    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "Cannot open the database at \(path): \(reason)"
        case let .notADatabase(path):
            return "\(path) is not a Datebook database (not an SQLite file, or another program's); it was left untouched"
        case let .newerVersion(path):
            return "\(path) was written by a newer Datebook; update Datebook to open it (the file was left untouched)"
        case let .invalid(issues):
            return issues.map(\.message).joined(separator: "; ")
        case let .notFound(id):
            return "No item with id \(id.uuidString.lowercased())"
        case let .conflict(conflict):
            return conflict.description
        case let .damaged(reason):
            return "the database file is damaged (\(reason)); nothing was changed. "
                + "Run `datebook check` to see the damage and how to recover"
        case let .failed(reason):
            return "Database error: \(reason)"
        }
    }
}
