import DatebookKit
import DatebookTerminal
import Foundation

/// The Search tab: a query line that searches as it is typed, filters under it, results by
/// kind, and the item screens (details, forms) pushed over them as in the Events tab.
public final class SearchCoordinator: TabCoordinator {
    /// What a click in the tab means.
    public enum ClickTarget {
        /// A result, by its index among all results.
        case result(Int)
        /// A field of the form on screen.
        case field(ItemFormField)
    }

    public let presenter: SearchPresenter
    /// The details pages and forms pushed over the results.
    public let flow: ItemFlow
    /// The quick-add line `a` opens over the results.
    public let quickAdd: QuickAddLine
    /// True while the query line has the keyboard; false in the results.
    public private(set) var queryFocused = true

    public init(context: TabContext) {
        presenter = SearchPresenter(store: context.store, clock: context.clock, dates: context.dates)
        flow = ItemFlow(store: context.store, clock: context.clock, ids: context.ids, dates: context.dates)
        quickAdd = QuickAddLine(clock: context.clock, ids: context.ids, dates: context.dates)
    }

    public var mode: Mode {
        if quickAdd.isOpen { return .quickAdd }
        return flow.mode ?? (presenter.datePrompt != nil ? .searchDates : queryFocused ? .searchQuery : .searchResults)
    }

    public func startNew(_ entry: NewEntry.ID) -> TabResponse {
        flow.startNew(entry)
    }

    // MARK: - Reading

    public func storeDidChange(_ changes: StoreChanges) {
        presenter.storeDidChange()
        flow.storeDidChange()
    }

    public func prepare() -> TabResponse {
        do {
            try flow.reloadIfChanged()
            try presenter.refresh()
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    public func resize(to area: Rect) {
        presenter.viewportHeight = max(1, area.height - SearchView.headerHeight)
        flow.resize(to: area)
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if quickAdd.isOpen { return quickAdd.handle(intent, flow: flow) }
        if !flow.isEmpty { return flow.handle(intent) }
        if presenter.datePrompt != nil { return presenter.editDatePrompt(intent) ? .handled : .ignored }
        switch intent {
        case .command(.searchKind): presenter.cycleKind()
        case .command(.searchDates): presenter.cycleDates()
        case .command(.searchHistory): presenter.toggleHistory()
        default: return queryFocused ? handleQuery(intent) : handleResults(intent)
        }
        return .handled
    }

    private func handleQuery(_ intent: Intent) -> TabResponse {
        if presenter.edit(intent) { return .handled }
        switch intent {
        case .command(.searchResults):
            queryFocused = false
            return .handled
        default:
            return .ignored
        }
    }

    private func handleResults(_ intent: Intent) -> TabResponse {
        if intent == .moveUp, presenter.isAtTop {
            queryFocused = true
            return .handled
        }
        if presenter.move(intent) { return .handled }
        switch intent {
        case .open:
            if let contact = presenter.selectedContact {
                // The contact's profile lives in the Contacts tab.
                return .show(.contacts, contact.contact.id)
            }
            if let meeting = presenter.selectedMeeting {
                // A meeting opens in the Meetings tab.
                return .show(.meetings, meeting.meeting.id)
            }
            guard let hit = presenter.selectedHit else { return .ignored }
            flow.showDetails(of: hit.item, occurrence: hit.listed)
        case .command(.searchQuery):
            queryFocused = true
        case .command(.quickAdd):
            quickAdd.open()
        case .quitOrBack:
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
        switch event.action {
        case .wheelUp:
            for _ in 0..<3 { presenter.move(.moveUp) }
        case .wheelDown:
            for _ in 0..<3 { presenter.move(.moveDown) }
        case .click, .press, .doubleClick:
            guard case .result(let index) = target else { return .ignored }
            queryFocused = false
            presenter.move(.moveTop)
            for _ in 0..<index { presenter.move(.moveDown) }
            if event.action == .doubleClick { return handle(.open) }
        case .release:
            break
        }
        return .handled
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        if !flow.isEmpty { return flow.render(into: &grid, area: area).map(ClickTarget.field) }
        let state = presenter.viewState(queryFocused: queryFocused, height: area.height - SearchView.headerHeight)
        var drawing = SearchView.render(state, into: &grid, area: area).map(ClickTarget.result)
        if let cursor = quickAdd.render(into: &grid, area: area) {
            drawing = Drawing(cursor: cursor)
        }
        return drawing
    }
}
