internal import CLibical
import Foundation

/// The one door to libical: its set-up, its errors and its strings.
///
/// libical keeps some state per process (the prefix of the TZIDs it writes, its loaded
/// time zones) and per thread (its last error, a ring of temporary strings); everything here
/// is safe to call from any thread once `prepare()` has run, which every entry point does.
enum Libical {
    // MARK: - Set-up

    /// Makes libical write plain TZIDs (`Europe/Berlin`, not
    /// `/freeassociation.sourceforge.net/Europe/Berlin`); runs once per process.
    static func prepare() {
        _ = prepared
    }

    private static let prepared: Bool = {
        icaltimezone_set_tzid_prefix("")
        return true
    }()

    // MARK: - Parsing

    /// `icalparser_parse_string`, with every list of values libical would cut kept whole.
    ///
    /// libical's parser keeps at most 500 values of one EXDATE, RDATE, CATEGORIES or RESOURCES
    /// line and drops the rest without a word: a series whose EXDATE listed 700 times brought
    /// 200 deleted occurrences back, and a zone's RDATEs past the 500th were lost (finding 65).
    /// Such a line is written as several lines of the same property and parameters, which
    /// RFC 5545 reads as the same list.
    static func parse(_ text: String) -> OpaquePointer? {
        icalparser_parse_string(listsSplit(text))
    }

    /// The most values of one line `parse` hands libical.
    static let valuesALine = 400

    private static let listProperties: Set<String> = ["EXDATE", "RDATE", "CATEGORIES", "RESOURCES"]

