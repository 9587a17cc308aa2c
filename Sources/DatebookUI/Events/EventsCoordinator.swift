import DatebookKit
import DatebookTerminal
import Foundation

/// The Events tab: the list and History, with item details and forms pushed over them.
public final class EventsCoordinator: TabCoordinator {
    /// What a click in the tab means.
    public enum ClickTarget {
        /// A row of the list on screen, by its position in the list.
        case row(Int)
        /// A field of the form on screen.
        case field(ItemFormField)
    }

    public let list: ItemListPresenter
    public let history: ItemListPresenter
    /// The details pages and forms pushed over the lists.
    public let flow: ItemFlow
    /// The quick-add line `a` opens over the list.
    public let quickAdd: QuickAddLine
    /// True while History is showing (under any pushed item screen).
    public private(set) var showsHistory = false
    /// True when the store changed since the lists were read.
    private var stale = true
    private let store: DatebookStore

    public init(context: TabContext) {
        list = ItemListPresenter(source: .active, store: context.store, clock: context.clock, dates: context.dates)
        history = ItemListPresenter(source: .history, store: context.store, clock: context.clock, dates: context.dates)
        flow = ItemFlow(store: context.store, clock: context.clock, ids: context.ids, dates: context.dates)
        quickAdd = QuickAddLine(clock: context.clock, ids: context.ids, dates: context.dates)
        store = context.store
    }

    /// Opens the details of an item (a ringing reminder's), over the list; false when the item
    /// is gone.
    public func openDetails(of id: UUID) -> Bool {
        guard let item = try? store.item(id: id) else { return false }
        showsHistory = item.status != .active
        flow.showDetails(of: item)
        return true
    }

    public var mode: Mode {
        if quickAdd.isOpen { return .quickAdd }
        return flow.mode ?? (showsHistory ? .history : .list)
    }

    /// The form on top, if a form is showing.
    public var form: ItemFormPresenter? { flow.form }

    /// The details page on top, if one is showing.
    public var details: ItemDetailsPresenter? { flow.details }

    /// The list on screen: the Events list or History.
    private var shownList: ItemListPresenter { showsHistory ? history : list }

    public func startNew(_ entry: NewEntry.ID) -> TabResponse {
        flow.startNew(entry)
    }

    // MARK: - Reading

    public func storeDidChange(_ changes: StoreChanges) {
        stale = true
    }

    public func prepare() -> TabResponse {
        do {
            if stale || list.isOutOfDate {
                try list.reload()
                try history.reload()
                try flow.reload()
                stale = false
            }
            if let id = flow.takeSaved()?.id {
                try list.select(id: id)
            }
            try shownList.load()
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    public func resize(to area: Rect) {
        list.viewportHeight = area.height - ItemListView.headerHeight
        history.viewportHeight = area.height - ItemListView.headerHeight
        flow.resize(to: area)
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if quickAdd.isOpen { return quickAdd.handle(intent, flow: flow) }
        if !flow.isEmpty {
            return flow.handle(intent)
        }
        let presenter = shownList
        if presenter.move(intent) { return .handled }
        switch (intent, showsHistory) {
        case (.open, _):
            guard let item = presenter.selectedItem else { return .ignored }
            // History's row of one occurrence opens its series at that occurrence.
            flow.showDetails(of: item, occurrence: presenter.selectedEntry?.occurrence.map { $0.occurrence(of: item) })
        case (.edit, false):
            guard let item = list.selectedItem else { return .ignored }
            flow.edit(item)
        case (.delete, false):
            guard let item = list.selectedItem else { return .ignored }
            // As x does: a repeating item's row shows one occurrence, and d asks about it.
            if item.isRecurring, let occurrence = list.selectedOccurrence {
                return flow.askAboutSeries(.delete, occurrence: occurrence, series: item)
            }
            return flow.askToDelete(item)
        case (.toggleComplete, false):
            guard let item = list.selectedItem else { return .ignored }
            // A repeating item's row shows one occurrence: x asks about it, as in the calendar.
            if item.isRecurring, let occurrence = list.selectedOccurrence {
                return flow.toggleOccurrence(occurrence, of: item)
            }
            return flow.complete(item)
        case (.toggleComplete, true):
            switch history.selectedEntry {
            case let .item(item)?: return flow.reopen(item)
            case let .occurrence(occurrence, series)?: return flow.restore(occurrence, of: series)
            case nil: return .ignored
            }
        case (.edit, true), (.delete, true):
            return .message(.error("History is read-only. Press x to set an item back to not completed."))
        case (.command(.quickAdd), false):
            quickAdd.open()
        case (.command(.history), false):
            showsHistory = true
        case (.command(.listToday), false):
            do {
                try list.selectToday()
            } catch {
                return .message(.error("Cannot read the database: \(error)"))
            }
        case (.back, true), (.quitOrBack, true):
            showsHistory = false
        case (.quitOrBack, false):
            return .quit
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: - Mouse

    public func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse {
        if !flow.isEmpty {
            guard case .field(let field) = target else { return flow.mouse(event, on: nil) }
            return flow.mouse(event, on: field)
        }
        let presenter = shownList
        switch event.action {
        case .wheelUp:
            for _ in 0..<3 { presenter.move(.moveUp) }
        case .wheelDown:
            for _ in 0..<3 { presenter.move(.moveDown) }
        case .click, .press, .doubleClick:
            guard case .row(let index) = target, presenter.select(index: index) else { return .ignored }
            if event.action == .doubleClick { return handle(.open) }
        case .release:
            break
        }
        return .handled
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        if !flow.isEmpty { return flow.render(into: &grid, area: area).map(ClickTarget.field) }
        let state = shownList.viewState(height: area.height - ItemListView.headerHeight)
        var drawing = Drawing(clicks: ItemListView.render(state, into: &grid, area: area).map {
            ClickArea($0.rect, ClickTarget.row($0.target))
        })
        if let cursor = quickAdd.render(into: &grid, area: area) {
            drawing = Drawing(cursor: cursor)
        }
        return drawing
    }
}
