import DatebookKit
import DatebookTerminal
import DatebookUI
import Dispatch
import Foundation

/// What the tab bar's sync state costs: the store's count of changes waiting (read again after
/// every commit while an account exists), on the whole database, every item never synced.
/// Checked: every item counts, the tab bar shows the count, and one item more counts one more.
@MainActor
func syncStatusFigures(_ store: SQLiteStore, items: Int, size: Size, calendar: Calendar) throws
    -> (median: Double, waiting: Int)
{
    let server = URL(string: "http://127.0.0.1:9/")!
    try store.addSyncAccount(SyncAccount(
        name: "bench", url: server, user: "bench",
        collections: [SyncCollection(url: server.appendingPathComponent("bench/calendar/"), kind: .calendar, isDefault: true)]))
    var times: [Double] = []
    var waiting = 0
    for _ in 0..<21 {
        let start = DispatchTime.now()
        waiting = try store.syncStatus().waiting
        times.append(milliseconds(start))
    }
    times.sort()
    precondition(waiting >= items, "\(waiting) waiting of \(items) items never synced")
    let runner = SyncRunner(run: { account, _, _ in .init(account: account.name, summary: "", error: "not here") },
                            findPassword: { _ in nil })
    let app = AppCoordinator(store: store, clock: .system, ids: .random, calendar: calendar,
                             sync: SyncController(store: store, runner: runner, interval: nil))
    _ = app.handle(.resize(size))
    // The tab bar's count is read on a thread of its own: it shows within a few idle ticks.
    let deadline = Date().addingTimeInterval(10)
    while !app.render(size: size).grid.text().contains("not synced · \(waiting) waiting") {
        precondition(Date() < deadline, "the tab bar does not show the count waiting")
        usleep(5_000)
        _ = app.handle(.idle)
    }
    try store.save(Item(id: UUID(), kind: .task, title: "One more", created: Date()))
    let after = try store.syncStatus().waiting
    precondition(after == waiting + 1, "a new item does not count as waiting")
    return (times[times.count / 2], waiting)
}
