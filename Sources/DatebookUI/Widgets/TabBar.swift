import DatebookTerminal

/// The top line: the five tab titles with the active one highlighted, and a note at the right.
public struct TabBar {
    public var active: Tab
    /// Text at the right edge (today's date, an unread count).
    public var trailing: String

    public init(active: Tab, trailing: String = "") {
        self.active = active
        self.trailing = trailing
    }

    /// Where each tab's title stands at a width; drawing and mouse clicks both use it.
    ///
    /// Wide terminals get `1 Events`, narrower ones the titles alone, the narrowest digits only.
    public static func layout(width: Int) -> [(tab: Tab, range: Range<Int>, label: String)] {
        let styles: [(Tab) -> String] = [
            { " \($0.rawValue + 1) \($0.title) " },
            { " \($0.title) " },
            { " \(String($0.title.prefix(3))) " },
            { " \($0.rawValue + 1) " },
        ]
        for style in styles {
            var x = 0
            var result: [(Tab, Range<Int>, String)] = []
            for tab in Tab.allCases {
                let label = style(tab)
                result.append((tab, x..<(x + label.count), label))
                x += label.count
            }
            if x <= width { return result }
        }
        // Too narrow for even the digits: as many as fit.
        var x = 0
        return Tab.allCases.compactMap { tab in
            let label = "\(tab.rawValue + 1)"
            defer { x += 1 }
            return x < width ? (tab, x..<(x + 1), label) : nil
        }
    }

    /// The tab under a column, if any.
    public static func tab(atColumn x: Int, width: Int) -> Tab? {
        layout(width: width).first { $0.range.contains(x) }?.tab
    }

    public func render(into grid: inout Grid, row y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: Theme.tabBar)
        let slots = TabBar.layout(width: grid.width)
        for slot in slots {
            grid.put(slot.label, x: slot.range.lowerBound, y: y,
                     style: slot.tab == active ? Theme.tabActive : Theme.tabInactive)
        }
        let used = slots.last?.range.upperBound ?? 0
        let room = grid.width - used - 1
        let w = DisplayWidth.of(trailing)
        if !trailing.isEmpty, w <= room {
            grid.put(trailing, x: grid.width - w - 1, y: y, style: Theme.muted)
        }
    }
}
