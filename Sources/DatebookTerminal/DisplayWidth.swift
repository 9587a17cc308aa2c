/// Terminal column widths of text, measured the way terminals draw it.
///
/// Self-contained (no locale dependence, unlike `wcwidth` under the C locale): combining marks
/// and zero-width characters take 0 columns, East Asian wide and full-width characters and
/// emoji presentation take 2, everything else 1.
///
/// Text is measured as it is drawn: a control character (or any other scalar `InertText`
/// replaces) counts as the one-column picture that stands for it on the screen, so a layout
/// measured here matches the cells the grid fills.
public enum DisplayWidth {
    /// Columns one grapheme cluster occupies as drawn (0, 1 or 2; more for a cluster made of
    /// several control characters, each drawn as a picture).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII && first.value >= 0x20 && first.value != 0x7F && scalars.count == 1 { return 1 }
        if scalars.contains(where: InertText.needsReplacing) {
            // Drawn as `InertText` makes it: measure that.
            return InertText.line(String(character)).reduce(0) { $0 + of($1) }
        }
        // An emoji variation selector or a presentation-default emoji makes the cluster wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        let w = width(of: first)
        if w == 0 {
            // A cluster that starts with a combining mark still occupies one column.
            return 1
        }
        return w
    }

    /// Columns a string occupies.
    public static func of(_ text: String) -> Int {
        // Printable ASCII, most text: one column a byte, without breaking it into characters.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The text cut to at most `width` columns as drawn, ending with "…" when anything was cut.
    ///
    /// A wide character is never cut in half: when only half of it would fit before the "…",
    /// it is left out and the text ends a column short. In fewer than three columns there is
    /// no room for the sign: the text is only cut, unless not even its first character fits,
    /// when the sign stands alone.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let room = width < 3 ? width : width - 1
        var kept = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > room { break }
            kept.append(character)
            used += w
        }
        // A combining mark or zero-width joiner left dangling at the end would join the "…".
        while let last = kept.last, of(last) == 0 { kept.removeLast() }
        // A column too narrow for the first character (a CJK one in a week view's lane) shows
        // that there is text, not a blank.
        if kept.isEmpty { return "…" }
        return width < 3 ? kept : kept + "…"
    }

    /// The text made exactly `width` columns wide as drawn: cut as `truncated` cuts it, then
    /// filled with spaces (a CJK character counts two columns, as the terminal draws it).
    public static func padded(_ text: String, to width: Int) -> String {
        let cut = truncated(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// Text broken into lines of at most `width` columns: at spaces where it can be, inside a
    /// word only when the word alone is wider than a line (never inside a wide character).
    /// Spaces at a break are dropped; an empty text is one empty line.
    public static func wrapped(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func breakLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            var wordWidth = of(String(word))
            let gap = line.isEmpty ? 0 : 1
            if lineWidth + gap + wordWidth <= width {
                if gap > 0 { line += " " }
                line += word
                lineWidth += gap + wordWidth
                continue
            }
            if !line.isEmpty { breakLine() }
            // A word wider than a line is cut into pieces that fit.
            while wordWidth > width {
                var piece = ""
                var pieceWidth = 0
                var rest = word
                for character in word {
                    let w = of(character)
                    if pieceWidth + w > width && !piece.isEmpty { break }
                    piece.append(character)
                    pieceWidth += w
                    rest = rest.dropFirst()
                }
                lines.append(piece)
                word = rest
                wordWidth -= pieceWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// Parts joined by `separator` into lines of at most `width` columns: as many whole parts
    /// on a line as fit, the next on a new line; a part wider than a line alone is cut with
    /// "…". No part is lost to the edge of the screen while there are lines to show it on.
    public static func packed(_ parts: [String], separator: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            let joined = line.isEmpty ? part : line + separator + part
            if line.isEmpty || of(joined) <= width {
                line = joined
            } else {
                lines.append(line)
                line = part
            }
            if of(line) > width { line = truncated(line, to: width) }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Columns one scalar occupies.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if v == 0x200B || (v >= 0x1160 && v <= 0x11FF) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// East Asian Wide (W) and Full-width (F) ranges, from Unicode's EastAsianWidth.txt.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        // Emoji are wide by their Emoji_Presentation property (checked in `of(_:)`), not by
        // block: text-style pictographs such as U+1F321 take one column.
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
            0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F251, 0x1F260...0x1F265,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
