import DatebookKit
import Foundation

/// The sync state as the tab bar shows it, in a few words: `synced 10:42`, `3 waiting`, an
/// error in a word (`offline`, `password?`), and while a sync runs its progress
/// (`receiving 200 of 1000`). Empty with no account.
struct SyncIndicator: Equatable {
    /// Where the store says sync stands.
    var status: SyncStatus
    /// True while a sync runs.
    var isRunning = false
    /// The engine's last word of progress while it runs.
    var progress: String?
    /// A problem the store does not know of: no password, a password command that failed.
    var problem: String?
    /// How the last sync this planner ran ended: `.some(nil)` when it worked. Once there is
    /// one, it says whether sync works rather than the errors kept on the collections (which
    /// are those of whatever synced last, maybe long ago).
    var lastAttempt: String??

    /// The text, with times and days as `dates` writes them relative to `now`.
    func text(dates: DateText, now: Date) -> String {
        guard status.accounts > 0 else { return "" }
        var parts: [String] = []
        if isRunning {
            parts.append(progress ?? "syncing…")
        } else if let problem {
            parts.append(SyncErrorWord.word(for: problem))
        } else if let error = lastAttempt ?? status.lastError {
            parts.append(SyncErrorWord.word(for: error))
        } else if let last = status.lastSync {
            parts.append("synced " + when(last, dates: dates, now: now))
        } else {
            parts.append("not synced")
        }
        if status.waiting > 0, !isRunning { parts.append("\(status.waiting) waiting") }
        return parts.joined(separator: " · ")
    }

    /// A time today, else the day.
    private func when(_ date: Date, dates: DateText, now: Date) -> String {
        dates.calendar.isDate(date, inSameDayAs: now) ? dates.time(date) : dates.day(date, relativeTo: now)
    }
}
