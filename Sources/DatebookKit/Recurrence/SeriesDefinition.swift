import Foundation

/// Everything expanding a recurring series needs, its dates in stored seconds (instants, or
/// wall-clock seconds for a floating series: see `StoredTime`).
struct SeriesDefinition: Sendable {
    /// A changed or cancelled instance, by its recurrence ID.
    struct Override: Equatable, Sendable {
        var start: Double
        var end: Double
        var isCancelled: Bool
    }

    /// The RRULE value, or nil for a series made of RDATEs alone.
    var rule: String?
    /// The first instance's start (DTSTART).
    var start: Double
    /// Every instance's length in seconds (DTEND − DTSTART; 0 for a moment).
    var duration: Double
    /// True when instances are whole days (iCalendar DATE values).
    var isDate: Bool
    /// The zone the rule repeats in.
    var zone: ItemTimeZone
    /// The VTIMEZONE of a named zone the system does not know, if one came with it.
    var zoneDefinition: String?
    /// Extra instances (RDATE).
    var recurrenceDates: [Double]
    /// Removed instances (EXDATE), by recurrence ID.
    var exceptionDates: Set<Double>
    /// Changed or cancelled instances, by recurrence ID.
    var overrides: [Double: Override]

    init(
        rule: String?, start: Double, duration: Double, isDate: Bool, zone: ItemTimeZone,
        zoneDefinition: String? = nil, recurrenceDates: [Double] = [], exceptionDates: Set<Double> = [],
        overrides: [Double: Override] = [:]
    ) {
        self.rule = rule
        self.start = start
        self.duration = duration
        self.isDate = isDate
        self.zone = zone
        self.zoneDefinition = zoneDefinition
        self.recurrenceDates = recurrenceDates
        self.exceptionDates = exceptionDates
        self.overrides = overrides
    }

    /// The series of a recurring item: anchored at its first time, else at its due date.
    init(_ item: Item, coding: StoredTime, zoneDefinition: String? = nil) {
        let zone = item.timeZone
        let anchor = item.times.first ?? ItemTime(start: item.due ?? item.created)
        let start = coding.seconds(anchor.start, zone)
        let end = anchor.end.map { coding.seconds($0, zone) } ?? start
        var overrides: [Double: Override] = [:]
        for override in item.overrides {
            let overrideStart = coding.seconds(override.start, zone)
            let overrideEnd = override.end.map { coding.seconds($0, zone) } ?? overrideStart + (end - start)
            overrides[coding.seconds(override.recurrenceID, zone)] = Override(
                start: overrideStart, end: max(overrideEnd, overrideStart), isCancelled: override.isCancelled)
        }
        self.init(
            rule: item.repeatRule, start: start, duration: max(0, end - start),
            isDate: item.allDay && zone == .floating, zone: zone, zoneDefinition: zoneDefinition,
            recurrenceDates: item.recurrenceDates.map { coding.seconds($0, zone) },
            exceptionDates: Set(item.exceptionDates.map { coding.seconds($0, zone) }),
            overrides: overrides)
    }
}

/// One instance of a series, in stored seconds.
struct SeriesInstance: Equatable, Sendable {
    /// The instance's original start: it names the instance (iCalendar RECURRENCE-ID).
    var recurrenceID: Double
    var start: Double
    var end: Double
    /// True when an override changed it.
    var isChanged: Bool
}
