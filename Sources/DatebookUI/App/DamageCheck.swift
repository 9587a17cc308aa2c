import DatebookKit
import Foundation
import Synchronization

/// The database file's check for damage when the planner opens, on a thread of its own so the
/// first screen never waits for it (SQLite's integrity check reads every page: 370 ms at 100,000
/// items). What it finds is said once on the status line; the planner goes on, and any read or
/// write that meets the damage says so too.
public final class DamageCheck: Sendable {
    /// Running; ended with damage not yet said; ended (whole, or the damage said).
    private enum State { case running, found(String), done }
    private let state = Mutex(State.running)

    /// Starts `check` (it throws what it finds) on a thread of its own.
    public init(_ check: @escaping @Sendable () throws -> Void) {
        Thread.detachNewThread { [self] in
            do {
                try check()
                state.withLock { $0 = .done }
            } catch {
                state.withLock { $0 = .found("\(error)") }
            }
        }
    }

    /// True while the check runs.
    var isRunning: Bool { state.withLock { if case .running = $0 { true } else { false } } }

    /// What the check found, the first time it is asked after it ended; nil otherwise.
    func take() -> String? {
        state.withLock { state in
            guard case .found(let problem) = state else { return nil }
            state = .done
            return problem
        }
    }
}
