import DatebookKit
import Foundation

/// The quick-add line a tab opens with `a`: the text typed, and a preview of what Enter would
/// save, read again after every key by `QuickAddParser` and `ItemDraft` (the rule the form and
/// `datebook add` follow).
///
/// Enter saves through the tab's `ItemFlow` (the one write path) and closes the line; Tab opens
/// the full form prefilled with what the line says; Esc closes it. A line that cannot be saved
/// keeps the line open with its text and says why.
public final class QuickAddLine {
    /// What the preview under the line shows.
    public enum Preview: Equatable, Sendable {
        /// Nothing typed yet: an example.
        case example
        /// What Enter would save, one field a line.
        case item([ItemSummary.Line])
        /// Why Enter cannot save it.
        case problem(String)
    }

    /// The text while the line is open; nil when it is closed.
    public private(set) var field: TextField?
    public private(set) var preview = Preview.example
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText
    /// The day a time typed without a date is on (the Calendar's selected day), asked when the
    /// line is read; nil for today (or tomorrow once the time has passed).
    private let defaultDay: () -> Date?

    public init(clock: Clock, ids: IDSource, dates: DateText, defaultDay: @escaping () -> Date? = { nil }) {
        self.clock = clock
        self.ids = ids
        self.dates = dates
        self.defaultDay = defaultDay
    }

    private var parser: QuickAddParser {
        QuickAddParser(now: clock.now(), calendar: dates.calendar, defaultDay: defaultDay())
    }

    /// True while the line is open.
    public var isOpen: Bool { field != nil }

    public func open() {
        field = TextField()
        preview = .example
    }

    /// Handles a key's intent while the line is open.
    public func handle(_ intent: Intent, flow: ItemFlow) -> TabResponse {
        guard var text = field else { return .ignored }
        switch intent {
        case .back:
            field = nil
            return .handled
        case .submit:
            switch read(text.text, newID: ids.next) {
            case .success(let (_, item)):
                let response = flow.saveNew(item)
                if case .message(let message) = response, message.kind == .error { return response }
                field = nil
                return response
            case .failure(let problem):
                return .message(.error(problem.description))
            }
        case .nextField:
            // The form opens with what the line says, even when it cannot be saved as it is
            // (saving the form then says why); a line that cannot be read at all stays here.
            do throws(QuickAddError) {
                let result = try parser.parse(text.text)
                field = nil
                flow.startNew(from: result.draft(dates: dates))
                return .handled
            } catch {
                return .message(.error(error.description))
            }
        default:
            guard text.apply(intent) else { return .ignored }
            field = text
            preview = preview(of: read(text.text, newID: { UUID(uuidString: "00000000-0000-0000-0000-000000000000")! }))
            return .handled
        }
    }

    /// The line as a draft and the item it saves, or why it cannot be saved.
    private func read(_ line: String, newID: () -> UUID) -> Result<(ItemDraft, Item), QuickAddError> {
        let now = clock.now()
        do throws(QuickAddError) {
            let result = try parser.parse(line)
            let item = try result.item(now: now, dates: dates, newID: newID)
            return .success((result.draft(dates: dates), item))
        } catch {
            return .failure(error)
        }
    }

    private func preview(of reading: Result<(ItemDraft, Item), QuickAddError>) -> Preview {
        switch reading {
        case .success(let (_, item)): return .item(ItemSummary.lines(of: item, dates: dates))
        case .failure(.empty): return .example
        case .failure(let problem): return .problem(problem.description)
        }
    }
}
