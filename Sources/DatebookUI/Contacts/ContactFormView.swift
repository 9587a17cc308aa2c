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
        guard let body = FormLayout.heading(state.heading, into: &grid, area: area) else { return Drawing() }
        // Rows (a field line, plus a line for its message), scrolled so the focus shows.
        let (lines, first) = FormLayout.lines(
            hasError: state.rows.map { $0.error != nil }, focused: { state.rows[$0].focused }, height: body.height)

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
