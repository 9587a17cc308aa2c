import DatebookKit
import DatebookTerminal

/// Draws the contact form as the item form is drawn: a heading, then one line per field with
/// its message below it when wrong.
public enum ContactFormView {
    static let labelWidth = 13

    /// Draws the form; returns where the text cursor goes, and each line drawn as a click area
    /// for its field (a message's line too).
    @discardableResult
    public static func render(_ state: ContactFormViewState, into grid: inout Grid, area: Rect)
        -> Drawing<ContactDraft.Field>
    {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        grid.put(" " + state.heading, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        grid.put("  Ctrl-S saves · Esc cancels", x: area.x + DisplayWidth.of(state.heading) + 1, y: area.y,
                 style: Theme.muted, maxWidth: max(0, area.width - DisplayWidth.of(state.heading) - 1))

        // Lay out rows (a field line, plus a line for its message), then scroll so the focus shows.
        var lines: [(row: Int, isError: Bool)] = []
        for (i, row) in state.rows.enumerated() {
            lines.append((i, false))
            if row.error != nil { lines.append((i, true)) }
        }
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: area.height - 2)
        guard body.height > 0 else { return Drawing() }
        let focusLine = lines.firstIndex { state.rows[$0.row].focused && !$0.isError } ?? 0
        let lastFocusLine = lines.lastIndex { state.rows[$0.row].focused } ?? focusLine
        var first = 0
        if lastFocusLine >= body.height { first = lastFocusLine - body.height + 1 }
        first = min(first, focusLine)

        let narrow = area.width < 40
        let labelWidth = narrow ? 0 : ContactFormView.labelWidth
        let fieldX = body.x + (narrow ? 1 : labelWidth + 1)
        let fieldWidth = max(1, min(area.maxX - fieldX - 1, 48))
        var cursor: Point? = nil
        var clicks: [ClickArea<ContactDraft.Field>] = []
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
                    grid.put(row.field.label, x: fieldX, y: y, style: Theme.muted, maxWidth: fieldWidth)
                    continue
                }
            } else {
                let labelStyle = row.focused ? Theme.heading : (row.error != nil ? Theme.error : Theme.label)
                let pad = labelWidth - 1 - DisplayWidth.of(row.field.label)
                grid.put(row.field.label, x: body.x + max(0, pad), y: y, style: labelStyle, maxWidth: labelWidth - 1)
            }
            let style = row.focused ? Theme.focusedField : Theme.field
            let cursorX = row.value.render(into: &grid, x: fieldX, y: y, width: fieldWidth, style: style)
            if row.focused { cursor = Point(x: cursorX, y: y) }
            let hintX = fieldX + fieldWidth + 2
            if row.focused, !row.field.hint.isEmpty {
                if hintX + DisplayWidth.of(row.field.hint) <= area.maxX {
                    grid.put(row.field.hint, x: hintX, y: y, style: Theme.muted, maxWidth: area.maxX - hintX)
                } else if lines.count - first < body.height {
                    // No room beside the field: the form's last line says it.
                    grid.put(" \(row.field.label): \(row.field.hint)", x: area.x, y: area.maxY - 1, style: Theme.muted,
                             maxWidth: area.width, ellipsis: true)
                }
            }
        }
        return Drawing(cursor: cursor, clicks: clicks)
    }
}
