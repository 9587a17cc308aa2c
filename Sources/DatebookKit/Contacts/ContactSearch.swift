import Foundation

/// How the contacts filter matches: case, accents and width ignored, Latin letters reduced to
/// plain ones; a query that looks like a phone number also matches its digits alone.
public enum ContactSearch {
    /// `text` folded for matching.
    public static func fold(_ text: String) -> String {
        // Plain ASCII (most names, every e-mail and phone) only needs its case folded.
        if let folded = SearchFolding.foldedASCII(text) { return folded }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        // Folding leaves letters such as ø, ß, æ and ł; ICU's Latin-ASCII reduces them, and
        // leaves other scripts alone (CJK stays CJK). It is slow, so only when needed.
        guard folded.unicodeScalars.contains(where: isUnfoldedLatin) else { return folded }
        return folded.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) ?? folded
    }

    /// A Latin letter folding does not reduce to a plain one (Latin-1 Supplement to Latin
    /// Extended Additional).
    static func isUnfoldedLatin(_ scalar: Unicode.Scalar) -> Bool {
        (0xC0...0x24F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
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
