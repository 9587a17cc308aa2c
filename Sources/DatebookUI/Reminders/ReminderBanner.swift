import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// A ringing alarm's banner, over any tab.
    public static let reminder = Mode("reminder", helpTitle: "A ringing reminder", input: .choice)
    /// The banner asking how long to snooze.
    public static let reminderSnooze = Mode("reminder.snooze", helpTitle: "Snoozing a reminder", input: .text)
}

/// The alarms ringing now, drawn at the top of every tab until each is dealt with: the first
/// shows (title, time, place) with how many wait behind it ("1 of 3"); Enter opens its item,
/// `z` snoozes it (asking for how long), Esc dismisses it.
public struct ReminderBanner: Equatable, Sendable {
    /// The rings waiting, the one shown first.
    public private(set) var queue: [DueAlarm] = []
    /// How many have rung since the queue was last empty: the count in "2 of 3".
    private var shownCount = 0
    /// The snooze time being typed after `z`; nil when not snoozing.
    public var snoozeText: String? {
        get { snoozeField?.text }
        set { snoozeField = newValue.map { TextField($0) } }
    }
    /// The field the snooze time is typed in: it edits as every text field does.
    public var snoozeField: TextField?
    /// Why the typed snooze time cannot be used.
    public var snoozeProblem: String?

    /// How many lines the banner takes.
    public static let height = 2

    public init() {}

    public var current: DueAlarm? { queue.first }
    public var isEmpty: Bool { queue.isEmpty }

    /// The position of the shown ring among those rung together: (1, 3) for "1 of 3".
    public var position: (index: Int, count: Int) { (shownCount - queue.count + 1, shownCount) }

    /// Adds rings at the back of the queue, each once.
    public mutating func add(_ rings: [DueAlarm]) {
        for ring in rings where !queue.contains(where: { $0.id == ring.id }) {
            queue.append(ring)
            shownCount += 1
        }
    }

    /// Takes the shown ring off the queue.
    public mutating func removeCurrent() {
        guard !queue.isEmpty else { return }
        queue.removeFirst()
        snoozeText = nil
        snoozeProblem = nil
        if queue.isEmpty { shownCount = 0 }
    }

    /// The longest snooze: a week (longer is no snooze but a dismissal nobody asked for).
    public static let longestSnooze: TimeInterval = 7 * 86_400

    /// How long a typed snooze lasts: a number is minutes (`5`, `10`, `60`), else a duration
    /// (`90m`, `2h`, `1d`); nil when it is neither, not more than nothing, or past a week.
    public static func snoozeDuration(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let minutes: Int?
        if let number = Int(trimmed) {
            minutes = number
        } else {
            minutes = (try? DurationParser.parse(trimmed)).map { $0.days * 1440 + $0.minutes }
        }
        guard let minutes, minutes > 0, Double(minutes) * 60 <= longestSnooze else { return nil }
        return Double(minutes) * 60
    }

    // MARK: - Drawing

    /// Draws the banner over the first lines of `area`; returns the cursor while a snooze time
    /// is typed.
    public func render(into grid: inout Grid, area: Rect, dates: DateText, now: Date) -> Point? {
        guard let ring = current, area.height >= Self.height else { return nil }
        let style = Style(foreground: .black, background: .yellow, bold: true)
        grid.fill(Rect(x: area.x, y: area.y, width: area.width, height: Self.height), style: style)
        let (index, count) = position
        let when = dates.day(ring.occurrence, relativeTo: now) + " " + dates.time(ring.occurrence)
        var text = "\u{23F0} " + (count > 1 ? "\(index) of \(count): " : "") + ring.title + " \u{2014} " + when
        if !ring.place.isEmpty { text += " \u{00B7} " + ring.place }
        grid.put(text, x: area.x + 1, y: area.y, style: style, maxWidth: area.width - 2, ellipsis: true)
        let hintStyle = Style(foreground: .black, background: .yellow)
        guard let field = snoozeField else {
            grid.put("Enter open \u{00B7} z snooze \u{00B7} Esc dismiss", x: area.x + 1, y: area.y + 1, style: hintStyle,
                     maxWidth: area.width - 2, ellipsis: true)
            return nil
        }
        let label = "Snooze for: "
        let x = area.x + 1
        grid.put(label, x: x, y: area.y + 1, style: style)
        let fieldX = x + DisplayWidth.of(label)
        let cursorX = min(field.render(into: &grid, x: fieldX, y: area.y + 1, width: 12, style: hintStyle), area.maxX - 1)
        let hint = snoozeProblem ?? "5, 10, 60 minutes or a time such as 2h \u{00B7} Enter snooze \u{00B7} Esc back"
        grid.put(hint, x: fieldX + 14, y: area.y + 1, style: snoozeProblem == nil ? hintStyle : style,
                 maxWidth: max(0, area.maxX - fieldX - 15), ellipsis: true)
        return Point(x: cursorX, y: area.y + 1)
    }
}
