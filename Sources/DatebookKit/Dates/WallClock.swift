import Foundation

/// Turns instants into wall-clock times of one zone and back.
///
/// A wall-clock time is counted in seconds as if the zone were UTC: 09:00 on 2026-11-22 is
/// `1795338000` in every zone. The store keeps floating times (and floating all-day dates)
/// that way and shows them as instants in the zone Datebook runs in.
struct WallClock: Sendable {
    let timeZone: TimeZone

    /// The wall-clock seconds of `date` in the zone.
    func wallSeconds(of date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        return seconds + Double(timeZone.secondsFromGMT(for: date))
    }

    /// The instant at which the zone's clocks show `wall`.
    ///
    /// In the hour skipped by a DST change, the instant as if the change had not happened yet;
    /// in the hour repeated, the first of the two.
    func instant(ofWallSeconds wall: Double) -> Date {
        // The offsets a day before and a day after; where they differ, a change lies between.
        let before = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400)))
        let after = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400)))
        for offset in before == after ? [before] : [before, after].sorted(by: >) {
            let candidate = wall - offset
            if Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate))) == offset {
                return Date(timeIntervalSince1970: candidate)
            }
        }
        return Date(timeIntervalSince1970: wall - before)
    }

    /// The widest difference between a wall-clock time and its instant, in any zone (UTC-12
    /// to UTC+14): a range of instants, widened by this on both sides, holds every floating
    /// time that may fall in it.
    static let widestOffset: Double = 14 * 3600
}
