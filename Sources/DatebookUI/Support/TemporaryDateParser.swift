import Foundation
// Replaced by DatebookKit's DateParser at merge.
struct ParsedDate { var date: Date; var hasTime: Bool }
struct DateParser {
    var now: Date
    var calendar: Calendar
    init(now: Date, calendar: Calendar) { self.now = now; self.calendar = calendar }
    struct Failure: Error, CustomStringConvertible { var description: String }
    func parse(_ text: String) throws -> ParsedDate {
        let f = DateFormatter(); f.calendar = calendar; f.timeZone = calendar.timeZone; f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        if let d = f.date(from: text) { return ParsedDate(date: d, hasTime: true) }
        f.dateFormat = "yyyy-MM-dd"
        if let d = f.date(from: text) { return ParsedDate(date: d, hasTime: false) }
        throw Failure(description: "Cannot read \"\(text)\" as a date")
    }
}
