import DatebookKit
import DatebookTerminal

/// Draws the quick-add line as a box over the bottom of a tab: the line, the preview of what
/// Enter would save under it, and the keys.
public enum QuickAddView {
    static let hint = "Enter save · Tab full form · Esc cancel"
    static let examples = [
        "e.g. Lunch with Ana tomorrow 12:30 1h @Cafe Central #work !high",
        "     Gym every monday 7am remind 10m before · task: Renew passport by fri",
    ]

    /// Draws the box; returns the text cursor's cell.
    @discardableResult
    public static func render(field: TextField, preview: QuickAddLine.Preview, into grid: inout Grid, area: Rect) -> Point? {
        let lines: [(String, Style)]
        switch preview {
        case .example:
            lines = examples.map { ($0, Theme.muted) }
        case .item(let summary):
            let width = summary.map { DisplayWidth.of($0.label) }.max() ?? 0
            lines = summary.map { line in
                (line.label + ":" + String(repeating: " ", count: width - DisplayWidth.of(line.label) + 1) + line.value,
                 line.label == "title" ? Theme.active : Style.plain)
            }
        case .problem(let message):
            lines = [(message, Theme.error)]
        }
        let height = min(area.height, lines.count + 4)
        guard height >= 3, area.width >= 10 else { return nil }
        let box = Rect(x: area.x, y: area.maxY - height, width: area.width, height: height)
        Dialog.frame(box, into: &grid)
        grid.put(" Quick add ", x: box.x + 1, y: box.y, style: Theme.heading, maxWidth: box.width - 2)
        let prompt = "> "
        grid.put(prompt, x: box.x + 2, y: box.y + 1, style: Theme.heading)
        let x = box.x + 2 + DisplayWidth.of(prompt)
        let cursor = field.render(into: &grid, x: x, y: box.y + 1, width: box.maxX - 2 - x, style: Theme.focusedField)
        for (i, line) in lines.enumerated() where box.y + 2 + i < box.maxY - 2 {
            grid.put(line.0, x: box.x + 4, y: box.y + 2 + i, style: line.1, maxWidth: box.width - 6, ellipsis: true)
        }
        if height >= 4 {
            grid.put(hint, x: box.x + 2, y: box.maxY - 2, style: Theme.muted, maxWidth: box.width - 4, ellipsis: true)
        }
        return Point(x: cursor, y: box.y + 1)
    }
}

extension QuickAddLine {
    /// Draws the line over the bottom of `area` when it is open; returns the cursor's cell.
    public func render(into grid: inout Grid, area: Rect) -> Point? {
        guard let field else { return nil }
        return QuickAddView.render(field: field, preview: preview, into: &grid, area: area)
    }
}
