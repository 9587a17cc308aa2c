import Foundation

/// How the contacts filter matches: case, accents and width ignored, Latin letters reduced to
/// plain ones; a query that looks like a phone number also matches its digits alone.
public enum ContactSearch {
    /// `text` folded for matching.
    public static func fold(_ text: String) -> String {
        var text = text
        if text.unicodeScalars.contains(where: { $0.value >= 0x80 }) {
            text = text.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) ?? text
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The digits of a query that looks like a phone number (`+49 (30) 12`), else nil.
    public static func phoneDigits(_ query: String) -> String? {
        let digits = query.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, query.allSatisfy({ ($0.isASCII && $0.isNumber) || " +()-./".contains($0) }) else {
            return nil
        }
        return String(digits)
    }
}
