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
        var item = Item(
            id: id, kind: kind, title: try record.string("title"), times: times, allDay: allDay,
            place: try record.optionalString("place") ?? "", notes: try record.optionalString("notes") ?? "",
            due: try optionalDate("due"), priority: try record.optionalInt("priority") ?? 0, alarms: alarms,
            repeatRule: try record.optionalString("repeatRule"), attachments: try record.strings("attachments"),
            category: try record.optionalString("category") ?? "", status: status,
            statusChangedAt: try optionalDate("statusChangedAt"), created: try optionalDate("created") ?? now,
            updated: try optionalDate("updated") ?? now, timeZone: allDay ? .floating : .utc)
        try readCalendarDetails(record, into: &item, date: date)
        return ImportedRecords.Record(
            uid: id.lowercasedText, item: item, position: position, keepsCreated: record.has("created"), id: id)
    }

    /// What `list --json` writes of an item's zone, series and participants (files written
    /// before it had them read as before: UTC, or floating when all day).
    private static func readCalendarDetails(
        _ record: JSONRecord, into item: inout Item, date: (String, String) throws(RecordProblem) -> Date
    ) throws(RecordProblem) {
        switch try record.optionalString("timeZone") {
        case nil: break
        case "UTC": item.timeZone = .utc
        case "floating": item.timeZone = .floating
        case let name?:
            guard !name.isEmpty, !name.contains(where: { $0.isNewline || $0.isWhitespace && $0 != " " }) else {
                throw RecordProblem("\"timeZone\" \"\(name)\" is not a time zone's name")
            }
            item.timeZone = .named(name)
        }
        if let uid = try record.optionalString("uid"), !uid.isEmpty, !item.id.isLowercasedText(uid) {
            item.icalUID = uid
        }
        let allDay = item.allDay
        func dates(_ key: String) throws(RecordProblem) -> [Date] {
            var found: [Date] = []
            for text in try record.strings(key) { found.append(try date(text, key)) }
            return found
        }
        /// A start and an end (the last day, when all day), as `times` has them.
        func span(_ value: Any, _ key: String) throws(RecordProblem) -> ItemTime {
            let time = try JSONRecord(value)
            let start = try date(try time.string("start"), key)
            let end = try time.optionalString("end").map { text throws(RecordProblem) in
                try date(text, key).addingTimeInterval(allDay ? 86_400 : 0)
            }
            return ItemTime(start: start, end: end)
        }
        item.recurrenceDates = try dates("recurrenceDates")
        item.exceptionDates = try dates("exceptionDates")
        item.exceptionDays = try dates("exceptionDays")
        var periods: [ItemTime] = []
        for (index, value) in (try record.optionalArray("recurrencePeriods") ?? []).enumerated() {
            periods.append(try span(value, "recurrencePeriods[\(index)]"))
        }
        item.recurrencePeriods = periods
        item.instancesOnly = try record.optionalBool("instancesOnly") ?? false
        var overrides: [RecurrenceOverride] = []
        for (index, value) in (try record.optionalArray("overrides") ?? []).enumerated() {
            let key = "overrides[\(index)]"
            do {
                let change = try JSONRecord(value)
                let times = try span(value, key)
                overrides.append(RecurrenceOverride(
                    recurrenceID: try date(try change.string("recurrenceId"), key), isCancelled: try change.optionalBool("cancelled") ?? false,
                    start: times.start, end: times.end, title: try change.optionalString("title"),
                    place: try change.optionalString("place"), notes: try change.optionalString("notes"),
                    extraProperties: try change.strings("extraProperties"),
                    completedAt: try change.optionalString("completedAt").map { text throws(RecordProblem) in try date(text, key) },
                    thisAndFuture: try change.optionalBool("thisAndFuture") ?? false))
            } catch {
                throw RecordProblem("\"\(key)\": \(error.message)")
            }
        }
        item.overrides = overrides
        func person(_ value: Any) throws(RecordProblem) -> Participant {
            let fields = try JSONRecord(value)
            var participant = Participant(address: try fields.string("address"))
            participant.name = try fields.optionalString("name")
            participant.role = try fields.optionalString("role")
            participant.status = try fields.optionalString("status")
            participant.otherParameters = try fields.optionalString("otherParameters") ?? ""
            return participant
        }
        if let organizer = try record.optionalObject("organizer") {
            item.organizer = try person(organizer.fields)
        }
        var attendees: [Participant] = []
        for value in try record.optionalArray("attendees") ?? [] { attendees.append(try person(value)) }
        item.attendees = attendees
        item.moreCategories = try record.strings("moreCategories")
        item.extraProperties = try record.strings("extraProperties")
    }
}
