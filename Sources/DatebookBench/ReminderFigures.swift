import DatebookKit
import Foundation

/// Gives some of the seeded items alarms: a fifth ring 15 minutes before, one in a hundred
/// also a day ahead at a fixed time, and one event in a thousand repeats weekly with an alarm
/// worked out from its instances (the rest are found in the index on when they ring).
func seedAlarms(_ item: inout Item, _ n: Int) {
    if n % 5 == 0 { item.alarms = [Alarm(minutesBefore: 15)] }
    if n % 100 == 1, let start = item.start ?? item.due {
        item.alarms.append(Alarm(at: start.addingTimeInterval(-86_400)))
    }
    if n % 1000 == 7, item.kind == .event {
        item.repeatRule = "FREQ=WEEKLY"
        item.alarms = [Alarm(minutesBefore: 10)]
    }
}

/// The next alarm after `now`, and the alarms of an hour, as the daemon and the planner ask
/// for them (medians of 21 runs); checked against the rule run over every item.
func reminderFigures(_ store: SQLiteStore, now: Date) throws -> (next: Double, hour: Double, rings: Int) {
    func median(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<21 {
            let start = DispatchTime.now()
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        }
        return times.sorted()[times.count / 2]
    }
    var next: Date?
    let nextTime = try median { next = try store.nextAlarm(after: now) }
    var rings: [DueAlarm] = []
    let hourTime = try median { rings = try store.pendingAlarms(after: now, through: now.addingTimeInterval(3600)) }

    // The same, the slow way: every active item through the rule.
    let all = try store.activeItems(offset: 0, limit: Int.max)
    let dayEnd = now.addingTimeInterval(86_400)
    let occurrences = try store.occurrences(from: now, to: dayEnd.addingTimeInterval(DueAlarms.lead(of: all) + 1))
    let expected = DueAlarms.list(items: all, occurrences: occurrences, after: now, through: dayEnd)
    precondition(next == expected.first?.ringsAt, "the next alarm \(String(describing: next)) is not the rule's")
    precondition(rings.map(\.id) == expected.filter { $0.ringsAt <= now.addingTimeInterval(3600) }.map(\.id),
                 "the alarms of the hour are not the rule's")
    precondition(!rings.isEmpty, "no alarm rings in the hour measured")
    return (nextTime, hourTime, rings.count)
}
