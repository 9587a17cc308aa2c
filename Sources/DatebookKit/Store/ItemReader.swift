import Foundation

/// Reads items in order, a part at a time, for a codec that writes them elsewhere (an
/// iCalendar export; later a sync): what the store holds, never how.
public protocol ItemReader: AnyObject {
    /// Where the time of an export (DTSTAMP) comes from.
    var clock: Clock { get }
    /// The zone floating times are shown in.
    var timeZone: TimeZone { get }

    /// The items to read: every item, or, with a range, every item with a time (or an
    /// instance, or a due date) in `[from, to)`; by their sort date, then id.
    func itemSelection(showingFrom from: Date?, to: Date?) throws(StoreError) -> ItemSelection
    /// The TZIDs the selected items are anchored in, sorted.
    func zoneNames(in selection: ItemSelection) throws(StoreError) -> [String]
    /// The VTIMEZONEs stored for zones the system does not know, by TZID.
    func storedZoneDefinitions() throws(StoreError) -> [String: String]
    /// The selected items at `positions`, whole, in the selection's order.
    func items(in selection: ItemSelection, at positions: Range<Int>) throws(StoreError) -> [Item]
}

/// Items picked for reading, in order: made by `ItemReader.itemSelection(showingFrom:to:)`.
public struct ItemSelection: Sendable {
    /// The row ids of the items, in order.
    let rowIDs: [Int64]

    /// How many items were picked.
    public var count: Int { rowIDs.count }
}
