import Foundation

/// What a save does when the item changed elsewhere in a way that conflicts with the edit.
public enum ConflictResolution: Equatable, Sendable {
    /// Merge field by field; stop with `StoreError.conflict` when both sides changed a field
    /// differently or the item was deleted or completed meanwhile. Nothing is written then.
    case merge
    /// Merge, and where both changed a field take the edit's value: "keep mine". A deleted
    /// item (or occurrence) is brought back with the edit; a completed one stays completed.
    case keepMine
    /// Leave the stored item as it is and save the edit as a new item, with a new id: "keep both".
    case keepBoth
}

/// Why a save stopped: the item changed elsewhere since the edit began, in a way the edit
/// cannot simply be merged into.
public struct ItemConflict: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// Both changed these fields, to different values.
        case bothChanged([ItemMerge.Field])
        /// An edit of one occurrence: these fields of the series changed (its times or its
        /// rule), so the occurrence may no longer be where the edit found it.
        case seriesChanged([ItemMerge.Field])
        /// The item (or, with `recurrenceID`, the occurrence) was deleted.
        case deleted
        /// The item was completed.
        case completed
    }

    public var reason: Reason
    /// The item as it is stored now; nil when it is gone altogether.
    public var theirs: Item?
    /// The occurrence edited, when the edit was of one occurrence.
    public var recurrenceID: Date?

    public init(_ reason: Reason, theirs: Item?, recurrenceID: Date? = nil) {
        self.reason = reason
        self.theirs = theirs
        self.recurrenceID = recurrenceID
    }

    /// The fields in conflict (none for a deleted or completed item).
    public var fields: [ItemMerge.Field] {
        switch reason {
        case let .bothChanged(fields), let .seriesChanged(fields): return fields
        case .deleted, .completed: return []
        }
    }
}

extension ItemConflict: CustomStringConvertible {
    /// One line for the status line or stderr.
    public var description: String {
        let title = theirs.map { "\u{201C}\($0.title)\u{201D}" } ?? "The item"
        let what = recurrenceID == nil ? title : "An occurrence of \(title)"
        let names = fields.map(\.name).joined(separator: ", ")
        switch reason {
        case .bothChanged:
            return "\(what) was changed elsewhere meanwhile: both changed \(names)"
        case .seriesChanged:
            return "The series \(title) was changed elsewhere meanwhile (\(names))"
        case .deleted:
            return "\(what) was deleted elsewhere meanwhile"
        case .completed:
            return "\(what) was completed elsewhere meanwhile"
        }
    }
}
