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
    public let occurrence: Occurrence?
    /// The occurrence the Events list shows for a repeating item (its next one, or its last
    /// when none is coming), read with the item: the series' state follows it.
    private var listed: Occurrence?
    /// The first page line on screen.
    public private(set) var scroll = 0
    /// The size of the page's area, for scrolling.
    public var area = Size(width: 80, height: 20)

    public init(item: Item, store: ItemStore, clock: Clock, dates: DateText, occurrence: Occurrence? = nil) {
        self.item = item
        self.store = store
        self.clock = clock
        self.dates = dates
        self.occurrence = occurrence
        listed = try? readListed()
        attachments = Self.inspect(item)
    }

    /// True when the item is in History, where nothing can be edited, or the page shows one
    /// occurrence deleted from its series (History's row of it): `x` brings it back.
    public var readOnly: Bool { item.status != .active || deletedOccurrence != nil }

    /// The occurrence the page was opened from, when the active series no longer has it.
    public var deletedOccurrence: Date? {
        guard item.isRecurring, item.status == .active, let recurrenceID = occurrence?.recurrenceID,
            item.excludes(recurrenceID: recurrenceID)
        else { return nil }
        return recurrenceID
    }

    // MARK: - Attachments

    /// The item's attachments as they stood when the page was read (each file looked at once
    /// then, not at every key; `o` looks again before it opens one).
    public private(set) var attachments: [AttachmentFile] = []

    private static func inspect(_ item: Item) -> [AttachmentFile] {
        item.attachments.map { AttachmentFile.inspect($0) }
    }

    /// The attachment `o` opens: the first until `>` or `<` chooses another.
    public private(set) var selectedAttachment = 0

    /// Chooses the next attachment (`step` -1: the previous), round the list.
    public func selectAttachment(by step: Int) {
        let count = item.attachments.count
        guard count > 0 else { return }
        selectedAttachment = ((selectedAttachment + step) % count + count) % count
    }

    /// The attachment `o` opens, if the item has any.
    public var chosenAttachment: AttachmentFile? {
        let all = item.attachments
        guard !all.isEmpty else { return nil }
        return AttachmentFile.inspect(all[min(selectedAttachment, all.count - 1)])
    }

    /// Reads the item again; false when it no longer exists.
    @discardableResult
    public func reload() throws -> Bool {
        guard let fresh = try store.item(id: item.id) else { return false }
        item = fresh
        listed = try readListed()
        attachments = Self.inspect(fresh)
        return true
    }

    private func readListed() throws -> Occurrence? {
        guard item.isRecurring else { return nil }
        return try store.listedOccurrences(of: [item.id], at: clock.now())[item.id]
    }

    /// Scrolls the page by `lines` (negative: up), no further than its ends.
    public func scroll(by lines: Int) {
        scroll = max(0, min(scroll + lines, ItemDetailsView.maximumScroll(viewState(), area: area)))
    }

    /// The change of the instance the page was opened from, when that instance was changed on
    /// its own (its own title, times, place or notes).
    public var override: RecurrenceOverride? {
        guard let recurrenceID = occurrence?.recurrenceID else { return nil }
        return item.overrides.first { !$0.isCancelled && abs($0.recurrenceID.timeIntervalSince(recurrenceID)) < 0.5 }
    }

    /// True when an instance's change makes it differ from the rest of the series (not only
    /// its completion): its own title, place, notes, start or length.
    private func differsFromSeries(_ change: RecurrenceOverride) -> Bool {
        // An instance without its own end lasts as long as the others.
        let length = change.end.map { $0.timeIntervalSince(change.start) } ?? seriesLength
        return change.title != nil || change.place != nil || change.notes != nil
            || abs(change.start.timeIntervalSince(change.recurrenceID)) >= 0.5
            || abs(length - seriesLength) >= 0.5
    }

    /// How long each instance of the series lasts.
    private var seriesLength: TimeInterval {
        guard let start = item.start, let end = item.end else { return 0 }
        return end.timeIntervalSince(start)
    }

    /// The title the page shows: a changed instance's own, else the item's.
    public var title: String { override?.title ?? item.title }

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
        // Opened from one occurrence of a series: that one first (with its own changes), then
        // the series.
        let opened = occurrence.flatMap { $0.isRecurring && item.isRecurring ? $0 : nil }
        let change = override
        lines.append(("Kind", item.kind.rawValue.capitalized))
        switch item.status {
        case .active:
            let status = item.isOverdue(at: now, listed: listed) ? "Active, overdue"
                : item.isPast(at: now, listed: listed) ? "Past" : "Active"
            lines.append(("Status", status))
        case .completed: lines.append(("Status", "Completed" + changed))
        case .deleted: lines.append(("Status", "Not completed (deleted)" + changed))
        }
        if let opened {
            let start = change?.start ?? opened.start
            let end = change.map { $0.end ?? $0.start.addingTimeInterval(seriesLength) } ?? opened.end
            let deleted = opened.recurrenceID.map(item.excludes(recurrenceID:))
            let marks = [change.map(differsFromSeries) == true ? "changed" : nil, change?.isCompleted == true ? "completed" : nil,
                         deleted == true ? "deleted" : nil]
                .compactMap { $0 }
            lines.append(("This one", span(start, start == end ? nil : end)
                + (marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")")))
            if let title = change?.title, title != item.title { lines.append(("Series", item.title)) }
        } else if let listed {
            let over = listed.end < now
            lines.append((over ? "Last" : "Next", span(listed.start, listed.start == listed.end ? nil : listed.end)))
        }
        for (i, time) in item.times.enumerated() {
            let label =
                opened != nil || listed != nil
                ? "Series from" : item.times.count == 1 ? (item.kind == .reminder ? "At" : "When") : "Time \(i + 1)"
            lines.append((label, span(time.start, time.end)))
        }
        if let due = item.due { lines.append(("Due", dates.full(due))) }
        let place = change?.place ?? item.place
        if !place.isEmpty { lines.append(("Place", place)) }
        if item.priority != 0 { lines.append(("Priority", "\(item.priority)")) }
        for (index, alarm) in item.alarms.enumerated() {
            let label = item.alarms.count == 1 ? "Alarm" : "Alarm \(index + 1)"
            lines.append((label, AlarmText.describe(alarm, calendar: dates.calendar)))
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
        if !item.categories.isEmpty { lines.append(("Category", item.categories.joined(separator: ", "))) }
        for (i, file) in attachments.enumerated() {
            // The one `o` opens is marked when there are several (no-break spaces keep the
            // others in line: wrapping drops leading spaces).
            let mark = attachments.count > 1 ? (i == selectedAttachment ? "▸ " : "\u{00A0}\u{00A0}") : ""
            lines.append((i == 0 ? "Attachments" : "", "\(mark)\(file.text) · \(file.summary)"))
        }
        let notes = change?.notes ?? item.notes
        if !notes.isEmpty {
            for (i, line) in InertText.lines(notes).enumerated() { lines.append((i == 0 ? "Notes" : "", line)) }
        }
        lines.append(("Created", dates.full(item.created)))
        lines.append(("Updated", dates.full(item.updated)))
        let tone = ItemRowState(item: item, listed: listed, now: now, dates: dates).tone
        return ItemDetailsViewState(title: title, tone: tone, lines: lines, readOnly: readOnly)
    }

    private var changed: String {
        item.statusChangedAt.map { " " + dates.full($0) } ?? ""
    }
}
