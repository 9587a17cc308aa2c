import Foundation

/// How the dates of an item are written to the database and read back.
///
/// UTC and zoned items keep instants (Unix seconds). Floating items keep wall-clock seconds:
/// they are written from, and read back as, instants in the zone Datebook runs in.
struct StoredTime: Sendable {
    /// The zone floating times are shown in: the store's `timeZone`.
    let wallClock: WallClock

    init(timeZone: TimeZone) {
        wallClock = WallClock(timeZone: timeZone)
    }

    /// The stored seconds of `date` in an item anchored by `zone`.
    func seconds(_ date: Date, _ zone: ItemTimeZone) -> Double {
        zone == .floating ? wallClock.wallSeconds(of: date) : date.unixSeconds
    }

    /// The date that stored seconds stand for, in an item anchored by `zone`.
    func date(_ seconds: Double, _ zone: ItemTimeZone) -> Date {
        zone == .floating ? wallClock.instant(ofWallSeconds: seconds) : Date(unixSeconds: seconds)
    }
}

/// The series columns of a recurring item's row (see the v3 migration).
struct SeriesRow: Equatable, Sendable {
    /// The first instance's start, in stored seconds.
    var start: Double
    /// The last instance's end, or nil when the series never ends.
    var end: Double?
    /// The longest instance, in seconds.
    var span: Double
    /// Instances with an original start before this are in `occurrence`.
    var expandedUntil: Double
}
