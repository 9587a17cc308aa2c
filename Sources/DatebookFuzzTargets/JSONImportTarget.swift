import DatebookKit
import Foundation

/// The JSON imports: the task list, the timetable and the Taskwarrior export of the fixtures
/// (and Datebook's own `list --json` of a few items), mutated, imported into an empty store by
/// format recognised from the content, as `datebook import` does.
///
/// Oracle: besides crashes and time, every item stored must pass `validate()`, the report must
/// count as many added as the store holds, and `list --json` of what was stored must be JSON
/// again with no raw control character.
struct JSONImportTarget: FuzzTarget {
    let name = "json"
    let fileExtension = "json"
    let stores = ReusedStore(now: ICalendarTarget.now, timeZone: ICalendarTarget.zone)
    /// The seed files, each as its lines.
    let seeds: [[[UInt8]]]

    init(seedFiles: [[UInt8]]) {
        seeds = seedFiles.map { ICalendarTarget.lines($0) }
    }

    /// Values that stress the readers' fields: dates at their edges and in other forms, numbers
    /// too large, types other than the field's, control characters and long texts.
    static let values = [
        "null", "true", "0", "-1", "1e309", "9223372036854775808", "\"\"", "\" \"", "[]", "{}", "[[[[[[[[", "]]]]",
        "\"20261301T250000Z\"", "\"00000101T000000Z\"", "\"99991231T235959Z\"", "\"2026-11-23\"", "\"2026-02-30T10:00\"",
        "\"tomorrow\"", "\"P1D\"", "\"weekly\"", "\"FREQ=SECONDLY;COUNT=1000000000\"", "\"\\u0000\"",
        "\"\\u001b]0;x\\u0007\"", "\"\\u009b2J\"", "\"\\ud800\"", "\"会议\"", "\"" + String(repeating: "x", count: 10_000) + "\"",
    ]

    /// A few keys each reader looks for, put where another was.
    static let keys = [
        "description", "due", "scheduled", "wait", "until", "recur", "status", "uuid", "tags", "annotations", "priority",
        "project", "title", "times", "start", "end", "week", "student", "schedules", "stops", "parkings", "id", "kind",
    ]

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 7, index: index)
        return LineMutations.input(dice.pick(seeds), &dice, lineEnd: { _ in [0x0A] }, mutate: mutate)
    }

    private func mutate(_ lines: inout [[UInt8]], _ dice: inout Dice) {
        guard !lines.isEmpty else {
            lines.append(Array("[".utf8))
            return
        }
        let at = dice.int(0...lines.count - 1)
        let roll = dice.int(0...9)
        if LineMutations.reshape(&lines, at: at, roll: roll, most: 5_000, &dice) { return }
        switch roll {
        case 4, 5, 6: replaceValue(&lines[at], &dice)
        case 7: replaceKey(&lines[at], &dice)
        case 8:  // nesting
            let open = dice.pick(["[", "{\"a\":", "[{\"description\":"])
            let count = dice.oneIn(5) ? dice.int(60...5_000) : dice.few(4)
            lines.insert(Array(String(repeating: open, count: count).utf8), at: at)
        default:  // a line cut short
            lines[at].removeSubrange(dice.int(0...lines[at].count)...)
        }
    }

    /// Puts one of `values` after a `:` of the line, up to the next `,` or `}`.
    private func replaceValue(_ line: inout [UInt8], _ dice: inout Dice) {
        let colons = line.indices.filter { line[$0] == 0x3A }
        guard !colons.isEmpty else { return }
        let start = dice.pick(colons) + 1
        var end = start
        var quoted = false
        while end < line.count {
            let byte = line[end]
            if byte == 0x22 && (end == start || line[end - 1] != 0x5C) { quoted.toggle() }
            if !quoted && (byte == 0x2C || byte == 0x7D || byte == 0x5D) { break }
            end += 1
        }
        line.replaceSubrange(start..<end, with: Array(dice.pick(Self.values).utf8))
    }

    /// Renames a key of the line (`"due":` → `"until":`).
    private func replaceKey(_ line: inout [UInt8], _ dice: inout Dice) {
        let colons = line.indices.filter { $0 > 0 && line[$0] == 0x3A && line[$0 - 1] == 0x22 }
        guard let colon = colons.isEmpty ? nil : dice.pick(colons),
            let open = line[..<(colon - 1)].lastIndex(of: 0x22)
        else { return }
        line.replaceSubrange((open + 1)..<(colon - 1), with: Array(dice.pick(Self.keys).utf8))
    }

    func run(_ input: [UInt8]) -> String? {
        let store = stores.fresh(for: input)
        // A refused file or a skipped record is an answer, not a failure.
        guard let result = try? FileImporter(writer: store).importData(Data(input)) else { return nil }
        guard let items = try? store.activeItems(offset: 0, limit: Int.max) + store.historyItems(offset: 0, limit: Int.max)
        else { return "the store cannot be read after the import" }
        if result.report.added != items.count {
            return "the report says \(result.report.added) added, the store holds \(items.count)"
        }
        for item in items {
            if let issue = item.validate().first { return "stored “\(item.title)”, which validate() refuses: \(issue.message)" }
        }
        guard let json = try? ItemJSON.encode(items, timeZone: ICalendarTarget.zone) else {
            return "list --json cannot write what was imported"
        }
        if (try? JSONSerialization.jsonObject(with: json)) == nil { return "list --json wrote something that is not JSON" }
        if let bad = String(decoding: json, as: UTF8.self).unicodeScalars.first(where: ICalendarTarget.isRawControl) {
            return String(format: "list --json carries raw U+%04X", bad.value)
        }
        return nil
    }
}
