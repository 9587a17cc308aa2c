import DatebookTerminal

/// The text of one form field and its cursor, edited grapheme by grapheme.
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    /// The cursor, as a count of characters (grapheme clusters) from the start.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    // MARK: - Editing

    public mutating func insert(_ character: Character) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(character, at: index)
        cursor += 1
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let index = text.index(text.startIndex, offsetBy: cursor - 1)
        text.remove(at: index)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    public mutating func moveHome() { cursor = 0 }
    public mutating func moveEnd() { cursor = text.count }

    /// Replaces the whole text and puts the cursor at its end.
    public mutating func set(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Applies an editing intent (cursor moves, deletes, a typed character); false for any other.
    @discardableResult
    public mutating func apply(_ intent: Intent) -> Bool {
        switch intent {
        case .cursorLeft: moveLeft()
        case .cursorRight: moveRight()
        case .cursorHome: moveHome()
        case .cursorEnd: moveEnd()
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .insert(let c): insert(c)
        default: return false
        }
        return true
    }

    // MARK: - Keys

    /// The keys that edit a text field in some modes: cursor moves, deletes, Enter (with its
    /// help text), Ctrl-S when the mode saves, and Esc to cancel.
    public static func editingKeys(in modes: Set<Mode>, enter: String, saving: Bool = false) -> [KeyBinding] {
        var b: [KeyBinding] = [
            KeyBinding([.left], .cursorLeft, in: modes, help: "Cursor left", footer: false),
            KeyBinding([.right], .cursorRight, in: modes, help: "Cursor right", footer: false),
            KeyBinding([.home, .ctrl("a")], .cursorHome, in: modes, help: "Start of field", footer: false),
            KeyBinding([.end, .ctrl("e")], .cursorEnd, in: modes, help: "End of field", footer: false),
            KeyBinding([.backspace], .deleteBackward, in: modes, help: "Delete before cursor", footer: false),
            KeyBinding([.delete, .ctrl("d")], .deleteForward, in: modes, help: "Delete at cursor", footer: false),
            KeyBinding([.enter], .submit, in: modes, help: enter, footer: false),
        ]
        if saving { b.append(KeyBinding([.ctrl("s")], .save, in: modes, help: "Save")) }
        b.append(KeyBinding([.escape], .back, in: modes, help: "Cancel"))
        return b
    }

    // MARK: - Drawing

    /// Draws the field in `width` columns, scrolled so the cursor shows; returns the cursor's column.
    @discardableResult
    public func render(into grid: inout Grid, x: Int, y: Int, width: Int, style: Style) -> Int {
        guard width > 0 else { return x }
        grid.fill(Rect(x: x, y: y, width: width, height: 1), style: style)
        let characters = Array(InertText.line(text))
        // Start far enough along that the text before the cursor, plus the cursor cell, fits.
        var start = 0
        var before = characters[0..<min(cursor, characters.count)].reduce(0) { $0 + DisplayWidth.of($1) }
        while before + 1 > width, start < cursor {
            before -= DisplayWidth.of(characters[start])
            start += 1
        }
        let visible = String(characters[start...])
        grid.put(visible, x: x, y: y, style: style, maxWidth: width)
        return x + before
    }
}
