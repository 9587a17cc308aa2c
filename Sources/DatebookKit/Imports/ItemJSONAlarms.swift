import Foundation

/// The alarms of an item in Datebook JSON, read in one place: the list `alarms` that `list
/// --json` writes (`{"minutesBefore": 10, "at": null, "sound": null}`, or `at` an ISO 8601
/// date and time with `minutesBefore` null), read first when present, and the single `alarm`
/// object (`{"minutesBefore": 10, "sound": null}` or null) that older versions wrote.
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
                let sound = try alarm.optionalString("sound")
                if let minutes = try alarm.optionalInt("minutesBefore") {
                    alarms.append(Alarm(minutesBefore: minutes, sound: sound))
                } else if let at = try alarm.optionalString("at") {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = [.withInternetDateTime]
                    guard let date = formatter.date(from: at) else {
                        throw RecordProblem("\"at\" is not an ISO 8601 date and time: \(at)")
                    }
                    alarms.append(Alarm(at: date, sound: sound))
                } else {
                    throw RecordProblem("\"minutesBefore\" or \"at\" is missing")
                }
            } catch {
                throw RecordProblem("\(record.has("alarms") ? "\"alarms\"[\(index)]" : "\"alarm\""): \(error)")
            }
        }
        return alarms
    }
}
