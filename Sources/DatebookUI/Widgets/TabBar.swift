import DatebookTerminal

/// The top line: the tab titles with the active one highlighted, and a note at the right.
public struct TabBar {
    public var titles: [String]
    /// The position of the active tab.
    public var active: Int
    /// Text at the right edge (today's date, an unread count, the state of sync).
    public var trailing: String
    /// Shorter texts for the right edge, in order, for when `trailing` does not fit.
    public var narrower: [String]
    /// True when the tab titles shorten to leave room for the shortest of those texts.
    public var keepsShortest = false

    public init(titles: [String], active: Int, trailing: String = "", narrower: [String] = []) {
        self.titles = titles
        self.active = active
        self.trailing = trailing
        self.narrower = narrower
    }

    /// A bar whose right edge holds `notes` (empty ones left out), two spaces apart; where
    /// they do not all fit, the last ones give way first. With `keepingFirst`, the tab titles
    /// shorten before the first note gives way.
    public init(titles: [String], active: Int, notes: [String], keepingFirst: Bool = false) {
        let notes = notes.filter { !$0.isEmpty }
        let texts = (0..<notes.count).reversed().map { notes[...$0].joined(separator: "  ") }
        self.init(titles: titles, active: active, trailing: texts.first ?? "", narrower: Array(texts.dropFirst()))
        keepsShortest = keepingFirst && !notes.isEmpty
    }

    /// Where each tab's title stands at a width.
    ///
    /// Wide terminals get `1 Events`, narrower ones the titles alone, the narrowest digits only.
    public func layout(width: Int) -> [(index: Int, range: Range<Int>, label: String)] {
        let styles: [(Int, String) -> String] = [
            { index, title in " \(index + 1) \(title) " },
            { _, title in " \(title) " },
            { _, title in " \(String(title.prefix(3))) " },
            { index, _ in " \(index + 1) " },
        ]
        for style in styles {
            var x = 0
            var result: [(Int, Range<Int>, String)] = []
            for (index, title) in titles.enumerated() {
                let label = style(index, title)
                result.append((index, x..<(x + label.count), label))
                x += label.count
            }
            if x <= width { return result }
        }
        // Too narrow for even the digits: as many as fit.
        var x = 0
        return titles.indices.compactMap { index in
            let label = "\(index + 1)"
            defer { x += 1 }
            return x < width ? (index, x..<(x + 1), label) : nil
        }
    }

    /// Draws the bar; returns where each tab's title is (for mouse clicks).
    @discardableResult
    public func render(into grid: inout Grid, row y: Int) -> [(index: Int, rect: Rect)] {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: Theme.tabBar)
        var slots = layout(width: grid.width)
        if keepsShortest, let shortest = ([trailing] + narrower).last {
            let room = grid.width - DisplayWidth.of(shortest) - 1
            let narrowed = layout(width: room)
            if (narrowed.last?.range.upperBound ?? 0) <= room, narrowed.count == titles.count { slots = narrowed }
        }
        for slot in slots {
            grid.put(slot.label, x: slot.range.lowerBound, y: y,
                     style: slot.index == active ? Theme.tabActive : Theme.tabInactive)
        }
        let used = slots.last?.range.upperBound ?? 0
        let room = grid.width - used - 1
        if let text = ([trailing] + narrower).first(where: { !$0.isEmpty && DisplayWidth.of($0) <= room }) {
            grid.put(text, x: grid.width - DisplayWidth.of(text) - 1, y: y, style: Theme.muted)
        }
        return slots.map { ($0.index, Rect(x: $0.range.lowerBound, y: y, width: $0.range.count, height: 1)) }
    }
}
