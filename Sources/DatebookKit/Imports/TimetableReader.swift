import Foundation

/// Reads the week's timetable of seed 002:
///
///     { "week": 8, "student": { "id": "305491", "name": "Kier" },
///       "schedules": [ { "start_time": "2020-03-13T10:00:00", "end_time": "2020-03-13T12:00:00",
///                        "course": "FIT1031", "class": "Lecture 01", "lecturer": "Arun",
///                        "room": "S4", "campus": "13 College Walk, Clayton" } ],
///       "parkings": [ { "name": "Clayton live feed", "slot": 645 } ],
///       "stops": [ { "departure": "Clayton", "arrival": "Caufield",
///                    "predicted_arrival_date": "2020-03-13T06:04:05" } ] }
///
/// Each schedule becomes an event (`FIT1031 Lecture 01`, the room and campus its place, the
/// lecturer in its notes), each stop a reminder at its predicted arrival (`Bus Clayton →
/// Caufield`). Times without an offset are local (floating). `week` is checked against the ISO
/// week of the schedules; parkings are reported, not imported. Each item is keyed by the
/// student and the record (course, class and start; or departure, arrival and time), so
/// importing the timetable again updates it.
enum TimetableReader {
    static func read(_ root: Any, shape: JSONShape, context: ReadingContext) throws(ImportError) -> ImportedRecords {
        guard let fields = root as? [String: Any] else {
            throw .unreadableJSON("not a timetable: it should be an object with \"schedules\" and \"stops\"")
        }
        let file = JSONRecord(fields: fields)
        var result = ImportedRecords()
        func fileNote(_ message: String) -> ImportReport.Note {
            ImportReport.Note(line: 1, component: "timetable", message: message)
        }
        let student: JSONRecord?
        do {
            student = try file.optionalObject("student")
        } catch {
            student = nil
            result.warnings.append(fileNote(error.message + "; the items are not tied to a student"))
        }
        let studentID = (try? student?.identifier("id")) ?? nil
        let studentName = (try? student?.optionalString("name")) ?? nil
        let owner = "timetable:\(studentID ?? "")"

        var weeks: [Int: Int] = [:]
        for (key, component) in [("schedules", "schedule"), ("stops", "stop")] {
            let list: [Any]
            do {
                list = try file.optionalArray(key) ?? []
            } catch {
                result.skipped.append(fileNote(error.message + "; none of them were imported"))
                continue
            }
            let lines = shape.memberElementLines[key] ?? []
            for (index, value) in list.enumerated() {
                let position = ImportedRecords.position(index, lines: lines, component: component)
                do {
                    let record = try JSONRecord(value)
                    if key == "schedules" {
                        let (item, uid, week) = try schedule(record, owner: owner, student: studentName, context: context)
                        weeks[week, default: 0] += 1
                        result.records.append(.init(uid: uid, item: item, position: position))
                    } else {
                        let (item, uid) = try stop(record, owner: owner, context: context)
                        result.records.append(.init(uid: uid, item: item, position: position))
                    }
                } catch {
                    result.skipped.append(position.note(error.message + "; skipped"))
                }
            }
        }

        // The week the file names against the ISO weeks its schedules fall in.
        do {
            if let week = try file.optionalInt("week"), !weeks.isEmpty, Set(weeks.keys) != [week] {
                let found = weeks.keys.sorted().map(String.init).joined(separator: ", ")
                result.warnings.append(
                    fileNote(
                        "the file says week \(week), but its schedules fall in ISO week\(weeks.count == 1 ? "" : "s") "
                            + "\(found); they were imported on the dates they give"))
            }
        } catch {
            result.warnings.append(fileNote(error.message + "; the week was not checked"))
        }
        if let parkings = try? file.optionalArray("parkings"), !parkings.isEmpty {
            let names = parkings.prefix(5).compactMap { value -> String? in
                guard let record = try? JSONRecord(value), let name = try? record.optionalString("name") else { return nil }
                let slots = (try? record.optionalInt("slot")).flatMap { $0 }
                return slots.map { "\(name) (\($0) free)" } ?? name
            }
            result.warnings.append(
                fileNote(
                    "\(parkings.count) parking\(parkings.count == 1 ? "" : "s") not imported (Datebook keeps no parking "
                        + "data)" + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))))
        }
        return result
    }

    /// The event of one schedule, its key and the ISO week it starts in.
    private static func schedule(_ record: JSONRecord, owner: String, student: String?, context: ReadingContext)
        throws(RecordProblem) -> (Item, String, Int)
    {
        let startText = try record.string("start_time")
        let start = try ImportDate.parse(startText)
        let end = try ImportDate.parse(try record.string("end_time"))
        let course = try record.string("course")
        let group = try record.string("class")
        let lecturer = try record.optionalString("lecturer") ?? ""
        let place = [try record.optionalString("room"), try record.optionalString("campus")]
            .compactMap { $0?.trimmedSpaces }.filter { !$0.isEmpty }.joined(separator: ", ")
        var notes: [String] = []
        if !lecturer.isEmpty { notes.append("Lecturer: \(lecturer)") }
        if let student, !student.isEmpty { notes.append("Student: \(student)") }
        let zone: ItemTimeZone = start.offset == nil && end.offset == nil ? .floating : .utc
        let startDate = start.date(floatingIn: context.wallClock)
        let item = Item(
            id: ReadingContext.placeholderID, kind: .event, title: "\(course) \(group)",
            times: [ItemTime(start: startDate, end: end.date(floatingIn: context.wallClock))], place: place,
            notes: notes.joined(separator: "\n"), created: context.now, updated: context.now, timeZone: zone)
        // The ISO week of the day the class is on, as its clock reads.
        let day = Int((start.wallSeconds / 86_400).rounded(.down))
        return (item, "\(owner):\(course):\(group):\(startText)", isoWeek(ofDay: day))
    }

    /// The reminder of one bus stop and its key.
    private static func stop(_ record: JSONRecord, owner: String, context: ReadingContext) throws(RecordProblem)
        -> (Item, String)
    {
        let departure = try record.string("departure")
        let arrival = try record.string("arrival")
        let whenText = try record.string("predicted_arrival_date")
        let when = try ImportDate.parse(whenText)
        let item = Item(
            id: ReadingContext.placeholderID, kind: .reminder, title: "Bus \(departure) → \(arrival)",
            times: [ItemTime(start: when.date(floatingIn: context.wallClock))], place: departure,
            created: context.now, updated: context.now, timeZone: when.offset == nil ? .floating : .utc)
        return (item, "\(owner):stop:\(departure):\(arrival):\(whenText)")
    }

    /// The ISO 8601 week number of the day `days` after 1970-01-01.
    static func isoWeek(ofDay days: Int) -> Int {
        // 1970-01-01 was a Thursday; weekday 1 is Monday.
        let weekday = ((days + 3) % 7 + 7) % 7 + 1
        // The Thursday of the same week decides the year.
        let thursday = days - weekday + 4
        let year = ImportDate.civil(fromDays: thursday).year
        let firstOfYear = ImportDate.daysFromCivil(year, 1, 1)
        return (thursday - firstOfYear) / 7 + 1
    }
}
