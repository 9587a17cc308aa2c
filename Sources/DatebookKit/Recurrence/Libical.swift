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

    // MARK: - Strings

    /// A string libical returns and the caller must free (the `_r` functions), as Swift text.
    static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { icalmemory_free_buffer(pointer) }
        return String(cString: pointer)
    }
}
