import DatebookKit
import DatebookTerminal
import Foundation

/// Draws day columns on a grid of hours: the day view (one column) and the week view (seven).
///
/// An all-day row sits above the hours; each event is a block over the hours it spans, in its
/// lane when it overlaps others, with a bar on its left edge so it shows without colour too.
public enum TimeGridView {
    static let labelWidth = 6
    /// The narrowest lane drawn: its bar, a character of the title and a gap.
    static let minimumLaneWidth = 3

    /// What the grid needs to draw, beyond the columns: the calendar for hours, the selection.
    public struct Context {
        public var calendar: Calendar
        public var dates: DateText
        public var selectedID: String?
        public var firstHour: Int
    }

    /// Where `date` falls on the day that begins at `dayStart`, as its clock shows it: the rows
    /// are the clock's hours, so on the day the clock goes from 02:00 to 03:00 a time of 03:30,
    /// 2.5 hours after midnight, is drawn in the 03:00 row (and on the day it goes back, both
    /// 02:30s in the 02:00 row).
    static func wallClock(_ date: Date, since dayStart: Date, in zone: TimeZone) -> TimeInterval {
        date.timeIntervalSince(dayStart)
            + TimeInterval(zone.secondsFromGMT(for: date) - zone.secondsFromGMT(for: dayStart))
    }

