import DatebookKit
import Foundation

/// Subscribes `count` of the seeded contacts to a calendar each and keeps what it would say:
/// 500 busy times from 30 days before `now` to a year after (a daily hour and some one-offs),
/// so the calendar's figures include other people's times as well as birthdays.
func seedSubscriptions(_ count: Int, of contacts: Int, into store: SQLiteStore, at now: Date) throws {
    var generator = SplitMix(seed: 11)
    for n in 0..<min(count, contacts) {
        // Every seventh contact (seedContacts' ids), so they spread over the alphabet.
        let id = UUID(uuidString: String(format: "00000000-0000-4000-9000-%012X", n * 7 % contacts))!
        let source = ContactSubscription.Source.file(path: "/bench/feed-\(n).ics")
        try store.setSubscription(ContactSubscription(source: source), of: id)
        var blocks: [BusyBlock] = []
        let first = now.addingTimeInterval(-30 * 86_400)
        for day in 0..<395 {
            let start = first.addingTimeInterval(Double(day) * 86_400 + Double(8 + n % 8) * 3600)
            blocks.append(BusyBlock(start: start, end: start.addingTimeInterval(3600), title: n % 2 == 0 ? nil : "Daily"))
        }
        for _ in 0..<105 {
            let start = first.addingTimeInterval(Double(generator.next() % (395 * 96)) * 900)
            blocks.append(BusyBlock(start: start, end: start.addingTimeInterval(5400)))
        }
        blocks.sort { $0.start < $1.start }
        try store.keepFeed(blocks, of: id, source: source, readAt: now)
    }
}
