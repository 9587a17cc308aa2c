import DatebookTerminal
import Foundation

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
                // A contact's busy time or birthday: a dot in the gap after the day.
                if cell.hasContactEntries {
                    grid.put("·", x: cellX(column, origin: origin) + 2, y: y, style: Theme.muted)
                }
            }
        }
    }

    /// The screen column of a weekday column.
    static func cellX(_ column: Int, origin: Point) -> Int { origin.x + 3 + column * 3 }

    /// Where each day of the grid is, for mouse clicks: its two digits and the gap after them.
    public static func dayAreas(_ state: MonthGridState, origin: Point) -> [(rect: Rect, date: Date)] {
        state.weeks.enumerated().flatMap { row, week in
            week.days.enumerated().map { column, cell in
                (Rect(x: cellX(column, origin: origin), y: origin.y + 2 + row, width: 3, height: 1), cell.date)
            }
        }
    }
}
