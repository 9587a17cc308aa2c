import DatebookKit
import Foundation

/// The Events tab: the list, History, details pages and forms, as a stack of screens.
public final class EventsCoordinator: TabCoordinator {
    /// One screen of the tab.
    enum Screen {
        case list
        case history
        case details(ItemDetailsPresenter)
        case form(ItemFormPresenter)
    }

    public let tab = Tab.events
    public let list: ItemListPresenter
    public let history: ItemListPresenter
    private(set) var stack: [Screen] = [.list]
    private let store: ItemStore
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText

    public init(store: ItemStore, clock: Clock, ids: IDSource, dates: DateText) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
        list = ItemListPresenter(source: .active, store: store, clock: clock, dates: dates)
        history = ItemListPresenter(source: .history, store: store, clock: clock, dates: dates)
    }

    public var mode: Mode {
        switch stack.last! {
        case .list: return .list
        case .history: return .history
        case .details(let p): return p.readOnly ? .historyDetails : .details
        case .form: return .form
        }
    }

    /// The form on top, if a form is showing.
    public var form: ItemFormPresenter? {
        if case .form(let p) = stack.last! { return p }
        return nil
    }

    /// The details page on top, if one is showing.
    public var details: ItemDetailsPresenter? {
        if case .details(let p) = stack.last! { return p }
        return nil
    }

    /// True when History is on top.
    public var showsHistory: Bool {
        if case .history = stack.last! { return true }
        return false
    }

    // MARK: - Opening screens

    /// Opens the form for a new item.
    public func startNew(_ kind: ItemKind, day: Date? = nil) {
        stack.append(.form(ItemFormPresenter(newItemOf: kind, store: store, clock: clock, ids: ids, dates: dates, day: day)))
    }

    public func reload() -> TabResponse {
        do {
            try list.reload()
            try history.reload()
            for case .details(let p) in stack { try p.reload() }
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        switch stack.last! {
        case .list: return handleList(intent)
        case .history: return handleHistory(intent)
        case .details(let p): return handleDetails(intent, p)
        case .form(let p): return handleForm(intent, p)
        }
    }

    private func handleList(_ intent: Intent) -> TabResponse {
        if list.move(intent) { return .handled }
        switch intent {
        case .open:
            guard let item = list.selectedItem else { return .ignored }
            stack.append(.details(ItemDetailsPresenter(item: item, store: store, clock: clock, dates: dates)))
        case .edit:
            guard let item = list.selectedItem else { return .ignored }
            stack.append(.form(ItemFormPresenter(editing: item, store: store, clock: clock, ids: ids, dates: dates)))
        case .delete:
            guard let item = list.selectedItem else { return .ignored }
            return askToDelete(item)
        case .toggleComplete:
            guard let item = list.selectedItem else { return .ignored }
            return complete(item)
        case .historyRequested:
            stack.append(.history)
            return reload()
        case .quitOrBack:
            return .quit
        default:
            return .ignored
        }
        return .handled
    }

    private func handleHistory(_ intent: Intent) -> TabResponse {
        if history.move(intent) { return .handled }
        switch intent {
        case .open:
            guard let item = history.selectedItem else { return .ignored }
            stack.append(.details(ItemDetailsPresenter(item: item, store: store, clock: clock, dates: dates)))
        case .toggleComplete:
            guard let item = history.selectedItem else { return .ignored }
            return reopen(item)
        case .edit, .delete:
            return .message(.error("History is read-only. Press x to set an item back to not completed."))
        case .back, .quitOrBack:
            stack.removeLast()
        default:
            return .ignored
        }
        return .handled
    }

    private func handleDetails(_ intent: Intent, _ page: ItemDetailsPresenter) -> TabResponse {
        switch intent {
        case .edit:
            if page.readOnly {
                return .message(.error("History is read-only. Press x to set it back to not completed."))
            }
            stack.append(.form(ItemFormPresenter(editing: page.item, store: store, clock: clock, ids: ids, dates: dates)))
        case .delete:
            if page.readOnly { return .message(.error("History is read-only.")) }
            return askToDelete(page.item)
        case .toggleComplete:
            return page.readOnly ? reopen(page.item) : complete(page.item)
        case .back, .quitOrBack:
            stack.removeLast()
        case .moveDown:
            page.scroll += 1
        case .moveUp:
            page.scroll = max(0, page.scroll - 1)
        default:
            return .ignored
        }
        return .handled
    }

    private func handleForm(_ intent: Intent, _ form: ItemFormPresenter) -> TabResponse {
        switch form.handle(intent) {
        case .stay(let message):
            return message.map { .message($0) } ?? .handled
        case .saved(let item):
            stack.removeLast()
            let response = reload()
            _ = try? list.select(id: item.id)
            if case .message = response { return response }
            return .message(StatusMessage("Saved \u{201C}\(item.title)\u{201D}"))
        case .cancel(let changed):
            guard changed else {
                stack.removeLast()
                return .handled
            }
            return .ask(Question("Discard your changes to this \(form.kind.rawValue)?") { [weak self] in
                self?.stack.removeLast()
                return .message(StatusMessage("Changes discarded"))
            })
        }
    }

    // MARK: - Actions

    private func askToDelete(_ item: Item) -> TabResponse {
        .ask(Question("Delete \u{201C}\(item.title)\u{201D}? It goes to History as not completed.") { [weak self] in
            guard let self else { return .handled }
            return self.perform("Deleted \u{201C}\(item.title)\u{201D}; it is in History as not completed") {
                try self.store.delete(id: item.id)
            }
        })
    }

    private func complete(_ item: Item) -> TabResponse {
        perform("Completed \u{201C}\(item.title)\u{201D}; it is in History (h)") {
            try store.complete(id: item.id)
        }
    }

    private func reopen(_ item: Item) -> TabResponse {
        perform("\u{201C}\(item.title)\u{201D} is not completed and back in the list") {
            try store.reopen(id: item.id)
        }
    }

    /// Runs a store change, leaves a details page about the changed item, reloads and reports.
    private func perform(_ success: String, _ change: () throws -> Void) -> TabResponse {
        do {
            try change()
        } catch {
            return .message(.error("Not done: \(error)"))
        }
        if details != nil { stack.removeLast() }
        let response = reload()
        if case .message = response { return response }
        return .message(StatusMessage(success))
    }

    // MARK: - Mouse

    public func handleMouse(_ event: MouseEvent, area: Rect) -> TabResponse {
        let presenter: ItemListPresenter
        switch stack.last! {
        case .list: presenter = list
        case .history: presenter = history
        case .form(let form):
            if event.action == .click || event.action == .press,
               let field = ItemFormView.field(atLine: event.position.y, form.viewState(), area: area) {
                form.focus(on: field)
            }
            return .handled
        case .details:
            return .ignored
        }
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
        switch stack.last! {
        case .list:
            list.viewportHeight = area.height - ItemListView.headerHeight
            ItemListView.render(list.viewState(), into: &grid, area: area)
        case .history:
            history.viewportHeight = area.height - ItemListView.headerHeight
            ItemListView.render(history.viewState(), into: &grid, area: area)
        case .details(let p):
            ItemDetailsView.render(p.viewState(), scroll: p.scroll, into: &grid, area: area)
        case .form(let p):
            return ItemFormView.render(p.viewState(), into: &grid, area: area)
        }
        return nil
    }
}
