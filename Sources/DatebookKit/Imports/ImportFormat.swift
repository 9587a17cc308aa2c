import Foundation

/// A kind of file `datebook import` reads, told apart by its content (`recognise`) or named
/// by `--format`.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// iCalendar (RFC 5545): `ICalendarImporter`.
    case ical
    /// A list of tasks, each with its times (`TaskListReader`).
    case tasks
    /// A week's timetable: schedules, bus stops and parkings (`TimetableReader`).
    case timetable
    /// Taskwarrior's `task export` (`TaskwarriorReader`).
    case taskwarrior
    /// Datebook's own `datebook list --json` (`DatebookJSONReader`).
    case datebook

    /// The name the import's summary gives it: `Read as Taskwarrior export: …`.
    public var name: String {
        switch self {
        case .ical: return "iCalendar"
        case .tasks: return "task list"
        case .timetable: return "timetable"
        case .taskwarrior: return "Taskwarrior export"
        case .datebook: return "Datebook JSON"
        }
    }

    /// What its records are called in the summary.
    var recordNoun: (one: String, many: String) {
        switch self {
        case .tasks, .taskwarrior: return ("task", "tasks")
        default: return ("item", "items")
        }
    }

    // MARK: - Recognising

    /// The format of a file whose first character is not `[` or `{`: iCalendar, the only
    /// format that is not JSON (its importer says when the bytes are not iCalendar either).
    static func looksLikeJSON(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        // A UTF-8 byte order mark, then white space.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == 0x5B || bytes[index] == 0x7B)
    }

    /// The JSON format a file of this shape is, or why none fits.
    static func recognise(_ shape: JSONShape) -> Result<ImportFormat, ImportError> {
        let keys = shape.firstKeys
        switch shape.top {
        case .object:
            if !keys.isDisjoint(with: ["schedules", "stops", "parkings"]) { return .success(.timetable) }
            if keys.contains("tasks") { return .success(.tasks) }
        case .array:
            if shape.isEmpty {
                return .failure(
                    .unreadableJSON("the file is an empty list, so its format cannot be told (name it with --format)"))
            }
            if keys.contains("uuid") && keys.contains("description") { return .success(.taskwarrior) }
            if keys.contains("kind") && keys.contains("id") && keys.contains("title") { return .success(.datebook) }
            if keys.contains("times") || keys.contains("title") { return .success(.tasks) }
        case .other:
            break
        }
        let shown = keys.sorted().prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
        let what = shape.top == .object ? "an object" : shape.top == .array ? "a list" : "a single value"
        return .failure(
            .unreadableJSON(
                "a JSON file, but not one Datebook reads: it is \(what)"
                    + (shown.isEmpty ? "" : " whose first record has the keys \(shown)")
                    + " (Datebook reads a task list, a timetable, a Taskwarrior export and its own list --json;"
                    + " see the user guide)"))
    }
}
