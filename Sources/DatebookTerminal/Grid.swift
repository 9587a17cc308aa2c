/// A point on the screen, in columns and rows from the top-left corner.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A size in columns and rows.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// A rectangle of the screen.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    /// The rectangle shrunk by `n` on every side.
    public func inset(by n: Int) -> Rect { Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n) }
}

/// One screen cell: a grapheme and its style.
///
/// A wide (2-column) character sits in its first cell; the cell after it holds an empty
/// `text` and is skipped when drawing.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}

/// The whole screen as cells: what rendering produces and the terminal driver draws.
public struct Grid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes one line of text at (x, y), clipped to `maxWidth` columns (and the grid).
    ///
    /// Text is made inert first; wide characters take two cells and are never split. With
    /// `ellipsis`, text that does not fit ends with "…" where it is cut. Returns the number of
    /// columns written.
    @discardableResult
    public mutating func put(
        _ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil, ellipsis: Bool = false
    ) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var col = x
        var line = InertText.line(text)
        if ellipsis { line = DisplayWidth.truncated(line, to: limit - x) }
        for character in line {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if col + w > limit { break }
            if col >= 0 {
                // Overwriting half of a wide character blanks its other half.
                clearWideNeighbours(x: col, y: y, width: w)
                self[col, y] = Cell(text: String(character), style: style)
                if w == 2 { self[col + 1, y] = Cell(text: "", style: style) }
            }
            col += w
        }
        return col - x
    }

    /// Fills a rectangle with spaces in a style.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let r = clip(rect)
        guard r.width > 0 else { return }
        for y in r.y..<r.maxY {
            clearWideNeighbours(x: r.x, y: y, width: r.width)
            for x in r.x..<r.maxX { self[x, y] = Cell(text: " ", style: style) }
        }
    }

    /// Changes the style of a rectangle's cells, keeping their text.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let r = clip(rect)
        guard r.width > 0 else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// The rectangle cut to the grid.
    public func clip(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The grid as plain text, one line per row, trailing spaces trimmed (for snapshots).
    public func text() -> String {
        var lines: [String] = []
        for y in 0..<height {
            var line = ""
            for x in 0..<width {
                let cell = self[x, y]
                if !cell.isContinuation { line += cell.text }
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private mutating func clearWideNeighbours(x: Int, y: Int, width w: Int) {
        if x > 0, x < width, self[x, y].isContinuation { self[x - 1, y] = Cell(text: " ", style: self[x - 1, y].style) }
        let after = x + w
        if after < width, self[after, y].isContinuation { self[after, y] = Cell(text: " ", style: self[after, y].style) }
    }
}
