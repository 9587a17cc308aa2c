import Foundation

/// Birthdays and timestamps as vCards write them.
enum VCardDates {
    /// BDAY in the shapes producers write: `1990-04-23`, `19900423`, `--04-23`, `--0423`,
    /// `1990-04-23T00:00:00Z`, and Apple's year-less `1604-04-23` with X-APPLE-OMIT-YEAR=1604.
    /// Nil for anything else (a text birthday such as `circa 1800` is kept verbatim instead).
    static func birthday(_ property: VCardProperty) -> Birthday? {
        // No date is longer (`1985-04-12T00:00:00+01:00`, with spaces): a 70,000-character
        // value is not read character by character, thousands of times, to learn that.
        guard property.value.count <= 64 else { return nil }
        var text = property.text.trimmedSpaces
        if let time = text.firstIndex(of: "T") { text = String(text[..<time]) }
        let omittedYear = property.parameter("X-APPLE-OMIT-YEAR").first.flatMap { Int($0) }
        var year: Int?
        var monthDay: Substring
        if text.hasPrefix("--") {
            monthDay = text.dropFirst(2)
        } else {
            let digits = text.filter { $0 != "-" }
            guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            year = Int(digits.prefix(4))
            monthDay = digits.dropFirst(4)
            if year == omittedYear { year = nil }
        }
        let digits = monthDay.filter { $0 != "-" }
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let month = Int(digits.prefix(2)), let day = Int(digits.suffix(2))
        else { return nil }
        return Birthday(year: year, month: month, day: day)
    }

    /// REV: `20261123T101500Z`, `2026-11-23T10:15:00Z`, with or without the Z (then UTC too).
    static func timestamp(_ text: String) -> Date? {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        guard digits.count >= 8 else { return nil }
        let padded = Array(digits.prefix(14)) + Array(repeating: Character("0"), count: max(0, 14 - digits.count))
        func number(_ start: Int, _ length: Int) -> Int { Int(String(padded[start..<(start + length)])) ?? 0 }
        var components = DateComponents()
        components.year = number(0, 4)
        components.month = number(4, 2)
        components.day = number(6, 2)
        components.hour = number(8, 2)
        components.minute = number(10, 2)
        components.second = number(12, 2)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }

    /// A timestamp as REV writes it: `20261123T101500Z`.
    static func revision(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
