import DatebookKit
import DatebookTerminal
import Foundation

/// The Calendar tab: day, week and agenda views with a month grid, and the item screens
/// (details, forms) pushed over them.
public final class CalendarCoordinator: TabCoordinator {
    public let tab = Tab.calendar
    public let presenter: CalendarPresenter
    public let flow: ItemFlow
    /// The `:` prompt's text while it is open.
    public private(set) var prompt: TextField?
    private let store: DatebookStore
    private let clock: Clock
    private let dates: DateText
    /// Where things were drawn last, for the mouse.
    private var occurrenceHits: [(id: String, rect: Rect)] = []
    private var agendaHits: [(entry: Int, rect: Rect)] = []
    private var monthOrigin: Point?

    public init(store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText) {
        self.store = store
        self.clock = clock
        self.dates = dates
        presenter = CalendarPresenter(store: store, clock: clock, dates: dates)
        flow = ItemFlow(store: store, clock: clock, ids: ids, dates: dates)
        flow.reloadHost = { [unowned self] in
            presenter.reload()
            return .handled
        }
    }

    public var mode: Mode {
        if prompt != nil { return .prompt }
        return flow.mode ?? .calendar
    }

    public func reload() -> TabResponse {
        presenter.reload()
        do {
            try flow.reload()
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
        return .handled
    }

    public func startNew(_ kind: ItemKind) -> Bool {
        flow.startNew(kind, start: presenter.newItemStart)
        return true
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if prompt != nil { return handlePrompt(intent) }
        if !flow.isEmpty { return flow.handle(intent) }
        do {
            switch intent {
            case .showDay: presenter.show(.day)
            case .showWeek: presenter.show(.week)
            case .showAgenda: presenter.show(.agenda)
            case .previousDay: presenter.moveDay(by: -1)
            case .nextDay: presenter.moveDay(by: 1)
            case .previousPeriod: presenter.movePeriod(by: -1)
            case .nextPeriod: presenter.movePeriod(by: 1)
            case .today: presenter.goToToday()
            case .moveUp: try presenter.moveSelection(by: -1)
            case .moveDown: try presenter.moveSelection(by: 1)
            case .goToDateRequested: prompt = TextField()
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
        switch intent {
        case .open: flow.showDetails(of: item, occurrence: occurrence.isRecurring ? occurrence : nil)
        case .edit:
            guard item.status == .active else {
                return .message(.error("\u{201C}\(item.title)\u{201D} is in History, which is read-only"))
            }
            flow.edit(item)
        case .delete: return flow.askToDelete(item)
        case .toggleComplete: return item.status == .active ? flow.complete(item) : flow.reopen(item)
        default: break
        }
        return .handled
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
                presenter.go(to: parsed.date)
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

    public func handleMouse(_ event: MouseEvent, area: Rect) -> TabResponse {
        if !flow.isEmpty { return flow.handleMouse(event, area: area) }
        switch event.action {
        case .wheelUp: return handle(.moveUp)
        case .wheelDown: return handle(.moveDown)
        case .click, .press, .doubleClick:
            if let origin = monthOrigin, let grid = try? presenter.monthGrid(),
               let cell = MonthGridView.day(at: event.position, grid, origin: origin) {
                presenter.go(to: cell.date)
                return .handled
            }
            if let hit = agendaHits.first(where: { $0.rect.contains(event.position) }) {
                presenter.select(entry: hit.entry)
            } else {
                guard let hit = occurrenceHits.last(where: { $0.rect.contains(event.position) }),
                      presenter.select(occurrenceID: hit.id) else { return .ignored }
            }
            return event.action == .doubleClick ? handle(.open) : .handled
        case .release:
            return .ignored
        }
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Point? {
        if !flow.isEmpty { return flow.render(into: &grid, area: area) }
        occurrenceHits = []
        agendaHits = []
        monthOrigin = nil
        var cursor: Point? = nil
        var body = area
        do {
            // The prompt takes the first line while it is open.
            if let prompt {
                let label = " Go to date: "
                grid.put(label, x: area.x, y: area.y, style: Theme.heading)
                let x = area.x + DisplayWidth.of(label)
                let width = min(30, area.maxX - x - 1)
                cursor = Point(x: prompt.render(into: &grid, x: x, y: area.y, width: width, style: Theme.focusedField),
                               y: area.y)
                grid.put("  2026-12-24, fri, +2w, 22/11", x: x + width, y: area.y, style: Theme.muted,
                         maxWidth: area.maxX - x - width)
            } else {
                grid.put(" " + presenter.title, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
            }
            body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)

            let withMonth = presenter.view != .week && area.width >= 70
            var view = body
            if withMonth {
                let month = try presenter.monthGrid()
                let origin = Point(x: body.x + 1, y: body.y + 1)
                MonthGridView.render(month, into: &grid, at: origin)
                monthOrigin = origin
                renderSummary(into: &grid, at: Point(x: origin.x, y: origin.y + MonthGridView.height(weeks: month.weeks.count) + 1),
                              width: MonthGridView.width, bottom: body.maxY)
                let left = MonthGridView.width + 3
                view = Rect(x: body.x + left, y: body.y, width: body.width - left, height: body.height)
            }
            let selectedID = presenter.selectedOccurrence?.id
            switch presenter.view {
            case .day, .week:
                let context = TimeGridView.Context(calendar: dates.calendar, dates: dates, selectedID: selectedID,
                                                   firstHour: presenter.firstHour)
                let slot = 3600.0 / Double(TimeGridView.rowsPerHour(height: view.height))
                occurrenceHits = TimeGridView.render(try presenter.columns(slot: slot), context: context, into: &grid,
                                                     area: view)
            case .agenda:
                let rows = AgendaView.render(try presenter.agenda(), selected: presenter.selection, dates: dates,
                                             today: dates.calendar.startOfDay(for: clock.now()), into: &grid, area: view)
                agendaHits = rows.map { ($0.entry, Rect(x: view.x, y: $0.y, width: view.width, height: 1)) }
            }
        } catch {
            grid.put(" Cannot read the calendar: \(error)", x: body.x, y: body.y + 1, style: Theme.error,
                     maxWidth: body.width)
        }
        return cursor
    }

    /// The selected occurrence in a few lines under the month grid.
    private func renderSummary(into grid: inout Grid, at origin: Point, width: Int, bottom: Int) {
        guard let o = presenter.selectedOccurrence else { return }
        var lines = [o.title]
        if o.allDay {
            lines.append("all day")
        } else {
            lines.append(o.start == o.end ? dates.time(o.start) : dates.span(start: o.start, end: o.end, allDay: false))
        }
        if !o.place.isEmpty { lines.append("@ " + o.place) }
        if o.isRecurring { lines.append("repeats") }
        for (i, line) in lines.enumerated() where origin.y + i < bottom {
            grid.put(line, x: origin.x, y: origin.y + i, style: i == 0 ? Theme.heading : Theme.muted, maxWidth: width)
        }
    }
}
