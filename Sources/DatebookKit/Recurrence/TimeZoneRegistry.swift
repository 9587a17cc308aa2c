internal import CLibical
import Foundation
import Synchronization

/// Finds libical's time zone for a TZID: one of the system's zones (read by libical from
/// /usr/share/zoneinfo), or one defined by a VTIMEZONE that came with an imported file.
///
/// Zones are made once per process and kept: libical's zones cache their DST changes and
/// lock that cache themselves, so one zone serves every thread.
final class TimeZoneRegistry: Sendable {
    /// The registry every part of Datebook shares.
    static let shared = TimeZoneRegistry()

    /// A libical zone; only ever used through libical, which locks what it changes.
    struct Zone: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let zones = Mutex<[String: Zone]>([:])
    private let definedZones = Mutex<[String: Zone]>([:])

    private init() {
        Libical.prepare()
    }

    // MARK: - Looking up

    /// The system zone a TZID names, or nil.
    ///
    /// Besides plain names (`Europe/Berlin`), reads the prefixed names other programs write
    /// (`/freeassociation.sourceforge.net/Europe/Berlin`, `/mozilla.org/20050126_1/Europe/Berlin`)
    /// and the common names of UTC.
    func systemZone(_ tzid: String) -> Zone? {
        if let cached = zones.withLock({ $0[tzid] }) { return cached }
        guard let found = Self.findSystemZone(tzid) else { return nil }
        zones.withLock { $0[tzid] = found }
        return found
    }

    /// The canonical system name for a TZID (`Europe/Berlin` for a prefixed one), or nil.
    func systemName(_ tzid: String) -> String? {
        guard let zone = systemZone(tzid) else { return nil }
        if zone.pointer == icaltimezone_get_utc_timezone() { return "UTC" }
        return icaltimezone_get_location(zone.pointer).map { String(cString: $0) } ?? tzid
    }

    /// The zone a VTIMEZONE defines, or nil when libical cannot read it as one or it is not
    /// safe to hand libical (see `problem(ofDefinition:)`).
    func definedZone(_ vtimezone: String) -> Zone? {
        if let cached = definedZones.withLock({ $0[vtimezone] }) { return cached }
        guard let component = icalparser_parse_string(vtimezone) else { return nil }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT, Self.problem(of: component) == nil,
            let zone = icaltimezone_new()
        else {
            icalcomponent_free(component)
            return nil
        }
        // The zone takes the component over.
        guard icaltimezone_set_component(zone, component) != 0 else {
            icaltimezone_free(zone, 1)
            return nil
        }
        let found = Zone(pointer: zone)
        definedZones.withLock { $0[vtimezone] = found }
        return found
    }

    /// The most RRULEs one STANDARD or DAYLIGHT part may have (real zones have one).
    static let mostRulesInAPart = 4

    /// Why a VTIMEZONE's text cannot define a zone, or nil when it can.
    static func problem(ofDefinition vtimezone: String) -> String? {
        guard let component = icalparser_parse_string(vtimezone) else { return "libical cannot read it" }
        defer { icalcomponent_free(component) }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT else { return "it is not a VTIMEZONE" }
        return problem(of: component)
    }

    /// Why a parsed VTIMEZONE cannot define a zone: a STANDARD or DAYLIGHT part that repeats
    /// other than yearly, or by a rule the bound on rules refuses.
    ///
    /// libical expands a zone's parts from their DTSTART up to each time it converts, inside
    /// one call: a part repeating by the minute from 1601 would take hours, and nothing can
    /// stop it once begun. Real zones change their clocks at most a few times a year.
    private static func problem(of zone: OpaquePointer) -> String? {
        // Gathered first: reading a part's DTSTART moves libical's iterator over its properties.
        var parts: [(part: OpaquePointer, name: String)] = []
        for (kind, name) in [(ICAL_XSTANDARD_COMPONENT, "STANDARD"), (ICAL_XDAYLIGHT_COMPONENT, "DAYLIGHT")] {
            var part = icalcomponent_get_first_component(zone, kind)
            while let current = part {
                parts.append((current, name))
                part = icalcomponent_get_next_component(zone, kind)
            }
        }
        for (part, name) in parts {
            var rules: [icalrecurrencetype] = []
            var property = icalcomponent_get_first_property(part, ICAL_RRULE_PROPERTY)
            while let rule = property {
                rules.append(icalproperty_get_rrule(rule))
                property = icalcomponent_get_next_property(part, ICAL_RRULE_PROPERTY)
            }
            guard !rules.isEmpty else { continue }
            // One rule a part is what zones have; libical walks each of them from DTSTART.
            guard rules.count <= Self.mostRulesInAPart else {
                return "its \(name) part has \(rules.count) repeat rules (\(Self.mostRulesInAPart) at most)"
            }
            // Judged by the bound on rules, in plain Swift, from the part's day and time in
            // 2000: zones begin in 1601 or 1970, and what makes a rule unsafe to walk does not
            // depend on the year it begins.
            var start = icalcomponent_get_dtstart(part)
            let years = 2000 - start.year
            start.zone = nil
            start.year = 2000
            for recurrence in rules {
                guard recurrence.freq == ICAL_YEARLY_RECURRENCE else {
                    return "its \(name) part repeats other than yearly"
                }
                var until: icaltimetype?
                if icaltime_is_null_time(recurrence.until) == 0 {
                    until = recurrence.until
                    until?.zone = nil
                    until?.year += years
                }
                do {
                    _ = try RecurrenceBound(recurrence, first: start, until: until)
                } catch {
                    return "the repeat rule of its \(name) part cannot be expanded (\(error))"
                }
            }
        }
        return nil
    }

    /// The zone of `name`: a system zone, else the one `definition` defines, else nil.
    func zone(_ name: String, definition: String?) -> Zone? {
        if let definition, systemZone(name) == nil {
            return definedZone(definition)
        }
        return systemZone(name)
    }

    /// The VTIMEZONE text libical writes for a system zone, every change since it began, with
    /// `tzid` as its TZID.
    ///
    /// libical names the zones it reads from the system `/freeassociation.sourceforge.net/…`
    /// whatever prefix it is told to use, so the TZID is set here.
    func definition(ofSystemZone tzid: String) -> String? {
        guard let zone = systemZone(tzid), let component = icaltimezone_get_component(zone.pointer),
            let copy = icalcomponent_new_clone(component)
        else {
            return nil
        }
        defer { icalcomponent_free(copy) }
        if let property = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(property, tzid)
        }
        return Libical.takeString(icalcomponent_as_ical_string_r(copy))
    }

    // MARK: - Search

    private static let utcNames: Set<String> = ["utc", "z", "gmt", "etc/utc", "etc/gmt", "etc/zulu", "zulu", "universal"]

    private static func findSystemZone(_ tzid: String) -> Zone? {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        if utcNames.contains(trimmed.lowercased()) {
            return icaltimezone_get_utc_timezone().map(Zone.init)
        }
        if let zone = icaltimezone_get_builtin_timezone(trimmed) {
            return Zone(pointer: zone)
        }
        // A prefixed name: try its last two and three parts (`Europe/Berlin`,
        // `America/Argentina/Buenos_Aires`).
        let parts = trimmed.split(separator: "/")
        for count in [2, 3] where parts.count > count {
            let location = parts.suffix(count).joined(separator: "/")
            if let zone = icaltimezone_get_builtin_timezone(location) {
                return Zone(pointer: zone)
            }
        }
        return nil
    }
}
