import DatebookTerminal

/// Draws an item's details page: the title and the labelled lines, long ones wrapped at
/// spaces, the whole page scrolled when it is longer than the screen.
public enum ItemDetailsView {
    /// One screen line of the page.
    struct Line: Equatable {
        enum Kind: Equatable { case title, note, value }
        var label: String = ""
        var text: String
        var kind: Kind
    }

    /// Columns of the label column, on a page wide enough for one.
    static func labelWidth(_ width: Int) -> Int { width >= 40 ? 13 : 0 }

    /// The page as screen lines at `width` columns: the title wrapped, the read-only note (or a
    /// blank), then each labelled value wrapped under its value column.
    static func layout(_ state: ItemDetailsViewState, width: Int) -> [Line] {
        let room = max(1, width - 2)
        var lines = DisplayWidth.wrapped(state.title, to: room).map { Line(text: $0, kind: .title) }
        lines.append(Line(text: state.readOnly ? "History · read-only" : "", kind: .note))
        let labelWidth = labelWidth(width)
        for entry in state.lines {
            if labelWidth > 0 {
                for (i, piece) in DisplayWidth.wrapped(entry.value, to: max(1, width - labelWidth - 2)).enumerated() {
                    lines.append(Line(label: i == 0 ? entry.label : "", text: piece, kind: .value))
                }
            } else {
                let text = entry.label.isEmpty ? entry.value : entry.label + ": " + entry.value
                lines += DisplayWidth.wrapped(text, to: room).map { Line(text: $0, kind: .value) }
            }
        }
        return lines
    }

    /// The furthest the page scrolls in an area: its lines past those that fit.
    static func maximumScroll(_ state: ItemDetailsViewState, area: Size) -> Int {
        let count = layout(state, width: area.width).count
        return count > area.height ? count - (area.height - 1) : 0
    }

    public static func render(_ state: ItemDetailsViewState, scroll: Int, into grid: inout Grid, area: Rect) {
        guard area.height > 0, area.width > 0 else { return }
        var titleStyle = Theme.heading
        switch state.tone {
        case .overdue: titleStyle = Theme.overdue
        case .past: titleStyle = Theme.past.bolded
        case .completed: titleStyle = Theme.completed.bolded
        case .notCompleted: titleStyle = Theme.notCompleted.bolded
        case .active: break
        }
        let lines = layout(state, width: area.width)
        // Longer than the screen: the last row says there is more below.
        let fits = lines.count <= area.height
        let visible = fits ? area.height : area.height - 1
        let first = max(0, min(scroll, lines.count - visible))
        let labelWidth = labelWidth(area.width)
        for (i, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let y = area.y + i
            switch line.kind {
            case .title:
                grid.put(line.text, x: area.x + 1, y: y, style: titleStyle, maxWidth: area.width - 1)
            case .note:
                grid.put(line.text, x: area.x + 1, y: y, style: Theme.muted, maxWidth: area.width - 1)
            case .value:
                if labelWidth > 0 {
                    grid.put(line.label, x: area.x + 1, y: y, style: Theme.label, maxWidth: labelWidth - 1,
                             ellipsis: true)
                    grid.put(line.text, x: area.x + 1 + labelWidth, y: y, maxWidth: area.width - labelWidth - 1)
                } else {
                    grid.put(line.text, x: area.x + 1, y: y, maxWidth: area.width - 1)
                }
            }
        }
        if !fits {
            let below = lines.count - first - visible
            let text = below > 0 ? "↓ \(below) more line" + (below == 1 ? "" : "s") + " (j, PgDn)" : "↑ more above (k, PgUp)"
            grid.put(text, x: area.x + 1, y: area.maxY - 1, style: Theme.muted, maxWidth: area.width - 1,
                     ellipsis: true)
        }
    }
}
