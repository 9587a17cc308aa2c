import DatebookTerminal
import Testing

@testable import DatebookUI

@Suite("Text fields, widths and inert text")
struct TextTests {
    @Test("a text field edits by grapheme, not by byte")
    func textFieldEditing() {
        var field = TextField("会议")
        field.insert("🎉")
        #expect(field.text == "会议🎉")
        field.moveLeft()
        field.moveLeft()
        field.insert("e")
        field.insert("\u{301}")  // a combining accent joins the é cluster
        #expect(field.text == "会e\u{301}议🎉")
        field.moveHome()
        field.deleteForward()
        #expect(field.text == "e\u{301}议🎉")
        field.moveEnd()
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "e\u{301}")
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "")
        #expect(field.cursor == 0)
    }

    @Test("display width counts CJK and emoji as two columns", arguments: [
        ("abc", 3), ("会议", 4), ("🎉", 2), ("e\u{301}", 1), ("한국어", 6), ("👍🏽", 2), ("Ａ", 2), ("\u{1B}", 1), ("a\u{7}b", 3), ("\r\n", 2), ("\u{9B}", 1), ("\u{202E}", 1), ("\u{1F321}", 1), ("\u{1F321}\u{FE0F}", 2), ("⌚", 2),
    ])
    func widths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("control characters and escape sequences are shown inert")
    func inert() {
        #expect(InertText.line("a\u{1B}[31mred") == "a\u{241B}[31mred")
        #expect(InertText.line("bell\u{07}") == "bell\u{2407}")
        #expect(InertText.line("tab\there") == "tab\u{2409}here")
        #expect(InertText.line("c1\u{9B}x") == "c1\u{FFFD}x")
        #expect(InertText.line("del\u{7F}") == "del\u{2421}")
        #expect(InertText.line("rtl\u{202E}x") == "rtl\u{FFFD}x")
        #expect(InertText.line("plain 会议 🎉") == "plain 会议 🎉")
        #expect(InertText.lines("one\r\ntwo\nthree") == ["one", "two", "three"])
    }

    @Test("the grid never splits a wide character and never holds a control character")
    func gridPut() {
        var grid = Grid(width: 5, height: 1)
        let written = grid.put("a会议", x: 0, y: 0)
        #expect(written == 5)
        #expect(grid.text() == "a会议")
        var narrow = Grid(width: 4, height: 1)
        narrow.put("a会议", x: 0, y: 0)
        #expect(narrow.text() == "a会")
        narrow.put("x", x: 2, y: 0)  // overwrite the right half of 会
        #expect(narrow.text() == "a x")
        var escape = Grid(width: 10, height: 1)
        escape.put("\u{1B}[2J", x: 0, y: 0)
        #expect(!escape.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test("a control character in a title or place does not cut the place column short")
    func controlCharacterInListRow() throws {
        let (app, _) = try Fixtures.app(items: [
            Fixtures.event("Ring\u{7}bell", "2026-11-23 09:00", "2026-11-23 10:00", place: "Town\u{7}hall", n: 1),
            Fixtures.event("Ring bell", "2026-11-24 09:00", "2026-11-24 10:00", place: "Town\u{9B}hall", n: 2),
        ])
        let rows = app.screen(80, 24).split(separator: "\n").filter { $0.contains("Ring") }
        #expect(rows.count == 2)
        // The whole place, drawn inert, ends each row.
        #expect(rows[0].hasSuffix("@ Town\u{2407}hall"))
        #expect(rows[1].hasSuffix("@ Town\u{FFFD}hall"))
    }

    @Test("tab titles shrink with the width and clicks find the tab drawn there")
    func tabBarLayout() {
        let bar = TabBar(titles: ["Events", "Search", "Calendar", "Meetings", "Contacts"], active: 0)
        let wide = bar.layout(width: 80)
        #expect(wide.map(\.label) == [" 1 Events ", " 2 Search ", " 3 Calendar ", " 4 Meetings ", " 5 Contacts "])
        let narrow = bar.layout(width: 30)
        #expect(narrow.last!.range.upperBound <= 30)
        let tiny = bar.layout(width: 20)
        #expect(tiny.last!.range.upperBound <= 20)
        for width in [20, 30, 45, 80] {
            var grid = Grid(width: width, height: 1)
            let areas = bar.render(into: &grid, row: 0)
            for slot in bar.layout(width: width) {
                let point = Point(x: slot.range.lowerBound, y: 0)
                #expect(areas.last { $0.rect.contains(point) }?.index == slot.index)
            }
        }
    }
}
