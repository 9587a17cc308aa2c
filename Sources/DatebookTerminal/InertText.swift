/// Makes text that came from data safe to draw: no control character reaches the terminal.
///
/// C0 controls become their Control Pictures (ESC shows as `␛`, TAB as `␉`), DEL as `␡`,
/// C1 controls and other unassigned or private codes as `�`. An escape sequence hidden in a
/// title is therefore shown, visibly and harmlessly, instead of being obeyed.
public enum InertText {
    /// One line of text with every control character made visible.
    public static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(replacement(for: scalar)) }
        return String(out)
    }

    /// Text split into lines at newlines, each made inert (for notes on a details page).
    public static func lines(_ text: String) -> [String] {
        // "\r\n" is one Character in Swift, so split on any newline character.
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line(String($0)) }
    }

    static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        // Printable ASCII, most of any text, without looking up its category.
        if v >= 0x20 && v < 0x7F { return false }
        if v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0) { return true }
        switch scalar.properties.generalCategory {
        case .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator:
            return true
        default:
            // Bidirectional overrides can reorder what a person sees.
            return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard needsReplacing(scalar) else { return scalar }
        let v = scalar.value
        if v < 0x20 { return Unicode.Scalar(0x2400 + v)! }
        if v == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }
}
