import DatebookTerminal
import Testing

/// Text cut to a column ends with "…", wide characters are never cut in half, and long text
/// wraps at spaces.
@Suite("Cutting and wrapping text by columns")
struct TruncationTests {
    @Test("text that does not fit ends with an ellipsis, within the width", arguments: [
        ("Lunch with Ana", 20, "Lunch with Ana"),
        ("Lunch with Ana", 14, "Lunch with Ana"),
        ("Lunch with Ana", 13, "Lunch with A…"),
        ("Lunch with Ana", 3, "Lu…"),
        // Too narrow for the sign: cut only.
        ("Lunch with Ana", 2, "Lu"),
        ("Lunch with Ana", 1, "L"),
        ("会议准备", 2, "会"),
        // Too narrow for the first character: the sign alone, so the text is not a blank.
        ("会议准备", 1, "…"),
        ("🎉 party", 1, "…"),
        ("Lunch with Ana", 0, ""),
        // 会 and 议 are two columns each: half of one never shows.
        ("会议准备", 8, "会议准备"),
        ("会议准备", 7, "会议准…"),
        ("会议准备", 6, "会议…"),
        ("a会议", 4, "a会…"),
        ("a会议", 3, "a…"),
        ("🎉🎉🎉", 4, "🎉…"),
        // A combining accent stays with its letter, never alone before the ellipsis.
        ("Cafe\u{301} Central", 5, "Cafe\u{301}…"),
    ])
    func truncated(text: String, width: Int, expected: String) {
        let cut = DisplayWidth.truncated(text, to: width)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= width)
    }

    @Test("the grid ends text it cuts with an ellipsis when asked, and never splits a wide character")
    func gridEllipsis() {
        var grid = Grid(width: 12, height: 2)
        grid.put("会议准备 with the team", x: 0, y: 0, maxWidth: 9, ellipsis: true)
        #expect(grid.text().split(separator: "\n").first == "会议准备…")
        grid.put("会议准备 with the team", x: 0, y: 1, maxWidth: 8, ellipsis: true)
        #expect(grid.text().split(separator: "\n").last == "会议准…")
        var plain = Grid(width: 12, height: 1)
        plain.put("Lunch with Ana", x: 0, y: 0, ellipsis: true)
        #expect(plain.text() == "Lunch with …")
    }

    @Test("wrapping breaks at spaces, cuts only a word wider than a line, and keeps wide characters whole")
    func wrapped() {
        #expect(DisplayWidth.wrapped("Quarterly planning with the whole team", to: 12)
            == ["Quarterly", "planning", "with the", "whole team"])
        #expect(DisplayWidth.wrapped("Supercalifragilistic", to: 8) == ["Supercal", "ifragili", "stic"])
        #expect(DisplayWidth.wrapped("会议准备会议准备", to: 5) == ["会议", "准备", "会议", "准备"])
        #expect(DisplayWidth.wrapped("", to: 10) == [""])
        for line in DisplayWidth.wrapped("会议准备 with the team 🎉 and a very long line of notes", to: 7) {
            #expect(DisplayWidth.of(line) <= 7)
        }
    }

    @Test("parts packed into lines keep each part whole on one line and cut only a part wider than a line")
    func packed() {
        let parts = ["host you", "@ Room 4.12", "polling, votes until Fri 4 Dec 2026 17:00", "0 voted · 3 no reply"]
        #expect(DisplayWidth.packed(parts, separator: " · ", to: 60)
            == ["host you · @ Room 4.12", "polling, votes until Fri 4 Dec 2026 17:00", "0 voted · 3 no reply"])
        #expect(DisplayWidth.packed(parts, separator: " · ", to: 200) == [parts.joined(separator: " · ")])
        #expect(DisplayWidth.packed(["会议准备会议", "ok"], separator: " · ", to: 5) == ["会议…", "ok"])
        #expect(DisplayWidth.packed([], separator: " · ", to: 10) == [""])
    }

    @Test("padding fills to the width as drawn: a CJK character counts two columns")
    func paddedByColumns() {
        #expect(DisplayWidth.padded("会", to: 2) == "会")
        #expect(DisplayWidth.padded("A", to: 2) == "A ")
        #expect(DisplayWidth.padded("会田 健", to: 9) == "会田 健  ")
        #expect(DisplayWidth.of(DisplayWidth.padded("会田 健 <aida@example.jp>", to: 12)) == 12)
        #expect(DisplayWidth.padded("abc", to: 0) == "")
    }
}
