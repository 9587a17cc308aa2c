import Foundation
import GRDB

/// How an item's alarms map to `item_alarm` rows (see `ReminderSchema`).
///
/// `fires_at` holds the instant an alarm rings when the item alone says it: an alarm at a fixed
/// time, or one before the only time of an item that neither repeats nor floats. The others
/// are `worked_out` from the item's occurrences (`DueAlarms`), but for one before an item with
/// no time at all, which never rings.
enum ItemAlarmRows {
    static let insertSQL = """
        INSERT INTO item_alarm (item, position, minutes_before, at, sound, fires_at, worked_out)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Writes the alarms of `item` with `statement` (`insertSQL`).
    static func write(_ item: Item, rowID: Int64, with statement: WriteStatement) throws {
        for (position, alarm) in item.alarms.enumerated() {
            try statement.bind(rowID, at: 1)
            try statement.bind(position, at: 2)
            try statement.bind(alarm.minutesBefore, at: 3)
            try statement.bind(alarm.fixedTime?.unixSeconds, at: 4)
            try statement.bind(alarm.sound, at: 5)
            let firesAt = firesAt(alarm, of: item)
            try statement.bind(firesAt?.unixSeconds, at: 6)
            try statement.bind(firesAt == nil && isWorkedOut(item), at: 7)
            try statement.run()
        }
    }

    /// The instant `alarm` rings at when the item alone says it, else nil.
    static func firesAt(_ alarm: Alarm, of item: Item) -> Date? {
        switch alarm.trigger {
        case let .at(date):
            return date
        case let .before(minutes):
            guard !item.isRecurring, item.timeZone != .floating else { return nil }
            let anchors = DueAlarms.anchors(of: item)
            guard anchors.count == 1 else { return nil }
            return anchors[0].addingTimeInterval(-Double(minutes) * 60)
        }
    }

    /// True when an alarm before the start of `item` is found from its occurrences.
    static func isWorkedOut(_ item: Item) -> Bool {
        item.isRecurring || item.timeZone == .floating || DueAlarms.anchors(of: item).count > 1
    }

    /// The alarm in a row of `item, minutes_before, at, sound`.
    static func alarm(from row: Row) throws(StoreError) -> Alarm {
        let sound = Item.optionalText(row[3])
        if let minutes = try row.checked(1, as: Int?.self) {
            return Alarm(minutesBefore: minutes, sound: sound)
        }
        return Alarm(at: try row.checkedDate(2), sound: sound)
    }
}
