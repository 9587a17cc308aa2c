import Foundation

/// The command `datebook remind --notify-command` runs for each ring, as a template:
/// `notify-send {title} {time}`.
///
/// The template is split into arguments first, as a shell would split words (spaces separate
/// them; single quotes, double quotes and backslashes keep spaces in one), and only then are
/// the placeholders replaced inside each argument: a title holding spaces, quotes or `;` is
/// one argument and never reaches a shell.
public struct NotifyTemplate: Equatable, Sendable {
    /// The words of the template, placeholders still in them.
    public let words: [String]

    /// The placeholders an argument may hold.
    public static let placeholders = ["{title}", "{time}", "{date}", "{place}", "{kind}", "{id}", "{rings}"]

    /// Why a template cannot be used.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(_ template: String) throws(Problem) {
        words = try Self.split(template)
        guard !words.isEmpty, !words[0].isEmpty else {
            throw Problem(description: "the notify command is empty")
        }
    }

    /// Splits `text` into words as a shell would, without expanding anything.
    static func split(_ text: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in text {
            if escaped {
                current.append(c)
                escaped = false
                inWord = true
                continue
            }
            switch (quote, c) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(c)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
            case ("\"", _):
                current.append(c)
            case (nil, "'"), (nil, "\""):
                quote = c
                inWord = true
            case (nil, _) where c.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(c)
                inWord = true
            }
        }
        if quote != nil { throw Problem(description: "the notify command has a quote that is not closed") }
        if escaped { throw Problem(description: "the notify command ends with a backslash") }
        if inWord { words.append(current) }
        return words
    }

    /// The program and its arguments for `ring`, times shown in `calendar`'s zone.
    public func arguments(for ring: DueAlarm, calendar: Calendar) -> [String] {
        let dates = DateText(calendar: calendar)
        let values: [String: String] = [
            "{title}": ring.title, "{time}": dates.time(ring.occurrence),
            "{date}": DateText.isoDate(ring.occurrence, timeZone: calendar.timeZone), "{place}": ring.place,
            "{kind}": ring.kind.rawValue, "{id}": ring.itemID.lowercasedText,
            "{rings}": DateText.iso8601(ring.ringsAt, timeZone: calendar.timeZone),
        ]
        return words.map { word in
            var result = ""
            var rest = Substring(word)
            while let open = rest.firstIndex(of: "{") {
                result += rest[..<open]
                let tail = rest[open...]
                if let name = Self.placeholders.first(where: { tail.hasPrefix($0) }) {
                    result += values[name] ?? ""
                    rest = tail.dropFirst(name.count)
                } else {
                    result.append("{")
                    rest = tail.dropFirst()
                }
            }
            return result + rest
        }
    }
}
