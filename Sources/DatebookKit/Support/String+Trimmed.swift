extension StringProtocol {
    /// The text without the spaces, tabs and line ends around it: what vCard values are
    /// trimmed of (Foundation's `trimmingCharacters(in:)` goes through NSString and is slow
    /// over thousands of cards).
    var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
