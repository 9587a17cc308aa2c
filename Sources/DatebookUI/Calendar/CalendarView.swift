import DatebookKit
import DatebookTerminal
import Foundation

/// What the Calendar tab shows at one size: the heading (or the `:` prompt), the month grid
/// and a summary of the selection beside the day view and the agenda, and the view itself.
public struct CalendarViewState {
    /// The view beside the month grid.
    public enum Body {
        case columns([DayColumnState], TimeGridView.Context)
        case agenda([AgendaDay], selected: Int?, today: Date)
    }

    public var title: String
    /// What the view leaves out (a series shown only in part), after the title.
    public var notice: String? = nil
    /// The `:` prompt's text while it is open.
    public var prompt: TextField?
    /// The month grid, when there is room for it beside the view.
    public var month: MonthGridState?
    /// The selected occurrence, summed up under the month grid.
    public var summary: Occurrence?
    public var body: Body
    public var dates: DateText
}

/// Draws the Calendar tab from its view state.
public enum CalendarView {
    /// What a click in the calendar means.
    public enum Target: Equatable {
        /// A day of the month grid.
        case day(Date)
        /// An occurrence in the day or week view, by its id.
        case occurrence(String)
        /// An entry of the agenda, counted over all its days.
        case entry(Int)
    }

    /// Columns the month grid and its margins take at the left.
    static let monthColumns = MonthGridView.width + 3

    /// The narrowest day column the week view keeps beside the month grid: what it has at 80
    /// columns without the grid, a day's header (`Mon 23`) and eight characters of a title.
    static let minimumWeekColumn = 10

    /// The narrowest screen that shows the month grid beside the week: the grid, the hour
    /// labels and seven day columns of `minimumWeekColumn` (103 columns).
    static let weekWithMonthWidth = monthColumns + TimeGridView.labelWidth + 7 * minimumWeekColumn

    /// The narrowest screen that shows the month grid beside the day view or the agenda.
    static let dayWithMonthWidth = 70

    /// True when the month grid fits beside the view.
    static func showsMonth(_ view: CalendarViewKind, width: Int) -> Bool {
        width >= (view == .week ? weekWithMonthWidth : dayWithMonthWidth)
    }

    /// The area of the day, week or agenda view: below the heading, right of the month grid.
    static func viewArea(_ area: Rect, withMonth: Bool) -> Rect {
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        guard withMonth else { return body }
        return Rect(x: body.x + monthColumns, y: body.y, width: body.width - monthColumns, height: body.height)
    }

    @discardableResult
    public static func render(_ state: CalendarViewState, into grid: inout Grid, area: Rect) -> Drawing<Target> {
        var drawing = Drawing<Target>()
        // The prompt takes the first line while it is open.
        if let prompt = state.prompt {
            let label = " Go to date: "
            grid.put(label, x: area.x, y: area.y, style: Theme.heading)
            let x = area.x + DisplayWidth.of(label)
            let width = min(30, area.maxX - x - 1)
            drawing.cursor = Point(x: prompt.render(into: &grid, x: x, y: area.y, width: width, style: Theme.focusedField),
                                   y: area.y)
            grid.put("  2026-12-24, fri, +2w, 22/11", x: x + width, y: area.y, style: Theme.muted,
                     maxWidth: area.maxX - x - width, ellipsis: true)
        } else {
            grid.put(" " + state.title, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width, ellipsis: true)
            if let notice = state.notice {
                let x = area.x + 1 + DisplayWidth.of(state.title) + 2
                if x < area.maxX - 1 {
                    grid.put(notice, x: x, y: area.y, style: Theme.error, maxWidth: area.maxX - x, ellipsis: true)
                }
            }
        }
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        let view = viewArea(area, withMonth: state.month != nil)
        if let month = state.month {
            let origin = Point(x: body.x + 1, y: body.y + 1)
            MonthGridView.render(month, into: &grid, at: origin)
            drawing.clicks += MonthGridView.dayAreas(month, origin: origin).map { ClickArea($0.rect, .day($0.date)) }
            renderSummary(state.summary, dates: state.dates, into: &grid,
                          at: Point(x: origin.x, y: origin.y + MonthGridView.height(weeks: month.weeks.count) + 1),
                          width: MonthGridView.width, bottom: body.maxY)
        }
        switch state.body {
        case .columns(let columns, let context):
            let hits = TimeGridView.render(columns, context: context, into: &grid, area: view)
            drawing.clicks += hits.map { ClickArea($0.rect, .occurrence($0.id)) }
        case .agenda(let days, let selected, let today):
            let rows = AgendaView.render(days, selected: selected, dates: state.dates, today: today, into: &grid,
                                         area: view)
            drawing.clicks += rows.map { ClickArea(Rect(x: view.x, y: $0.y, width: view.width, height: 1), .entry($0.entry)) }
        }
        return drawing
    }

    /// The selected occurrence in a few lines under the month grid.
    private static func renderSummary(_ o: Occurrence?, dates: DateText, into grid: inout Grid, at origin: Point,
                                      width: Int, bottom: Int) {
        guard let o else { return }
        var lines = [o.title]
        if o.isDue {
            lines.append(o.allDay ? "due" : "due " + dates.time(o.start))
        } else if o.allDay {
            lines.append("all day")
        } else {
            lines.append(o.start == o.end ? dates.time(o.start) : dates.span(start: o.start, end: o.end, allDay: false))
        }
        if !o.place.isEmpty { lines.append("@ " + o.place) }
        if o.isRecurring { lines.append("repeats") }
        for (i, line) in lines.enumerated() where origin.y + i < bottom {
            grid.put(line, x: origin.x, y: origin.y + i, style: i == 0 ? Theme.heading : Theme.muted, maxWidth: width,
                     ellipsis: true)
        }
    }
}