    /// Draws the columns in `area`; returns where each occurrence was drawn (for mouse clicks).
    @discardableResult
    public static func render(_ columns: [DayColumnState], context: Context, into grid: inout Grid,
                              area: Rect) -> [(id: String, rect: Rect)] {
        guard area.width > labelWidth + 2, area.height > 3, !columns.isEmpty else { return [] }
        var hits: [(String, Rect)] = []
        let columnWidth = (area.width - labelWidth) / columns.count
        let hoursTop = area.y + 2
        let hourRows = area.height - 2
        let perHour = rowsPerHour(height: area.height)
        let slot = 3600.0 / Double(perHour)
        let firstHour = max(0, min(context.firstHour, 24 - hourRows / perHour))
        let firstRow = firstHour * perHour
        let zone = context.dates.calendar.timeZone
        func clock(_ date: Date, _ dayStart: Date) -> TimeInterval { wallClock(date, since: dayStart, in: zone) }

        for (i, column) in columns.enumerated() {
            let x = area.x + labelWidth + i * columnWidth
            let width = columnWidth - 1
            // Header: the day's name, today marked, the selected day reversed.
            var style = column.isToday ? Theme.today : Theme.heading
            if column.isSelected && columns.count > 1 { style = style.reversed }
            grid.put(column.title, x: x, y: area.y, style: style, maxWidth: width)
            // The all-day row: my own first, then contacts' (birthdays), which are never selected.
            let wholeDays = column.allDay.count + column.contactAllDay.count
            if wholeDays > 0 {
                let more = wholeDays > 1 ? " +\(wholeDays - 1)" : ""
                let selected = column.allDay.contains { $0.id == context.selectedID }
                let rect = Rect(x: x, y: area.y + 1, width: width, height: 1)
                let body: Style
                let text: String
                if let first = column.allDay.first {
                    body = selected ? Theme.selectedEvent : blockStyle(first)
                    text = label(first)
                } else {
                    body = Theme.contact(column.contactAllDay[0].contactID)
                    text = column.contactAllDay[0].label
                }
                grid.fill(rect, style: body)
                let moreWidth = DisplayWidth.of(more)
                let labelWidth = grid.put(text, x: x, y: area.y + 1, style: body,
                                          maxWidth: max(1, width - moreWidth), ellipsis: true)
                grid.put(more, x: x + labelWidth, y: area.y + 1, style: body, maxWidth: width - labelWidth)
                for o in column.allDay { hits.append((o.id, rect)) }
            }
            // Timed events. A group with more lanes than fit keeps its last lane for what does
            // not fit: "+N" on the row where those begin (the selected one is drawn there).
            let fitting = max(1, width / minimumLaneWidth)
            var hidden: [Int: Int] = [:]
            var shownInOverflow: [Int: Bool] = [:]
            // Contacts' busy times first, in their lanes and colours, labelled with the name;
            // they take no click (nothing of theirs opens as an item).
            for placed in column.contactTimed {
                let entry = placed.entry
                let startRow = Int(clock(max(entry.start, column.date), column.date) / slot) - firstRow
                let endMoment = max(entry.end, entry.start.addingTimeInterval(900))
                let endRow = Int(ceil(min(clock(endMoment, column.date), 86_400) / slot)) - firstRow
                let top = max(0, startRow)
                let bottom = min(hourRows, max(endRow, startRow + 1))
                let lanes = min(placed.lanes, fitting)
                let lane = min(placed.lane, lanes - 1)
                if placed.lanes > fitting && placed.lane >= fitting - 1 {
                    hidden[top, default: 0] += 1
                    continue
                }
                let laneWidth = max(1, width / lanes)
                let laneX = x + lane * laneWidth
                let w = lane == lanes - 1 ? width - lane * laneWidth : laneWidth - 1
                guard bottom > top, w > 0 else {
                    let y = startRow < 0 ? hoursTop : hoursTop + hourRows - 1
                    grid.put(startRow < 0 ? "^" : "v", x: x + width - 1, y: y, style: Theme.muted)
                    continue
                }
                let body = Theme.contact(entry.contactID)
                let rect = Rect(x: laneX, y: hoursTop + top, width: w, height: bottom - top)
                grid.fill(rect, style: body)
                for y in rect.y..<rect.maxY { grid.put("▏", x: laneX, y: y, style: body.bolded) }
                let text = w >= 16 && !entry.allDay ? context.dates.time(entry.start) + " " + entry.label : entry.label
                grid.put(text, x: laneX + 1, y: rect.y, style: body, maxWidth: w - 1, ellipsis: true)
            }
            for placed in column.timed {
                let o = placed.occurrence
                let dayStart = column.date
                let startRow = Int(clock(max(o.start, dayStart), dayStart) / slot) - firstRow
                let endMoment = max(o.end, o.start.addingTimeInterval(900))
                let endRow = Int(ceil(min(clock(endMoment, dayStart), 86_400) / slot)) - firstRow
                let top = max(0, startRow)
                let bottom = min(hourRows, max(endRow, startRow + 1))
                let lanes = min(placed.lanes, fitting)
                let lane = min(placed.lane, lanes - 1)
                if placed.lanes > fitting && placed.lane >= fitting - 1 && o.id != context.selectedID {
                    hidden[top, default: 0] += 1
                    continue
                }
                if placed.lanes > fitting && placed.lane >= fitting - 1 { shownInOverflow[top] = true }
                let laneWidth = max(1, width / lanes)
                let laneX = x + lane * laneWidth
                let w = lane == lanes - 1 ? width - lane * laneWidth : laneWidth - 1
                guard bottom > top, w > 0 else {
                    // Outside the hours shown: a marker at the edge says there is more.
                    let y = startRow < 0 ? hoursTop : hoursTop + hourRows - 1
                    grid.put(startRow < 0 ? "^" : "v", x: x + width - 1, y: y, style: Theme.muted)
                    continue
                }
                let selected = o.id == context.selectedID
                let body = selected ? Theme.selectedEvent : blockStyle(o)
                let rect = Rect(x: laneX, y: hoursTop + top, width: w, height: bottom - top)
                grid.fill(rect, style: body)
                for y in rect.y..<rect.maxY { grid.put("▏", x: laneX, y: y, style: selected ? body : Theme.eventEdge) }
                // Narrow blocks (a week's columns) give the title the room, not the time.
                let time = o.isDue ? "due " + context.dates.time(o.start) : context.dates.time(o.start)
                let text = w >= 16 ? time + " " + label(o) : label(o)
                grid.put(text, x: laneX + 1, y: rect.y, style: body.bolded, maxWidth: w - 1, ellipsis: true)
                if rect.height > 1, !o.place.isEmpty {
                    grid.put("@ " + o.place, x: laneX + 1, y: rect.y + 1, style: body, maxWidth: w - 1, ellipsis: true)
                }
                hits.append((o.id, rect))
            }
            if !hidden.isEmpty {
                let laneWidth = max(1, width / fitting)
                let laneX = x + (fitting - 1) * laneWidth
                for (row, count) in hidden where row < hourRows && shownInOverflow[row] != true {
                    grid.put("+\(count)", x: laneX, y: hoursTop + row, style: Theme.muted,
                             maxWidth: width - (fitting - 1) * laneWidth)
                }
            }
        }
        // Hour labels, and `:30` between them when an hour has two rows.
        for row in 0..<hourRows {
            let slotIndex = firstRow + row
            guard slotIndex < 24 * perHour else { break }
            let label = slotIndex % perHour == 0 ? String(format: "%02d:00", slotIndex / perHour) : "  :30"
            grid.put(label, x: area.x, y: hoursTop + row, style: Theme.hourLabel)
        }
        return hits
    }

    /// Screen rows per hour: two (half hours) when the working day, 07:00 to 23:00, fits that way.
    public static func rowsPerHour(height: Int) -> Int {
        height - 2 >= 32 ? 2 : 1
    }

    /// How an occurrence's block is drawn: dimmed once completed, as in the list.
    static func blockStyle(_ o: Occurrence) -> Style {
        o.status == .completed ? Theme.completedEvent : Theme.event
    }

    /// The text of an occurrence: its title, with marks for tasks, completed events,
    /// reminders and series.
    static func label(_ o: Occurrence) -> String {
        var text = o.title
        if o.kind == .task { text = (o.status == .completed ? "[x] " : "[ ] ") + text }
        if o.kind != .task && o.status == .completed { text = "✓ " + text }
        if o.kind == .reminder { text = "(!) " + text }
        if o.isRecurring { text += " ⟳" }
        return text
    }
}
