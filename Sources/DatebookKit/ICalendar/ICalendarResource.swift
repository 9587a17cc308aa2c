internal import CLibical
import Foundation

/// One item as one iCalendar resource: a CalDAV calendar object (RFC 4791 §4.1), a VCALENDAR
/// holding one UID — the item's component, the components of its changed instances, and the
/// VTIMEZONE of its zone — written and read the way `ICalendarExporter` and
/// `ICalendarImporter` write and read whole files, so every property kept on import goes back.
public struct ICalendarResource {
    let coding: StoredTime
    let now: Date
    /// VTIMEZONEs of zones the system does not know, by TZID (the store's).
    let zoneDefinitions: [String: String]

    public init(timeZone: TimeZone, now: Date, storedZoneDefinitions: [String: String]) {
        coding = StoredTime(timeZone: timeZone)
        self.now = now
        zoneDefinitions = storedZoneDefinitions
    }

    /// The resource's text for `item`, with CRLF line ends and no raw control character.
    public func text(for item: Item) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(ICalendarExporter.productID)\r\n"
        if let name = item.timeZone.identifier,
            let zone = TimeZoneRegistry.shared.definition(ofSystemZone: name) ?? zoneDefinitions[name]
        {
            text += zone.hasSuffix("\r\n") ? zone : zone + "\r\n"
        }
        let encoder = ICalendarEncoder(coding: coding, now: now, zoneDefinitions: zoneDefinitions)
        for component in encoder.components(for: item) {
            text += component
        }
        text += "END:VCALENDAR\r\n"
        return ControlCharacters.inICalendar(text)
    }

    /// What a resource's text holds: its item and the VTIMEZONE of the item's zone when the
    /// system does not know it.
    public struct Read {
        public var item: Item
        public var zoneDefinition: String?
    }

    /// The item a resource's text holds, its changed instances on it; nil when it holds no
    /// VEVENT or VTODO that can be read, or only instances. The item's id is not yet the
    /// store's: the caller gives it.
    public func item(from text: String) -> Item? {
        read(text)?.item
    }

    /// The item a resource's text holds (see `item(from:)`) with its zone's definition.
    public func read(_ text: String) -> Read? {
        Libical.prepare()
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBytes { buffer -> Read? in
            let bytes = UnsafeRawBufferPointer(buffer)
            let scanner = ICalendarScanner(bytes)
            var fileZones: [String: String] = [:]
            for chunk in scanner.chunks where chunk.name == "VTIMEZONE" {
                let zone = ICalendarScanner.text(of: chunk, in: bytes).text
                if let tzid = ICalendarZones.tzid(ofDefinition: zone) { fileZones[tzid] = zone }
            }
            let zones = ICalendarZones(fileDefinitions: fileZones, storedDefinitions: zoneDefinitions)
            let decoder = ComponentDecoder(zones: zones, coding: coding, now: now)
            var master: Item?
            var overrides: [RecurrenceOverride] = []
            for chunk in scanner.chunks where chunk.name == "VEVENT" || chunk.name == "VTODO" {
                let componentText = ICalendarScanner.text(of: chunk, in: bytes).text
                guard let component = Libical.parse(componentText) else {
                    _ = Libical.takeError()
                    continue
                }
                let decoded = decoder.decode(component, text: componentText)
                icalcomponent_free(component)
                _ = Libical.takeError()
                guard case let .success(found) = decoded else { continue }
                if let override = found.override {
                    overrides.append(override)
                } else if master == nil {
                    var item = found.item
                    item.icalUID = found.uid
                    master = item
                }
            }
            guard var master else { return nil }
            master.setOverrides(overrides)
            let definition = master.timeZone.identifier.flatMap { name in
                TimeZoneRegistry.shared.definition(ofSystemZone: name) == nil ? fileZones[name] : nil
            }
            return Read(item: master, zoneDefinition: definition)
        }
    }
}
