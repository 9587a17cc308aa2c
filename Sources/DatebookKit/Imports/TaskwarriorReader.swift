import Foundation

/// Reads Taskwarrior's `task export`: a list of tasks, each with at least `uuid`,
/// `description` and `status`. The mapping (Docs/UserGuide.md, "Moving from Taskwarrior"):
///
/// - `description` → title; `uuid` → the key, so importing the export again updates;
/// - `due` → due date; `scheduled` → the task's time; `entry` → created, `modified` → updated;
/// - `status`: `pending`, `waiting` and `recurring` → active; `completed` and `deleted` → History
///   as completed or deleted, at `end`; any other status → reported and skipped;
/// - `recur` → a repeat rule (`daily`, `weekly`, `3d`, `P2W`, `weekdays`, …), ending at `until`;
///   the instances Taskwarrior made of a series in the same export are left to the series;
/// - `priority` H, M, L → 1, 5, 9; `project` → category; `tags` → more categories (the first
///   tag is the category when there is no project);
/// - `annotations` → notes, one line each with its date; `wait`, and `until` of a task that
///   does not repeat, → a line of the notes.
enum TaskwarriorReader {
    /// Reads `list`, the file's root list (nil when the root is not a list).
    static func read(_ list: JSONList?, shape: JSONShape, context: ReadingContext) throws(ImportError) -> ImportedRecords {
        guard let list else {
            throw .unreadableJSON("not a Taskwarrior export: it should be a list of tasks, as `task export` writes")
        }
        // Series in the file: their instances are not imported again. Only the tasks that may
        // say "recurring" are decoded to find them; the rest are decoded as they are written.
        var seriesUUIDs: Set<String> = []
        for value in try list.values(mayHolding: "recurring") {
            if let fields = value as? [String: Any], fields["status"] as? String == "recurring",
                let uuid = fields["uuid"] as? String
            {
                seriesUUIDs.insert(uuid.lowercased())
            }
        }
        return ImportedRecords.reading(list) { value, index in
            let position = ImportedRecords.position(index, lines: shape.elementLines, component: "task")
            do {
                let record = try JSONRecord(value)
                if let parent = try record.optionalString("parent"), seriesUUIDs.contains(parent.lowercased()) {
                    return .left
                }
                var notes: [ImportReport.Note] = []
                let read = try task(record, position: position, context: context, notes: &notes)
                return .record(read, notes: notes)
            } catch {
                let uuid = (value as? [String: Any])?["uuid"] as? String
                return .skipped(position.note("\(error); skipped", uid: uuid))
            }
        }
    }

    private static func task(
        _ record: JSONRecord, position: ImportedRecords.Position, context: ReadingContext,
        notes warnings: inout [ImportReport.Note]
    ) throws(RecordProblem) -> ImportedRecords.Record {
        let uuid = try record.string("uuid").lowercased()
        let title = try record.string("description")
        func date(_ key: String) throws(RecordProblem) -> Date? {
            guard let text = try record.optionalString(key) else { return nil }
            do {
                return try ImportDate.parse(text).date(floatingIn: context.wallClock)
            } catch {
                throw RecordProblem("\"\(key)\": \(error.message)")
            }
        }
        let statusText = try record.optionalString("status") ?? "pending"
        let status: ItemStatus
        switch statusText {
        case "pending", "waiting", "recurring": status = .active
        case "completed": status = .completed
        case "deleted": status = .deleted
        default:
            throw RecordProblem(
                "unknown status \"\(statusText)\" (Taskwarrior's are pending, waiting, recurring, completed and deleted)")
        }
        let due = try date("due")
        let scheduled = try date("scheduled")
        let wait = try date("wait")
        let until = try date("until")
        let entry = try date("entry")
        let modified = try date("modified")
        let end = try date("end")

        var lines: [String] = []
        if let annotations = try record.optionalArray("annotations") {
            for (index, value) in annotations.enumerated() {
                do {
                    let annotation = try JSONRecord(value)
                    let text = try annotation.string("description")
                    if let entry = try annotation.optionalString("entry") {
                        lines.append("\(ImportDate.utcText(try ImportDate.parse(entry).date(floatingIn: context.wallClock))): \(text)")
                    } else {
                        lines.append(text)
                    }
                } catch {
                    throw RecordProblem("\"annotations\"[\(index)]: \(error.message)")
                }
            }
        }
        if let wait { lines.append("Waiting until \(ImportDate.utcText(wait)) (Taskwarrior's wait)") }

        var repeatRule: String?
        if let recur = try record.optionalString("recur") {
            if let rule = rule(recur) {
                repeatRule = rule + (until.map { ";UNTIL=\(untilText($0))" } ?? "")
            } else {
                warnings.append(
                    position.note("the repeat \"\(recur)\" is not one Datebook reads; imported without repeating", uid: uuid))
                lines.append("Repeats \(recur) in Taskwarrior")
            }
        }
        if let until, repeatRule == nil { lines.append("Until \(ImportDate.utcText(until)) (Taskwarrior's until)") }

        var priority = 0
        if let text = try record.optionalString("priority") {
            switch text {
            case "H": priority = 1
            case "M": priority = 5
            case "L": priority = 9
            default:
                warnings.append(position.note("the priority \"\(text)\" is not H, M or L; imported without one", uid: uuid))
            }
        }
        var categories = try record.strings("tags")
        if let project = try record.optionalString("project"), !project.isEmpty {
            categories.insert(project, at: 0)
        }
        let changed = status == .active ? nil : (end ?? modified ?? context.now)
        let item = Item(
            id: ReadingContext.placeholderID, kind: .task, title: title,
            times: scheduled.map { [ItemTime(start: $0)] } ?? [], notes: lines.joined(separator: "\n"), due: due,
            priority: priority, repeatRule: repeatRule, category: categories.first ?? "", status: status,
            statusChangedAt: changed, created: entry ?? context.now, updated: modified ?? context.now, timeZone: .utc,
            moreCategories: Array(categories.dropFirst()))
        return ImportedRecords.Record(uid: uuid, item: item, position: position, keepsCreated: entry != nil)
    }

