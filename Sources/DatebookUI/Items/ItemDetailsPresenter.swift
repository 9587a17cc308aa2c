import DatebookKit
import DatebookTerminal
import Foundation

/// What the details page shows: a title and labelled lines.
public struct ItemDetailsViewState: Equatable, Sendable {
    public var title: String
    public var tone: ItemRowState.Tone
    public var lines: [(label: String, value: String)]
    public var readOnly: Bool

    public static func == (a: ItemDetailsViewState, b: ItemDetailsViewState) -> Bool {
        a.title == b.title && a.tone == b.tone && a.readOnly == b.readOnly
            && a.lines.map(\.label) == b.lines.map(\.label) && a.lines.map(\.value) == b.lines.map(\.value)
    }
}

/// The logic of one item's details page.
public final class ItemDetailsPresenter {
    public private(set) var item: Item
    private let store: ItemStore
    private let clock: Clock
    private let dates: DateText
    /// The occurrence of a series the page was opened from (in the calendar), if any.
    let occurrence: Occurrence?
    public var scroll = 0

    public init(item: Item, store: ItemStore, clock: Clock, dates: DateText, occurrence: Occurrence? = nil) {
        self.item = item
        self.store = store
        self.clock = clock
        self.dates = dates
        self.occurrence = occurrence
    }

    /// True when the item is in History, where nothing can be edited.
    public var readOnly: Bool { item.status != .active }

    /// Reads the item again; false when it no longer exists.
    @discardableResult
    public func reload() throws -> Bool {
        guard let fresh = try store.item(id: item.id) else { return false }
        item = fresh
        return true
    }

    /// A time or a span as the page writes it: `Mon 23 Nov 2026 09:00-10:00`, all-day ones as
    /// days.
    private func span(_ start: Date, _ end: Date?) -> String {
        var text = dates.full(start, withTime: !item.allDay)
        if let end {
            if item.allDay {
                let last = dates.calendar.date(byAdding: .day, value: -1, to: end) ?? end
                if !dates.calendar.isDate(last, inSameDayAs: start) { text += " - " + dates.full(last, withTime: false) }
                text += " (all day)"
            } else if dates.calendar.isDate(start, inSameDayAs: end) {
                text += "-" + dates.time(end)
            } else {
                text += " - " + dates.full(end)
            }
        }
        return text
    }

    public func viewState() -> ItemDetailsViewState {
        let now = clock.now()
        var lines: [(String, String)] = []
        lines.append(("Kind", item.kind.rawValue.capitalized))
        switch item.status {
        case .active: lines.append(("Status", item.isOverdue(at: now) ? "Active, overdue" : "Active"))
        case .completed: lines.append(("Status", "Completed" + changed))
        case .deleted: lines.append(("Status", "Not completed (deleted)" + changed))
        }
        // Opened from one occurrence of a series: that one first, then where the series starts.
        let opened = occurrence.flatMap { $0.isRecurring && item.repeatRule != nil ? $0 : nil }
        if let opened {
            lines.append(("This one", span(opened.start, opened.start == opened.end ? nil : opened.end)))
        }
        for (i, time) in item.times.enumerated() {
            let label =
                opened != nil
                ? "Series from" : item.times.count == 1 ? (item.kind == .reminder ? "At" : "When") : "Time \(i + 1)"
            lines.append((label, span(time.start, time.end)))
        }
        if let due = item.due { lines.append(("Due", dates.full(due))) }
        if !item.place.isEmpty { lines.append(("Place", item.place)) }
        if item.priority != 0 { lines.append(("Priority", "\(item.priority)")) }
        if let alarm = item.alarm {
            lines.append(("Alarm", "\(alarm.minutesBefore) min before" + (alarm.sound.map { ", sound \($0)" } ?? "")))
        }
        if let rule = item.repeatRule {
            lines.append(("Repeat", RepeatPhrase.phrase(for: rule, calendar: dates.calendar) ?? rule))
            let skipped = item.exceptionDates.count + item.overrides.filter(\.isCancelled).count
            let changed = item.overrides.filter { !$0.isCancelled }.count
            if skipped + changed > 0 {
                lines.append(("", [skipped > 0 ? "\(skipped) skipped" : nil, changed > 0 ? "\(changed) changed" : nil]
                    .compactMap { $0 }.joined(separator: ", ")))
            }
        }
        if let zone = item.timeZone.identifier, zone != dates.calendar.timeZone.identifier,
           TimeZone(identifier: zone)?.secondsFromGMT(for: item.start ?? now)
               != dates.calendar.timeZone.secondsFromGMT(for: item.start ?? now) {
            lines.append(("Time zone", zone + " (times shown in your zone)"))
        }
        if !item.category.isEmpty { lines.append(("Category", item.category)) }
        for (i, path) in item.attachments.enumerated() { lines.append((i == 0 ? "Attachments" : "", path)) }
        let notes = InertText.lines(item.notes)
        if !item.notes.isEmpty {
            for (i, line) in notes.enumerated() { lines.append((i == 0 ? "Notes" : "", line)) }
        }
        lines.append(("Created", dates.full(item.created)))
        lines.append(("Updated", dates.full(item.updated)))
        let tone = ItemRowState(item: item, now: now, dates: dates).tone
        return ItemDetailsViewState(title: item.title, tone: tone, lines: lines, readOnly: readOnly)
    }

    private var changed: String {
        item.statusChangedAt.map { " " + dates.full($0) } ?? ""
    }
}
