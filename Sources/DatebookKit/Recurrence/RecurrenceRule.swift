internal import CLibical
import Foundation
import Synchronization

/// What libical says about an RRULE value, for validation and for changing a rule's end.
enum RecurrenceRule {
    /// Why `rule` cannot repeat an item that starts at `start`, or nil when it can.
    ///
    /// A rule libical cannot read is refused, and so is one whose UNTIL comes before the
    /// first start (RFC 5545 would leave a series of DTSTART alone, which is surely a mistake),
    /// and one that libical would take too long to walk (`RecurrenceBound`).
    /// `start` is in stored seconds of `zone`.
    static func problem(_ rule: String, start: Double, isDate: Bool, zone: ItemTimeZone) -> String? {
        answer(rule, start: start, isDate: isDate, zone: zone).problem
    }

    /// Why an exception rule (EXRULE) cannot be applied to a series that starts at `start`, or
    /// nil when it can: libical cannot read it, or would take too long to walk it. (One that
    /// ends before the start takes nothing out, and harms nothing.)
    static func exceptionProblem(_ rule: String, start: Double, isDate: Bool, zone: ItemTimeZone) -> String? {
        let answer = answer(rule, start: start, isDate: isDate, zone: zone)
        guard let problem = answer.problem, answer.refusal != nil || problem.hasPrefix("The repeat rule cannot") else {
            return nil
        }
        return problem
    }

    /// Why libical would take too long to walk `rule` from `start`, or nil when it would not
    /// (or when the rule has another problem).
    static func refusal(_ rule: String, start: Double, isDate: Bool, zone: ItemTimeZone) -> RecurrenceBound.Refusal? {
        answer(rule, start: start, isDate: isDate, zone: zone).refusal
    }

    private static func answer(_ rule: String, start: Double, isDate: Bool, zone: ItemTimeZone) -> Answer {
        // An import asks twice of each series (reading it, then validating the item): the
        // second answer comes from here rather than from another iterator.
        let question = Question(rule: rule, start: start, isDate: isDate, zone: zone)
        if let known = lastAnswer.withLock({ $0?.question == question ? $0 : nil }) {
            return known.answer
        }
        let answer = findProblem(rule, start: start, isDate: isDate, zone: zone)
        lastAnswer.withLock { $0 = (question, answer) }
        return answer
    }

    private struct Question: Equatable {
        var rule: String
        var start: Double
        var isDate: Bool
        var zone: ItemTimeZone
    }

    private struct Answer {
        var problem: String?
        var refusal: RecurrenceBound.Refusal? = nil
    }

    private static let lastAnswer = Mutex<(question: Question, answer: Answer)?>(nil)

    private static func findProblem(_ rule: String, start: Double, isDate: Bool, zone: ItemTimeZone) -> Answer {
        Libical.prepare()
        Libical.clearError()
        let recurrence = icalrecurrencetype_from_string(rule)
        if recurrence.freq == ICAL_NO_RECURRENCE || Libical.takeError() != nil {
            return Answer(problem: "The repeat rule cannot be read; write it as in iCalendar, e.g. FREQ=WEEKLY;BYDAY=MO")
        }
        let iterator: RecurrenceIterator
        do {
            iterator = try RecurrenceIterator(rule: rule, start: start, isDate: isDate, zone: zone, zoneDefinition: nil)
        } catch .refused(let refusal) {
            return Answer(problem: refusal.message, refusal: refusal)
        } catch {
            return Answer(problem: "The repeat rule cannot be expanded (libical refuses it)")
        }
        if let until = iterator.until, until < start {
            return Answer(problem: "The repeat rule ends (UNTIL) before the first start")
        }
        return Answer(problem: nil)
    }

    /// `rule` with its end changed: `until` and `count`, each removed when nil; nil when
    /// libical cannot read the rule.
    ///
    /// `until` is in stored seconds of `zone`, and written as RFC 5545 asks: a date for an
    /// all-day series, a floating time for a floating one, else UTC.
    static func changingEnd(of rule: String, until: Double?, count: Int?, isDate: Bool, zone: ItemTimeZone)
        -> String?
    {
        Libical.prepare()
        Libical.clearError()
        var recurrence = icalrecurrencetype_from_string(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, Libical.takeError() == nil else { return nil }
        if let until {
            let utc = isDate || zone == .floating ? nil : icaltimezone_get_utc_timezone()
            recurrence.until = Libical.fromTimeT(Libical.timeT(until), isDate ? 1 : 0, utc)
        } else {
            recurrence.until = icaltime_null_time()
        }
        recurrence.count = Int32(count ?? 0)
        return Libical.takeString(icalrecurrencetype_as_string_r(&recurrence))
    }

    /// The COUNT of `rule`, or nil when it has none or cannot be read.
    static func count(of rule: String) -> Int? {
        Libical.prepare()
        let recurrence = icalrecurrencetype_from_string(rule)
        _ = Libical.takeError()
        guard recurrence.freq != ICAL_NO_RECURRENCE, recurrence.count > 0 else { return nil }
        return Int(recurrence.count)
    }
}
