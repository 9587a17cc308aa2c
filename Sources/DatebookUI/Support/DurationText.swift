/// Reads a span of minutes as a person types it: `15`, `90m`, `1h`, `1h30m`, `2d`.
enum DurationText {
    static func minutes(_ text: String) -> Int? {
        let t = text.lowercased().filter { !$0.isWhitespace }
        if let plain = Int(t) { return plain >= 0 ? plain : nil }
        var total = 0
        var number = ""
        var sawUnit = false
        for c in t {
            if c.isASCII && c.isNumber {
                number.append(c)
                continue
            }
            guard let n = Int(number) else { return nil }
            switch c {
            case "m": total += n
            case "h": total += n * 60
            case "d": total += n * 1440
            case "w": total += n * 10080
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return sawUnit && number.isEmpty ? total : nil
    }
}
