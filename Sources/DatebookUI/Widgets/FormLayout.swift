import DatebookTerminal

/// What every form's drawing shares: a heading with how to save, then one line per field and a
/// line under each field that has a problem, scrolled so the focused field (and its problem)
/// shows.
enum FormLayout {
    /// A line of the form: a field's, or the problem under it.
    struct Line {
        var row: Int
        var isError: Bool
    }

    /// Draws the heading and the save hint; returns the area under them, nil when none is left.
    static func heading(_ text: String, into grid: inout Grid, area: Rect) -> Rect? {
        guard area.height > 0, area.width > 0 else { return nil }
        grid.put(" " + text, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        grid.put("  Ctrl-S saves · Esc cancels", x: area.x + DisplayWidth.of(text) + 1, y: area.y,
                 style: Theme.muted, maxWidth: max(0, area.width - DisplayWidth.of(text) - 1))
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: area.height - 2)
        return body.height > 0 ? body : nil
    }

    /// The lines of rows that have a problem or not (`hasError`), and the first one on screen in
    /// `height` lines so that the focused row's lines show.
    static func lines(hasError: [Bool], focused: (Int) -> Bool, height: Int) -> (lines: [Line], first: Int) {
        var lines: [Line] = []
        for (row, error) in hasError.enumerated() {
            lines.append(Line(row: row, isError: false))
            if error { lines.append(Line(row: row, isError: true)) }
        }
        let focusLine = lines.firstIndex { focused($0.row) && !$0.isError } ?? 0
        let lastFocusLine = lines.lastIndex { focused($0.row) } ?? focusLine
        var first = 0
        if lastFocusLine >= height { first = lastFocusLine - height + 1 }
        return (lines, min(first, focusLine))
    }
}
