internal import CLibical
import Foundation

/// Reads the VEVENTs of an iCalendar stream without writing anything: what a subscription to
/// someone else's calendar needs (their events are never items of mine).
///
/// It splits and decodes the stream as `ICalendarImporter` does (`ICalendarScanner`,
/// `ComponentDecoder`), on the calling thread, and hands back each event with the few
/// properties a busy time needs besides the item.
struct ICalendarEventReader {
    /// One VEVENT read.
    struct Event {
        var item: Item
        var uid: String
        /// Set for a component with a RECURRENCE-ID: a change to one instance of a series.
        var override: RecurrenceOverride?
        /// True when the component had a SUMMARY of its own.
        var hasTitle: Bool
        /// True when the event does not make its owner busy (TRANSP:TRANSPARENT) or was
        /// cancelled (STATUS:CANCELLED).
        var isFree: Bool
        /// True when its owner marked it private or confidential (CLASS): its title is not shown.
        var isPrivate: Bool
    }

    /// The events of the stream, the VTIMEZONEs it defines (by TZID), and how many components
    /// could not be read.
    struct Result {
        var events: [Event] = []
        var zoneDefinitions: [String: String] = [:]
        var skipped = 0
    }

    /// Why a stream is no calendar at all.
    enum Failure: Error, Equatable {
        case empty
        case noCalendar
    }

    let timeZone: TimeZone
    /// The largest component read; a larger one is skipped.
    var largestComponent = ComponentReader.largestComponent

    /// Reads every VEVENT of `data`.
    func read(_ data: Data) throws(Failure) -> Result {
        guard !data.isEmpty else { throw .empty }
        Libical.prepare()
        let outcome: Swift.Result<Result, Failure> = data.withUnsafeBytes { bytes in
            let scanner = ICalendarScanner(bytes)
            guard !scanner.chunks.isEmpty || scanner.sawCalendar else { return .failure(.noCalendar) }
            var result = Result()
            for chunk in scanner.chunks where chunk.name == "VTIMEZONE" {
                let text = ICalendarScanner.text(of: chunk, in: bytes).text
                if let tzid = ICalendarZones.tzid(ofDefinition: text) { result.zoneDefinitions[tzid] = text }
            }
            let zones = ICalendarZones(fileDefinitions: result.zoneDefinitions)
            let decoder = ComponentDecoder(zones: zones, coding: StoredTime(timeZone: timeZone), now: Date())
            for chunk in scanner.chunks where chunk.name == "VEVENT" {
                guard chunk.range.count <= largestComponent else {
                    result.skipped += 1
                    continue
                }
                let text = ICalendarScanner.text(of: chunk, in: bytes).text
                guard let component = Libical.parse(text) else {
                    _ = Libical.takeError()
                    result.skipped += 1
                    continue
                }
                let decoded = decoder.decode(component, text: text)
                icalcomponent_free(component)
                _ = Libical.takeError()
                guard case let .success(found) = decoded else {
                    result.skipped += 1
                    continue
                }
                let written = ComponentDecoder.writtenValues(of: ["SUMMARY", "TRANSP", "STATUS", "CLASS"], in: text)
                func value(_ name: String) -> String? {
                    written[name]?.trimmingCharacters(in: .whitespaces).uppercased()
                }
                let summary = written["SUMMARY"]
                result.events.append(Event(
                    item: found.item, uid: found.uid, override: found.override,
                    hasTitle: !(summary ?? "").trimmingCharacters(in: .whitespaces).isEmpty,
                    isFree: value("TRANSP") == "TRANSPARENT" || value("STATUS") == "CANCELLED",
                    isPrivate: value("CLASS").map { $0 == "PRIVATE" || $0 == "CONFIDENTIAL" } ?? false))
            }
            return .success(result)
        }
        return try outcome.get()
    }
}
