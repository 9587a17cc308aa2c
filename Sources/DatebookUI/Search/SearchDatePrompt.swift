import DatebookKit
import Foundation

/// The Search tab's prompt for a range of any two dates: a From and a To field, read as the
/// date fields read dates (`mon`, `1/12`, `2026-12-24`, `next friday`), the problem shown
/// under the prompt with the text kept.
public struct SearchDatePrompt: Equatable {
    /// The field that has the keyboard.
    public enum Field: Equatable, Sendable { case from, to }

    public var from = TextField()
    public var to = TextField()
    public var focus = Field.from
    /// Why the dates cannot be used, and the field to fix; nil while there is nothing to say.
    public private(set) var problem: String?
    public private(set) var problemField: Field?

    public init() {}

    /// The field with the keyboard, edited in place.
    var focused: TextField {
        get { focus == .from ? from : to }
        set { if focus == .from { from = newValue } else { to = newValue } }
    }

    /// The range the two fields name: from the start of the From day (or its time) to the end
    /// of the To day (or its time); or, with the problem set, nil.
    mutating func range(now: Date, calendar: Calendar) -> Range<Date>? {
        let parser = DateParser(now: now, calendar: calendar)
        let start: Date
        do {
            let parsed = try parser.parse(from.text)
            start = parsed.hasTime ? parsed.date : calendar.startOfDay(for: parsed.date)
        } catch {
            fail("From: \(error)", .from)
            return nil
        }
        let end: Date
        do {
            let parsed = try parser.parse(to.text)
            let day = calendar.startOfDay(for: parsed.date)
            end = parsed.hasTime ? parsed.date : calendar.date(byAdding: .day, value: 1, to: day) ?? day
        } catch {
            fail("To: \(error)", .to)
            return nil
        }
        guard start < end else {
            fail("To: the end comes before the start.", .to)
            return nil
        }
        problem = nil
        problemField = nil
        return start..<end
    }

    private mutating func fail(_ message: String, _ field: Field) {
        problem = message
        problemField = field
        focus = field
    }
}
