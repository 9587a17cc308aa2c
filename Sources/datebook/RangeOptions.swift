import ArgumentParser
import DatebookKit
import Foundation

/// `--from` and `--to`: the range of dates a command reads (`agenda`, `export`).
struct RangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The start of the range: a day (from its midnight) or a moment.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The end of the range (a date alone: to the end of it).", valueName: "date"))
    var to: String?

    /// The range the options give, or, with `days`, `days` calendar days from `--from` (or
    /// from today's midnight); explains on stderr and exits when a date cannot be read.
    func range(days: Int? = nil, command: String) -> DateRange {
        DateRange.read(from: from, to: to, days: days, command: command)
    }
}

/// A range read from --from, --to and --days, as the scripting commands take it.
struct DateRange {
    var from: Date?
    var to: Date?

    /// Reads the options, or explains on stderr and exits. `--to` with a date alone means the
    /// end of that day; `--days` counts calendar days from the start (so a DST change does not
    /// move the end off midnight).
    static func read(from: String?, to: String?, days: Int?, command: String) -> DateRange {
        let calendar = Console.calendar
        let now = Date()
        func parse(_ text: String, _ name: String) -> ParsedDate {
            Console.date(text, option: name, command: command, relativeTo: now)
        }
        var range = DateRange()
        if let from {
            range.from = parse(from, "from").date
        }
        if let to {
            let parsed = parse(to, "to")
            range.to = parsed.hasTime ? parsed.date : calendar.date(byAdding: .day, value: 1, to: parsed.date)
        } else if let days {
            let start = range.from ?? calendar.startOfDay(for: now)
            range.from = start
            range.to = calendar.date(byAdding: .day, value: days, to: start)
        }
        // Every command that reads a range says so alike (an export wrote an empty calendar).
        if let start = range.from, let end = range.to, end <= start {
            Console.fail("datebook \(command): the range ends before it starts")
        }
        return range
    }
}
