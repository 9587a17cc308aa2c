import Foundation

/// A date or time as the JSON formats write it, read without a formatter (a large Taskwarrior
/// export holds hundreds of thousands): Taskwarrior's `20261123T100000Z`, ISO 8601's
/// `2026-11-23T10:00:00Z`, `2026-11-23T10:00:00+01:00`, `2026-11-23T10:00` or `2026-11-23`.
struct ImportDate: Equatable {
    /// The wall-clock seconds, counted as if the zone were UTC (see `WallClock`).
    var wallSeconds: Double
    /// The offset from UTC written with it (`Z` is 0), nil for a floating time or a date.
    var offset: Int?
    /// True when only a day was written.
    var isDay: Bool

    /// The instant: with its offset, or (floating) as the clocks of `wallClock`'s zone show it.
    func date(floatingIn wallClock: WallClock) -> Date {
        if let offset { return Date(timeIntervalSince1970: wallSeconds - Double(offset)) }
        return wallClock.instant(ofWallSeconds: wallSeconds)
    }

    /// Reads `text`, or says why it cannot.
    static func parse(_ text: String) throws(RecordProblem) -> ImportDate {
        var copy = text
        guard let date = copy.withUTF8({ parse(bytes: $0) }) else {
            throw RecordProblem("\"\(text)\" is not a date (expected e.g. 2026-11-23T10:00:00Z or 20261123T100000Z)")
        }
        return date
    }

    /// Reads the bytes of a date, nil when they are not one.
    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ImportDate? {
        var index = 0
        let count = bytes.count
        func digits(_ length: Int) -> Int? {
            guard index + length <= count else { return nil }
            var value = 0
            for _ in 0..<length {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        // The year 0 is no year of the calendar (1 BC comes before 1 AD).
        guard let year = digits(4), year >= 1 else { return nil }
        let extended = skip(UInt8(ascii: "-"))
        guard let month = digits(2), !extended || skip(UInt8(ascii: "-")), let day = digits(2),
            (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        let days = Double(daysFromCivil(year, month, day))
        guard index < count else { return ImportDate(wallSeconds: days * 86_400, offset: nil, isDay: true) }
        guard skip(UInt8(ascii: "T")) || skip(UInt8(ascii: " ")), let hour = digits(2), hour < 24,
            !extended || skip(UInt8(ascii: ":")), let minute = digits(2), minute < 60
        else { return nil }
        var second = 0
        if index < count, bytes[index] != UInt8(ascii: "Z"), bytes[index] != UInt8(ascii: "+"),
            bytes[index] != UInt8(ascii: "-")
        {
            guard !extended || skip(UInt8(ascii: ":")), let value = digits(2), value < 61 else { return nil }
            second = min(value, 59)
        }
        // Fractions of a second are dropped.
        if skip(UInt8(ascii: ".")) {
            while index < count, (48...57).contains(bytes[index]) { index += 1 }
        }
        var offset: Int?
        if skip(UInt8(ascii: "Z")) {
            offset = 0
        } else if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = digits(2), hours < 24 else { return nil }
            _ = skip(UInt8(ascii: ":"))
            let minutes = index < count ? digits(2) : 0
            guard let minutes, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == count else { return nil }
        let wall = days * 86_400 + Double(hour * 3600 + minute * 60 + second)
        return ImportDate(wallSeconds: wall, offset: offset, isDay: false)
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (H. Hinnant's method).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension ImportDate {
    /// `2026-11-23 10:00 UTC`: an instant for a note, written without a calendar (fast).
    static func utcText(_ date: Date) -> String {
        let (year, month, day, ofDay) = utcFields(date)
        return "\(DateText.pad(year, 4))-\(DateText.pad(month))-\(DateText.pad(day)) "
            + "\(DateText.pad(ofDay / 3600)):\(DateText.pad(ofDay / 60 % 60)) UTC"
    }

    /// The UTC day of `date` and its second of that day, without a calendar (fast). A date
    /// beyond the years 1 to 9999 is held at their edge rather than trapping in `Int(_:)`.
    static func utcFields(_ date: Date) -> (year: Int, month: Int, day: Int, secondOfDay: Int) {
        let seconds = Int(date.timeIntervalSince1970.held(in: -62_135_596_800...253_402_300_799, ifNaN: 0).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = civil(fromDays: days)
        return (year, month, day, seconds - days * 86_400)
    }

    /// The day of the proleptic Gregorian calendar `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
