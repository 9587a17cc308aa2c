import Synchronization

/// The rows of dense series one batch of writes (an import) may keep in `occurrence`, shared by
/// all of its series and by the threads that expand them.
///
/// Each series keeps at most `SeriesInstances.maximumKept` instances, but a file may hold many
/// series: 200 events repeating every second kept a million rows (16 KB of text, 1.0 s and
/// 63 MB), and a megabyte of them would keep about 60 million. A series sparser than hourly
/// (`LiveReadBudget.sparse`) keeps what it always did: the eight weeks an import keeps of a
/// daily series are 56 rows. A denser one takes its rows from `total`; once that is spent it
/// keeps its first instance alone, and every read expands the rest live (`keepsNoMore`),
/// which `LiveReadBudget` bounds. Rows a series took but did not use go back.
final class KeptRowBudget: Sendable {
    /// The rows all the dense series of one batch may keep: 50 series kept whole.
    static let total = 50 * SeriesInstances.maximumKept

    private let left: Atomic<Int>

    init(total: Int = KeptRowBudget.total) {
        left = Atomic(total)
    }

    /// The rows a series of the given density (units of work a day, see
    /// `RecurrenceBound.unitsPerDay(of:)`) may keep, taken from the budget when it is dense
    /// (0 once the budget is spent: the series then keeps its first instance, see `limit`).
    func take(density: Double) -> Int {
        guard density >= LiveReadBudget.sparse else { return SeriesInstances.maximumKept }
        var current = left.load(ordering: .relaxed)
        while true {
            let granted = max(0, min(SeriesInstances.maximumKept, current))
            let (exchanged, found) = left.compareExchange(
                expected: current, desired: current - granted, ordering: .relaxed)
            if exchanged { return granted }
            current = found
        }
    }

    /// The most instances a series that took `granted` rows keeps.
    static func limit(_ granted: Int) -> Int {
        max(1, granted)
    }

    /// Gives back what a series of that density took and did not keep.
    func giveBack(took: Int, kept: Int, density: Double) {
        guard density >= LiveReadBudget.sparse, took > kept else { return }
        left.add(took - kept, ordering: .relaxed)
    }

    /// The rows left, for tests.
    var rowsLeft: Int { left.load(ordering: .relaxed) }
}
