import Foundation

extension Birthday {
    /// A birthday as a person types it in a form or on the command line: any date the date
    /// fields take (`1990-04-23`, `23/4/1990`, `apr 23 1990`), or a day and month alone
    /// (`23/4`, `apr 23`, `--04-23`, `--0423`), which is a birthday without a year.
    ///
    /// A date names its year when reading it on another day gives the same year; otherwise
    /// (`23/4` means this year's 23 April) the year is not part of what was typed.
    /// Throws a message for the field when the text is not a date, or is a day still to come.
    public static func parse(_ text: String, now: Date, calendar: Calendar) throws(BirthdayError) -> Birthday {
        let trimmed = text.trimmedSpaces
        if trimmed.hasPrefix("--") {
            let digits = trimmed.dropFirst(2).filter { $0 != "-" }
            guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let birthday = Birthday(year: nil, month: Int(digits.prefix(2))!, day: Int(digits.suffix(2))!)
            else { throw BirthdayError(message: "“\(text)” is not a month and day (--MM-DD)") }
            return birthday
        }
        let parsed: ParsedDate
        var now = now
        do {
            parsed = try DateParser(now: now, calendar: calendar).parse(trimmed)
        } catch {
            // 29 February typed without a year, in a year without it: read in the next leap
            // year, it is a birthday without a year (the check below finds no year named).
            guard let leap = Self.nextLeapYear(after: now, calendar: calendar),
                  let again = try? DateParser(now: leap, calendar: calendar).parse(trimmed)
            else { throw BirthdayError(message: error.description) }
            parsed = again
            now = leap
        }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.year, .month, .day], from: parsed.date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else {
            throw BirthdayError(message: "“\(text)” is not a date")
        }
        let later = gregorian.date(byAdding: .year, value: 8, to: now) ?? now
        let yearNamed = (try? DateParser(now: later, calendar: calendar).parse(trimmed))
            .map { gregorian.component(.year, from: $0.date) == year } ?? false
        if yearNamed {
            guard parsed.date <= now else { throw BirthdayError(message: "A birthday cannot be in the future") }
            guard let birthday = Birthday(year: year, month: month, day: day) else {
                throw BirthdayError(message: "“\(text)” is not a date")
            }
            return birthday
        }
        guard let birthday = Birthday(year: nil, month: month, day: day) else {
            throw BirthdayError(message: "“\(text)” is not a date")
        }
        return birthday
    }
}

extension Birthday {
    /// 1 January of the first leap year after `date`'s year, at `date`'s time of day.
    static func nextLeapYear(after date: Date, calendar: Calendar) -> Date? {
        var year = calendar.component(.year, from: date) + 1
        while !((year % 4 == 0 && year % 100 != 0) || year % 400 == 0) { year += 1 }
        return calendar.date(from: DateComponents(year: year, month: 1, day: 1, hour: 12))
    }
}

/// Why typed text is not a birthday: a message to show under the field.
public struct BirthdayError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
