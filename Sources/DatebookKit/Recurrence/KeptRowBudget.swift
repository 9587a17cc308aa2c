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
    /// The rows all the dense series of one batch may keep: 10 series kept whole. A read of
    /// the weeks they fall in returns every kept row besides what `LiveReadBudget` walks live,
    /// so this bounds that read too: with 50 (250,000 rows) a megabyte of ~600 secondly series
    /// read 350,000 occurrences at once and the fuzz target took 1.07 s of CPU on it; with 20,
    /// half a megabyte of 30 such series beside 4,400 events in zones took 1.0–1.2 s, and
    /// keeping half the rows takes an eighth of its instructions off.
    static let total = 10 * SeriesInstances.maximumKept

    /// The work all the dense series of one batch may spend walking their rules: two walks on
    /// a whole budget. Each walk's cost is bounded, but not how many dense series a file holds
    /// (nine secondly series whose times are minutes a day took 1.2 s to import, finding 52).
    static let totalWork = 2 * RecurrenceBound.maximumWork
    /// What a dense series may spend whatever the others spent: enough for its first times.
    static let workFloor = RecurrenceBound.maximumWork / 100

    private let left: Atomic<Int>
    private let workLeft: Atomic<Int>

    init(total: Int = KeptRowBudget.total, totalWork: Int = KeptRowBudget.totalWork) {
        left = Atomic(total)
        workLeft = Atomic(totalWork)
    }

    /// The work a series of the given density may spend walking its rule: a whole walk's when
    /// it is sparse; when dense, what the batch has left (a walk's at most, the floor at least).
    func takeWork(density: Double) -> Int {
        guard density >= LiveReadBudget.sparse else { return RecurrenceBound.maximumWork }
        return max(Self.workFloor, Self.take(RecurrenceBound.maximumWork, from: workLeft))
    }

    /// Takes up to `most` from `pool` at once, however many threads take from it; what was taken.
    private static func take(_ most: Int, from pool: borrowing Atomic<Int>) -> Int {
        var current = pool.load(ordering: .relaxed)
        while true {
            let granted = max(0, min(most, current))
            let (exchanged, found) = pool.compareExchange(expected: current, desired: current - granted, ordering: .relaxed)
            if exchanged { return granted }
            current = found
        }
    }

    /// Gives back the work a series of that density was granted and did not spend.
    func giveBackWork(took: Int, spent: Int, density: Double) {
        guard density >= LiveReadBudget.sparse, took > spent else { return }
        workLeft.add(took - spent, ordering: .relaxed)
    }

    /// The rows a series of the given density (units of work a day, see
    /// `RecurrenceBound.unitsPerDay(of:)`) may keep, taken from the budget when it is dense
    /// (0 once the budget is spent: the series then keeps its first instance, see `limit`).
    func take(density: Double) -> Int {
        guard density >= LiveReadBudget.sparse else { return SeriesInstances.maximumKept }
        return Self.take(SeriesInstances.maximumKept, from: left)
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
