import Foundation

/// Reads iTIP messages (RFC 5546) about meetings from iCalendar text: the polls, replies,
/// confirmed events and cancels `ITIPWriter` writes, and a plain `METHOD:REQUEST` event from
/// another calendar program.
///
/// Content lines are read as the vCard reader reads them (the syntax is the same), so a
/// message never reaches libical: deep nesting, long lines and bad bytes cost nothing. Whatever
/// is wrong comes back as an `ITIPReader.Failure` that says what.
public enum ITIPReader {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notICalendar
        case tooLarge(Int)
        case noMethod
        case unknownMethod(String)
        case nothingToRead
        case missing(String)
        case tooManySlots(Int)
        case badSlot(String)

        public var description: String {
            switch self {
            case .notICalendar: return "this is not an iCalendar file"
            case let .tooLarge(size): return "the message is \(size / 1_000_000) MB; a meeting message is a few KB"
            case .noMethod: return "the file has no METHOD: it is a calendar, not a message about a meeting (import it with datebook import)"
            case let .unknownMethod(method): return "METHOD:\(method) is not one Datebook reads (REQUEST, REPLY, CANCEL)"
            case .nothingToRead: return "the message holds no poll and no event"
            case let .missing(what): return "the message has no \(what)"
            case let .tooManySlots(count): return "the poll offers \(count) times; at most \(Meeting.maximumSlots) are read"
            case let .badSlot(what): return what
            }
        }
    }

    /// The largest message read.
    static let largest = 1_000_000

    public static func read(_ data: Data) throws(Failure) -> [ITIPMessage] {
        guard data.count <= largest else { throw .tooLarge(data.count) }
        var method: String?
        var messages: [ITIPMessage] = []
        var sawCalendar = false
        // The open components, each with its properties so far.
        var stack: [(name: String, properties: [VCardProperty])] = []
        // The VPOLL being read: its slots, and each VVOTER's VOTER with its VOTEs.
        var pollEvents: [[VCardProperty]] = []
        var voters: [(voter: VCardProperty?, votes: [[VCardProperty]])] = []
        var votes: [[VCardProperty]] = []
        for line in VCardLines(Array(data)) {
            guard let property = VCardProperty(line) else { continue }
            if property.name == "BEGIN" {
                let name = property.text.uppercased()
                stack.append((name, []))
                guard stack.count <= 6 else { throw .badSlot("the message nests components \(stack.count) deep") }
                if name == "VCALENDAR" { sawCalendar = true }
                if name == "VPOLL" {
                    pollEvents = []
                    voters = []
                }
                if name == "VVOTER" { votes = [] }
                continue
            }
            if property.name == "END" {
                guard let (name, properties) = stack.popLast() else { continue }
                let parent = stack.last?.name
                switch (name, parent) {
                case ("VEVENT", "VPOLL"): pollEvents.append(properties)
                case ("VOTE", "VVOTER"): votes.append(properties)
                case ("VVOTER", _): voters.append((first("VOTER", properties), votes))
                case ("VPOLL", _):
                    guard let method else { throw .noMethod }
                    messages.append(try pollMessage(method, properties, pollEvents, voters))
                case ("VEVENT", _):
                    guard let method else { throw .noMethod }
                    messages.append(try eventMessage(method, properties))
                default: break
                }
                continue
            }
            if stack.last?.name == "VCALENDAR", property.name == "METHOD" { method = property.text.uppercased() }
            if !stack.isEmpty { stack[stack.count - 1].properties.append(property) }
        }
        guard sawCalendar else { throw .notICalendar }
        guard method != nil else { throw .noMethod }
        guard !messages.isEmpty else { throw .nothingToRead }
        return messages
    }

    private static func methodOf(_ text: String) throws(Failure) -> ITIPMessage.Method {
        guard let method = ITIPMessage.Method(rawValue: text) else { throw .unknownMethod(text) }
        return method
    }

    private static func first(_ name: String, _ properties: [VCardProperty]) -> VCardProperty? {
        properties.first { $0.name == name }
    }

    private static func header(_ method: String, _ properties: [VCardProperty], form: ITIPMessage.Form)
        throws(Failure) -> ITIPMessage
    {
        let method = try methodOf(method)
        guard let uid = first("UID", properties)?.text, !uid.isEmpty else { throw .missing("UID") }
        guard let organizer = first("ORGANIZER", properties).map(person) else { throw .missing("ORGANIZER") }
        let sequence = first("SEQUENCE", properties).flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) } ?? 0
        var message = ITIPMessage(method: method, form: form, uid: uid, sequence: max(0, sequence), organizer: organizer)
        message.title = first("SUMMARY", properties)?.text ?? ""
        message.place = first("LOCATION", properties)?.text ?? ""
        message.notes = first("DESCRIPTION", properties)?.text ?? ""
        message.stamp = first("DTSTAMP", properties).flatMap(date)
        return message
    }

    private static func pollMessage(
        _ method: String, _ poll: [VCardProperty], _ events: [[VCardProperty]],
        _ voters: [(voter: VCardProperty?, votes: [[VCardProperty]])]
    ) throws(Failure) -> ITIPMessage {
        var message = try header(method, poll, form: .poll)
        if first("STATUS", poll)?.text.uppercased() == "CANCELLED" { message.method = .cancel }
        message.deadline = first("DTEND", poll).flatMap(date)
        guard events.count <= Meeting.maximumSlots else { throw .tooManySlots(events.count) }
        for event in events {
            guard let id = first("POLL-ITEM-ID", event).flatMap({ Int($0.text.trimmingCharacters(in: .whitespaces)) })
            else { throw .missing("POLL-ITEM-ID in one of its times") }
            message.slots.append(try slot(event, id: id))
        }
        var answers: [String: ITIPMessage.Answer] = [:]
        for voter in poll where voter.name == "VOTER" {
            let who = person(voter)
            answers[who.key] = .init(person: who, answer: .noReply)
        }
        for (voter, votes) in voters {
            guard let voter else { continue }
            let who = person(voter)
            var answer: MeetingAnswer
            if voter.parameter("PARTSTAT").first?.uppercased() == "DECLINED" {
                answer = .refused
            } else {
                var chosen: [Int: SlotVote] = [:]
                for vote in votes {
                    guard let id = first("POLL-ITEM-ID", vote).flatMap({ Int($0.text.trimmingCharacters(in: .whitespaces)) }),
                        let response = first("RESPONSE", vote).flatMap({ Int($0.text.trimmingCharacters(in: .whitespaces)) })
                    else { continue }
                    chosen[id] = response >= 80 ? .yes : response >= 40 ? .maybe : .no
                }
                answer = .voted(chosen)
            }
            answers[who.key] = .init(person: answers[who.key]?.person ?? who, answer: answer)
        }
        // In the order the message names them.
        var order: [String] = []
        for property in poll where property.name == "VOTER" { order.append(person(property).key) }
        for (voter, _) in voters { if let voter, !order.contains(person(voter).key) { order.append(person(voter).key) } }
        message.people = order.compactMap { answers[$0] }
        return message
    }

    private static func eventMessage(_ method: String, _ event: [VCardProperty]) throws(Failure) -> ITIPMessage {
        var message = try header(method, event, form: .event)
        if first("STATUS", event)?.text.uppercased() == "CANCELLED" { message.method = .cancel }
        let id = first("X-DATEBOOK-POLL-ITEM-ID", event).flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) } ?? 1
        if first("DTSTART", event) != nil { message.slots = [try slot(event, id: id)] }
        message.people = event.filter { $0.name == "ATTENDEE" }.map { attendee in
            let status = attendee.parameter("PARTSTAT").first?.uppercased()
            let going: Bool? = status == "ACCEPTED" ? true : status == "DECLINED" ? false : nil
            return .init(person: person(attendee), answer: going == false ? .refused : .noReply, going: going)
        }
        return message
    }

    private static func slot(_ event: [VCardProperty], id: Int) throws(Failure) -> MeetingSlot {
        guard let startProperty = first("DTSTART", event), let start = date(startProperty) else {
            throw .badSlot("time \(id) has no start it can read")
        }
        var end: Date
        if let endProperty = first("DTEND", event) {
            guard let value = date(endProperty) else { throw .badSlot("time \(id) has no end it can read") }
            end = value
        } else if let duration = first("DURATION", event).flatMap({ seconds(of: $0.text) }) {
            end = start.addingTimeInterval(duration)
        } else {
            end = start.addingTimeInterval(startProperty.parameter("VALUE").first?.uppercased() == "DATE" ? 86_400 : 3_600)
        }
        guard end > start else { throw .badSlot("time \(id) ends before it starts") }
        return MeetingSlot(id: id, start: start, end: end)
    }

    static func person(_ property: VCardProperty) -> MeetingPerson {
        var address = property.rawText.trimmingCharacters(in: .whitespaces)
        if address.lowercased().hasPrefix("mailto:") { address.removeFirst(7) }
        return MeetingPerson(name: property.parameter("CN").first ?? "", email: address)
    }

    /// A DATE-TIME in UTC, in a named zone (TZID) or floating (read in the local zone), or a DATE.
    static func date(_ property: VCardProperty) -> Date? {
        let text = property.rawText.trimmingCharacters(in: .whitespaces)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = property.parameter("TZID").first.flatMap(TimeZone.init(identifier:)) ?? .current
        let digits = text.filter(\.isNumber)
        func part(_ range: Range<Int>) -> Int? {
            let start = digits.index(digits.startIndex, offsetBy: range.lowerBound)
            let end = digits.index(digits.startIndex, offsetBy: range.upperBound)
            return Int(digits[start..<end])
        }
        if text.hasSuffix("Z") || text.hasSuffix("z") { calendar.timeZone = TimeZone(identifier: "UTC")! }
        if digits.count == 8, !text.contains("T") {
            guard let year = part(0..<4), let month = part(4..<6), let day = part(6..<8) else { return nil }
            return calendar.date(from: DateComponents(year: year, month: month, day: day))
        }
        guard digits.count == 14, text.count <= 16, let year = part(0..<4), let month = part(4..<6),
            let day = part(6..<8), let hour = part(8..<10), let minute = part(10..<12), let second = part(12..<14),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// A DURATION such as `PT1H30M` or `P1D`, in seconds.
    static func seconds(of text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in text.uppercased() where character != "P" && character != "T" && character != "+" {
            if character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch character {
            case "W": total += value * 604_800
            case "D": total += value * 86_400
            case "H": total += value * 3_600
            case "M": total += value * 60
            case "S": total += value
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return sawUnit && number.isEmpty && total > 0 ? total : nil
    }
}
