import Foundation

/// What a reader of one JSON format made of a file: the items to write, each under the UID
/// that finds it again on the next import, and what it skipped or noted, with positions.
struct ImportedRecords {
    /// One item read from one record.
    struct Record: Sendable {
        /// The key that matches the item on a later import (stored as its iCalendar UID).
        var uid: String
        var item: Item
        /// Where it came from: the record's place in its list (from 1), its line, and what
        /// the summary calls it (`task`, `schedule`, `stop`, …).
        var position: Position
        /// True when the record carries its own `created` date, kept over the stored one.
        var keepsCreated = false
        /// The Datebook id the record names (Datebook JSON): the stored item with that id is
        /// updated, keeping its UID, whatever `uid` says.
        var id: UUID? = nil
    }

    /// Where a record is in the file.
    struct Position: Sendable {
        var record: Int
        var line: Int
        var component: String

        /// A note about this record.
        func note(_ message: String, uid: String? = nil) -> ImportReport.Note {
            ImportReport.Note(line: line, component: component, uid: uid, message: message, record: record)
        }
    }

    var records: [Record] = []
    var skipped: [ImportReport.Note] = []
    var warnings: [ImportReport.Note] = []
    /// A list read as it is written instead (`reading`): how many values, and what the values
    /// at a range of indices become (called on any thread, a part of the list at a time).
    var pending: (count: Int, outcomes: @Sendable (Range<Int>) throws(ImportError) -> [Outcome])?

    /// How many outcomes there are.
    var count: Int { pending?.count ?? records.count }

    /// The place of the `index`th value (from 0) of a list whose values begin on `lines`.
    static func position(_ index: Int, lines: [Int], component: String) -> Position {
        Position(record: index + 1, line: index < lines.count ? lines[index] : 1, component: component)
    }
}

/// How a reader reads: the zone floating times are in, and the batch's instant.
struct ReadingContext {
    let wallClock: WallClock
    let now: Date
    /// A new item's id; the importer replaces it with the id its UID names.
    static let placeholderID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}

extension ImportedRecords {
    /// What one value of a list became.
    enum Outcome: Sendable {
        /// An item, with notes about it.
        case record(Record, notes: [ImportReport.Note])
        /// Nothing, with the reason.
        case skipped(ImportReport.Note)
        /// Nothing, and nothing to say (a Taskwarrior instance its series stands for).
        case left
    }

    /// Reads each value of `list` with `read` while the importer writes: in parts on every
    /// core, each part decoded and read as its turn nears, and written as soon as it and those
    /// before it are read.
    static func reading(_ list: JSONList, _ read: @escaping (Any, Int) -> Outcome) -> ImportedRecords {
        let shared = UncheckedSendable(read)
        var result = ImportedRecords()
        result.pending = (list.count, { range throws(ImportError) in
            zip(range, try list.values(range)).map { index, value in shared.value(value, index) }
        })
        return result
    }
}
