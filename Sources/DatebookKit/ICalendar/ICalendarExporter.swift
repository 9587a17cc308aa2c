import Foundation

/// Writes the store's items as one iCalendar (RFC 5545) stream that other programs read back
/// to the same events: a VTIMEZONE for every named zone used, then each item's components
/// (see `ICalendarEncoder`).
///
/// Items in History go too: completed tasks with STATUS:COMPLETED, deleted items with
/// STATUS:CANCELLED. Items are read 500 at a time, so memory stays small for any number.
public struct ICalendarExporter {
    /// Where the items come from.
    public let reader: any ItemReader

    /// The PRODID Datebook writes.
    public static let productID = "-//Datebook//Datebook//EN"

    public init(reader: any ItemReader) {
        self.reader = reader
    }

    // MARK: - Exporting

    /// Writes every item, or, with a range, every item with a time (or an instance) in
    /// `[from, to)` — a recurring series whole — to `write`, in pieces; returns how many items
    /// were written.
    @discardableResult
    public func export(from: Date? = nil, to: Date? = nil, into output: (String) throws -> Void) throws -> Int {
        // No raw control character leaves in a file, whatever a title or a kept property holds.
        func write(_ text: String) throws { try output(ControlCharacters.inICalendar(text)) }
        let coding = StoredTime(timeZone: reader.timeZone)
        let now = reader.clock.now()
        let selection = try reader.itemSelection(showingFrom: from, to: to)
        let zoneNames = try reader.zoneNames(in: selection)
        let definitions = try reader.storedZoneDefinitions()

        try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(Self.productID)\r\nCALSCALE:GREGORIAN\r\n")
        for name in zoneNames {
            let text = TimeZoneRegistry.shared.definition(ofSystemZone: name) ?? definitions[name]
            if let text { try write(text.hasSuffix("\r\n") ? text : text + "\r\n") }
        }
        let encoder = ICalendarEncoder(coding: coding, now: now, zoneDefinitions: definitions)
        for start in stride(from: 0, to: selection.count, by: Self.itemsPerRead) {
            let items = try reader.items(in: selection, at: start..<min(start + Self.itemsPerRead, selection.count))
            var text = ""
            for item in items {
                for component in encoder.components(for: item) {
                    text += component
                }
            }
            try write(text)
        }
        try write("END:VCALENDAR\r\n")
        return selection.count
    }

    /// How many items are read at once.
    static let itemsPerRead = 500

    /// The whole export as one string.
    public func exportString(from: Date? = nil, to: Date? = nil) throws -> String {
        var result = ""
        try export(from: from, to: to) { result += $0 }
        return result
    }
}
