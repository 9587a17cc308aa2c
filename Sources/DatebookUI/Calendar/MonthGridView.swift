import DatebookTerminal

/// Draws the month grid: a title, weekday initials, and weeks with their ISO week numbers.
///
///         November 2026
///     Wk Mo Tu We Th Fr Sa Su
///     44                    1
///     45  2  3  4  5  6  7  8
public enum MonthGridView {
    /// Columns the grid takes.
    public static let width = 24
    /// Rows the grid takes for a month of `weeks` weeks.
    public static func height(weeks: Int) -> Int { weeks + 2 }

    public static func render(_ state: MonthGridState, into grid: inout Grid, at origin: Point) {
        let titleWidth = DisplayWidth.of(state.title)
        grid.put(state.title, x: origin.x + max(0, (width - titleWidth) / 2), y: origin.y, style: Theme.heading)
        grid.put("Wk " + state.weekdays.joined(separator: " "), x: origin.x, y: origin.y + 1, style: Theme.label)
        for (row, week) in state.weeks.enumerated() {
            let y = origin.y + 2 + row
            grid.put(String(format: "%2d", week.number), x: origin.x, y: y, style: Theme.hourLabel)
            for (column, cell) in week.days.enumerated() {
                var style = Style.plain
                if !cell.inMonth { style = Theme.otherMonth }
                if cell.hasEvents { style = style.bolded }
                if cell.isToday { style = Theme.today }
                if cell.isSelected { style = style.reversed }
                grid.put(String(format: "%2d", cell.day), x: cellX(column, origin: origin), y: y, style: style)
            }
        }
    }

    /// The screen column of a weekday column.
    static func cellX(_ column: Int, origin: Point) -> Int { origin.x + 3 + column * 3 }

    /// The day under a point, if the point is on a day of the grid.
    public static func day(at point: Point, _ state: MonthGridState, origin: Point) -> MonthDayCell? {
        let row = point.y - origin.y - 2
        guard row >= 0, row < state.weeks.count else { return nil }
        let column = (point.x - origin.x - 3) / 3
        guard point.x >= origin.x + 3, column >= 0, column < 7 else { return nil }
        return state.weeks[row].days[column]
    }
}
