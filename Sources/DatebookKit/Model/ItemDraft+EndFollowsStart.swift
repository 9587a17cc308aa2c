import Foundation

extension ItemDraft {
    /// The End text that keeps the item's length when its Start changes from `previousStart`
    /// to the draft's own: the end moves as far as the start did, as in every calendar program.
    ///
    /// Both starts and the end are read as `item(editing:now:calendar:newID:)` reads them
    /// (the end relative to the previous start). A timed end moves by the same time as the
    /// start, so the length is kept to the second; an all-day end, the last day, moves by the
    /// same number of days as the first day. The text is a form's date field
    /// (`2026-11-24 10:30`, or `2026-11-24` all day).
    ///
    /// Nil when there is nothing to move: no end, or a start or the end that cannot be read.
    /// Whether the end should follow at all (not when the person typed it) is the caller's call.
    /// `startDay` is the day a time typed alone in Start is on, as `item(editing:now:calendar:startDay:newID:)`
    /// reads it.
    public func endText(
        followingStartFrom previousStart: String, now: Date, calendar: Calendar, startDay: Date? = nil
    ) -> String? {
        let parser = DateParser(now: now, calendar: calendar, timeAloneDay: startDay)
        let endText = self[.end].trimmingCharacters(in: .whitespaces)
        guard !endText.isEmpty,
            let old = try? parser.parse(previousStart.trimmingCharacters(in: .whitespaces)),
            let new = try? parser.parse(self[.start].trimmingCharacters(in: .whitespaces)),
            let end = try? DateParser(now: old.date, calendar: calendar).parse(endText)
        else { return nil }
        let text = DateText(calendar: calendar)
        if allDay {
            let days = calendar.dateComponents(
                [.day], from: calendar.startOfDay(for: old.date), to: calendar.startOfDay(for: new.date)
            ).day ?? 0
            let lastDay = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: end.date))
            return lastDay.map { text.field($0, withTime: false) }
        }
        // As `item(...)` reads it: a start without a time of day is that day's midnight.
        func first(_ start: ParsedDate) -> Date { start.hasTime ? start.date : calendar.startOfDay(for: start.date) }
        return text.field(first(new).addingTimeInterval(end.date.timeIntervalSince(first(old))))
    }
}
