import Foundation

/// An edit of a stored item: the item as it was read when editing began, and as edited.
///
/// Saving an edit (`ItemStore.save(_:resolving:)`) merges it into the item as it is stored at
/// that moment, so that a change made elsewhere meanwhile (another Datebook on the same file,
/// an import, a sync) is never overwritten silently (see `ItemMerge`).
public struct ItemEdit: Equatable, Sendable {
    /// The item as read when editing began.
    public var base: Item
    /// The item as edited: `base` with the edit's changes.
    public var mine: Item

    public init(base: Item, mine: Item) {
        self.base = base
        self.mine = mine
    }
}

/// An edit of one occurrence of a series, as `ItemEdit` is of an item.
public struct OccurrenceEdit: Equatable, Sendable {
    /// The series as read when editing began.
    public var series: Item
    /// The occurrence as it showed when editing began (`RecurrenceOverride.shown(in:)`); its
    /// `recurrenceID` names it.
    public var opened: RecurrenceOverride
    /// The occurrence as edited, as it will show: every text set.
    public var mine: RecurrenceOverride

    public init(series: Item, opened: RecurrenceOverride, mine: RecurrenceOverride) {
        self.series = series
        self.opened = opened
        self.mine = mine
    }

    /// The instance edited.
    public var recurrenceID: Date { opened.recurrenceID }
}
