import DatebookKit
import Foundation

/// The subscription feed reader: the iCalendar target's inputs (the fixtures, mutated) read as
/// a contact's calendar feed, within the window a subscription keeps.
///
/// Oracle: besides crashes and time, the busy blocks must come in order of start, each ending
/// at or after its start, no more than `FeedParser.maximumBlocks`, each overlapping the window.
struct FeedTarget: FuzzTarget {
    let name = "feed"
    let fileExtension = "ics"
    let calendar: ICalendarTarget
    let parser = FeedParser(timeZone: ICalendarTarget.zone, expansionBudget: 1)

    func input(seed: UInt64, index: Int) -> [UInt8] {
        // Another sequence than the iCalendar target's from the same seed.
        calendar.input(seed: seed ^ 0xFEED_FEED, index: index)
    }

    func run(_ input: [UInt8]) -> String? {
        let now = ICalendarTarget.now
        guard let blocks = try? parser.blocks(in: Data(input), now: now) else { return nil }
        if blocks.count > FeedParser.maximumBlocks { return "\(blocks.count) blocks kept, more than the most" }
        let from = now.addingTimeInterval(-Double(parser.window.daysBack + 2) * 86_400)
        let to = now.addingTimeInterval(Double(parser.window.daysAhead + 2) * 86_400)
        for (index, block) in blocks.enumerated() {
            if block.end < block.start { return "a block ends before it starts: \(block)" }
            if index > 0, block.start < blocks[index - 1].start { return "blocks out of order at \(index)" }
            if block.end < from || block.start > to { return "a block outside the window: \(block)" }
        }
        return nil
    }
}
