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
                 maxWidth: area.width - headingWidth)
        let body = Rect(x: area.x, y: area.y + headerHeight, width: area.width, height: area.height - headerHeight)
        if let message = state.emptyMessage {
            grid.put(" " + message, x: body.x, y: body.y + 1, style: Theme.muted, maxWidth: body.width)
            return []
        }
        var clicks: [ClickArea<Int>] = []
        for (i, row) in state.rows.enumerated() where i < body.height {
            let rect = Rect(x: body.x, y: body.y + i, width: body.width, height: 1)
            renderRow(row, selected: i == state.selectedRow, into: &grid, area: rect)
            clicks.append(ClickArea(rect, state.firstRow + i))
        }
        return clicks
    }

    /// One row: `date  time  mark title  place`, with columns that shrink on narrow screens.
    static func renderRow(_ row: ItemRowState, selected: Bool, into grid: inout Grid, area: Rect) {
        var style: Style
        switch row.tone {
        case .active: style = Theme.active
        case .overdue: style = Theme.overdue
        case .completed: style = Theme.completed
        case .notCompleted: style = Theme.notCompleted
        }
        if selected { style = style.reversed }
        grid.fill(area, style: selected ? Theme.selection : .plain)
        let wide = area.width >= 60
        let dateWidth = wide ? 11 : 7
        // Very narrow: no time column at all, the title needs the room.
        let timeWidth = wide ? 14 : (area.width < 36 ? 0 : 8)
        var x = area.x + 1
        // Narrow: `20 Nov` and the start time alone (the mark already says a task is due).
        let dateText = wide ? row.date : String(row.date.split(separator: " ").dropFirst().prefix(2).joined(separator: " "))
        var timeText = row.time
        if !wide {
            if timeText.hasPrefix("due ") { timeText.removeFirst(4) }
            if let dash = timeText.firstIndex(of: "-") { timeText = String(timeText[..<dash]) }
        }
        grid.put(dateText, x: x, y: area.y, style: style, maxWidth: dateWidth - 1)
        x += dateWidth
        if timeWidth > 0 { grid.put(timeText, x: x, y: area.y, style: style, maxWidth: timeWidth - 1) }
        x += timeWidth
        let remaining = area.maxX - x - 1
        guard remaining > 0 else { return }
        let placeWidth = row.place.isEmpty || remaining < 30 ? 0 : min(DisplayWidth.of(row.place) + 2, remaining / 3)
        let title = row.mark.isEmpty ? row.title : row.mark + " " + row.title
        grid.put(title, x: x, y: area.y, style: style, maxWidth: remaining - placeWidth - (placeWidth > 0 ? 1 : 0))
        if placeWidth > 0 {
            grid.put("@ " + row.place, x: area.maxX - 1 - placeWidth, y: area.y,
                     style: selected ? style : Theme.muted, maxWidth: placeWidth)
        }
    }
}
