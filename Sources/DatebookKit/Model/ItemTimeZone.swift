import Foundation

/// How an item's times are anchored: to instants, to a named time zone, or to the wall clock.
///
/// The store keeps every time as the instant it is, except floating ones: those are kept as
/// wall-clock times and read as instants in the zone Datebook runs in (the `TZ` variable), so
/// a floating 09:00 is 09:00 wherever the planner is opened. A recurring series is expanded in
/// its own zone, so a weekly 09:00 in `Europe/Berlin` stays 09:00 there across DST changes.
public enum ItemTimeZone: Hashable, Sendable {
    /// Fixed instants, expanded in UTC (iCalendar times ending in `Z`). Items made before
    /// Datebook kept time zones are this.
    case utc
    /// Wall-clock times that read the same in every zone: iCalendar times without `Z` or
    /// TZID, and all-day dates.
    case floating
    /// Times in a named zone: an iCalendar TZID such as `Europe/Berlin`, or one defined by a
    /// VTIMEZONE that came with an imported file.
    case named(String)

    /// How an item made now in `timeZone` is anchored: that zone when it has a name the
    /// system's time zone database knows, else UTC.
    public static func local(_ timeZone: TimeZone) -> ItemTimeZone {
        let name = timeZone.identifier
        guard name != "GMT", name != "UTC", let known = TimeZoneRegistry.shared.systemName(name), known != "UTC" else {
            return .utc
        }
        return .named(known)
    }

    /// The zone's name, nil for UTC and floating times.
    public var identifier: String? {
        if case let .named(name) = self { return name }
        return nil
    }
}
