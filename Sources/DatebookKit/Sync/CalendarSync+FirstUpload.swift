import Foundation
import GRDB

/// The first sync of many items into an empty calendar, in one request.
///
/// A CalDAV server takes one resource per PUT, and Radicale checks each new one against every
/// resource the calendar holds, so thousands of items sent one by one take a time that grows
/// with the square of their number. Radicale also takes a whole calendar in one PUT on the
/// collection's address (how its web page uploads a file). When the calendar on the server is
/// empty and nothing was agreed with it yet, that is tried first, conditional on the
/// collection's ETag (`If-Match`: if anyone wrote to it meanwhile, the server refuses and
/// nothing is replaced); a server that does not take it answers an error, and the items go one
/// by one as always.
extension CalendarSync {
    /// Below this many new items, one by one is quick enough.
    static let firstUploadMinimum = 100

    /// Sends `candidates` (all new) in one PUT when the calendar on the server is empty; returns
    /// false when that was not possible and nothing was sent.
    func uploadWhole(_ candidates: [SyncCandidate]) throws -> Bool {
        guard candidates.count >= Self.firstUploadMinimum, candidates.allSatisfy({ $0.resource == nil && $0.rowID != nil })
        else { return false }
        // Empty on the server, and its ETag now.
        let answer = try client.propfind(collection.url, depth: 1, properties: [(DAVNamespace.dav, "getetag")])
        let members = answer.responses.filter { key(ofHref: $0.href) != collection.url.path }
        guard members.isEmpty,
            let etag = answer.responses.first(where: { key(ofHref: $0.href) == collection.url.path })?.etag
        else { return false }

        progress("sending \(candidates.count) items at once")
        let rowIDs = candidates.compactMap(\.rowID)
        var texts: [(uid: String, name: String, text: String)] = []
        texts.reserveCapacity(rowIDs.count)
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let list = InList(rowIDs[start..<min(start + 500, rowIDs.count)])
            let items = try store.read { db in
                try SQLiteStore.fetchItems(
                    coding: store.storedTime, db, sql: "SELECT id FROM item WHERE id IN (\(list.places))",
                    arguments: list.arguments)
            }
            for item in items {
                texts.append((item.icalendarUID, Self.resourceName(for: item), coder.text(for: item)))
            }
        }
        let body = Self.wholeCalendar(texts.map(\.text), name: collection.displayName)
        let outcome: DAVClient.WriteOutcome
        do {
            // The server writes every item before it answers: a tenth of a second each is allowed.
            outcome = try client.put(
                collection.url, Data(body.utf8), contentType: "text/calendar; charset=utf-8", ifMatch: etag,
                timeout: max(client.session.timeout, Double(candidates.count) / 10))
        } catch let error {
            // Not a server that takes a whole calendar (405, 409, 415…): one by one.
            if case let .status(code, _) = error, code < 500 { return false }
            throw error
        }
        guard case .done = outcome else { return false }

        // The server named the resources: by UID where it could. Those found are agreed now;
        // any other is recognised by its fields at the next sync.
        let listing = try client.syncCollection(collection.url, token: nil, properties: [(DAVNamespace.dav, "getetag")])
        var byName: [String: (uid: String, text: String)] = [:]
        for sent in texts { byName[sent.name] = (sent.uid, sent.text) }
        try store.writeBatch(.few) { db, batch in
            var matched = 0
            for response in listing?.responses ?? [] {
                guard let key = key(ofHref: response.href), key != collection.url.path,
                    let sent = byName[(key as NSString).lastPathComponent]
                else { continue }
                let identity = try batch.identity(ofUID: sent.uid)
                try remember(
                    key, uid: sent.uid, etag: response.etag, base: sent.text,
                    agreed: try identity.flatMap { try batch.item(id: $0.id) }, db, batch)
                matched += 1
            }
            // With a resource the server named otherwise, the next sync lists the whole calendar
            // (and finds it by its fields) rather than only what changed since now.
            if matched == texts.count, let token = listing?.syncToken {
                try ledger.keepToken(token, db)
            }
        }
        report.items.sentNew += candidates.count
        return true
    }

    /// One VCALENDAR holding every resource's components, each VTIMEZONE once, named `name`.
    static func wholeCalendar(_ resources: [String], name: String) -> String {
        var zones: [String: String] = [:]
        var zoneOrder: [String] = []
        var components = ""
        for text in resources {
            var rest = Substring(text)
            // Each resource is BEGIN:VCALENDAR, its header lines, VTIMEZONEs, components, END.
            while let begin = rest.range(of: "\r\nBEGIN:") {
                let start = begin.lowerBound
                let nameStart = begin.upperBound
                guard let lineEnd = rest[nameStart...].range(of: "\r\n") else { break }
                let componentName = String(rest[nameStart..<lineEnd.lowerBound])
                guard let end = rest[lineEnd.upperBound...].range(of: "\r\nEND:\(componentName)\r\n") else { break }
                // "\r\n" is one Character.
                let component = String(rest[rest.index(after: start)..<end.upperBound])
                if componentName == "VTIMEZONE" {
                    let tzid = ICalendarZones.tzid(ofDefinition: component) ?? component
                    if zones[tzid] == nil {
                        zones[tzid] = component
                        zoneOrder.append(tzid)
                    }
                } else {
                    components += component
                }
                rest = rest[rest.index(before: end.upperBound)...]
            }
        }
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(ICalendarExporter.productID)\r\n"
        if !name.isEmpty { text += "X-WR-CALNAME:\(name.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " "))\r\n" }
        for tzid in zoneOrder { text += zones[tzid]! }
        return text + components + "END:VCALENDAR\r\n"
    }
}
