import DatebookKit
import DatebookTerminal
import Foundation

/// The Events tab: the list and History, with item details and forms pushed over them.
public final class EventsCoordinator: TabCoordinator {
    public let tab = Tab.events
    public let list: ItemListPresenter
    public let history: ItemListPresenter
    /// The details pages and forms pushed over the lists.
    public let flow: ItemFlow
    /// True while History is showing (under any pushed item screen).
    public private(set) var showsHistory = false

    public init(store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText) {
        list = ItemListPresenter(source: .active, store: store, clock: clock, dates: dates)
        history = ItemListPresenter(source: .history, store: store, clock: clock, dates: dates)
        flow = ItemFlow(store: store, clock: clock, ids: ids, dates: dates)
        flow.reloadHost = { [unowned self] in reloadLists() }
        flow.didSave = { [unowned self] item in _ = try? list.select(id: item.id) }
    }

    public var mode: Mode {
        flow.mode ?? (showsHistory ? .history : .list)
    }

    /// The form on top, if a form is showing.
    public var form: ItemFormPresenter? { flow.form }

    /// The details page on top, if one is showing.
    public var details: ItemDetailsPresenter? { flow.details }

    /// The list on screen: the Events list or History.
    private var shownList: ItemListPresenter { showsHistory ? history : list }

    public func startNew(_ kind: ItemKind) -> Bool {
        flow.startNew(kind)
        return true
    }

    public func reload() -> TabResponse {
        do {
            try flow.reload()
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
        return reloadLists()
    }

    private func reloadLists() -> TabResponse {
        do {
            try list.reload()
            try history.reload()
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if !flow.isEmpty { return flow.handle(intent) }
        let presenter = shownList
        if presenter.move(intent) { return .handled }
        switch (intent, showsHistory) {
        case (.open, _):
            guard let item = presenter.selectedItem else { return .ignored }
            flow.showDetails(of: item)
        case (.edit, false):
            guard let item = list.selectedItem else { return .ignored }
            flow.edit(item)
        case (.delete, false):
            guard let item = list.selectedItem else { return .ignored }
            return flow.askToDelete(item)
        case (.toggleComplete, false):
            guard let item = list.selectedItem else { return .ignored }
            return flow.complete(item)
        case (.toggleComplete, true):
            guard let item = history.selectedItem else { return .ignored }
            return flow.reopen(item)
        case (.edit, true), (.delete, true):
            return .message(.error("History is read-only. Press x to set an item back to not completed."))
        case (.historyRequested, false):
            showsHistory = true
            return reloadLists()
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

    public func handleMouse(_ event: MouseEvent, area: Rect) -> TabResponse {
        if !flow.isEmpty { return flow.handleMouse(event, area: area) }
        let presenter = shownList
        switch event.action {
        case .wheelUp:
            for _ in 0..<3 { presenter.move(.moveUp) }
        case .wheelDown:
            for _ in 0..<3 { presenter.move(.moveDown) }
        case .click, .press, .doubleClick:
            let row = event.position.y - area.y - ItemListView.headerHeight
            guard presenter.select(viewportRow: row) else { return .ignored }
            if event.action == .doubleClick { return handle(.open) }
        case .release:
            break
        }
        return .handled
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Point? {
        if !flow.isEmpty { return flow.render(into: &grid, area: area) }
        let presenter = shownList
        presenter.viewportHeight = area.height - ItemListView.headerHeight
        ItemListView.render(presenter.viewState(), into: &grid, area: area)
        return nil
    }
}
