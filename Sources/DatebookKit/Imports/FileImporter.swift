import Foundation

/// Imports a file in any format Datebook reads: iCalendar through `ICalendarImporter`, and
/// the JSON formats (a task list, a timetable, a Taskwarrior export, Datebook's own
/// `list --json`) through their readers and `RecordImporter`. The format is recognised by
/// content unless one is named.
///
/// A JSON file is scanned once before it is decoded (`JSONShape`): one nested deeper than any
/// format needs is refused, so a decoder never recurses through megabytes of brackets, and
/// the line of each record is known for the report. Each record that cannot be read is
/// reported with its position and skipped; the rest are written in one transaction.
public struct FileImporter {
    /// Where the items read go.
    public let writer: any ItemWriter

    public init(writer: any ItemWriter) {
        self.writer = writer
    }

    /// What an import did, and in which format it read the file.
    public struct Result: Equatable, Sendable {
        public var format: ImportFormat
        public var report: ImportReport

        /// The first line: iCalendar's summary as it always was
        /// (`Imported 12 items: 10 added, 2 updated, 1 skipped.`), or for JSON
        /// `Read as Taskwarrior export: 120 tasks imported (118 added, 2 updated), 2 skipped.`
        public var summary: String {
            guard format != .ical else { return report.summary }
            let total = report.added + report.updated
            let noun = total == 1 ? format.recordNoun.one : format.recordNoun.many
            return "Read as \(format.name): \(total) \(noun) imported (\(report.added) added, \(report.updated) "
                + "updated), \(report.skipped.count) skipped."
        }

        /// True when nothing could be imported although the file had records.
        public var importedNothing: Bool {
            report.added + report.updated == 0 && !report.skipped.isEmpty
        }
    }

    // MARK: - Importing

    /// Imports the file at `path`, in `format` or the one its content shows.
    public func importFile(atPath path: String, format: ImportFormat? = nil) throws(ImportError) -> Result {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .unreadable(UnreadableFile.reason(path, error))
        }
        if format == .ical || (format == nil && !data.withUnsafeBytes(ImportFormat.looksLikeJSON)) {
            return Result(format: .ical, report: try ICalendarImporter(writer: writer).importFile(atPath: path))
        }
        return try importJSON(data, format: format)
    }

    /// Imports bytes held in memory (standard input, a download).
    public func importData(_ data: Data, format: ImportFormat? = nil) throws(ImportError) -> Result {
        if format == .ical || (format == nil && !data.withUnsafeBytes(ImportFormat.looksLikeJSON)) {
            return Result(format: .ical, report: try ICalendarImporter(writer: writer).importData(data))
        }
        return try importJSON(data, format: format)
    }

    // MARK: - JSON

    private func importJSON(_ original: Data, format named: ImportFormat?) throws(ImportError) -> Result {
        let (data, replaced) = Self.utf8(original)
        let shape: JSONShape
        do {
            shape = try data.withUnsafeBytes { bytes throws(JSONShape.Problem) in try JSONShape(bytes) }
        } catch {
            throw .unreadableJSON("not a JSON file Datebook can read: \(error)")
        }
        let format: ImportFormat
        if let named {
            format = named
        } else {
            format = try ImportFormat.recognise(shape).get()
        }
        // A list of records (Taskwarrior, Datebook JSON) is decoded a part at a time as it is
        // written; the other formats, and a file whose root is not a list, at once.
        let readsList = format == .taskwarrior || format == .datebook || format == .ical
        let list = readsList ? JSONList(data, shape: shape) : nil
        let root: Any = list == nil ? try JSONDecoding.decode(data, shape: shape) : [Any]()
        let report = try RecordImporter(writer: writer).run { context throws(ImportError) in
            switch format {
            case .tasks: return try TaskListReader.read(root, shape: shape, context: context)
            case .timetable: return try TimetableReader.read(root, shape: shape, context: context)
            case .taskwarrior: return try TaskwarriorReader.read(list, shape: shape, context: context)
            case .datebook, .ical: return try DatebookJSONReader.read(list, shape: shape, context: context)
            }
        }
        var result = Result(format: format, report: report)
        if replaced {
            result.report.warnings.insert(
                ImportReport.Note(
                    line: 1, component: "file",
                    message: "bytes that are not UTF-8 were read as \u{FFFD} (the file may be in another encoding)"),
                at: 0)
        }
        return result
    }

    /// The bytes without a UTF-8 byte order mark, each sequence that is not UTF-8 replaced by
    /// U+FFFD, and whether one was: a stray byte spoils one title, not the whole file.
    private static func utf8(_ data: Data) -> (Data, replaced: Bool) {
        let hasMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        let bytes = hasMark ? data.dropFirst(3) : data
        if String(validating: bytes, as: UTF8.self) != nil { return (hasMark ? Data(bytes) : data, false) }
        return (Data(String(decoding: bytes, as: UTF8.self).utf8), true)
    }
}

