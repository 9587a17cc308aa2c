import DatebookTerminal

/// A box drawn over the screen: a title, lines of text, and a hint line.
public struct Dialog {
    public var title: String
    public var lines: [String]
    public var hint: String
    /// The line drawn highlighted (a menu's choice), if any.
    public var highlighted: Int?

    public init(title: String, lines: [String], hint: String, highlighted: Int? = nil) {
        self.title = title
        self.lines = lines
        self.hint = hint
        self.highlighted = highlighted
    }

    /// Draws the box centred in `area`, as large as its text and no larger than the area;
    /// returns where each line drawn is (for mouse clicks).
    @discardableResult
    public func render(into grid: inout Grid, area: Rect) -> [Rect] {
        let textWidth = ([title, hint] + lines).map { DisplayWidth.of($0) }.max() ?? 0
        let width = min(area.width, textWidth + 4)
        let height = min(area.height, lines.count + 4)
        guard width >= 3, height >= 3 else { return [] }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2,
                       width: width, height: height)
        Dialog.frame(box, into: &grid)
        grid.put(" " + title + " ", x: box.x + 1, y: box.y, style: Theme.heading, maxWidth: box.width - 2)
        var rows: [Rect] = []
        for (i, line) in lines.enumerated() where box.y + 1 + i < box.maxY - 2 {
            rows.append(Rect(x: box.x + 1, y: box.y + 1 + i, width: box.width - 2, height: 1))
            let style = i == highlighted ? Theme.selection : Style.plain
            if i == highlighted {
                grid.fill(Rect(x: box.x + 1, y: box.y + 1 + i, width: box.width - 2, height: 1), style: style)
            }
            grid.put(line, x: box.x + 2, y: box.y + 1 + i, style: style, maxWidth: box.width - 4, ellipsis: true)
        }
        grid.put(hint, x: box.x + 2, y: box.maxY - 2, style: Theme.muted, maxWidth: box.width - 4, ellipsis: true)
        return rows
    }

    /// Clears a rectangle and draws a single-line border round it.
    public static func frame(_ box: Rect, into grid: inout Grid) {
        grid.fill(box)
        for x in box.x..<box.maxX {
            grid.put("─", x: x, y: box.y, style: Theme.border)
            grid.put("─", x: x, y: box.maxY - 1, style: Theme.border)
        }
        for y in box.y..<box.maxY {
            grid.put("│", x: box.x, y: y, style: Theme.border)
            grid.put("│", x: box.maxX - 1, y: y, style: Theme.border)
        }
        grid.put("┌", x: box.x, y: box.y)
        grid.put("┐", x: box.maxX - 1, y: box.y)
        grid.put("└", x: box.x, y: box.maxY - 1)
        grid.put("┘", x: box.maxX - 1, y: box.maxY - 1)
    }
}
