import DatebookKit
import DatebookTerminal
import Foundation

/// Draws the agenda: days with their occurrences, one per line, scrolled to the selection.
public enum AgendaView {
    /// Draws the agenda with entry `selected` (counted over all days) highlighted; returns the
    /// screen row of each entry drawn (for mouse clicks).
    @discardableResult
    public static func render(_ days: [AgendaDay], selected: Int?, dates: DateText, today: Date,
                              into grid: inout Grid, area: Rect) -> [(entry: Int, y: Int)] {
        guard area.height > 0 else { return [] }
        // Lines are listed cheaply first; only the ones on screen are formatted. Contacts'
        // entries take lines of their own among mine (whole days after my whole days, then by
        // start) and
        // are not counted as entries: they cannot be selected.
        var lines: [(day: AgendaDay, occurrence: Occurrence?, entry: Int?, contact: ContactCalendarEntry?)] = []
        var entry = 0
        for day in days {
            lines.append((day, nil, nil, nil))
            var contacts = day.contacts[...]
            let next = dates.calendar.date(byAdding: .day, value: 1, to: day.date)!
            func isWhole(_ start: Date, _ end: Date, _ allDay: Bool) -> Bool { allDay || (start <= day.date && end >= next) }
            for o in day.occurrences {
                if !isWhole(o.start, o.end, o.allDay) {
                    while let c = contacts.first, isWhole(c.start, c.end, c.allDay) || c.start < o.start {
                        lines.append((day, nil, nil, c))
                        contacts.removeFirst()
                    }
                }
                lines.append((day, o, entry, nil))
                entry += 1
            }
            for c in contacts { lines.append((day, nil, nil, c)) }
        }
        if lines.isEmpty {
            grid.put(" Nothing in this period. Press n to add an event.", x: area.x, y: area.y + 1, style: Theme.muted,
                     maxWidth: area.width)
            return []
        }
        // Scroll so the selected line shows, with its day's heading when there is room.
        let selectedLine = lines.firstIndex { $0.entry != nil && $0.entry == selected } ?? 0
        var first = 0
        if selectedLine >= area.height { first = selectedLine - area.height + 1 }
        var hits: [(Int, Int)] = []
        for (n, line) in lines.dropFirst(first).enumerated() where n < area.height {
            let y = area.y + n
            if let contact = line.contact {
                let timeWidth = 15
                let time = contact.allDay || (contact.start <= line.day.date
                    && contact.end >= dates.calendar.date(byAdding: .day, value: 1, to: line.day.date)!)
                    ? "all day" : dates.span(start: contact.start, end: contact.end, allDay: false)
                grid.put(time, x: area.x + 3, y: y, style: Theme.muted, maxWidth: timeWidth - 1)
                let titleX = area.x + 3 + timeWidth
                let style = Theme.contact(contact.contactID)
                grid.put(contact.label, x: titleX, y: y, style: style, maxWidth: area.maxX - titleX - 1, ellipsis: true)
                continue
            }
            guard let o = line.occurrence, let entry = line.entry else {
                let isToday = line.day.date == today
                grid.put(" " + line.day.title + (isToday ? " · today" : ""), x: area.x, y: y,
                         style: isToday ? Theme.today : Theme.heading, maxWidth: area.width)
                continue
            }
            let text = TimeGridView.label(o)
            let time = timeText(o, day: line.day.date, dates: dates)
            let lineStyle = o.status == .completed ? Theme.completed : Style.plain
            let selected = entry == selected
            let style = selected ? lineStyle.reversed : lineStyle
            if selected { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: Theme.selection) }
            let timeWidth = 15
            grid.put(time, x: area.x + 3, y: y, style: style, maxWidth: timeWidth - 1)
            let titleX = area.x + 3 + timeWidth
            let room = area.maxX - titleX - 1
            let placeWidth = o.place.isEmpty || room < 30 ? 0 : min(DisplayWidth.of(o.place) + 2, room / 3)
            grid.put(text, x: titleX, y: y, style: style.bolded, maxWidth: room - placeWidth - 1, ellipsis: true)
            if placeWidth > 0 {
                grid.put("@ " + o.place, x: area.maxX - 1 - placeWidth, y: y, style: selected ? style : Theme.muted,
                         maxWidth: placeWidth, ellipsis: true)
            }
            hits.append((entry, y))
        }
        return hits
    }

    /// The time column of an occurrence on a day: `all day`, `due 17:00`, `09:00-10:00`.
    static func timeText(_ o: Occurrence, day: Date, dates: DateText) -> String {
        // A due date is one, as the Events list and `datebook agenda` say: `due` for a day alone.
        if o.isDue { return o.allDay ? "due" : "due " + dates.time(o.start) }
        if o.allDay || (o.start <= day && o.end >= dates.calendar.date(byAdding: .day, value: 1, to: day)!) {
            return "all day"
        }
        if o.start == o.end { return dates.time(o.start) }
        return dates.span(start: o.start, end: o.end, allDay: false)
    }
}
