import DatebookTerminal

/// The text of one form field and its cursor, edited grapheme by grapheme, with the keys of a
/// shell line (Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W).
///
/// The whole text can be selected (a prefilled date, when its field is entered): then a typed
/// character replaces it, a delete key clears it, and a cursor key keeps it and moves the
/// cursor (Home and Left to the start, End and Right to the end).
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    /// The cursor, as a count of characters (grapheme clusters) from the start.
    public private(set) var cursor: Int
    /// True while the whole text is selected.
    public private(set) var isSelected = false

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    // MARK: - Selection

    /// Selects the whole text (nothing when it is empty), the cursor at its end.
    public mutating func selectAll() {
        isSelected = !text.isEmpty
        cursor = text.count
    }

    /// Leaves the text as it is, no longer selected.
    public mutating func deselect() { isSelected = false }

    /// Deletes a selected text; true if there was one.
    private mutating func deleteSelection() -> Bool {
        guard isSelected else { return false }
        set("")
        return true
    }

    // MARK: - Editing

    public mutating func insert(_ character: Character) {
        _ = deleteSelection()
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(character, at: index)
        cursor += 1
    }

    public mutating func deleteBackward() {
        guard !deleteSelection(), cursor > 0 else { return }
        let index = text.index(text.startIndex, offsetBy: cursor - 1)
        text.remove(at: index)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard !deleteSelection(), cursor < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    }

    /// Ctrl-U: deletes everything before the cursor.
    public mutating func deleteToStart() {
        guard !deleteSelection() else { return }
        text.removeSubrange(text.startIndex..<index(cursor))
        cursor = 0
    }

    /// Ctrl-K: deletes everything from the cursor on.
    public mutating func deleteToEnd() {
        guard !deleteSelection() else { return }
        text.removeSubrange(index(cursor)...)
    }

    /// Ctrl-W: deletes the spaces before the cursor and the word before them, as a shell's
    /// Ctrl-W does (a word ends at a space: `2026-11-22 14:30` loses `14:30`).
    public mutating func deleteWordBackward() {
        guard !deleteSelection() else { return }
        let characters = Array(text)
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        text.removeSubrange(index(start)..<index(cursor))
        cursor = start
    }

    public mutating func moveLeft() {
        if isSelected { return moveHome() }
        cursor = max(0, cursor - 1)
    }

    public mutating func moveRight() {
        if isSelected { return moveEnd() }
        cursor = min(text.count, cursor + 1)
    }

    public mutating func moveHome() {
        isSelected = false
        cursor = 0
    }

    public mutating func moveEnd() {
        isSelected = false
        cursor = text.count
    }

    /// Replaces the whole text and puts the cursor at its end, nothing selected.
    public mutating func set(_ newText: String) {
        text = newText
        cursor = newText.count
        isSelected = false
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
        case .deleteToStart: deleteToStart()
        case .deleteToEnd: deleteToEnd()
        case .deleteWordBackward: deleteWordBackward()
        case .insert(let c): insert(c)
        default: return false
        }
        return true
    }

    /// True for the intents `apply(_:)` takes.
    public static func edits(_ intent: Intent) -> Bool {
        switch intent {
        case .cursorLeft, .cursorRight, .cursorHome, .cursorEnd, .deleteBackward, .deleteForward, .deleteToStart,
            .deleteToEnd, .deleteWordBackward, .insert:
            return true
        default:
            return false
        }
    }

    /// The index of the character at `offset`.
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }

    // MARK: - Keys

    /// The keys that edit a text field in some modes: cursor moves, deletes (those of a shell
    /// line too), Enter (with its help text), Ctrl-S when the mode saves, and Esc to cancel.
    public static func editingKeys(in modes: Set<Mode>, enter: String, saving: Bool = false) -> [KeyBinding] {
        var b: [KeyBinding] = [
            KeyBinding([.left], .cursorLeft, in: modes, help: "Cursor left", footer: false),
            KeyBinding([.right], .cursorRight, in: modes, help: "Cursor right", footer: false),
            KeyBinding([.home, .ctrl("a")], .cursorHome, in: modes, help: "Start of field", footer: false),
            KeyBinding([.end, .ctrl("e")], .cursorEnd, in: modes, help: "End of field", footer: false),
            KeyBinding([.backspace], .deleteBackward, in: modes, help: "Delete before cursor", footer: false),
            KeyBinding([.delete, .ctrl("d")], .deleteForward, in: modes, help: "Delete at cursor", footer: false),
            KeyBinding([.ctrl("u")], .deleteToStart, in: modes, help: "Delete to start of field", footer: false),
            KeyBinding([.ctrl("k")], .deleteToEnd, in: modes, help: "Delete to end of field", footer: false),
            KeyBinding([.ctrl("w")], .deleteWordBackward, in: modes, help: "Delete word before cursor", footer: false),
            KeyBinding([.enter], .submit, in: modes, help: enter, footer: false),
        ]
        if saving { b.append(KeyBinding([.ctrl("s")], .save, in: modes, help: "Save")) }
        b.append(KeyBinding([.escape], .back, in: modes, help: "Cancel"))
        return b
    }

    // MARK: - Drawing

    /// Draws the field in `width` columns, scrolled so the cursor shows, a selected text in
    /// `Theme.selectedText`; returns the cursor's column. With a `mask`, each character is
    /// drawn as it (a password's dots).
    @discardableResult
    public func render(into grid: inout Grid, x: Int, y: Int, width: Int, style: Style, mask: Character? = nil) -> Int {
        guard width > 0 else { return x }
        grid.fill(Rect(x: x, y: y, width: width, height: 1), style: style)
        let characters = mask.map { Array(repeating: $0, count: text.count) } ?? Array(InertText.line(text))
        // Start far enough along that the text before the cursor, plus the cursor cell, fits.
        var start = 0
        var before = characters[0..<min(cursor, characters.count)].reduce(0) { $0 + DisplayWidth.of($1) }
        while before + 1 > width, start < cursor {
            before -= DisplayWidth.of(characters[start])
            start += 1
        }
        let visible = String(characters[start...])
        grid.put(visible, x: x, y: y, style: isSelected ? Theme.selectedText : style, maxWidth: width)
        return x + before
    }
}
