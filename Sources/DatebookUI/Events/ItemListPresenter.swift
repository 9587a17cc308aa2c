import DatebookKit
import Foundation

/// Which list a presenter shows.
public enum ItemListSource: Sendable {
    /// The Events list: active items by start.
    case active
    /// History: completed and deleted items, newest first.
    case history
}

/// What the list screen shows.
public struct ItemListViewState: Equatable, Sendable {
    public var heading: String
    public var detail: String
    /// The rows in the viewport only.
    public var rows: [ItemRowState]
    /// The position in the list of the first of `rows`.
    public var firstRow: Int
    /// The selected row's position within `rows`, if it is in view.
    public var selectedRow: Int?
    public var total: Int
    /// Shown instead of rows when the list is empty.
    public var emptyMessage: String?
}

/// The logic of the Events list and of History: selection, scrolling, windowed reads.
///
/// Only the rows around the viewport are read from the store, so a list of 100,000 items
/// opens and scrolls as fast as a short one. They are read by `reload()` and `load()`, never
/// while the view state is made.
public final class ItemListPresenter {
    public let source: ItemListSource
    private let store: ItemStore
    private let clock: Clock
    private let dates: DateText

    public private(set) var selection = 0
    public private(set) var top = 0
    public private(set) var count = 0
    /// Rows the viewport holds; the coordinator sets it when the screen's size changes.
    public var viewportHeight = 10 {
        didSet { scrollToSelection() }
    }

    private var cacheOffset = 0
    /// The rows read: items (the Events list's always), and in History occurrences too.
    private var cache: [HistoryEntry] = []
    /// The occurrence each repeating item of `cache` shows (its next one).
    private var listed: [UUID: Occurrence] = [:]
    /// When the first of `listed` that is still going on ends: the list reads again then, so
    /// that a series moves on to its next occurrence.
    private var listedChangesAt: Date?
    /// True once the list has been read with items in it: the first such read selects the
    /// first item not yet past (a list that was empty opens anew when items arrive).
    private var opened = false
    private static let cacheMargin = 64

    public init(source: ItemListSource, store: ItemStore, clock: Clock, dates: DateText) {
        self.source = source
        self.store = store
        self.clock = clock
        self.dates = dates
    }

    // MARK: - Reading

    /// Reads the count again and forgets cached rows; keeps the selection on the same item if it
    /// is still there. The first time, the Events list opens at the first item not yet past
    /// (today), with the past above it: selected, and at the top of the screen.
    public func reload() throws {
        let keep = opened ? selectedEntry?.key : nil
        cache = []
        listed = [:]
        listedChangesAt = nil
        if source == .active {
            // Repeating items move on to their next occurrence as time passes.
            try store.advanceRepeatingItems(at: clock.now())
        }
        count = try source == .active ? store.activeCount() : store.historyEntryCount()
        if let keep, let index = try index(of: keep) {
            selection = index
        } else if !opened, source == .active {
            selection = try store.firstComingIndex(at: clock.now())
            top = selection
        }
        opened = count > 0
        clampSelection()
    }

    /// True when an occurrence the list shows has ended since it was read: `reload()` moves
    /// its series on.
    public var isOutOfDate: Bool {
        listedChangesAt.map { clock.now() > $0 } ?? false
    }

    /// Selects the first item not yet past, where the list opened.
    public func selectToday() throws {
        guard source == .active else { return }
        selection = try store.firstComingIndex(at: clock.now())
        top = selection
        clampSelection()
    }

    /// Reads the rows of the viewport, with a margin either side, unless they were read.
    public func load() throws {
        let end = min(count, top + max(1, viewportHeight))
        guard top < end, cachedEntry(at: top) == nil || cachedEntry(at: end - 1) == nil else { return }
        try read(around: top)
    }

    /// The selected row, if the list is not empty.
    public var selectedEntry: HistoryEntry? {
        guard count > 0 else { return nil }
        return try? entry(at: selection)
    }

    /// The selected item (in History, an occurrence's series), if the list is not empty.
    public var selectedItem: Item? { selectedEntry?.item }

    /// The occurrence the selected row shows, when it is a repeating item's.
    public var selectedOccurrence: Occurrence? {
        selectedItem.flatMap { listed[$0.id] }
    }

