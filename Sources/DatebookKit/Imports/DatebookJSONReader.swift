import Foundation

/// Reads Datebook's own `datebook list --json` (`ItemJSON`) back, so an export can be
/// imported again: each object becomes the item it was, under its `id`, so importing it into
/// the database it came from updates instead of adding twice.
///
/// `id`, `kind` and `title` are required; every other key may be missing. Timed dates carry
/// their offset and are read as instants; an all-day item's are days, its `end` the last day.
enum DatebookJSONReader {
    /// Reads `list`, the file's root list (nil when the root is not a list).
    static func read(_ list: JSONList?, shape: JSONShape, context: ReadingContext) throws(ImportError) -> ImportedRecords {
        guard let list else {
            throw .unreadableJSON("not Datebook JSON: it should be a list of items, as `datebook list --json` writes")
        }
        return ImportedRecords.reading(list) { value, index in
            let position = ImportedRecords.position(index, lines: shape.elementLines, component: "item")
            do {
                var notes: [ImportReport.Note] = []
                let read = try item(value, position: position, context: context, notes: &notes)
                return .record(read, notes: notes)
            } catch {
                return .skipped(position.note("\(error); skipped"))
            }
        }
    }

    private static func item(
        _ value: Any, position: ImportedRecords.Position, context: ReadingContext,
        notes warnings: inout [ImportReport.Note]
    ) throws(RecordProblem) -> ImportedRecords.Record {
        let record = try JSONRecord(value)
        let idText = try record.string("id")
        guard let id = UUID(uuidString: idText) else { throw RecordProblem("\"id\" \"\(idText)\" is not a UUID") }
        let kindText = try record.string("kind")
        guard let kind = ItemKind(rawValue: kindText) else {
            throw RecordProblem("\"kind\" is \"\(kindText)\"; it should be event, task or reminder")
        }
        let statusText = try record.optionalString("status") ?? "active"
        guard let status = ItemStatus(rawValue: statusText) else {
            throw RecordProblem("\"status\" is \"\(statusText)\"; it should be active, completed or deleted")
        }
        let allDay = try record.optionalBool("allDay") ?? false
        func date(_ text: String, key: String) throws(RecordProblem) -> Date {
            do {
                return try ImportDate.parse(text).date(floatingIn: context.wallClock)
            } catch {
                throw RecordProblem("\"\(key)\": \(error.message)")
            }
        }
        func optionalDate(_ key: String) throws(RecordProblem) -> Date? {
            guard let text = try record.optionalString(key) else { return nil }
            return try date(text, key: key)
        }
        // The times; `start` and `end` alone when a writer left `times` out.
        var pairs: [(start: String, end: String?)] = []
        if let list = try record.optionalArray("times") {
            for (index, value) in list.enumerated() {
                do {
                    let time = try JSONRecord(value)
                    pairs.append((try time.string("start"), try time.optionalString("end")))
                } catch {
                    throw RecordProblem("\"times\"[\(index)]: \(error.message)")
                }
            }
        } else if let start = try record.optionalString("start") {
            pairs.append((start, try record.optionalString("end")))
        }
        var times: [ItemTime] = []
        for (start, end) in pairs {
            let startDate = try date(start, key: "times")
            // An all-day end is the last day, inclusive; it is stored as the day after.
            let endDate = try end.map { text throws(RecordProblem) in
                try date(text, key: "times").addingTimeInterval(allDay ? 86_400 : 0)
            }
            times.append(ItemTime(start: startDate, end: endDate))
        }
        let alarms = try ItemJSONAlarms.read(record)
        let now = context.now
        let item = Item(
            id: id, kind: kind, title: try record.string("title"), times: times, allDay: allDay,
            place: try record.optionalString("place") ?? "", notes: try record.optionalString("notes") ?? "",
            due: try optionalDate("due"), priority: try record.optionalInt("priority") ?? 0, alarms: alarms,
            repeatRule: try record.optionalString("repeatRule"), attachments: try record.strings("attachments"),
            category: try record.optionalString("category") ?? "", status: status,
            statusChangedAt: try optionalDate("statusChangedAt"), created: try optionalDate("created") ?? now,
            updated: try optionalDate("updated") ?? now, timeZone: allDay ? .floating : .utc)
        return ImportedRecords.Record(
            uid: id.lowercasedText, item: item, position: position, keepsCreated: record.has("created"), id: id)
    }
}
