import Foundation

/// How search compares text: case and accents are ignored (`É` matches `e`, `Straße` matches
/// `STRASSE`), everything else is kept as typed, CJK and emoji included.
///
/// The index holds folded text, and a query is folded the same way, so that the trigram
/// tokenizer (which folds neither accents nor, before SQLite 3.45, anything but ASCII case
/// reliably) sees the same letters on both sides.
public enum SearchFolding {
    /// `text` with case and accents folded away. Plain ASCII (most text) is lowercased byte by
    /// byte; anything else goes through Foundation's folding.
    public static func fold(_ text: String) -> String {
        if let folded = foldedASCII(text) { return folded }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    /// Plain ASCII `text` folded, its capitals lowercased byte by byte (Foundation's folding
    /// would copy it as UTF-16 first); nil for any other text.
    static func foldedASCII(_ text: String) -> String? {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 { return nil }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        guard hasUpper else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The ranges of `text` where any of the folded `terms` occurs, in order and merged where
    /// they touch: what a row highlights.
    public static func matchedRanges(of terms: [String], in text: String) -> [Range<String.Index>] {
        let needles = terms.filter { !$0.isEmpty }.map { Array($0.unicodeScalars) }
        guard !needles.isEmpty, !text.isEmpty else { return [] }
        // The folded text, scalar by scalar, with the character of `text` each came from.
        var folded: [Unicode.Scalar] = []
        var origin: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            for scalar in fold(String(text[index..<next])).unicodeScalars {
                folded.append(scalar)
                origin.append(index)
            }
            index = next
        }
        var ranges: [Range<String.Index>] = []
        for needle in needles where needle.count <= folded.count {
            var start = 0
            while start + needle.count <= folded.count {
                if folded[start] == needle[0], Array(folded[start..<start + needle.count]) == needle {
                    let lower = origin[start]
                    let lastOrigin = origin[start + needle.count - 1]
                    ranges.append(lower..<text.index(after: lastOrigin))
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
