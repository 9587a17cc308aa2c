import DatebookKit
import DatebookTerminal

/// Draws the Contacts list: the lists' names with the current one marked and the count, the
/// filter line, then the rows under their letters.
public enum ContactListView {
    /// Lines above the rows: the lists, the filter.
    public static let headerHeight = 2

    /// Draws the list; returns the filter's cursor while it is typed, and each row as a click
    /// area for its index.
    @discardableResult
    public static func render(_ state: ContactListViewState, into grid: inout Grid, area: Rect) -> Drawing<Int> {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        var x = area.x + grid.put(" Contacts ", x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        for list in ContactListPresenter.lists where x < area.maxX {
            let name = " \(ContactListViewState.title(list)) "
            x += grid.put(name, x: x, y: area.y, style: list == state.list ? Theme.tabActive : Theme.muted,
                          maxWidth: area.maxX - x)
        }
        let countX = area.maxX - DisplayWidth.of(state.count) - 1
        if countX > x + 1 { grid.put(state.count, x: countX, y: area.y, style: Theme.muted) }

        var cursor: Point?
        if area.height > 1 {
            let y = area.y + 1
            if state.filtering || !state.filter.text.isEmpty {
                let labelWidth = grid.put(" Filter: ", x: area.x, y: y, style: Theme.label, maxWidth: area.width)
                let width = max(1, min(40, area.width - labelWidth - 1))
                let cursorX = state.filter.render(into: &grid, x: area.x + labelWidth, y: y, width: width,
                                                  style: state.filtering ? Theme.field : .plain)
                if state.filtering { cursor = Point(x: cursorX, y: y) }
            } else {
                grid.put(" / filters · [ ] other lists", x: area.x, y: y, style: Theme.muted, maxWidth: area.width)
            }
        }

        let body = Rect(x: area.x, y: area.y + headerHeight, width: area.width, height: area.height - headerHeight)
        guard body.height > 0 else { return Drawing(cursor: cursor) }
        if let message = state.emptyMessage {
            grid.put(" " + message, x: body.x, y: body.y + 1, style: Theme.muted, maxWidth: body.width, ellipsis: true)
            return Drawing(cursor: cursor)
        }
        var clicks: [ClickArea<Int>] = []
        for (offset, line) in state.lines.enumerated() where offset < body.height {
            let y = body.y + offset
            switch line {
            case .section(let letter):
                grid.put(" \(letter)", x: body.x, y: y, style: Theme.heading, maxWidth: body.width)
            case .row(let index, let row):
                let rect = Rect(x: body.x, y: y, width: body.width, height: 1)
                renderRow(row, selected: index == state.selection, into: &grid, area: rect)
                clicks.append(ClickArea(rect, index))
            }
        }
        return Drawing(cursor: cursor, clicks: clicks)
    }

    /// One row: `   Name   first e-mail or phone   marks`, the marks at the right edge.
    static func renderRow(_ row: ContactRowState, selected: Bool, into grid: inout Grid, area: Rect) {
        let style = selected ? Theme.selection : Style.plain
        grid.fill(area, style: style)
        let marks = row.marks.joined(separator: " ")
        let marksWidth = marks.isEmpty ? 0 : DisplayWidth.of(marks) + 1
        let room = area.width - 3 - marksWidth
        guard room > 0 else { return }
        // The name in a column of its own (up to 36 columns, the same on every row), the e-mail
        // or phone after it.
        let nameWidth = area.width < 50 ? room : min(36, (area.width - 3) * 2 / 5, room)
        let detailWidth = row.detail.isEmpty ? 0 : room - nameWidth
        grid.put(row.name, x: area.x + 3, y: area.y, style: style, maxWidth: nameWidth - 1, ellipsis: true)
        if detailWidth > 0 {
            grid.put(row.detail, x: area.x + 3 + nameWidth, y: area.y, style: selected ? style : Theme.muted,
                     maxWidth: detailWidth - 1, ellipsis: true)
        }
        if marksWidth > 0 {
            grid.put(marks, x: area.maxX - marksWidth, y: area.y, style: selected ? style : Theme.label,
                     maxWidth: marksWidth)
        }
    }
}
