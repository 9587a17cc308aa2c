import Foundation

/// How the address book orders names: the way a person expects, not by code points.
///
/// A name is folded (case, accents and width ignored: `Émile` sorts with `emile`), its Latin
/// letters reduced to plain ones by ICU's Latin-ASCII transform (`Øst` with `ost`, `Straße`
/// with `strasse`), and leading articles and name particles set aside (`The Beatles` sorts
/// under B, `van Gogh` under G, `de la Cruz` under C). Names that then begin with a Latin
/// letter come first, under their letter; all others (digits, symbols, other scripts such as
/// CJK) after them in one `#` section, by code point, which keeps them in a stable order. The
/// key ends with the name itself, so two names that fold alike still have one order.
public enum ContactSortKey {
    /// Words set aside at the start of a name, when more follows.
    static let particles: Set<String> = [
        "the", "a", "an", "van", "von", "de", "der", "den", "het", "ten", "ter", "la", "le", "les",
        "du", "des", "di", "da", "del", "della", "dos", "das", "el", "al", "zu", "vom", "zum", "zur",
    ]

    /// The key that orders `name` among others: compared as plain UTF-8 (SQLite's `BINARY`).
    public static func key(for name: String) -> String {
        let folded = fold(name)
        let group = startsWithLatinLetter(folded) ? "0" : "1"
        return group + folded + "\u{1}" + name
    }

    /// The section `name` is listed under: its first letter A–Z (after folding and the
    /// particles), or `#`.
    public static func section(for name: String) -> Character {
        let folded = fold(name)
        guard let first = folded.unicodeScalars.first, startsWithLatinLetter(folded) else { return "#" }
        return Character(Unicode.Scalar(first.value - 0x20)!)
    }

    /// The name folded for ordering, particles removed.
    static func fold(_ name: String) -> String {
        let text = ContactSearch.fold(name.trimmingCharacters(in: .whitespacesAndNewlines))
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        while words.count > 1 {
            var first = String(words[0])
            if first.hasSuffix("'") || first.hasSuffix("’") { first.removeLast() }
            guard particles.contains(first) else { break }
            words.removeFirst()
        }
        // d'Artagnan, l'Oréal: the apostrophed particle joined to its word.
        if var first = words.first.map(String.init), first.count > 2,
           ["d'", "l'", "d’", "l’"].contains(where: { first.hasPrefix($0) })
        {
            first.removeFirst(2)
            words[0] = Substring(first)
        }
        return words.joined(separator: " ")
    }

    private static func startsWithLatinLetter(_ folded: String) -> Bool {
        guard let first = folded.utf8.first else { return false }
        return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    }
}
