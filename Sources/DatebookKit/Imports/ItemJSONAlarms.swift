import Foundation

/// The alarms of an item in Datebook JSON, read in one place: the single `alarm` object
/// (`{"minutesBefore": 10, "sound": null}` or null) that `list --json` has written, and a list
/// `alarms` of the same objects, read first when present.
enum ItemJSONAlarms {
    static func read(_ record: JSONRecord) throws(RecordProblem) -> [Alarm] {
        var values: [Any] = []
        if let list = try record.optionalArray("alarms") {
            values = list
        } else if let single = try record.optionalObject("alarm") {
            values = [single.fields]
        }
        var alarms: [Alarm] = []
        for (index, value) in values.enumerated() {
            do {
                let alarm = try JSONRecord(value)
                guard let minutes = try alarm.optionalInt("minutesBefore") else {
                    throw RecordProblem("\"minutesBefore\" is missing")
                }
                alarms.append(Alarm(minutesBefore: minutes, sound: try alarm.optionalString("sound")))
            } catch {
                throw RecordProblem("\(record.has("alarms") ? "\"alarms\"[\(index)]" : "\"alarm\""): \(error)")
            }
        }
        return alarms
    }
}
