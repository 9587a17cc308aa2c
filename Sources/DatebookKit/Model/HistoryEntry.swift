import Foundation

/// One occurrence of a series completed or deleted on its own, while the series goes on: what
/// History shows of it, and what restoring it gives back.
public struct OccurrenceHistoryEntry: Equatable, Sendable {
    /// The series.
    public var itemID: UUID
    /// The instance (its original start, `Occurrence.recurrenceID`).
    public var recurrenceID: Date
    /// `.completed` or `.deleted`.
    public var status: ItemStatus
    /// When it was completed or deleted.
    public var at: Date
    /// What the occurrence showed then.
    public var title: String
    public var place: String
    public var start: Date
    public var end: Date?
    /// The instance's own changes (a moved time, its own title or notes) that deleting it
    /// dropped from the series; restoring it puts them back.
    public var override: RecurrenceOverride?

    public init(
        itemID: UUID, recurrenceID: Date, status: ItemStatus, at: Date, title: String, place: String = "",
        start: Date, end: Date? = nil, override: RecurrenceOverride? = nil
    ) {
        self.itemID = itemID
        self.recurrenceID = recurrenceID
        self.status = status
        self.at = at
        self.title = title
        self.place = place
        self.start = start
        self.end = end
        self.override = override
    }
}

extension OccurrenceHistoryEntry {
    /// The occurrence as it was, to open its series' page at.
    public func occurrence(of series: Item) -> Occurrence {
        Occurrence(
            itemID: itemID, kind: series.kind, title: title, place: place, start: start, end: end ?? start,
            allDay: series.allDay, status: status == .completed ? .completed : .active, isRecurring: true,
            recurrenceID: recurrenceID, isDue: series.times.isEmpty)
    }
}

/// One row of History: an item completed or deleted whole, or one occurrence of a series that
/// goes on (`series` is the series as it is now).
public enum HistoryEntry: Equatable, Sendable {
    case item(Item)
    case occurrence(OccurrenceHistoryEntry, series: Item)

    /// The item the row is about: the item, or the occurrence's series.
    public var item: Item {
        switch self {
        case let .item(item): return item
        case let .occurrence(_, series): return series
        }
    }

    /// The occurrence, for a row about one.
    public var occurrence: OccurrenceHistoryEntry? {
        if case let .occurrence(entry, _) = self { return entry }
        return nil
    }

    /// What names the row in History: the item's id, and the instance's recurrence ID for an
    /// occurrence.
    public var key: HistoryKey { HistoryKey(itemID: item.id, recurrenceID: occurrence?.recurrenceID) }
}

/// What names a row of History (see `HistoryEntry.key`).
public struct HistoryKey: Hashable, Sendable {
    public var itemID: UUID
    public var recurrenceID: Date?

    public init(itemID: UUID, recurrenceID: Date? = nil) {
        self.itemID = itemID
        self.recurrenceID = recurrenceID
    }
}
