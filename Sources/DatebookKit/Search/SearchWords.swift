/// The text of `search_word`, the index of one- and two-character queries: folded words as
/// they are, and each run of CJK characters (which has no spaces between words) as its pairs
/// of neighbouring characters and its last character, so `会议准备` is `会议 议准 准备 备`. Then
/// `de` finds words that begin with it, `准备` the pair, and `准` any pair that begins with it.
enum SearchWords {
    /// The text to index for the folded `columns`.
    static func indexed(_ columns: [String]) -> String {
        var out = ""
        for column in columns where !column.isEmpty {
            if !out.isEmpty { out += " " }
            guard column.unicodeScalars.contains(where: isCJK) else {
                out += column
                continue
            }
            var run: [Unicode.Scalar] = []
            func flush() {
                guard !run.isEmpty else { return }
                out += " "
                for index in run.indices {
                    out.unicodeScalars.append(run[index])
                    if index + 1 < run.count { out.unicodeScalars.append(run[index + 1]) }
                    out += " "
                }
                run.removeAll()
            }
            for scalar in column.unicodeScalars {
                if isCJK(scalar) {
                    run.append(scalar)
                } else {
                    flush()
                    out.unicodeScalars.append(scalar)
                }
            }
            flush()
        }
        return out
    }

    /// The FTS5 query that finds a folded word of one or two characters as the start of an
    /// indexed word, or nil when it is not made of letters and digits (unicode61 drops the rest).
    static func query(_ word: String) -> String? {
        guard !word.isEmpty, word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else { return nil }
        return "\"" + word + "\" *"
    }

    /// Han, kana and Hangul: scripts written without spaces between words.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
            0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
