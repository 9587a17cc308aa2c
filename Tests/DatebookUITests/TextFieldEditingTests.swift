import DatebookTerminal
import Testing

@testable import DatebookUI

/// A text field edits like a shell line, and a selected text is replaced by typing.
@Suite("Text fields edit like a shell line")
struct TextFieldEditingTests {
    /// A field holding `text` with the cursor `cursor` characters from the start.
    func field(_ text: String, cursor: Int) -> TextField {
        var field = TextField(text)
        field.apply(.cursorHome)
        for _ in 0..<cursor { field.apply(.cursorRight) }
        return field
    }

    @Test("Ctrl-U deletes before the cursor, Ctrl-K from it on")
    func deleteToEitherEnd() {
        var start = field("2026-11-22 14:30", cursor: 10)
        start.apply(.deleteToStart)
        #expect(start.text == " 14:30")
        #expect(start.cursor == 0)
        var end = field("2026-11-22 14:30", cursor: 10)
        end.apply(.deleteToEnd)
        #expect(end.text == "2026-11-22")
        #expect(end.cursor == 10)
    }

    @Test("Ctrl-W deletes the word before the cursor and the spaces after it, by grapheme")
    func deleteWord() {
        var date = TextField("2026-11-22 14:30")
        date.apply(.deleteWordBackward)
        #expect(date.text == "2026-11-22 ")
        date.apply(.deleteWordBackward)
        #expect(date.text == "")
        var title = field("会议 准备  🎉 done", cursor: 7)
        title.apply(.deleteWordBackward)
        #expect(title.text == "会议 🎉 done")
        #expect(title.cursor == 3)
        var atStart = field("word", cursor: 0)
        atStart.apply(.deleteWordBackward)
        #expect(atStart.text == "word")
    }

    @Test("a selected text is replaced by a typed character and cleared by any delete key")
    func selectionReplaced() {
        var typed = TextField("2026-11-22 14:30")
        typed.selectAll()
        #expect(typed.isSelected)
        for c in "fri" { typed.apply(.insert(c)) }
        #expect(typed.text == "fri")
        #expect(!typed.isSelected)
        for intent in [Intent.deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBackward] {
            var cleared = TextField("2026-11-22 14:30")
            cleared.selectAll()
            cleared.apply(intent)
            #expect(cleared.text == "", "\(intent)")
            #expect(cleared.cursor == 0 && !cleared.isSelected, "\(intent)")
        }
    }

    @Test("a cursor key keeps the selected text: Right and End go to its end, Left and Home to its start")
    func selectionKept() {
        for (intent, cursor) in [(Intent.cursorRight, 16), (.cursorEnd, 16), (.cursorLeft, 0), (.cursorHome, 0)] {
            var kept = TextField("2026-11-22 14:30")
            kept.selectAll()
            kept.apply(intent)
            #expect(kept.text == "2026-11-22 14:30", "\(intent)")
            #expect(kept.cursor == cursor && !kept.isSelected, "\(intent)")
        }
        var empty = TextField()
        empty.selectAll()
        #expect(!empty.isSelected)
    }

    @Test("a selected text is drawn in the selection style, the rest of the field in the field's")
    func selectionDrawn() {
        var field = TextField("fri 9:30")
        field.selectAll()
        var grid = Grid(width: 20, height: 1)
        let cursor = field.render(into: &grid, x: 2, y: 0, width: 12, style: Theme.focusedField)
        #expect(cursor == 10)
        #expect((2..<10).allSatisfy { grid[$0, 0].style == Theme.selectedText })
        #expect((10..<14).allSatisfy { grid[$0, 0].style == Theme.focusedField })
        #expect(Theme.selectedText != Theme.focusedField && !Theme.selectedText.reverse)

        field.apply(.cursorEnd)
        var plain = Grid(width: 20, height: 1)
        field.render(into: &plain, x: 2, y: 0, width: 12, style: Theme.focusedField)
        #expect((2..<14).allSatisfy { plain[$0, 0].style == Theme.focusedField })
    }

    @Test("Ctrl-U, Ctrl-K, Ctrl-W, Ctrl-A and Ctrl-E edit every text field; no global key takes them first",
          arguments: [Mode.form, .prompt])
    func keysReachTheField(mode: Mode) {
        let table = KeyTable.standard
        #expect(table.intent(for: .ctrl("u"), in: mode) == .deleteToStart)
        #expect(table.intent(for: .ctrl("k"), in: mode) == .deleteToEnd)
        #expect(table.intent(for: .ctrl("w"), in: mode) == .deleteWordBackward)
        #expect(table.intent(for: .ctrl("a"), in: mode) == .cursorHome)
        #expect(table.intent(for: .ctrl("e"), in: mode) == .cursorEnd)
        #expect(table.helpLines().contains { $0.contains("Ctrl-U") && $0.contains("Delete to start of field") })
    }
}
