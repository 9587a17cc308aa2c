import DatebookKit
import Foundation
import Synchronization

/// Reads where sync stands on a thread of its own, so the screens never wait for the count of
/// changes waiting (a scan of every item on a large database): asked after each commit, it
/// reads once more when asked again while reading, and hands over the newest reading once.
final class SyncStatusReader: Sendable {
    private struct State {
        var reading = false
        var again = false
        var latest: Result<SyncStatus, StoreError>?
    }

    private let store: SyncStateStore
    private let state = Mutex(State())

    init(store: SyncStateStore) {
        self.store = store
    }

    /// Starts a reading (or asks the one going to read again when done).
    func request() {
        let starts = state.withLock { state -> Bool in
            if state.reading {
                state.again = true
                return false
            }
            state.reading = true
            return true
        }
        guard starts else { return }
        Thread.detachNewThread { [self] in
            while true {
                let result: Result<SyncStatus, StoreError>
                do throws(StoreError) {
                    result = .success(try store.syncStatus())
                } catch {
                    result = .failure(error)
                }
                let done = state.withLock { state -> Bool in
                    state.latest = result
                    if state.again {
                        state.again = false
                        return false
                    }
                    state.reading = false
                    return true
                }
                if done { return }
            }
        }
    }

    /// True while a reading goes on.
    var isReading: Bool { state.withLock { $0.reading } }

    /// The newest reading since the last call, if any.
    func take() -> Result<SyncStatus, StoreError>? {
        state.withLock { state in
            defer { state.latest = nil }
            return state.latest
        }
    }
}
