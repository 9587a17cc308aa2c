import DatebookKit
import Foundation

/// Draws the agenda: days with their occurrences, one per line, scrolled to the selection.
public enum AgendaView {
    /// Draws the agenda with entry `selected` (counted over all days) highlighted; returns the
    /// screen row of each entry drawn (for mouse clicks).
    @discardableResult
    public static func render(_ days: [AgendaDay], selected: Int?, dates: DateText, today: Date,
                              into grid: inout Grid, area: Rect) -> [(entry: Int, y: Int)] {
        guard area.height > 0 else { return [] }
        var lines: [(text: String, time: String, place: String, entry: Int?, style: Style)] = []
        var entry = 0
        for day in days {
            let isToday = day.date == today
            lines.append((day.title + (isToday ? " · today" : ""), "", "", nil, isToday ? Theme.today : Theme.heading))
            for o in day.occurrences {
                let time: String
                if o.allDay || (o.start <= day.date && o.end >= dates.calendar.date(byAdding: .day, value: 1, to: day.date)!) {
                    time = "all day"
                } else if o.isDue {
                    time = "due " + dates.time(o.start)
                } else if o.start == o.end {
                    time = dates.time(o.start)
                } else {
                    time = dates.span(start: o.start, end: o.end, allDay: false)
                }
                let style = o.status == .completed ? Theme.completed : Style.plain
                lines.append((TimeGridView.label(o), time, o.place, entry, style))
                entry += 1
            }
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
            guard let entry = line.entry else {
                grid.put(" " + line.text, x: area.x, y: y, style: line.style, maxWidth: area.width)
                continue
            }
            let selected = entry == selected
            let style = selected ? line.style.reversed : line.style
            if selected { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: Theme.selection) }
            let timeWidth = 15
            grid.put(line.time, x: area.x + 3, y: y, style: style, maxWidth: timeWidth - 1)
            let titleX = area.x + 3 + timeWidth
            let room = area.maxX - titleX - 1
            let placeWidth = line.place.isEmpty || room < 30 ? 0 : min(DisplayWidth.of(line.place) + 2, room / 3)
            grid.put(line.text, x: titleX, y: y, style: style.bolded, maxWidth: room - placeWidth - 1)
            if placeWidth > 0 {
                grid.put("@ " + line.place, x: area.maxX - 1 - placeWidth, y: y, style: selected ? style : Theme.muted,
                         maxWidth: placeWidth)
            }
            hits.append((entry, y))
        }
        return hits
    }
}
