import DatebookKit
import DatebookTerminal
import DatebookUI
import Foundation

/// Quick add in the Events tab over the seeded database: `a`, then a whole line typed key by
/// key, each key read (the parser and the item rule, for the preview) and drawn; then Enter,
/// which saves and draws the list again. Checked in the same run: the preview says what the
/// line means, and Enter adds exactly one item. The app is left on the Events list.
@MainActor
func quickAddFigures(_ app: AppCoordinator, store: SQLiteStore, size: Size) throws
    -> (perKeyP95: Double, perKeyMedian: Double, save: Double, parse: Double)
{
    func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
    _ = app.handle(.key(.char("1")))
    let before = try store.activeCount()
    _ = app.handle(.key(.char("a")))
    var times: [Double] = []
    let line = "Lunch with Ana 2027-03-15 12:30 1h @Cafe Central #work !high every monday remind 10m before"
    for character in line {
        let start = DispatchTime.now()
        _ = app.handle(.key(.char(character)))
        _ = app.render(size: size)
        times.append(milliseconds(since: start))
    }
    let preview = app.render(size: size).grid.text()
    precondition(preview.contains("Mon 15 Mar 2027 12:30 to 13:30") && preview.contains("weekly on mon")
                 && preview.contains("10 minutes before") && preview.contains("Cafe Central"),
                 "the quick-add preview does not say what the line means:\n\(preview)")
    let saveStart = DispatchTime.now()
    _ = app.handle(.key(.enter))
    let frame = app.render(size: size).grid.text()
    let save = milliseconds(since: saveStart)
    let after = try store.activeCount()
    precondition(after == before + 1, "quick add did not add exactly one item")
    precondition(frame.contains("Saved \u{201C}Lunch with Ana\u{201D}"), "quick add did not say it saved")
    times.sort()

    // The parser alone on the whole line (what each key costs before drawing), median of 200.
    let parser = QuickAddParser(now: Date(), calendar: Calendar(identifier: .gregorian))
    var parses: [Double] = []
    for _ in 0..<200 {
        let start = DispatchTime.now()
        _ = try? parser.parse(line)
        parses.append(milliseconds(since: start))
    }
    parses.sort()
    return (times[min(times.count - 1, times.count * 95 / 100)], times[times.count / 2], save, parses[100])
}
