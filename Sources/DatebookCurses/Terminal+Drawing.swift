internal import CNCurses
import DatebookTerminal

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Drawing

extension Terminal {
    /// Copies a frame to the screen; ncurses sends only the cells that changed.
    ///
    /// A grid larger than the terminal (a resize raced the rendering) is cut to fit; a
    /// smaller one leaves the rest blank. Then the cursor is shown where the frame puts it
    /// (or hidden), and the bell rings if asked.
    public func draw(_ frame: Frame) {
        let grid = frame.grid
        let screen = size()
        let rows = min(grid.height, screen.height)
        let columns = min(grid.width, screen.width)
        werase(window)
        for y in 0..<max(0, rows) {
            var x = 0
            while x < columns {
                let cell = grid[x, y]
                if cell.isContinuation {
                    // The right half of a wide character that lost its left half: leave blank.
                    x += 1
                    continue
                }
                let span = x + 1 < grid.width && grid[x + 1, y].isContinuation ? 2 : 1
                if x + span > columns { break }
                put(cell, x: x, y: y, columns: span)
                x += span
            }
        }
        if let cursor = frame.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < columns, cursor.y < rows {
            showCursor(true)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            showCursor(false)
        }
        if frame.bell { beep() }
        wnoutrefresh(window)
        doupdate()
    }

    private func showCursor(_ visible: Bool) {
        guard visible != cursorVisible else { return }
        cursorVisible = visible
        curs_set(visible ? 1 : 0)
        // A hidden cursor may stay wherever the last write left it: fewer bytes to send.
        leaveok(window, !visible)
    }

    /// Writes one cell (and, for a wide character, the cell after it).
    private func put(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let style = cell.style
        let pair = colorPairs.number(foreground: style.foreground, background: style.background)
        let attributes = Self.attributes(of: style)
        let glyph = Self.glyph(for: cell.text, columns: columns)
        var character = cchar_t()
        var made = glyph.characters.withUnsafeBufferPointer {
            setcchar(&character, $0.baseAddress, attributes, pair, nil)
        }
        if made == ERR {
            made = Self.replacement.withUnsafeBufferPointer { setcchar(&character, $0.baseAddress, attributes, pair, nil) }
        }
        guard made != ERR else { return }
        // ERR here only means the cursor could not move past the bottom-right corner: the
        // cell is written all the same, and scrolling is off.
        mvwadd_wch(window, Int32(y), Int32(x), &character)
        if glyph.padded {
            var blank = cchar_t()
            _ = Self.space.withUnsafeBufferPointer { setcchar(&blank, $0.baseAddress, attributes, pair, nil) }
            mvwadd_wch(window, Int32(y), Int32(x + 1), &blank)
        }
    }

    static func attributes(of style: Style) -> attr_t {
        var attributes = attr_t(0)
        if style.bold { attributes |= cn_attr_bold() }
        if style.dim { attributes |= cn_attr_dim() }
        if style.reverse { attributes |= cn_attr_reverse() }
        if style.underline { attributes |= cn_attr_underline() }
        return attributes
    }

    private static let space: [wchar_t] = [0x20, 0]
    private static let replacement: [wchar_t] = [0xFFFD, 0]
}

// MARK: - Glyphs ncurses and the terminal agree on

extension Terminal {
    /// What to hand setcchar for a cell's grapheme, and whether to blank the next cell.
    struct Glyph: Equatable {
        /// The scalars, zero-terminated, at most CCHARW_MAX of them.
        var characters: [wchar_t]
        /// True when the grid gave the grapheme two columns but it is drawn in one.
        var padded: Bool
    }

    /// The grapheme as ncurses can draw it in exactly `columns` columns.
    ///
    /// ncurses measures a cell by `wcwidth` of its first scalar; the grid measures graphemes
    /// with `DisplayWidth`. Where they differ the layout must win, or every later cell on
    /// the row shifts: an emoji made wide by U+FE0F (❤️, 1️⃣) is drawn without the selector
    /// and followed by a blank; a grapheme that starts with a combining mark gets a space to
    /// sit on; a wide character in a one-column cell, or an unprintable one, becomes U+FFFD.
    /// Only zero-width scalars follow the first (so a ZWJ sequence shows its first emoji).
    static func glyph(for text: String, columns: Int) -> Glyph {
        var scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return Glyph(characters: space, padded: columns == 2) }
        var padded = false
        var width = Int(wcwidth(wchar_t(bitPattern: first.value)))
        if width == 1 && columns == 2 {
            scalars.removeAll { $0.value == 0xFE0F }
            padded = true
        } else if width == 0 {
            scalars.insert(" ", at: 0)
            width = 1
            padded = columns == 2
        } else if width != columns {
            return Glyph(characters: replacement, padded: columns == 2)
        }
        var characters: [wchar_t] = [wchar_t(bitPattern: scalars[0].value)]
        for scalar in scalars.dropFirst() {
            let code = wchar_t(bitPattern: scalar.value)
            guard wcwidth(code) == 0, characters.count < Int(CCHARW_MAX) else { break }
            characters.append(code)
        }
        // A joiner left dangling at the end would join with whatever the terminal draws next.
        while characters.count > 1, characters.last == 0x200D { characters.removeLast() }
        characters.append(0)
        return Glyph(characters: characters, padded: padded)
    }
}
