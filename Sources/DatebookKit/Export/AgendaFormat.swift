import Foundation

/// The agenda as `datebook agenda` prints it: one occurrence per line as text, or a JSON array.
///
/// Text, tab-separated, one line per occurrence:
///
///     2026-11-23	09:00-10:00	Dentist	Main St 4
///     2026-11-24	all day	Holiday
///     2026-11-25	due 17:00	Send the report
///
/// The time is `HH:MM-HH:MM`, `HH:MM` for a moment, `all day` (or `all day to YYYY-MM-DD` for
/// several days, the last one named), `due HH:MM` for a task's due date (`due` for one due on
/// a date); an end on a later day
/// is written `YYYY-MM-DD HH:MM`. The place column is left out when empty.
///
/// JSON: an array of objects with the keys `uid`, `id`, `kind`, `title`, `start`, `end`,
/// `allDay`, `recurring`, `recurrenceId`, `due`, `status`, `place`, always all of them, in that
/// order. Times are ISO 8601 with the offset of the zone shown (`2026-11-23T09:00:00+01:00`);
/// all-day occurrences have plain dates (`2026-11-24`), their `end` the last day, inclusive,
/// as `datebook add --end` takes it and the agenda text shows it.
public enum AgendaFormat {
    /// The last day an all-day occurrence takes (its stored end is the day after), never
    /// before its first.
    static func lastDay(of occurrence: Occurrence) -> Date {
        max(occurrence.end.addingTimeInterval(-1), occurrence.start)
    }

    /// How many bytes are gathered before they are handed to the writer.
    static let pieceSize = 1 << 18

    /// The occurrences as text lines, times in `timeZone`, handed to `write` in pieces;
    /// `inert` makes a title or place safe for a terminal (it is only called on text that is
    /// not plain printable ASCII).
    public static func text(
        _ occurrences: [Occurrence], timeZone: TimeZone, inert: @escaping (String) -> String,
        write: @escaping ([UInt8]) -> Void
    ) {
        var writer = TextWriter(timeZone: timeZone, range: range(of: occurrences), inert: inert, write: write)
        occurrences.forEach { writer.append($0) }
        writer.finish()
    }

    /// The occurrences as a JSON array (one object per line), times in `timeZone`, handed to
    /// `write` in pieces.
    public static func json(
        _ occurrences: [Occurrence], timeZone: TimeZone, write: @escaping ([UInt8]) -> Void
    ) {
        var writer = JSONWriter(timeZone: timeZone, range: range(of: occurrences), write: write)
        occurrences.forEach { writer.append($0) }
        writer.finish()
    }

    /// From the first start to the last end.
    private static func range(of occurrences: [Occurrence]) -> ClosedRange<Date> {
        let first = occurrences.first?.start ?? Date(timeIntervalSince1970: 0)
        return first...max(first, occurrences.map(\.end).max() ?? first)
    }

    /// Writes the text lines one occurrence at a time, as a range of the calendar is read.
    public struct TextWriter {
        private let clock: LocalTimes
        private let inert: (String) -> String
        private let write: ([UInt8]) -> Void
        private var out: [UInt8] = []

        /// Times are shown in `timeZone`; `range` is where most of them are (any time is
        /// right, those in it are found faster).
        public init(
            timeZone: TimeZone, range: ClosedRange<Date>, inert: @escaping (String) -> String,
            write: @escaping ([UInt8]) -> Void
        ) {
            clock = LocalTimes(timeZone: timeZone, range: range)
            self.inert = inert
            self.write = write
            out.reserveCapacity(pieceSize + 4096)
        }

        public mutating func append(_ occurrence: Occurrence) {
            if out.count >= pieceSize {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
            let start = clock.fields(of: occurrence.start)
            start.appendDate(to: &out)
            out.append(0x09)
            if occurrence.isDue && occurrence.allDay {
                out.append(contentsOf: "due".utf8)
            } else if occurrence.allDay {
                out.append(contentsOf: "all day".utf8)
                let last = clock.fields(of: AgendaFormat.lastDay(of: occurrence))
                if last.day != start.day || last.month != start.month || last.year != start.year {
                    out.append(contentsOf: " to ".utf8)
                    last.appendDate(to: &out)
                }
            } else if occurrence.isDue {
                out.append(contentsOf: "due ".utf8)
                start.appendTime(to: &out)
            } else {
                start.appendTime(to: &out)
                if occurrence.end > occurrence.start {
                    out.append(0x2D)
                    let end = clock.fields(of: occurrence.end)
                    if end.day != start.day || end.month != start.month || end.year != start.year {
                        end.appendDate(to: &out)
                        out.append(0x20)
                    }
                    end.appendTime(to: &out)
                }
            }
            out.append(0x09)
            appendInert(occurrence.title, to: &out, inert: inert)
            if !occurrence.place.isEmpty {
                out.append(0x09)
                appendInert(occurrence.place, to: &out, inert: inert)
            }
            out.append(0x0A)
        }

        /// Hands on what is left.
        public mutating func finish() {
            write(out)
            out = []
        }
    }

    /// Writes the JSON array one occurrence at a time, as a range of the calendar is read.
    public struct JSONWriter {
        private let clock: LocalTimes
        private let write: ([UInt8]) -> Void
        private var out: [UInt8] = [0x5B]
        private var isFirst = true

        public init(timeZone: TimeZone, range: ClosedRange<Date>, write: @escaping ([UInt8]) -> Void) {
            clock = LocalTimes(timeZone: timeZone, range: range)
            self.write = write
            out.reserveCapacity(pieceSize + 4096)
        }

