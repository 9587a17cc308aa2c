/// What an e-mail, phone or address is for, between vCard TYPEs and Datebook's labels.
///
/// Datebook's labels are words a person reads: `home`, `work`, `mobile`, `fax`, `work fax`,
/// `pager`, `main`, `other`, or the card's own (Apple's X-ABLabel). TYPEs that only say what a
/// value is (`internet`, `voice`, `pref`, `x400`) are not labels.
enum VCardLabels {
    enum Kind { case email, phone, address }

    /// The label TYPEs give, or "" when they give none.
    static func label(types: Set<String>, kind: Kind) -> String {
        var words: [String] = []
        if types.contains("home") { words.append("home") }
        if types.contains("work") { words.append("work") }
        if kind == .phone {
            if types.contains("cell") || types.contains("mobile") || types.contains("iphone") { words.append("mobile") }
            if types.contains("fax") { words.append("fax") }
            if types.contains("pager") { words.append("pager") }
            if types.contains("main") { words.append("main") }
        }
        if words.isEmpty && types.contains("other") { words.append("other") }
        return words.joined(separator: " ")
    }

    /// True when the property is the preferred one (TYPE=pref, PREF=1 in 4.0).
    static func isPreferred(_ property: VCardProperty) -> Bool {
        property.types.contains("pref") || property.parameter("PREF").contains { $0 == "1" }
    }

    /// Apple's built-in labels (`_$!<Mobile>!$_`) as words; a person's own label as written.
    static func appleLabel(_ text: String) -> String {
        guard text.hasPrefix("_$!<"), text.hasSuffix(">!$_"), text.count > 8 else { return text }
        let word = text.dropFirst(4).dropLast(4).lowercased()
        switch word {
        case "homepage": return "homepage"
        case "mobile": return "mobile"
        case "other": return "other"
        default: return word
        }
    }

    /// The TYPEs to write for a label, or nil when the label is a person's own and is written
    /// as an X-ABLabel.
    static func types(for label: String, kind: Kind) -> [String]? {
        if label.isEmpty { return [] }
        var types: [String] = []
        for word in label.split(separator: " ") {
            switch word {
            case "home", "work", "other": types.append(String(word))
            case "mobile" where kind == .phone: types.append("cell")
            case "fax" where kind == .phone, "pager" where kind == .phone, "main" where kind == .phone:
                types.append(String(word))
            default: return nil
            }
        }
        return types
    }
}
