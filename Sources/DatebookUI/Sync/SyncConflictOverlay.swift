import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// One sync conflict's two versions, opened from Activities.
    public static let syncConflict = Mode("sync.conflict", helpTitle: "A sync conflict", input: .dialog)
}

/// A sync conflict as Activities shows it: the fields that differ, mine beside the server's;
/// `m` puts mine back in place, `d` keeps the server's (and forgets mine).
struct SyncConflictOverlay: Equatable {
    /// One field that differs.
    struct Row: Equatable {
        var field: String
        var mine: String
        var theirs: String
    }

    var conflict: SyncConflict
    var rows: [Row]

    /// The comparison of a conflict's versions, as the store decodes them; the fields that
    /// differ between them (those the engine named when a version holds no item).
    init(conflict: SyncConflict, mine: Item?, theirs: Item?, dates: DateText) {
        self.conflict = conflict
        guard let mine, let theirs else {
            rows = conflict.fields.map { Row(field: $0, mine: mine == nil ? "(unreadable)" : "", theirs: "") }
            return
        }
        rows = ItemMerge.changedFields(from: theirs, to: mine).map { field in
            Row(field: field.name, mine: Self.value(field, of: mine, dates: dates),
                theirs: Self.value(field, of: theirs, dates: dates))
        }
    }

    /// A field's value in a few words.
    static func value(_ field: ItemMerge.Field, of item: Item, dates: DateText) -> String {
        let text: String
        switch field {
        case .kind: text = item.kind.rawValue
        case .title: text = item.title
        case .times, .allDay:
            text = item.times.map { dates.span(start: $0.start, end: $0.end, allDay: item.allDay) }
                .joined(separator: ", ")
        case .due: text = item.due.map { dates.full($0, withTime: !item.allDay) } ?? ""
        case .place: text = item.place
        case .notes: text = item.notes.split(separator: "\n").first.map(String.init) ?? ""
        case .priority: text = item.priority == 0 ? "" : String(item.priority)
        case .alarm: text = AlarmText.text(item.alarms, calendar: dates.calendar)
        case .repeatRule: text = item.repeatRule ?? ""
        case .category: text = ([item.category] + item.moreCategories).filter { !$0.isEmpty }.joined(separator: ", ")
        case .attachments: text = item.attachments.joined(separator: ", ")
        case .recurrenceDates: text = item.recurrenceDates.map { dates.day($0) }.joined(separator: ", ")
        case .exceptions:
            text = "\(item.exceptionDates.count) removed, \(item.overrides.count) changed"
        case .participants:
            text = item.attendees.map { $0.name ?? $0.address }.joined(separator: ", ")
        case .extraProperties: text = "\(item.extraProperties.count) properties"
        case .timeZone: text = "\(item.timeZone)"
        case .icalUID: text = item.icalendarUID
        }
        return text.isEmpty ? "(none)" : InertText.line(text)
    }

    /// Draws the comparison in a box over `area`.
    func render(into grid: inout Grid, area: Rect) {
        let box = area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
        guard box.width >= 10, box.height >= 4 else { return }
        Dialog.frame(box, into: &grid)
        grid.put(" Conflict: \(StatusMessage.quoted(conflict.title)) ", x: box.x + 2, y: box.y, style: Theme.heading,
                 maxWidth: box.width - 4, ellipsis: true)
        let inner = box.width - 4
        let label = min(16, max(8, inner / 5))
        let column = max(1, (inner - label - 2) / 2)
        var y = box.y + 1
        func line(_ a: String, _ b: String, _ c: String, style: Style) {
            guard y < box.maxY - 2 else { return }
            grid.put(a, x: box.x + 2, y: y, style: Theme.label, maxWidth: label, ellipsis: true)
            grid.put(b, x: box.x + 2 + label + 1, y: y, style: style, maxWidth: column, ellipsis: true)
            grid.put(c, x: box.x + 2 + label + 2 + column, y: y, style: style, maxWidth: column, ellipsis: true)
            y += 1
        }
        line("", "Mine", "The server's (in place)", style: Theme.heading)
        for row in rows { line(row.field, row.mine, row.theirs, style: .plain) }
        if rows.isEmpty { line("", "The versions are the same now", "", style: Theme.muted) }
        grid.put("m take mine · d keep the server's · Esc back", x: box.x + 2, y: box.maxY - 2, style: Theme.muted,
                 maxWidth: inner, ellipsis: true)
    }
}