    /// Selects an item's row by id; returns false when it is not in this list.
    @discardableResult
    public func select(id: UUID) throws -> Bool {
        guard let index = try index(of: HistoryKey(itemID: id)) else { return false }
        selection = index
        scrollToSelection()
        return true
    }

    private func index(of key: HistoryKey) throws -> Int? {
        if source == .history { return try store.historyEntryIndex(of: key) }
        return key.recurrenceID == nil ? try store.activeIndex(of: key.itemID) : nil
    }

    private func entry(at index: Int) throws -> HistoryEntry? {
        guard index >= 0, index < count else { return nil }
        if let entry = cachedEntry(at: index) { return entry }
        try read(around: index)
        return cachedEntry(at: index)
    }

    /// The row at a position if it was read.
    private func cachedEntry(at index: Int) -> HistoryEntry? {
        let local = index - cacheOffset
        return index >= 0 && index < count && local >= 0 && local < cache.count ? cache[local] : nil
    }

    /// Reads a viewport's rows and a margin either side of a position.
    private func read(around index: Int) throws {
        let offset = max(0, index - ItemListPresenter.cacheMargin)
        let limit = viewportHeight + 2 * ItemListPresenter.cacheMargin
        cache = try source == .active
            ? store.activeItems(offset: offset, limit: limit).map(HistoryEntry.item)
            : store.historyEntries(offset: offset, limit: limit)
        cacheOffset = offset
        let now = clock.now()
        listed = try source == .active
            ? store.listedOccurrences(of: cache.map(\.item).filter(\.isRecurring).map(\.id), at: now) : [:]
        listedChangesAt = listed.values.map(\.end).filter { $0 >= now }.min()
    }

    // MARK: - Moving

    /// Moves the selection for a list intent; returns false for intents that are not about moving.
    @discardableResult
    public func move(_ intent: Intent) -> Bool {
        switch intent {
        case .moveUp: selection -= 1
        case .moveDown: selection += 1
        case .pageUp: selection -= max(1, viewportHeight - 1)
        case .pageDown: selection += max(1, viewportHeight - 1)
        case .moveTop: selection = 0
        case .moveBottom: selection = count - 1
        default: return false
        }
        clampSelection()
        return true
    }

    /// Selects the row at a position of the list (a mouse click); false when nothing is there.
    public func select(index: Int) -> Bool {
        guard index >= 0, index < count else { return false }
        selection = index
        scrollToSelection()
        return true
    }

    private func clampSelection() {
        selection = max(0, min(selection, count - 1))
        scrollToSelection()
    }

    private func scrollToSelection() {
        top = firstRow(forHeight: viewportHeight)
    }

    /// The first row shown in a viewport of `height` rows: where it is now, moved just enough
    /// for the selection to show.
    private func firstRow(forHeight height: Int) -> Int {
        let height = max(1, height)
        var top = self.top
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        return max(0, min(top, max(0, count - height)))
    }

    // MARK: - View state

    /// What the list shows in a viewport of `height` rows (the coordinator's viewport by
    /// default), from the rows already read.
    public func viewState(height: Int? = nil) -> ItemListViewState {
        let height = height ?? viewportHeight
        let top = firstRow(forHeight: height)
        let now = clock.now()
        var rows: [ItemRowState] = []
        let end = min(count, top + max(0, height))
        if top < end {
            for index in top..<end {
                guard let entry = cachedEntry(at: index) else { break }
                switch entry {
                case let .item(item):
                    rows.append(ItemRowState(item: item, listed: listed[item.id], now: now, dates: dates))
                case let .occurrence(occurrence, series):
                    rows.append(ItemRowState(occurrence: occurrence, of: series, now: now, dates: dates))
                }
            }
        }
        switch source {
        case .active:
            return ItemListViewState(
                heading: "Events",
                detail: count == 1 ? "1 item" : "\(count) items",
                rows: rows,
                firstRow: top,
                selectedRow: rows.isEmpty ? nil : selection - top,
                total: count,
                emptyMessage: count == 0 ? "No events, tasks or reminders yet. Press n to add one." : nil)
        case .history:
            return ItemListViewState(
                heading: "History",
                detail: (count == 1 ? "1 item" : "\(count) items") + " · read-only · completed in blue, not completed in red",
                rows: rows,
                firstRow: top,
                selectedRow: rows.isEmpty ? nil : selection - top,
                total: count,
                emptyMessage: count == 0 ? "History is empty. Completed and deleted items and occurrences come here." : nil)
        }
    }
}
