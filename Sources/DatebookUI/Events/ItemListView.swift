import DatebookTerminal

/// Draws the Events list or History: a heading line, then one row per item.
public enum ItemListView {
    /// Rows of content above the list rows (the heading).
    public static let headerHeight = 1

    /// Draws the list; returns each row drawn as a click area for its position in the list.
    @discardableResult
    public static func render(_ state: ItemListViewState, into grid: inout Grid, area: Rect) -> [ClickArea<Int>] {
        guard area.height > 0, area.width > 0 else { return [] }
        let headingWidth = grid.put(" " + state.heading, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        grid.put("  " + state.detail, x: area.x + headingWidth, y: area.y, style: Theme.muted,
                 maxWidth: area.width - headingWidth, ellipsis: true)
        let body = Rect(x: area.x, y: area.y + headerHeight, width: area.width, height: area.height - headerHeight)
        if let message = state.emptyMessage {
            grid.put(" " + message, x: body.x, y: body.y + 1, style: Theme.muted, maxWidth: body.width, ellipsis: true)
            return []
        }
        var clicks: [ClickArea<Int>] = []
        let columns = Columns(state.rows, width: body.width)
        for (i, row) in state.rows.enumerated() where i < body.height {
            let rect = Rect(x: body.x, y: body.y + i, width: body.width, height: 1)
            renderRow(row, selected: i == state.selectedRow, columns: columns, into: &grid, area: rect)
            clicks.append(ClickArea(rect, state.firstRow + i))
        }
        return clicks
    }

    /// The widths of the date and time columns for the rows on screen: wide enough for the
    /// widest date among them (a date of another year carries its year), narrower on a narrow
    /// screen, where the weekday is left out.
    struct Columns {
        var wide: Bool
        var date: Int
        var time: Int

        init(_ rows: [ItemRowState], width: Int) {
            let wide = width >= 60
            let widest = rows.map { DisplayWidth.of(Self.dateText($0.date, wide: wide)) }.max() ?? 0
            self.wide = wide
            date = max(wide ? 11 : 7, widest + 1)
            // Very narrow: no time column at all, the title needs the room.
            time = wide ? 14 : (width < 36 ? 0 : 8)
        }

        /// The date as the column shows it: `Fri 20 Nov`, or `20 Nov` (`20 Nov 2027`) when narrow.
        static func dateText(_ date: String, wide: Bool) -> String {
            wide ? date : date.split(separator: " ").dropFirst().joined(separator: " ")
        }
    }

    /// One row: `date  time  mark title  place`; a title or place cut short ends with "…".
    static func renderRow(_ row: ItemRowState, selected: Bool, columns: Columns, into grid: inout Grid, area: Rect) {
        var style: Style
        switch row.tone {
        case .active: style = Theme.active
        case .overdue: style = Theme.overdue
        case .past: style = Theme.past
        case .completed: style = Theme.completed
        case .notCompleted: style = Theme.notCompleted
        }
        if selected { style = style.reversed }
        grid.fill(area, style: selected ? Theme.selection : .plain)
        var x = area.x + 1
        var timeText = row.time
        if !columns.wide {
            // Narrow: the start time alone (the mark already says a task is due).
            if timeText.hasPrefix("due ") { timeText.removeFirst(4) }
            if let dash = timeText.firstIndex(of: "-") { timeText = String(timeText[..<dash]) }
        }
        grid.put(Columns.dateText(row.date, wide: columns.wide), x: x, y: area.y, style: style,
                 maxWidth: columns.date - 1)
        x += columns.date
        if columns.time > 0 { grid.put(timeText, x: x, y: area.y, style: style, maxWidth: columns.time - 1) }
        x += columns.time
        let remaining = area.maxX - x - 1
        guard remaining > 0 else { return }
        let placeWidth = row.place.isEmpty || remaining < 30 ? 0 : min(DisplayWidth.of(row.place) + 2, remaining / 3)
        let title = row.mark.isEmpty ? row.title : row.mark + " " + row.title
        grid.put(title, x: x, y: area.y, style: style, maxWidth: remaining - placeWidth - (placeWidth > 0 ? 1 : 0),
                 ellipsis: true)
        if placeWidth > 0 {
            grid.put("@ " + row.place, x: area.maxX - 1 - placeWidth, y: area.y,
                     style: selected ? style : Theme.muted, maxWidth: placeWidth, ellipsis: true)
        }
    }
}
