import Foundation

/// Changes to one instance of a recurring series, for "this occurrence", "all occurrences"
/// and "this and following" (all occurrences are changed with `ItemStore.save` and deleted
/// with `ItemStore.delete`).
///
/// An instance changed or removed is kept as an exception of its series (an override, an
/// EXDATE), never by copying the series. Instances are named by their recurrence ID: the
/// original start, `Occurrence.recurrenceID`. Each method is one transaction.
public protocol RecurrenceEditing: AnyObject {
    /// Takes one instance out of its series (adds an EXDATE; drops its override, if any).
    ///
    /// - Throws: `StoreError.notFound` for an unknown item, `.invalid` when the item does not
    ///   repeat.
    @discardableResult
    func deleteOccurrence(of id: UUID, recurrenceID: Date) throws -> Item

    /// Changes one instance: its start, end, title, place or notes, as `change` says (its
    /// `recurrenceID` names the instance). Replaces an earlier change of the same instance.
    @discardableResult
    func changeOccurrence(of id: UUID, to change: RecurrenceOverride) throws -> Item

    /// Changes one instance as an edit of it says, merged with what was changed elsewhere since
    /// the edit began (`ItemBatch.changeOccurrence(_:resolving:)`).
    ///
    /// - Throws: `StoreError.conflict` when the changes cannot be merged and `resolution` is
    ///   `.merge`; `.invalid` when the series is not valid.
    @discardableResult
    func changeOccurrence(_ edit: OccurrenceEdit, resolving resolution: ConflictResolution) throws -> Item

    /// Splits a series at an instance, for "this and following": the series ends before it
    /// (UNTIL, or a smaller COUNT) and a new series, with a new id, starts with it and takes
    /// the exceptions from there on. Both are saved; change the new one and save it again.
    ///
    /// At the first instance nothing is split: `ended` is nil and `following` is the series.
    /// A series deleted or completed meanwhile is not split: `StoreError.conflict`.
    @discardableResult
    func splitSeries(_ id: UUID, at recurrenceID: Date) throws -> SeriesSplit

    /// Completes one instance, or sets it back to not completed, while the series goes on: the
    /// instance is kept as an override that says so (its other changes, if any, stay).
    @discardableResult
    func setOccurrenceCompleted(_ completed: Bool, of id: UUID, recurrenceID: Date) throws -> Item

    /// Puts an occurrence that History holds (completed or deleted on its own) back in its
    /// series: a deleted one with the changes of its own it had, a completed one not completed.
    @discardableResult
    func restoreOccurrence(of id: UUID, recurrenceID: Date) throws -> Item
}

/// The two halves of a split series.
public struct SeriesSplit: Equatable, Sendable {
    /// The series as it now ends, before the instance; nil when nothing came before it.
    public var ended: Item?
    /// The series from the instance on.
    public var following: Item

    public init(ended: Item?, following: Item) {
        self.ended = ended
        self.following = following
    }
}
