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

// MARK: - Unix seconds

extension Date {
    /// Seconds since 1970-01-01T00:00:00Z, the form dates take in the database.
    var unixSeconds: Double { timeIntervalSince1970 }

    /// The date at Unix seconds `seconds`.
    init(unixSeconds seconds: Double) {
        self.init(timeIntervalSince1970: seconds)
    }

    /// The date exactly as it reads back after a trip through Unix seconds.
    var storedForm: Date { Date(unixSeconds: unixSeconds) }
}
