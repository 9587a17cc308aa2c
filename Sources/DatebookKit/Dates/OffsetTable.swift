import Foundation

/// The UTC offsets of one zone over a stretch of time, for converting many times at once.
///
/// Asking `TimeZone` for each of a hundred thousand times is slow; a zone's offset only
/// changes at a few moments a year, so those are looked up once and every conversion after
/// is a short search.
struct OffsetTable: Sendable {
    /// Moments (Unix seconds) at which the offset changes, ascending.
    private let changes: [Double]
    /// The offset before the first change, then after each.
    private let offsets: [Double]

    /// The offsets of `timeZone` from a day before `from` to a day after `to` (Unix seconds).
    init(timeZone: TimeZone, from: Double, to: Double) {
        let start = from - 86_400
        let end = to + 86_400
        var changes: [Double] = []
        var offsets = [Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start)))]
        var moment = Date(timeIntervalSince1970: start)
        while let next = timeZone.nextDaylightSavingTimeTransition(after: moment), next.timeIntervalSince1970 < end {
            let offset = Double(timeZone.secondsFromGMT(for: next))
            if offset != offsets.last {
                changes.append(next.timeIntervalSince1970)
                offsets.append(offset)
            }
            if changes.count > 10_000 { break }
            moment = next
        }
        self.changes = changes
        self.offsets = offsets
    }

    // MARK: - Converting

    /// The offset at an instant (Unix seconds).
    func offset(at instant: Double) -> Double {
        // Few changes: a linear walk beats a binary search until there are dozens.
        var index = 0
        while index < changes.count && changes[index] <= instant {
            index += 1
        }
        return offsets[index]
    }

    /// The wall-clock seconds of an instant.
    func wallSeconds(of instant: Double) -> Double {
        instant + offset(at: instant)
    }

    /// The instant the zone's clocks show `wall` at: as `WallClock.instant(ofWallSeconds:)`.
    func instant(ofWallSeconds wall: Double) -> Double {
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        if before == after { return wall - before }
        for offset in [max(before, after), min(before, after)] {
            let candidate = wall - offset
            if self.offset(at: candidate) == offset { return candidate }
        }
        return wall - before
    }
}
