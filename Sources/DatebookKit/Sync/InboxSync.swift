import Foundation

/// Meeting and contact messages through the server: what waits in the outbox goes into each recipient's
/// inbox collection, and what others left in mine is applied (as `datebook inbox FILE` does)
/// and removed.
///
/// A recipient's inbox is found beside my home on the same server: `/EMAIL/inbox/`, else
/// `/NAME/inbox/` for the part of the address before `@` (a household server whose users are
/// named by their address, or by their first name). Each message is written under the name of
/// its outbox file with `If-None-Match: *`, so a sync stopped after the write and before the
/// file was moved to `outbox/sent/` delivers it once. A poll goes sealed in a `VJOURNAL`
/// (`MessageEnvelope`), which every server stores.
final class InboxSync {
    let store: SQLiteStore
    let client: DAVClient
    /// My inbox on the server.
    let inbox: SyncCollection
    /// The folder that holds the users' homes (`/` on Radicale).
    let homes: URL
    var report = SyncReport()

    init(store: SQLiteStore, client: DAVClient, inbox: SyncCollection) {
        self.store = store
        self.client = client
        self.inbox = inbox
        // /alice/inbox/ → /alice/ → /
        homes = inbox.url.deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The inbox addresses to try for a recipient, in order.
    func inboxes(of email: String) -> [URL] {
        var names = [email.lowercased()]
        if let at = email.firstIndex(of: "@") { names.append(String(email[..<at]).lowercased()) }
        return names.map { homes.appendingPathComponent($0, isDirectory: true).appendingPathComponent("inbox", isDirectory: true) }
    }

    /// The recipient a message file is for: `…-to-bob@example.org-3.ics` → `bob@example.org`.
    static func recipient(ofFile name: String) -> String? {
        guard name.hasSuffix(".ics"), let to = name.range(of: "-to-", options: .backwards) else { return nil }
        var rest = name[to.upperBound...].dropLast(4)
        guard let dash = rest.lastIndex(of: "-") else { return nil }
        rest = rest[..<dash]
        return rest.contains("@") ? String(rest) : nil
    }

    /// Delivers every message waiting in `outbox`; returns how many went.
    func deliver(_ outbox: MeetingOutbox) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: outbox.folder)) ?? [])
            .filter { $0.hasSuffix(".ics") }.sorted()
        for name in names {
            let path = (outbox.folder as NSString).appendingPathComponent(name)
            guard let recipient = Self.recipient(ofFile: name), var data = FileManager.default.contents(atPath: path)
            else { continue }
            if MessageEnvelope.isSealed(whenSending: data) {
                // A poll: not every server stores a VPOLL in a calendar collection.
                data = MessageEnvelope.seal(data, uid: String(name.dropLast(4)), now: store.clock.now())
            }
            var delivered = false
            for address in inboxes(of: recipient) {
                let outcome: DAVClient.WriteOutcome
                do {
                    outcome = try client.put(
                        address.appendingPathComponent(name, isDirectory: false), data,
                        contentType: "text/calendar; charset=utf-8", ifMatch: nil)
                } catch let error {
                    // No such inbox here (404/409), or not one I may write to: the next name.
                    if case let .status(code, _) = error, [404, 409].contains(code) { continue }
                    if case .notAllowed(403) = error { continue }
                    throw error
                }
                switch outcome {
                case .done, .changedMeanwhile:
                    delivered = true
                case .gone:
                    continue
                }
                if delivered { break }
            }
            if delivered {
                let sent = (outbox.folder as NSString).appendingPathComponent("sent")
                try? PrivateFile.makeFolder(sent)
                try? FileManager.default.removeItem(atPath: (sent as NSString).appendingPathComponent(name))
                try FileManager.default.moveItem(atPath: path, toPath: (sent as NSString).appendingPathComponent(name))
                report.messagesSent += 1
            } else {
                report.notes.append("no inbox for \(recipient) on the server; the message waits in \(outbox.folder)")
            }
        }
    }

    /// True for an error that reading the message again would give again: it cannot be read,
    /// or it is refused as it stands.
    static func isFinal(_ error: Error) -> Bool {
        switch error {
        case is ITIPReader.Failure: return true
        case MeetingError.refused, MeetingError.invalid: return true
        case ContactError.invalid: return true
        default: return false
        }
    }

    /// Applies the messages in my inbox, then removes each from the server.
    func receive() throws {
        let listing = try client.propfind(inbox.url, depth: 1, properties: [(DAVNamespace.dav, "getetag")])
        for response in listing.responses {
            guard let url = URL(string: response.href, relativeTo: inbox.url)?.absoluteURL,
                url.path != inbox.url.path, !url.path.hasSuffix("/"),
                let (data, etag) = try client.get(url)
            else { continue }
            do {
                let outcomes = try InboxFile.apply(data, to: store)
                report.messagesReceived += outcomes.count
                report.notes += outcomes.filter(\.changed).map(\.summary)
            } catch {
                guard Self.isFinal(error) else {
                    // Not applied for a reason that may pass (who I am is not set yet, the
                    // database is busy or full): left in the inbox for the next sync.
                    report.notes.append("\(url.lastPathComponent) stays in the inbox: \(error)")
                    continue
                }
                report.unreadable.append("\(url.lastPathComponent) in the inbox: \(error)")
            }
            // Applied (or refused, which reading it again would not change): removed.
            _ = try client.delete(url, ifMatch: etag ?? response.etag)
        }
    }
}