    /// `text` with each line of a list property holding more than `valuesALine` values
    /// written as several lines; unchanged (the same string) when it holds none.
    static func listsSplit(_ text: String) -> String {
        // Most components have far fewer commas than one long list.
        var commas = 0
        for byte in text.utf8 where byte == UInt8(ascii: ",") { commas += 1 }
        guard commas >= valuesALine else { return text }
        let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
        var changed = false
        var lines: [Substring] = []
        for line in unfolded.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.utf8.count > valuesALine, let split = splitList(line) else {
                lines.append(line)
                continue
            }
            changed = true
            lines += split
        }
        return changed ? lines.joined(separator: "\r\n") : text
    }

    /// A list property's line of more than `valuesALine` values as several lines, else nil.
    private static func splitList(_ line: Substring) -> [Substring]? {
        guard let nameEnd = line.firstIndex(where: { $0 == ";" || $0 == ":" }),
            listProperties.contains(line[..<nameEnd].uppercased())
        else { return nil }
        // The value begins after the first colon outside a quoted parameter value.
        var quoted = false
        var colon: Substring.Index?
        for index in line[nameEnd...].indices {
            let character = line[index]
            if character == "\"" { quoted.toggle() } else if character == ":" && !quoted { colon = index; break }
        }
        guard let colon else { return nil }
        let head = line[...colon]
        // Values are separated by commas a backslash does not escape.
        var values: [Substring] = []
        var start = line.index(after: colon)
        var index = start
        var escaped = false
        while index < line.endIndex {
            let character = line[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                values.append(line[start..<index])
                start = line.index(after: index)
            }
            index = line.index(after: index)
        }
        values.append(line[start...])
        guard values.count > valuesALine else { return nil }
        return stride(from: 0, to: values.count, by: valuesALine).map { first in
            Substring(head + values[first..<min(first + valuesALine, values.count)].joined(separator: ","))
        }
    }

    /// The most parameters libical's parser keeps of one property; it drops the others.
    static let mostParameters = 100

    /// The content lines of `text` (a component, folded or not) whose property has more
    /// parameters than libical keeps: the line each begins on (from 0), its name and its count.
    /// libical drops the parameters past the 100th without a word (finding 66), so the import
    /// says so.
    static func crowdedLines(_ text: String) -> [(line: Int, name: String, parameters: Int)] {
        var semicolons = 0
        for byte in text.utf8 where byte == UInt8(ascii: ";") { semicolons += 1 }
        guard semicolons > mostParameters else { return [] }
        var found: [(Int, String, Int)] = []
        var line = 0
        var logical = ""
        var logicalLine = 0
        func judge() {
            guard let nameEnd = logical.firstIndex(where: { $0 == ";" || $0 == ":" }) else { return }
            var quoted = false
            var parameters = 0
            for character in logical[nameEnd...] {
                if character == "\"" { quoted.toggle() } else if !quoted && character == ":" { break } else if !quoted && character == ";" { parameters += 1 }
            }
            if parameters > mostParameters { found.append((logicalLine, String(logical[..<nameEnd]), parameters)) }
        }
        // (CR LF is one Character: split after making it LF.)
        for content in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = content.first, first == " " || first == "\t" {
                logical += content.dropFirst()
            } else {
                judge()
                logical = String(content)
                logicalLine = line
            }
            line += 1
        }
        judge()
        return found
    }

    // MARK: - Errors

    /// libical's description of this thread's last error, and clears it; nil when none.
    static func takeError() -> String? {
        let code = datebook_ical_errno()
        guard code != ICAL_NO_ERROR else { return nil }
        datebook_ical_clear_errno()
        return icalerror_strerror(code).map { String(cString: $0) } ?? "libical error \(code.rawValue)"
    }

    /// Forgets this thread's last error, before a call whose error is checked.
    static func clearError() {
        datebook_ical_clear_errno()
    }

    // MARK: - Times

    /// The seconds libical is given are kept a day beyond the years an item may hold (see
    /// `Item.storableDates`): its calendar arithmetic is for those years.
    private static let reckonedSeconds: ClosedRange<Double> =
        (Item.storableDates.lowerBound.timeIntervalSince1970 - 86_400)...(Item.storableDates.upperBound.timeIntervalSince1970 + 86_400)

    /// `seconds` as libical's `time_t`, cut toward zero as `time_t(_:)` does, and held within
    /// the years libical reckons. `time_t(_:)` itself stops the process on a value beyond its
    /// range (a start of 1.8e19 seconds reached it through validation), and libical gives
    /// nonsense for a year of millions.
    static func timeT(_ seconds: Double) -> time_t {
        time_t(seconds.held(in: reckonedSeconds, ifNaN: 0))
    }

    // MARK: - Zone conversions

    /// The last year libical keeps a zone's changes for (its `ICALTIMEZONE_MAX_YEAR`), less a
    /// year of room for the offset between a wall clock and UTC.
    ///
    /// libical expands a zone's changes up to the year of each time it converts, but never
    /// beyond 2582, and it expands them again whenever a time's year lies past what it has: so
    /// each conversion of a later time walks every change of the zone from its first year, 9 ms
    /// for a zone with summer time. 200 events in the year 4063 took 5.6 s to import.
    static let lastZoneYear = 2581

    /// The last year libical surely has a zone's changes for once it has converted a time of
    /// this year or earlier: it expands them at least up to the year it is (on the local
    /// clock, hence a year of room) plus five (its `ICALTIMEZONE_EXTRA_COVERAGE`).
    static let firstCoveredYear = Int32(Calendar(identifier: .gregorian).component(.year, from: Date())) + 4

    /// Has libical expand `zone`'s changes up to `end` at once.
    ///
    /// libical expands a zone's changes again, from the zone's first year, for each time whose
    /// year lies past the last it expanded to plus five: a file of times in years ascending
    /// six at a time walked a zone's changes once per time, so one zone written as Outlook
    /// writes them (from 1601) and 93 events from 2026 to 2582 took 1 s to import, and 30
    /// such zones 31 s (30 system zones, 14 s; finding 62). A time past `firstCoveredYear`
    /// now has its zone expanded as far as any later time will need (`stand`), so each zone
    /// is walked at most twice. For a zone already expanded the call costs one look-up.
    private static func cover(_ zone: OpaquePointer, to end: Int32) {
        var last = icaltime_null_time()
        last.year = end
        last.month = 1
        last.day = 1
        _ = icaltimezone_get_utc_offset(zone, &last, nil)
    }

    /// The Gregorian calendar repeats every 400 years, weekdays and leap days alike.
    private static let cycleYears: Int32 = 400
    private static let cycleSeconds = time_t(146_097 * 86_400)

    /// How many 400-year cycles bring `year` back within `lastZoneYear` (0 for most years).
    private static func cycles(_ year: Int32) -> Int32 {
        year > lastZoneYear ? (year - Int32(lastZoneYear) + cycleYears - 1) / cycleYears : 0
    }

    /// The year a time of `year` in a zone regular from `regularFrom` is read in instead
    /// (see `TimeZoneRegistry.regularFrom(_:)`): the first from then whose days fall on the
    /// same weekdays, leap day alike (after the first, whose December may not be), or nil
    /// when there is none before `year`.
    static func twinYear(of year: Int32, regularFrom: Int32) -> Int32? {
        // (From the year after: December of the twin's year before is regular too.)
        guard regularFrom + 1 < year else { return nil }
        let target = (CivilDay(year: Int(year), month: 1, day: 1).weekday, CivilDay.isLeap(Int(year)))
        // Any 40 years in a row hold every kind of year.
        for candidate in (regularFrom + 1)..<min(year, regularFrom + 1 + twinYears)
        where (CivilDay(year: Int(candidate), month: 1, day: 1).weekday, CivilDay.isLeap(Int(candidate))) == target {
            return candidate
        }
        return nil
    }

    /// The years a twin is looked for in, from the first regular one.
    static let twinYears: Int32 = 40

    /// How a time of `year` in the zones given is read: `years` earlier, and moved `seconds`
    /// back after (both 0 for a time of the next few years).
    ///
    /// In a zone that changes its clocks by yearly rules alone from some year (a system zone
    /// from 2038, one Outlook writes from 1602), a later year changes them as its twin does,
    /// the first year from then whose days fall on the same weekdays: so libical, which walks
    /// a zone's changes from its first year up to the year of each time it converts, never
    /// walks past the twin (finding 63: 518 system zones, one event each in 2500, took 2 s to
    /// import; 0.2 s now); a time before its twin has the zone expanded up to the last year
    /// a twin may be (`cover`). In another zone a time past `lastZoneYear` is read whole
    /// 400-year cycles earlier, where the Gregorian calendar repeats, and the zone is expanded
    /// up to `lastZoneYear` at once.
    private static func stand(_ year: Int32, in zones: OpaquePointer?...) -> (years: Int32, seconds: time_t) {
        let present = zones.compactMap { $0 }
        guard year > firstCoveredYear, !present.isEmpty else { return (0, 0) }
        let registry = TimeZoneRegistry.shared
        let regular = present.map { registry.regularFrom($0) }
        var end = Int32(lastZoneYear)
        if !regular.contains(nil), let from = regular.compactMap({ $0 }).max() {
            if let twin = twinYear(of: year, regularFrom: from) {
                let days = CivilDay.ordinal(Int(year), 1, 1) - CivilDay.ordinal(Int(twin), 1, 1)
                return (year - twin, time_t(days) * 86_400)
            }
            end = min(end, from + 1 + twinYears)
        }
        let shift = cycles(year)
        // (A year of room: the other wall clock's year may be the next.)
        if year + 1 - shift * cycleYears > firstCoveredYear {
            for zone in present { cover(zone, to: end) }
        }
        return (shift * cycleYears, time_t(shift) * cycleSeconds)
    }

    /// `icaltime_as_timet_with_zone`: a time read in `zone` as seconds since 1970.
    ///
    /// A time past the next few years is read in another year, where libical has the zone's
    /// changes at hand or finds them cheaply, and moved back (`stand`).
    static func asTimeT(_ time: icaltimetype, _ zone: OpaquePointer?) -> time_t {
        let (years, seconds) = stand(time.year, in: zone)
        guard years > 0 else { return icaltime_as_timet_with_zone(time, zone) }
        var earlier = time
        earlier.year -= years
        return icaltime_as_timet_with_zone(earlier, zone) + seconds
    }

    /// `icaltime_from_timet_with_zone`: seconds since 1970 as a time in `zone`, read in
    /// another year past the next few (see `asTimeT(_:_:)`).
    static func fromTimeT(_ seconds: time_t, _ isDate: Int32, _ zone: OpaquePointer?) -> icaltimetype {
        let utcYear = Int32(clamping: 1970 + Int(seconds / 31_556_952))
        let (years, shift) = stand(utcYear, in: zone)
        guard years > 0 else { return icaltime_from_timet_with_zone(seconds, isDate, zone) }
        var time = icaltime_from_timet_with_zone(seconds - shift, isDate, zone)
        time.year += years
        return time
    }

    /// `icaltime_convert_to_zone`: `time` (in its own zone) on the wall clock of `zone`, read
    /// in another year past the next few (see `asTimeT(_:_:)`).
    static func convert(_ time: icaltimetype, _ zone: OpaquePointer?) -> icaltimetype {
        // (December's days fall on the same weekdays as in the next year's twin less one.)
        let (years, _) = stand(time.year + (time.month == 12 ? 1 : 0), in: time.zone, zone)
        guard years > 0 else { return icaltime_convert_to_zone(time, zone) }
        var earlier = time
        earlier.year -= years
        var converted = icaltime_convert_to_zone(earlier, zone)
        converted.year += years
        return converted
    }

    // MARK: - Properties of times

    /// The last year libical's constructors of date and time values take
    /// (`icaltime_is_valid_time`): they write a later one as `00000000T000000`, though libical
    /// reads and writes such times as text, and an item may hold years up to 9999.
    static let lastConstructedYear: Int32 = 3000

    /// A property made by `make` from `time`; one past `lastConstructedYear` is given its value
    /// as text, which libical keeps whole.
    static func property(_ make: (icaltimetype) -> OpaquePointer?, _ time: icaltimetype) -> OpaquePointer? {
        guard time.year > lastConstructedYear else { return make(time) }
        var standIn = time
        standIn.year = 2000
        return property(make(standIn), text: text(of: time), kind: time.is_date != 0 ? "DATE" : "DATE-TIME")
    }

    /// An RDATE of `value`, a time or a period; one past `lastConstructedYear` is given its
    /// value as text (see `property(_:_:)`).
    static func recurrenceDate(_ value: icaldatetimeperiodtype) -> OpaquePointer? {
        let isPeriod = icaltime_is_null_time(value.time) != 0
        let times = isPeriod ? [value.period.start, value.period.end] : [value.time]
        guard times.contains(where: { $0.year > lastConstructedYear }) else { return icalproperty_new_rdate(value) }
        var standIn = value
        standIn.time.year = min(standIn.time.year, 2000)
        standIn.period.start.year = min(standIn.period.start.year, 2000)
        standIn.period.end.year = min(standIn.period.end.year, 2000)
        let text = times.map(text(of:)).joined(separator: "/")
        return property(
            icalproperty_new_rdate(standIn), text: text,
            kind: isPeriod ? "PERIOD" : value.time.is_date != 0 ? "DATE" : "DATE-TIME")
    }

    private static func text(of time: icaltimetype) -> String {
        takeString(icaltime_as_ical_string_r(time)) ?? ""
    }

    private static func property(_ property: OpaquePointer?, text: String, kind: String) -> OpaquePointer? {
        guard let property else { return nil }
        icalproperty_set_value_from_string(property, text, kind)
        return property
    }

    // MARK: - Strings

    /// A string libical returns and the caller must free (the `_r` functions), as Swift text.
    static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { icalmemory_free_buffer(pointer) }
        return String(cString: pointer)
    }
}
