internal import CLibical
import Foundation

/// The time zones one import knows: the system's, the VTIMEZONEs of the file, and those
/// earlier imports left in the database.
///
/// A TZID the system knows (also under another program's prefix) becomes its system name, so
/// `Europe/Berlin` from any file is one zone. Another TZID (`W. Europe Standard Time`) keeps
/// its name and the VTIMEZONE that defines it, which the database then keeps too.
final class ICalendarZones {
    /// What a TZID turned out to be.
    struct Resolved {
        /// How items in it are anchored: `.named` when known, `.floating` when not.
        var zone: ItemTimeZone
        /// libical's zone, nil when unknown.
        var pointer: OpaquePointer?
        /// The VTIMEZONE to keep in the database, for a zone the system does not know.
        var definition: String?
        /// Why the file's VTIMEZONE for it could not be used, when it came with one.
        var problem: String?
    }

    /// The changes of the clocks (`TimeZoneRegistry.Zone.expansionYears`) the
    /// VTIMEZONEs one file defines may make libical walk in all: at most about 0.3 s, 46 zones
    /// as Outlook writes them. libical expands each zone through ICU a year at a time, and a
    /// file of 500 such zones took 3.2 s (6.4 s with its times in 2500); a zone past the budget
    /// is not used, and its times are read as floating ones, with a note. (It was 60,000,
    /// about 0.4 s: with the reads of a dense file after it, an import and three weeks' reads
    /// passed a second.)
    static let expansionBudget = 40_000

    private var expansionLeft = ICalendarZones.expansionBudget
    private var fileDefinitions: [String: String]
    private let storedDefinitions: [String: String]
    private var resolved: [String: Resolved] = [:]
    /// The definitions of zones items of this import use, by TZID.
    private(set) var usedDefinitions: [String: String] = [:]

    init(fileDefinitions: [String: String] = [:], storedDefinitions: [String: String] = [:]) {
        self.fileDefinitions = fileDefinitions
        self.storedDefinitions = storedDefinitions
    }

    /// The TZID a VTIMEZONE's text defines, or nil when it is not one.
    static func tzid(ofDefinition text: String) -> String? {
        guard let component = Libical.parse(text) else { return nil }
        defer { icalcomponent_free(component) }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT,
            let property = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY),
            let tzid = icalproperty_get_tzid(property)
        else { return nil }
        return String(cString: tzid)
    }

    /// Resolves a TZID (cached).
    func resolve(_ tzid: String) -> Resolved {
        if let known = resolved[tzid] { return known }
        let registry = TimeZoneRegistry.shared
        var result = Resolved(zone: .floating, pointer: nil, definition: nil)
        if let name = registry.systemName(tzid), let zone = registry.systemZone(tzid) {
            result = Resolved(zone: name == "UTC" ? .utc : .named(name), pointer: zone.pointer, definition: nil)
        } else if let text = fileDefinitions[tzid] ?? storedDefinitions[tzid] {
            // (Made, a zone is not yet expanded: libical does that at its first conversion.)
            if let zone = registry.definedZone(text) {
                let years = zone.expansionYears
                if years > expansionLeft {
                    result.problem = "with the file's other time zones it has more changes to work out than "
                        + "Datebook reads from one file (\(Self.expansionBudget) in all)"
                } else {
                    expansionLeft -= years
                    result = Resolved(zone: .named(tzid), pointer: zone.pointer, definition: text)
                }
            } else {
                result.problem = TimeZoneRegistry.problem(ofDefinition: text) ?? "libical cannot read it"
            }
        }
        resolved[tzid] = result
        return result
    }

    /// Notes that an item uses `zone`, so its definition (if it needs one) is kept.
    func use(_ zone: ItemTimeZone) {
        guard case let .named(name) = zone, usedDefinitions[name] == nil,
            let definition = resolve(name).definition
        else { return }
        usedDefinitions[name] = definition
    }

    /// The VTIMEZONE text a named zone is defined by, when the system does not know it.
    func definition(of zone: ItemTimeZone) -> String? {
        guard case let .named(name) = zone else { return nil }
        return resolve(name).definition
    }
}
