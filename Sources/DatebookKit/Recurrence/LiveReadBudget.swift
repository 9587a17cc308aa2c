/// The work one read of the calendar may spend expanding series live, shared by all of its
/// series.
///
/// Each live walk is bounded by its iterator's budget (`RecurrenceBound.maximumWork`, about
/// 50,000 instances of a dense series), but a range holding many dense series would add those
/// up: 32 series repeating every second listed 800,000 instances in one 93-day read and took
/// 470 MB. So a read shares `total` among its series, walking the sparsest first, each taking
/// an even share of what is left (at most `RecurrenceBound.maximumWork`). A weekly series thus
/// never waits behind a dense one, and what the sparse ones leave goes to the dense ones.
///
/// A series sparser than hourly (`sparse`) may still take `floor`, however much the others
/// spent: enough for a daily series walked from a DTSTART years back, so a read far ahead of
/// thousands of ordinary series shows them all. A dense series takes its share alone: 200
/// secondly series took `floor` each, a million instances in one read, before they did. A
/// read therefore costs at most `total` plus `floor` a sparse series, which is what keeping
/// its first instances cost when it was stored (`SeriesInstances.maximumKept`, two units
/// each).
struct LiveReadBudget {
    /// The work all the live walks of one read share: one walk's, about 50,000 instances of
    /// dense series. A single dense series may take as much as before; several share it. With
    /// two walks' (100,000 instances), half a megabyte of 30 secondly series beside 4,400 events
    /// in zones took the fuzz target's import, three reads and export 1.0–1.2 s of CPU; with
    /// one, 0.66–0.84 s (a tenth fewer instructions, its reads a third shorter).
    static let total = RecurrenceBound.maximumWork
    /// What a sparse series may spend whatever the others spent.
    static let floor = RecurrenceBound.maximumWork / 10
    /// The densest a series may be (units of work a day, `RecurrenceBound.unitsPerDay(of:)`)
    /// and still have the floor: less than an hourly one.
    static let sparse = 24.0

    private var left: Int
    private var seriesLeft: Int

    /// A budget for `series` walks.
    init(series: Int, total: Int = Self.total) {
        left = total
        seriesLeft = max(1, series)
    }

    /// The order to walk series of the given densities in (units of work a day, see
    /// `RecurrenceBound.unitsPerDay(of:)`): sparsest first, ties in their given order.
    static func order(densities: [Double]) -> [Int] {
        densities.indices.sorted { (densities[$0], $0) < (densities[$1], $1) }
    }

    /// The budget of the next walk, of a series of the given density.
    func share(density: Double) -> Int {
        let even = max(0, left / seriesLeft)
        return min(RecurrenceBound.maximumWork, density < Self.sparse ? max(Self.floor, even) : even)
    }

    /// Records that a walk spent `work`.
    mutating func spent(_ work: Int) {
        left -= work
        seriesLeft = max(1, seriesLeft - 1)
    }
}
