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

    /// The zone a VTIMEZONE defines, or nil when libical cannot read it as one.
    func definedZone(_ vtimezone: String) -> Zone? {
        if let cached = definedZones.withLock({ $0[vtimezone] }) { return cached }
        guard let component = icalparser_parse_string(vtimezone) else { return nil }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT,
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
