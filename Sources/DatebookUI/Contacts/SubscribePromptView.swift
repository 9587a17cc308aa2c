import DatebookTerminal

/// Draws the question that takes the file or URL of a contact's calendar.
enum SubscribePromptView {
    static func render(name: String, field: TextField, into grid: inout Grid, area: Rect) -> Drawing<Never> {
        guard area.height > 0, area.width > 0 else { return Drawing() }
        grid.put(" Subscribe to " + InertText.line(name) + "'s calendar", x: area.x, y: area.y, style: Theme.heading,
                 maxWidth: area.width, ellipsis: true)
        guard area.height > 2 else { return Drawing() }
        let label = " File or URL: "
        let labelWidth = grid.put(label, x: area.x, y: area.y + 2, style: Theme.label, maxWidth: area.width)
        let width = max(1, area.width - labelWidth - 1)
        let cursorX = field.render(into: &grid, x: area.x + labelWidth, y: area.y + 2, width: width,
                                   style: Theme.focusedField)
        let notes = [
            "A .ics file on this computer (~/calendars/ana.ics) or an http(s) address of an .ics feed.",
            "Their events show in the Calendar as busy blocks, never mixed with yours.",
            "Enter subscribes · Esc cancels",
        ]
        for (i, note) in notes.enumerated() where area.y + 4 + i < area.maxY {
            grid.put(" " + note, x: area.x, y: area.y + 4 + i, style: Theme.muted, maxWidth: area.width, ellipsis: true)
        }
        return Drawing(cursor: Point(x: cursorX, y: area.y + 2))
    }
}
