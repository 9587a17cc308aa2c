internal import CLibical
import Foundation

/// Everything expanding a recurring series needs, its dates in stored seconds (instants, or
/// wall-clock seconds for a floating series: see `StoredTime`).
struct SeriesDefinition: Sendable {
    /// A changed or cancelled instance, by its recurrence ID.
    struct Override: Equatable, Sendable {
        var start: Double
        var end: Double
        var isCancelled: Bool
        /// True when the change holds for every later instance too (RANGE=THISANDFUTURE).
        var thisAndFuture = false
    }

    /// A change that holds from one instance on (RANGE=THISANDFUTURE): later instances move
    /// by `shift` and last `duration`.
    struct Range: Equatable, Sendable {
        var recurrenceID: Double
        var shift: Double
        var duration: Double
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
    /// The lengths of the extra instances that have their own (RDATE periods), by start.
    var recurrenceDurations: [Double: Double]
    /// Removed instances (EXDATE), by recurrence ID.
    var exceptionDates: Set<Double>
    /// Removed days (EXDATE;VALUE=DATE on timed instances), as days since 1970-01-01 on the
    /// series' wall clock: every instance that starts on one is left out.
    var exceptionDays: Set<Int>
    /// Rules whose instances are left out (EXRULE, RFC 2445).
    var exceptionRules: [String]
    /// False when DTSTART is no instance of its own: an item that holds only instances of a
    /// series given elsewhere (`Item.instancesOnly`), which its RDATEs name.
    var startIsInstance = true
    /// Changed or cancelled instances, by recurrence ID.
    let overrides: [Double: Override]
    /// The changes that hold from one instance on, by recurrence ID.
    let ranges: [Range]

    init(
        rule: String?, start: Double, duration: Double, isDate: Bool, zone: ItemTimeZone,
        zoneDefinition: String? = nil, recurrenceDates: [Double] = [], recurrenceDurations: [Double: Double] = [:],
        exceptionDates: Set<Double> = [], exceptionDays: Set<Int> = [], exceptionRules: [String] = [],
        overrides: [Double: Override] = [:]
    ) {
        self.recurrenceDurations = recurrenceDurations
        self.exceptionDays = exceptionDays
        self.exceptionRules = exceptionRules
        ranges = overrides.filter { $0.value.thisAndFuture && !$0.value.isCancelled }.map { recurrenceID, override in
            Range(recurrenceID: recurrenceID, shift: override.start - recurrenceID, duration: override.end - override.start)
        }.sorted { $0.recurrenceID < $1.recurrenceID }
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
                start: overrideStart, end: max(overrideEnd, overrideStart), isCancelled: override.isCancelled,
                thisAndFuture: override.thisAndFuture)
        }
        var durations: [Double: Double] = [:]
        let periods = item.hasSeriesDetails ? item.recurrencePeriods : []
        for period in periods {
            let periodStart = coding.seconds(period.start, zone)
            if let periodEnd = period.end {
                durations[periodStart] = max(0, coding.seconds(periodEnd, zone) - periodStart)
            }
        }
        self.init(
            rule: item.repeatRule, start: start, duration: max(0, end - start),
            isDate: item.allDay && zone == .floating, zone: zone, zoneDefinition: zoneDefinition,
            recurrenceDates: item.recurrenceDates.map { coding.seconds($0, zone) }
                + periods.map { coding.seconds($0.start, zone) },
            recurrenceDurations: durations,
            exceptionDates: Set(item.exceptionDates.map { coding.seconds($0, zone) }),
            exceptionDays: item.hasSeriesDetails
                ? Set(item.exceptionDays.map { Self.day(ofWallSeconds: coding.seconds($0, .floating)) }) : [],
            exceptionRules: item.exceptionRules,
            overrides: overrides)
        startIsInstance = !(item.repeatRule == nil && item.hasSeriesDetails && item.instancesOnly)
    }

    // MARK: - Which instances are left out, and how later ones change

    /// The day (since 1970-01-01) that wall-clock seconds fall on.
    static func day(ofWallSeconds seconds: Double) -> Int {
        Int((seconds / 86_400).rounded(.down))
    }

    /// The day an instance starting at `start` (stored seconds) falls on in the series' zone.
    func day(of start: Double) -> Int {
        guard case .named = zone, let pointer = RecurrenceIterator.libicalZone(zone, definition: zoneDefinition) else {
            // UTC instants and floating wall-clock seconds are read as they are.
            return Self.day(ofWallSeconds: start)
        }
        var shown = Libical.fromTimeT(Libical.timeT(start.rounded(.down)), 0, pointer)
        shown = icaltime_set_timezone(&shown, nil)
        return Self.day(ofWallSeconds: Double(icaltime_as_timet(shown)))
    }

    /// True when an EXDATE names the instance, or an EXDATE day holds it.
    func isExcluded(_ recurrenceID: Double) -> Bool {
        exceptionDates.contains(recurrenceID) || (!exceptionDays.isEmpty && exceptionDays.contains(day(of: recurrenceID)))
    }

    /// The change from an earlier instance on (RANGE=THISANDFUTURE) that holds at `recurrenceID`.
    func range(at recurrenceID: Double) -> Range? {
        guard !ranges.isEmpty else { return nil }
        return ranges.last { $0.recurrenceID <= recurrenceID }
    }

    /// An instance that no override names: where it starts and ends, after the range that holds
    /// at it, if any.
    func instance(at recurrenceID: Double) -> SeriesInstance {
        if let range = range(at: recurrenceID) {
            let start = recurrenceID + range.shift
            return SeriesInstance(recurrenceID: recurrenceID, start: start, end: start + range.duration, isChanged: true)
        }
        return SeriesInstance(
            recurrenceID: recurrenceID, start: recurrenceID,
            end: recurrenceID + (recurrenceDurations[recurrenceID] ?? duration), isChanged: false)
    }
}

extension Item {
    /// The most exception rules applied to one series: each is walked beside the series with a
    /// walk's budget of its own, and 2,000 of them in one event took 10.9 s to import (finding
    /// 46). Real series have one or two; the others are kept verbatim, not applied.
    static let mostExceptionRules = 4

    /// The exception rules of a series (EXRULE, obsolete since RFC 5545 but still written by
    /// some programs): kept verbatim with the properties Datebook does not read, and the first
    /// `mostExceptionRules` applied.
    var exceptionRules: [String] {
        Array(allExceptionRules.prefix(Self.mostExceptionRules))
    }

    /// Every EXRULE kept with the item.
    var allExceptionRules: [String] {
        extraProperties.compactMap { text in
            // `EXRULE:…` or `EXRULE;…:…`, as libical writes a kept property.
            let bytes = text.utf8
            guard bytes.starts(with: "EXRULE".utf8), bytes.count > 7,
                let after = bytes.dropFirst(6).first, after == UInt8(ascii: ":") || after == UInt8(ascii: ";"),
                let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
            else { return nil }
            return String(text[bytes.index(after: colon)...])
        }
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
