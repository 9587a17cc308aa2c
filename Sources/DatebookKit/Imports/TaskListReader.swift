import Foundation

/// Reads the task list of seed 000: tasks, each with its child times. The exact shape is in
/// Docs/UserGuide.md ("Importing a task list"):
///
///     [ { "id": "7", "title": "Buy shampoo", "notes": "…", "place": "…", "category": "…",
///         "priority": 0, "due": "2026-11-23T18:00:00", "completed": false,
///         "times": [ { "start": "2026-11-23T10:00:00", "end": "2026-11-23T11:00:00" } ] } ]
///
/// or the same list as `{ "tasks": [ … ] }`. `title` and `times` are required (`times` may be
/// empty); a time needs a `start`. Each task becomes a task with those times, keyed by its `id`
/// (else by its title and first start), so importing the list again updates it.
enum TaskListReader {
    static func read(_ root: Any, shape: JSONShape, context: ReadingContext) throws(ImportError) -> ImportedRecords {
        let list: [Any]
        let lines: [Int]
        if let array = root as? [Any] {
            list = array
            lines = shape.elementLines
        } else if let object = root as? [String: Any], let array = object["tasks"] as? [Any] {
            list = array
            lines = shape.memberElementLines["tasks"] ?? []
        } else {
            throw .unreadableJSON("not a task list: it should be a list of tasks, or an object with a \"tasks\" list")
        }
        return ImportedRecords.reading(JSONList(decoded: list)) { value, index in
            let position = ImportedRecords.position(index, lines: lines, component: "task")
            do {
                return .record(try task(value, position: position, context: context), notes: [])
            } catch {
                return .skipped(position.note("\(error); skipped"))
            }
        }
    }

    private static func task(_ value: Any, position: ImportedRecords.Position, context: ReadingContext)
        throws(RecordProblem) -> ImportedRecords.Record
    {
        let record = try JSONRecord(value)
        let title = try record.string("title")
        guard let timeValues = try record.optionalArray("times") else { throw RecordProblem("\"times\" is missing") }
        var dates: [ImportDate] = []
        var times: [(start: ImportDate, end: ImportDate?)] = []
        for (index, timeValue) in timeValues.enumerated() {
            let time: JSONRecord
            do {
                time = try JSONRecord(timeValue)
                let start = try ImportDate.parse(try time.string("start"))
                let end = try time.optionalString("end").map { text throws(RecordProblem) in try ImportDate.parse(text) }
                times.append((start, end))
                dates.append(start)
                if let end { dates.append(end) }
            } catch {
                throw RecordProblem("\"times\"[\(index)]: \(error.message)")
            }
        }
        let due = try record.optionalString("due").map { text throws(RecordProblem) in try ImportDate.parse(text) }
        if let due { dates.append(due) }
        // All days: an all-day task; any offset: instants; else floating wall-clock times.
        let allDay = !dates.isEmpty && dates.allSatisfy(\.isDay)
        let zone: ItemTimeZone = dates.contains { $0.offset != nil } ? .utc : .floating
        func instant(_ date: ImportDate) -> Date { date.date(floatingIn: context.wallClock) }
        let itemTimes = times.map { time in
            // An all-day end is the last day, inclusive, as typed; stored as the day after.
            ItemTime(
                start: instant(time.start),
                end: time.end.map { allDay ? instant($0).addingTimeInterval(86_400) : instant($0) })
        }.sorted { $0.start < $1.start }
        let completed = try record.optionalBool("completed") ?? false
        let id = try record.identifier("id")
        let item = Item(
            id: ReadingContext.placeholderID, kind: .task, title: title, times: itemTimes, allDay: allDay,
            place: try record.optionalString("place") ?? "", notes: try record.optionalString("notes") ?? "",
            due: due.map(instant), priority: try record.optionalInt("priority") ?? 0,
            category: try record.optionalString("category") ?? "", status: completed ? .completed : .active,
            statusChangedAt: completed ? context.now : nil, created: context.now, updated: context.now, timeZone: zone)
        let firstStart = itemTimes.first.map { "@\(Int($0.start.timeIntervalSince1970))" } ?? ""
        let key = id.map { "tasks:\($0)" } ?? "tasks:\(title)\(firstStart)"
        return ImportedRecords.Record(uid: key, item: item, position: position)
    }
}
