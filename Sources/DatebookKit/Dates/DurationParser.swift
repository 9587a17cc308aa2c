import Foundation

/// Reads a length of time as typed in quick add: `1h`, `90m`, `1h30m`, `1h 30m`, `2d`, `1w`.
///
/// Units: `w` (weeks), `d` (days), `h` (hours), `m` or `min` (minutes); each part is a whole
/// number and a unit may appear once, largest first.
public enum DurationParser {
    /// The longest duration accepted: about a hundred years.
    static let maximumDays = 36_600

    /// The duration in `text`.
    public static func parse(_ text: String) throws(DateParseError) -> ParsedDuration {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .unreadableDuration(trimmed) }
        let lower = trimmed.lowercased().filter { !$0.isWhitespace }
        guard lower.count <= 40 else { throw .unreadableDuration(trimmed) }

        // Units in the order they may appear, with their size in minutes.
        let units: [(names: [String], minutes: Int)] = [
            (["w"], 7 * 24 * 60), (["d"], 24 * 60), (["h"], 60), (["min", "m"], 1),
        ]
        var rest = Substring(lower)
        var nextUnit = 0
        var totalMinutes = 0
        var days = 0
        var minutes = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, digits.count <= 6, let count = Int(digits) else {
                throw .unreadableDuration(trimmed)
            }
            rest = rest.dropFirst(digits.count)
            guard
                let found = units.indices.dropFirst(nextUnit).first(where: { index in
                    units[index].names.contains { rest.hasPrefix($0) }
                }),
                let name = units[found].names.first(where: { rest.hasPrefix($0) })
            else { throw .unreadableDuration(trimmed) }
            rest = rest.dropFirst(name.count)
            nextUnit = found + 1
            totalMinutes += count * units[found].minutes
            guard totalMinutes <= maximumDays * 24 * 60 else { throw .tooFar(trimmed) }
            if units[found].minutes >= 24 * 60 {
                days += count * units[found].minutes / (24 * 60)
            } else {
                minutes += count * units[found].minutes
            }
        }
        return ParsedDuration(days: days, minutes: minutes)
    }
}
