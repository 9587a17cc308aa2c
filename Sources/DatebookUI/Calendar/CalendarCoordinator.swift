import DatebookKit
import DatebookTerminal
import Foundation

/// The Calendar tab: day, week and agenda views with a month grid, and the item screens
/// (details, forms) pushed over them.
public final class CalendarCoordinator: TabCoordinator {
    /// What a click in the tab means.
    public enum ClickTarget {
        case calendar(CalendarView.Target)
        /// A field of the form on screen.
        case field(ItemFormField)
    }

    public let presenter: CalendarPresenter
    public let flow: ItemFlow
    /// The quick-add line `a` opens over the calendar.
    public let quickAdd: QuickAddLine
    /// The `:` prompt's text while it is open.
    public private(set) var prompt: TextField?
    private let store: DatebookStore
    private let clock: Clock
    private let dates: DateText

    public init(context: TabContext) {
        store = context.store
        clock = context.clock
        dates = context.dates
        presenter = CalendarPresenter(store: context.store, contacts: context.store, clock: context.clock,
                                      dates: context.dates, weather: context.weather)
        flow = ItemFlow(store: context.store, clock: context.clock, ids: context.ids, dates: context.dates)
        let presenter = presenter
        quickAdd = QuickAddLine(clock: context.clock, ids: context.ids, dates: context.dates) {
            // A time typed without a date is on the day the calendar shows.
            presenter.selectedDay
        }
    }

    public var mode: Mode {
        if prompt != nil { return .prompt }
        if quickAdd.isOpen { return .quickAdd }
        return flow.mode ?? .calendar
    }

    public func startNew(_ entry: NewEntry.ID) -> TabResponse {
        flow.startNew(entry, start: presenter.newItemStart)
    }

    // MARK: - Reading

    public func storeDidChange(_ changes: StoreChanges) {
        presenter.reload()
        // Only another Datebook can have set another city (this one's forecast is in memory).
        if changes.external { presenter.weather?.forget() }
        flow.storeDidChange()
    }

    public func prepare() -> TabResponse {
        do {
            try flow.reloadIfChanged()
            try presenter.load()
            return .handled
        } catch {
            return .message(.error("Cannot read the calendar: \(error)"))
        }
    }

    public func resize(to area: Rect) {
        flow.resize(to: area)
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if prompt != nil { return handlePrompt(intent) }
        if quickAdd.isOpen { return handleQuickAdd(intent) }
        if !flow.isEmpty { return flow.handle(intent) }
        do {
            switch intent {
            case .command(.showDay): try presenter.show(.day)
            case .command(.showWeek): try presenter.show(.week)
            case .command(.showAgenda): try presenter.show(.agenda)
            case .command(.previousDay), .command(.nextDay), .command(.previousPeriod), .command(.nextPeriod):
                let step = intent == .command(.previousDay) || intent == .command(.previousPeriod) ? -1 : 1
                let moved = intent == .command(.previousDay) || intent == .command(.nextDay)
                    ? try presenter.moveDay(by: step) : try presenter.movePeriod(by: step)
                if !moved { return .message(.error("The calendar goes from the year 1 to the year 9999")) }
            case .command(.today): try presenter.goToToday()
            case .command(.goToDate): prompt = TextField()
            case .command(.quickAdd): quickAdd.open()
            case .moveUp: try presenter.moveSelection(by: -1)
            case .moveDown: try presenter.moveSelection(by: 1)
            case .open, .edit, .delete, .toggleComplete:
                return try act(intent)
            case .quitOrBack:
                return .quit
            default:
                return .ignored
            }
        } catch {
            return .message(.error("Cannot read the calendar: \(error)"))
        }
        return .handled
    }

