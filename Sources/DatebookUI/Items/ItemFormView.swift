import DatebookTerminal

/// Draws the item form: a heading, then one line per field with its message below it when wrong.
public enum ItemFormView {
    static let labelWidth = 13

    /// Draws the form; returns where the text cursor goes, and each line drawn as a click area
    /// for its field (a message's line too).
    @discardableResult
    public static func render(_ state: ItemFormViewState, into grid: inout Grid, area: Rect) -> Drawing<ItemFormField> {
        guard let body = FormLayout.heading(state.heading, into: &grid, area: area) else { return Drawing() }
        // Rows (a field line, plus a line for its message), scrolled so the focus shows.
        let (lines, first) = FormLayout.lines(
            hasError: state.rows.map { $0.error != nil }, focused: { state.rows[$0].focused }, height: body.height)

        let narrow = area.width < 40
        let labelWidth = narrow ? 0 : ItemFormView.labelWidth
        let fieldX = body.x + (narrow ? 1 : labelWidth + 1)
        let fieldWidth = max(1, min(area.maxX - fieldX - 1, 48))
        var cursor: Point? = nil
        var clicks: [ClickArea<ItemFormField>] = []
        for (n, line) in lines.dropFirst(first).enumerated() where n < body.height {
            let y = body.y + n
            let row = state.rows[line.row]
            clicks.append(ClickArea(Rect(x: area.x, y: y, width: area.width, height: 1), row.field))
            if line.isError {
                grid.put("! " + (row.error ?? ""), x: fieldX, y: y, style: Theme.error, maxWidth: area.maxX - fieldX)
                continue
            }
            if narrow {
                // No room for labels: the field shows its label while empty.
                if row.value.text.isEmpty && !row.focused {
                    grid.put(row.label, x: fieldX, y: y, style: Theme.muted, maxWidth: fieldWidth)
                    continue
                }
            } else {
                let labelStyle = row.focused ? Theme.heading : (row.error != nil ? Theme.error : Theme.label)
                let pad = labelWidth - 1 - DisplayWidth.of(row.label)
                grid.put(row.label, x: body.x + max(0, pad), y: y, style: labelStyle, maxWidth: labelWidth - 1)
            }
            let style = row.focused ? Theme.focusedField : Theme.field
            if row.isChoice {
                grid.put(row.value.text, x: fieldX, y: y, style: row.focused ? Theme.heading : .plain, maxWidth: fieldWidth)
            } else {
                let cursorX = row.value.render(into: &grid, x: fieldX, y: y, width: fieldWidth, style: style)
                if row.focused { cursor = Point(x: cursorX, y: y) }
            }
            let hintX = fieldX + fieldWidth + 2
            if row.focused, !row.hint.isEmpty, hintX < area.maxX - 4 {
                grid.put(row.hint, x: hintX, y: y, style: Theme.muted, maxWidth: area.maxX - hintX)
            }
        }
        return Drawing(cursor: cursor, clicks: clicks)
    }
}