    /// `UNTIL` in UTC: `20261123T100000Z`.
    private static func untilText(_ date: Date) -> String {
        let (year, month, day, ofDay) = ImportDate.utcFields(date)
        return "\(DateText.pad(year, 4))\(DateText.pad(month))\(DateText.pad(day))T"
            + "\(DateText.pad(ofDay / 3600))\(DateText.pad(ofDay / 60 % 60))\(DateText.pad(ofDay % 60))Z"
    }

    /// The RRULE of a Taskwarrior `recur` value, nil when it is not one Datebook knows.
    static func rule(_ recur: String) -> String? {
        let text = recur.lowercased().trimmedSpaces
        let named: [String: String] = [
            "daily": "FREQ=DAILY", "day": "FREQ=DAILY",
            "weekly": "FREQ=WEEKLY", "week": "FREQ=WEEKLY", "sennight": "FREQ=WEEKLY",
            "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
            "biweekly": "FREQ=WEEKLY;INTERVAL=2", "fortnight": "FREQ=WEEKLY;INTERVAL=2",
            "monthly": "FREQ=MONTHLY", "month": "FREQ=MONTHLY", "bimonthly": "FREQ=MONTHLY;INTERVAL=2",
            "quarterly": "FREQ=MONTHLY;INTERVAL=3", "semiannual": "FREQ=MONTHLY;INTERVAL=6",
            "yearly": "FREQ=YEARLY", "year": "FREQ=YEARLY", "annual": "FREQ=YEARLY",
            "biannual": "FREQ=YEARLY;INTERVAL=2", "biyearly": "FREQ=YEARLY;INTERVAL=2",
        ]
        if let rule = named[text] { return rule }
        // `3d`, `2wks`, `6mo`, `1y`, `2q`, or ISO 8601's `P3D`, `P2W`, `P6M`, `P1Y`.
        var body = Substring(text)
        let iso = body.hasPrefix("p")
        if iso { body = body.dropFirst() }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        let unit = body.dropFirst(digits.count)
        guard let count = digits.isEmpty ? 1 : Int(digits), count > 0, count < 10_000 else { return nil }
        let frequency: String
        var interval = count
        switch unit {
        case "d", "day", "days": frequency = "DAILY"
        case "w", "wk", "wks", "week", "weeks": frequency = "WEEKLY"
        case "mo", "mos", "month", "months": frequency = "MONTHLY"
        case "m" where iso: frequency = "MONTHLY"
        case "q", "qtr", "qtrs", "quarter", "quarters":
            frequency = "MONTHLY"
            interval = count * 3
        case "y", "yr", "yrs", "year", "years": frequency = "YEARLY"
        default: return nil
        }
        return "FREQ=\(frequency)" + (interval == 1 ? "" : ";INTERVAL=\(interval)")
    }
}