    /// Opens, edits, deletes or completes the item of the selected occurrence.
    private func act(_ intent: Intent) throws -> TabResponse {
        guard let occurrence = presenter.selectedOccurrence else {
            return .message(StatusMessage("Nothing selected: move to an event with j/k"))
        }
        guard let item = try store.item(id: occurrence.itemID) else {
            presenter.reload()
            return .message(.error("That item no longer exists"))
        }
        if occurrence.isRecurring, item.status == .active, intent == .edit || intent == .delete {
            return flow.askAboutSeries(intent, occurrence: occurrence, series: item)
        }
        if occurrence.isRecurring, item.status == .active, intent == .toggleComplete {
            return flow.toggleOccurrence(occurrence, of: item)
        }
        switch intent {
        case .open: flow.showDetails(of: item, occurrence: occurrence.isRecurring ? occurrence : nil)
        case .edit:
            guard item.status == .active else {
                return .message(.error("\(StatusMessage.quoted(item.title)) is in History, which is read-only"))
            }
            flow.edit(item)
        case .delete: return flow.askToDelete(item)
        case .toggleComplete: return item.status == .active ? flow.complete(item) : flow.reopen(item)
        default: break
        }
        return .handled
    }

    /// The quick-add line's keys; a saved item's day is then shown, so it is seen where it went.
    private func handleQuickAdd(_ intent: Intent) -> TabResponse {
        let response = quickAdd.handle(intent, flow: flow)
        if !quickAdd.isOpen, flow.isEmpty, let saved = flow.takeSaved(),
            let day = saved.times.first?.start ?? saved.due
        {
            do {
                try presenter.go(to: day)
            } catch {
                return .message(.error("Cannot read the calendar: \(error)"))
            }
        }
        return response
    }

    private func handlePrompt(_ intent: Intent) -> TabResponse {
        guard var field = prompt else { return .ignored }
        switch intent {
        case .back:
            prompt = nil
            return .handled
        case .submit:
            do {
                let parsed = try DateParser(now: clock.now(), calendar: dates.calendar).parse(field.text)
                try presenter.go(to: parsed.date)
                prompt = nil
                return .handled
            } catch {
                // The typed text stays, so it can be corrected.
                return .message(.error("\(error)"))
            }
        default:
            guard field.apply(intent) else { return .ignored }
        }
        prompt = field
        return .handled
    }

    // MARK: - Mouse

    public func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse {
        if !flow.isEmpty {
            guard case .field(let field) = target else { return flow.mouse(event, on: nil) }
            return flow.mouse(event, on: field)
        }
        switch event.action {
        case .wheelUp: return handle(.moveUp)
        case .wheelDown: return handle(.moveDown)
        case .click, .press, .doubleClick:
            guard case .calendar(let hit) = target else { return .ignored }
            switch hit {
            case .day(let date):
                do {
                    try presenter.go(to: date)
                } catch {
                    return .message(.error("Cannot read the calendar: \(error)"))
                }
                return .handled
            case .entry(let entry):
                presenter.select(entry: entry)
            case .occurrence(let id):
                guard presenter.select(occurrenceID: id) else { return .ignored }
            }
            return event.action == .doubleClick ? handle(.open) : .handled
        case .release:
            return .ignored
        }
    }

    // MARK: - Drawing

    /// What the tab shows in an area, from what the presenter read.
    public func viewState(area: Rect) -> CalendarViewState {
        let withMonth = CalendarView.showsMonth(presenter.view, width: area.width)
        let view = CalendarView.viewArea(area, withMonth: withMonth)
        let body: CalendarViewState.Body
        switch presenter.view {
        case .day, .week:
            let context = TimeGridView.Context(calendar: dates.calendar, dates: dates,
                                               selectedID: presenter.selectedOccurrence?.id,
                                               firstHour: presenter.firstHour)
            let perHour = TimeGridView.rowsPerHour(height: view.height)
            presenter.visibleHours = max(1, (view.height - 2) / perHour)
            let slot = 3600.0 / Double(perHour)
            body = .columns(presenter.columns(slot: slot), context)
        case .agenda:
            body = .agenda(presenter.agenda(), selected: presenter.selection,
                           today: dates.calendar.startOfDay(for: clock.now()))
        }
        return CalendarViewState(title: presenter.title, notice: presenter.notice, prompt: prompt,
                                 month: withMonth ? presenter.monthGrid() : nil,
                                 summary: withMonth ? presenter.selectedOccurrence : nil, body: body, dates: dates)
    }

    public func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        if !flow.isEmpty { return flow.render(into: &grid, area: area).map(ClickTarget.field) }
        var drawing = CalendarView.render(viewState(area: area), into: &grid, area: area).map(ClickTarget.calendar)
        if let cursor = quickAdd.render(into: &grid, area: area) {
            drawing = Drawing(cursor: cursor)
        }
        return drawing
    }
}