        public mutating func append(_ occurrence: Occurrence) {
            if out.count >= pieceSize {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
            out.append(contentsOf: isFirst ? "\n  {".utf8 : ",\n  {".utf8)
            isFirst = false
            let clock = self.clock
            func key(_ name: StaticString, first: Bool = false, to out: inout [UInt8]) {
                if !first { out.append(0x2C) }
                out.append(0x22)
                out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
                out.append(contentsOf: "\":".utf8)
            }
            func moment(_ date: Date, allDay: Bool, to out: inout [UInt8]) {
                let fields = clock.fields(of: date)
                out.append(0x22)
                if allDay {
                    fields.appendDate(to: &out)
                } else {
                    fields.appendISO8601(to: &out)
                }
                out.append(0x22)
            }
            key("uid", first: true, to: &out)
            appendJSONString(occurrence.uid, to: &out)
            key("id", to: &out)
            appendJSONString(occurrence.itemID.lowercasedText, to: &out)
            key("kind", to: &out)
            appendJSONString(occurrence.kind.rawValue, to: &out)
            key("title", to: &out)
            appendJSONString(occurrence.title, to: &out)
            key("start", to: &out)
            moment(occurrence.start, allDay: occurrence.allDay, to: &out)
            key("end", to: &out)
            moment(occurrence.allDay ? AgendaFormat.lastDay(of: occurrence) : occurrence.end, allDay: occurrence.allDay,
                   to: &out)
            key("allDay", to: &out)
            out.append(contentsOf: (occurrence.allDay ? "true" : "false").utf8)
            key("recurring", to: &out)
            out.append(contentsOf: (occurrence.isRecurring ? "true" : "false").utf8)
            key("recurrenceId", to: &out)
            if let recurrenceID = occurrence.recurrenceID {
                moment(recurrenceID, allDay: occurrence.allDay, to: &out)
            } else {
                out.append(contentsOf: "null".utf8)
            }
            key("due", to: &out)
            out.append(contentsOf: (occurrence.isDue ? "true" : "false").utf8)
            key("status", to: &out)
            appendJSONString(occurrence.status.rawValue, to: &out)
            key("place", to: &out)
            appendJSONString(occurrence.place, to: &out)
            out.append(0x7D)
        }

        /// Closes the array and hands on what is left.
        public mutating func finish() {
            out.append(contentsOf: isFirst ? "]\n".utf8 : "\n]\n".utf8)
            write(out)
            out = []
        }
    }

    // MARK: - Text pieces

    private static func appendInert(_ text: String, to out: inout [UInt8], inert: (String) -> String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            out.append(contentsOf: text.utf8)
        } else {
            out.append(contentsOf: inert(text).utf8)
        }
    }

    static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var afterC2 = false
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20, 0x7F:
                appendEscape(byte, to: &out)
            default:
                if afterC2 && (0x80..<0xA0).contains(byte) {
                    // A C1 control (U+0080–U+009F): its lead byte is already out.
                    out.removeLast()
                    appendEscape(byte, to: &out)
                } else {
                    out.append(byte)
                }
            }
            afterC2 = byte == 0xC2
        }
        out.append(0x22)
    }

    /// `\u00XX` for one character below U+0100.
    private static func appendEscape(_ value: UInt8, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(value >> 4)])
        out.append(hex[Int(value & 0xF)])
    }
}

/// Local dates and times of many instants, from a table of the zone's offsets.
struct LocalTimes {
    let timeZone: TimeZone
    let offsets: OffsetTable
    /// Where the table holds: outside, the zone itself is asked.
    let covered: ClosedRange<Double>

    init(timeZone: TimeZone, range: ClosedRange<Date>) {
        self.timeZone = timeZone
        let from = range.lowerBound.unixSeconds
        let to = range.upperBound.unixSeconds
        offsets = OffsetTable(timeZone: timeZone, from: from, to: to)
        covered = from...to
    }

    /// The local fields of an instant.
    func fields(of date: Date) -> LocalFields {
        let instant = date.unixSeconds.rounded(.down)
        let offset =
            covered.contains(instant)
            ? offsets.offset(at: instant) : Double(timeZone.secondsFromGMT(for: Date(unixSeconds: instant)))
        let local = Int(instant + offset)
        var days = local / 86_400
        var seconds = local % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = LocalFields.civil(fromDays: days)
        return LocalFields(
            year: year, month: month, day: day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60,
            offsetMinutes: Int(offset) / 60)
    }
}

/// A local date and time, written as digits straight into bytes.
struct LocalFields {
    var year, month, day, hour, minute, second, offsetMinutes: Int

    /// The civil date of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The last `width` decimal digits of `value`, with leading zeros.
    private static func digits(_ value: Int, _ width: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        let rest = abs(value)
        while divisor > 0 {
            out.append(UInt8(0x30 + (rest / divisor) % 10))
            divisor /= 10
        }
    }

    /// `2026-11-23`
    func appendDate(to out: inout [UInt8]) {
        Self.digits(year, 4, to: &out)
        out.append(0x2D)
        Self.digits(month, 2, to: &out)
        out.append(0x2D)
        Self.digits(day, 2, to: &out)
    }

    /// `09:00`
    func appendTime(to out: inout [UInt8]) {
        Self.digits(hour, 2, to: &out)
        out.append(0x3A)
        Self.digits(minute, 2, to: &out)
    }

    /// `2026-11-23T09:00:00+01:00`
    func appendISO8601(to out: inout [UInt8]) {
        appendDate(to: &out)
        out.append(0x54)
        appendTime(to: &out)
        out.append(0x3A)
        Self.digits(second, 2, to: &out)
        out.append(offsetMinutes < 0 ? 0x2D : 0x2B)
        Self.digits(abs(offsetMinutes) / 60, 2, to: &out)
        out.append(0x3A)
        Self.digits(abs(offsetMinutes) % 60, 2, to: &out)
    }
}
