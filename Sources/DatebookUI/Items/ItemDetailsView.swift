import DatebookTerminal

/// Draws an item's details page.
public enum ItemDetailsView {
    public static func render(_ state: ItemDetailsViewState, scroll: Int, into grid: inout Grid, area: Rect) {
        guard area.height > 0 else { return }
        var titleStyle = Theme.heading
        switch state.tone {
        case .overdue: titleStyle = Theme.overdue
        case .past: titleStyle = Theme.past.bolded
        case .completed: titleStyle = Theme.completed.bolded
        case .notCompleted: titleStyle = Theme.notCompleted.bolded
        case .active: break
        }
        grid.put(" " + state.title, x: area.x, y: area.y, style: titleStyle, maxWidth: area.width)
        if state.readOnly {
            grid.put("History · read-only", x: area.x + 1, y: area.y + 1, style: Theme.muted, maxWidth: area.width - 1)
        }
        let labelWidth = area.width >= 40 ? 13 : 0
        for (i, line) in state.lines.dropFirst(scroll).enumerated() where i < area.height - 2 {
            let y = area.y + 2 + i
            if labelWidth > 0 {
                grid.put(line.label, x: area.x + 1, y: y, style: Theme.label, maxWidth: labelWidth - 1)
                grid.put(line.value, x: area.x + 1 + labelWidth, y: y, maxWidth: area.width - labelWidth - 1)
            } else {
                let text = line.label.isEmpty ? line.value : line.label + ": " + line.value
                grid.put(text, x: area.x + 1, y: y, maxWidth: area.width - 1)
            }
        }
    }
}
