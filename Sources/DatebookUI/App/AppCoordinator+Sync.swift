import DatebookKit
import Foundation

/// Sync in the planner: `S`, the automatic syncs, the password box and the conflicts opened
/// from Activities. The work itself runs on the sync runner's thread.
extension AppCoordinator {
    /// Takes what the sync runner reported since the last event; asks for a password when it
    /// needs one, unless something else is over the tabs.
    func lookAtSync(storeChanged: Bool) {
        guard let sync else { return }
        for event in sync.look(now: clock.now(), storeChanged: storeChanged) {
            switch event {
            case .askPassword(let account):
                if overlay == nil { overlay = .syncPassword(SyncPasswordPrompt(account: account)) }
            case .message(let message):
                status = message
            }
        }
    }

    /// `S`: syncs now.
    func syncNow() {
        guard let sync else {
            status = StatusMessage("Sync is off here")
            return
        }
        status = sync.syncNow(now: clock.now())
    }

    func handlePassword(_ intent: Intent, prompt: SyncPasswordPrompt) {
        var prompt = prompt
        switch intent {
        case .back:
            overlay = nil
            status = StatusMessage("No password: \(prompt.account) does not sync until you press S")
        case .submit:
            guard !prompt.field.text.isEmpty else { return }
            overlay = nil
            sync?.passwordGiven(prompt.field.text, for: prompt.account, now: clock.now())
            status = StatusMessage("Syncing…")
        default:
            if prompt.field.apply(intent) { overlay = .syncPassword(prompt) }
        }
    }

    /// Shows a conflict's two versions over Activities.
    func openConflict(_ conflict: SyncConflict) {
        guard let store = sync?.store else { return }
        do {
            let versions = try store.conflictVersions(conflict)
            overlay = .syncConflict(
                SyncConflictOverlay(conflict: conflict, mine: versions.mine, theirs: versions.theirs, dates: dates))
        } catch {
            status = .error("Cannot read the conflict: \(error)")
        }
    }

    func handleConflict(_ intent: Intent, shown: SyncConflictOverlay) {
        guard let store = sync?.store else { return }
        let title = StatusMessage.quoted(shown.conflict.title)
        switch intent {
        case .pick("m"):
            do {
                _ = try store.takeMine(conflict: shown.conflict.id)
                status = StatusMessage("Your version of \(title) is in place; it goes out with the next sync")
            } catch {
                status = .error("Not taken: \(error)")
            }
            openActivities()
        case .pick("d"):
            do {
                try store.dismissSyncConflict(id: shown.conflict.id)
                status = StatusMessage("Kept the server's version of \(title)")
            } catch {
                status = .error("Not dismissed: \(error)")
            }
            openActivities()
        case .back, .quitOrBack:
            openActivities()
        default:
            break
        }
    }
}
