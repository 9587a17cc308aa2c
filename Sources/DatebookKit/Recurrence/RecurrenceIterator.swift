internal import CLibical
import Foundation

/// The starts of a recurrence rule, one after another, from libical's `icalrecur_iterator`.
///
/// The rule repeats in the series' own zone: a weekly 09:00 in `Europe/Berlin` gives 09:00
/// Berlin time on both sides of a DST change. Starts come out in stored seconds (instants, or
/// wall-clock seconds for a floating series). DTSTART is always the first start, as RFC 5545
/// says, even when the rule itself would not give it.
final class RecurrenceIterator {
    private let iterator: OpaquePointer
    /// The series' zone; nil for a floating series.
    private let zone: OpaquePointer?
    private let dtstart: Double
    private var pendingStart: Double?
    private var lastStart = -Double.infinity

    /// True when the rule has neither COUNT nor UNTIL.
    let isUnbounded: Bool
    /// True when the rule ends by COUNT.
    let hasCount: Bool
    /// The rule's UNTIL in stored seconds (the end of that day for a date), if it has one.
    let until: Double?

    /// The longest run of instances an iterator walks before giving up on a rule that never
    /// reaches what is asked of it.
    static let maximumSteps = 1_000_000

    // MARK: - Creating

    /// An iterator over `rule` from `start`; nil when libical cannot read the rule.
    ///
    /// `skippingTo` asks to begin near a later moment instead of at DTSTART: libical then skips
    /// the instances before it without producing them (for daily and longer rules without
    /// COUNT; others are walked from DTSTART). Starts before `skippingTo` may still come out.
    init?(
        rule: String, start: Double, isDate: Bool, zone itemZone: ItemTimeZone, zoneDefinition: String?,
        skippingTo: Double? = nil
    ) {
        Libical.prepare()
        let zone = Self.libicalZone(itemZone, definition: zoneDefinition)
        Libical.clearError()
        let recurrence = icalrecurrencetype_from_string(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, Libical.takeError() == nil else { return nil }
        var first = icaltime_from_timet_with_zone(time_t(start), isDate ? 1 : 0, zone)
        first = icaltime_set_timezone(&first, zone)
        guard let iterator = icalrecur_iterator_new(recurrence, first) else {
            _ = Libical.takeError()
            return nil
        }
        self.iterator = iterator
        self.zone = zone
        self.dtstart = start
        hasCount = recurrence.count > 0
        isUnbounded = !hasCount && icaltime_is_null_time(recurrence.until) != 0
        if icaltime_is_null_time(recurrence.until) == 0 {
            let until = recurrence.until
            let seconds = Double(icaltime_as_timet_with_zone(until, until.zone ?? zone))
            self.until = until.is_date != 0 ? seconds + 86_400 : seconds
        } else {
            self.until = nil
        }
        pendingStart = start
        // libical's skipping gives wrong starts for hourly and shorter rules.
        let longEnough = recurrence.freq.rawValue >= ICAL_DAILY_RECURRENCE.rawValue
            && recurrence.freq != ICAL_NO_RECURRENCE
        if let skippingTo, skippingTo > start, !hasCount, longEnough {
            var target = icaltime_from_timet_with_zone(time_t(skippingTo), isDate ? 1 : 0, zone)
            target = icaltime_set_timezone(&target, zone)
            if icalrecur_iterator_set_start(iterator, target) != 0 {
                pendingStart = nil
                lastStart = start
            }
            _ = Libical.takeError()
        }
    }

    deinit {
        icalrecur_iterator_free(iterator)
    }

    // MARK: - Iterating

    /// The next start, or nil when the rule has no more.
    func next() -> Double? {
        while true {
            let time = icalrecur_iterator_next(iterator)
            guard icaltime_is_null_time(time) == 0 else {
                if let pending = pendingStart {
                    pendingStart = nil
                    return pending
                }
                return nil
            }
            let start = Double(icaltime_as_timet_with_zone(time, zone))
            if let pending = pendingStart {
                if pending < start {
                    // DTSTART did not match the rule: it still comes first.
                    pendingStart = nil
                    lastStart = pending
                    return pending
                }
                pendingStart = nil
            }
            // Never go back (a DST change can map two wall-clock times to one instant).
            guard start > lastStart else { continue }
            lastStart = start
            return start
        }
    }

    // MARK: - Zones

    /// libical's zone for a series: UTC, none (floating), or a named zone (UTC when the name is
    /// unknown and no definition came with it).
    static func libicalZone(_ zone: ItemTimeZone, definition: String?) -> OpaquePointer? {
        switch zone {
        case .utc:
            return icaltimezone_get_utc_timezone()
        case .floating:
            return nil
        case let .named(name):
            return TimeZoneRegistry.shared.zone(name, definition: definition)?.pointer
                ?? icaltimezone_get_utc_timezone()
        }
    }
}
