import DatebookTerminal

/// Draws the Search tab: the query line, the filters, the count, then the results by kind,
/// the matched text highlighted.
public enum SearchView {
    /// Lines above the results: query, filters, count.
    public static let headerHeight = 3

    /// How matched text is drawn.
    static let match = Style(foreground: .black, background: .yellow, bold: true)

    /// Draws the tab; returns the cursor (while the query has the keyboard) and each result's
    /// row as a click area for its index.
    public static func render(_ state: SearchViewState, into grid: inout Grid, area: Rect) -> Drawing<Int> {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        let label = " Search: "
        let labelWidth = grid.put(label, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        let fieldWidth = area.width - labelWidth - 1
        let cursorX = state.field.render(
            into: &grid, x: area.x + labelWidth, y: area.y, width: fieldWidth,
            style: state.queryFocused ? Theme.field : .plain)
        var promptCursor: Point?
        if let prompt = state.datePrompt {
            promptCursor = renderDatePrompt(prompt, into: &grid, area: area)
        } else {
            if area.height > 1 {
                grid.put(" " + state.filters, x: area.x, y: area.y + 1, style: Theme.muted, maxWidth: area.width,
                         ellipsis: true)
            }
            if area.height > 2 {
                grid.put(" " + state.status, x: area.x, y: area.y + 2,
                         style: state.isProblem ? Theme.error : Theme.muted, maxWidth: area.width, ellipsis: true)
            }
        }
        var clicks: [ClickArea<Int>] = []
        let columns = ItemListView.Columns(state.lines.compactMap { line in
            if case .hit(_, let row) = line { return ItemRowState(id: row.id, mark: row.mark, date: row.date,
                                                                   time: row.time, title: "", place: "", tone: row.tone) }
            return nil
        }, width: area.width)
        for (offset, line) in state.lines.enumerated() {
            let y = area.y + headerHeight + offset
            guard y < area.maxY else { break }
            let rect = Rect(x: area.x, y: y, width: area.width, height: 1)
            switch line {
            case .heading(let text):
                grid.put(" " + text, x: area.x, y: y, style: Theme.heading, maxWidth: area.width, ellipsis: true)
            case .hit(let index, let row):
                renderRow(row, selected: index == state.selection, columns: columns, into: &grid, area: rect)
                clicks.append(ClickArea(rect, index))
            case .contact(let index, let row), .meeting(let index, let row):
                renderContact(row, selected: index == state.selection, columns: columns, into: &grid, area: rect)
                clicks.append(ClickArea(rect, index))
            }
        }
        let cursor = promptCursor ?? (state.queryFocused ? Point(x: cursorX, y: area.y) : nil)
        return Drawing(cursor: cursor, clicks: clicks)
    }

    /// The prompt for two dates over the filters' line, and under it what is wrong (or how it
    /// works); returns the cursor in the focused field.
    static func renderDatePrompt(_ prompt: SearchDatePrompt, into grid: inout Grid, area: Rect) -> Point? {
        guard area.height > 1 else { return nil }
        let y = area.y + 1
        let fieldWidth = max(1, min(16, (area.width - 16) / 2))
        var x = area.x
        var cursor: Point?
        for (label, field, which) in [(" Dates from: ", prompt.from, SearchDatePrompt.Field.from),
                                      ("  to: ", prompt.to, .to)] {
            x += grid.put(label, x: x, y: y, style: Theme.heading, maxWidth: max(0, area.maxX - x))
            guard x < area.maxX else { break }
            let width = min(fieldWidth, area.maxX - x)
            let focused = prompt.focus == which
            let cursorX = field.render(into: &grid, x: x, y: y, width: width, style: focused ? Theme.field : .plain)
            if focused { cursor = Point(x: cursorX, y: y) }
            x += width
        }
        if area.height > 2 {
            let text = prompt.problem ?? "Any date a date field takes: mon, 1/12, 2026-12-24, next friday."
            grid.put(" " + text, x: area.x, y: area.y + 2, style: prompt.problem == nil ? Theme.muted : Theme.error,
                     maxWidth: area.width, ellipsis: true)
        }
        return cursor
    }

    /// One row: `date  time  mark title  place`, the matched text highlighted.
    static func renderRow(_ row: SearchRowState, selected: Bool, columns: ItemListView.Columns, into grid: inout Grid,
                          area: Rect) {
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
        grid.put(ItemListView.Columns.dateText(row.date, wide: columns.wide), x: x, y: area.y, style: style,
                 maxWidth: columns.date - 1)
        x += columns.date
        var timeText = row.time
        if !columns.wide {
            // Narrow: the start time alone, as in the Events list.
            if timeText.hasPrefix("due ") { timeText.removeFirst(4) }
            if let dash = timeText.firstIndex(of: "-") { timeText = String(timeText[..<dash]) }
        }
        if columns.time > 0 { grid.put(timeText, x: x, y: area.y, style: style, maxWidth: columns.time - 1) }
        x += columns.time
        if !row.mark.isEmpty { x += grid.put(row.mark + " ", x: x, y: area.y, style: style) }
        let remaining = area.maxX - x - 1
        guard remaining > 0 else { return }
        let sideWidth = row.side.isEmpty || remaining < 24
            ? 0 : min(DisplayWidth.of(row.side) + 2, remaining / 3)
        let titleWidth = remaining - sideWidth - (sideWidth > 0 ? 1 : 0)
        putHighlighted(row.title, row.titleMatches, x: x, y: area.y, style: style, maxWidth: titleWidth, into: &grid)
        if sideWidth > 0 {
            let sideX = area.maxX - 1 - sideWidth
            let sideStyle = selected ? style : Theme.muted
            grid.put("@ ", x: sideX, y: area.y, style: sideStyle)
            putHighlighted(row.side, row.sideMatches, x: sideX + 2, y: area.y, style: sideStyle,
                           maxWidth: sideWidth - 2, into: &grid)
        }
    }

    /// One contact's row: the name where the items' titles stand, a `blocked` or `deleted`
    /// mark before it, and the e-mail or phone (or the text that matched) on the right.
    static func renderContact(_ row: SearchContactRowState, selected: Bool, columns: ItemListView.Columns,
                              into grid: inout Grid, area: Rect) {
        var style = row.mark.isEmpty ? Theme.active : Theme.past
        if selected { style = style.reversed }
        grid.fill(area, style: selected ? Theme.selection : .plain)
        var x = area.x + 1 + columns.date + columns.time
        if x >= area.maxX - 1 { x = area.x + 1 }
        if !row.mark.isEmpty {
            x += grid.put(row.mark + " ", x: x, y: area.y, style: selected ? style : Theme.notCompleted,
                          maxWidth: max(0, area.maxX - x - 1))
        }
        let remaining = area.maxX - x - 1
        guard remaining > 0 else { return }
        let sideWidth = row.side.isEmpty || remaining < 24 ? 0 : min(DisplayWidth.of(row.side), remaining / 2)
        let nameWidth = remaining - sideWidth - (sideWidth > 0 ? 2 : 0)
        putHighlighted(row.name, row.nameMatches, x: x, y: area.y, style: style, maxWidth: nameWidth, into: &grid)
        if sideWidth > 0 {
            let sideX = area.maxX - 1 - sideWidth
            putHighlighted(row.side, row.sideMatches, x: sideX, y: area.y, style: selected ? style : Theme.muted,
                           maxWidth: sideWidth, into: &grid)
        }
    }

    /// Puts `text` cut to `maxWidth` (ending with "…" when cut), the characters in `matches`
    /// in the match style.
    static func putHighlighted(_ text: String, _ matches: [Range<Int>], x: Int, y: Int, style: Style, maxWidth: Int,
                               into grid: inout Grid) {
        guard maxWidth > 0 else { return }
        let shown = Array(DisplayWidth.truncated(text, to: maxWidth))
        let cut = shown.count < text.count || shown.last == "…" && text.last != "…"
        var column = x
        for (offset, character) in shown.enumerated() {
            let isEllipsis = cut && offset == shown.count - 1
            let highlighted = !isEllipsis && matches.contains { $0.contains(offset) }
            column += grid.put(String(character), x: column, y: y, style: highlighted ? Self.match : style,
                               maxWidth: x + maxWidth - column)
        }
    }
}
