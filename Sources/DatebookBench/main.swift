import DatebookKit
import DatebookTerminal
import DatebookUI
import Foundation

// `make bench`: seeds a database of N items (deterministically) and measures, in this process,
// the first frame of the planner and the handling of keys, as the terminal driver would run them.
//
// Usage: DatebookBench DB_PATH [COUNT] [--seed-only]   (COUNT items and COUNT/10 contacts)
// Seed in one run and measure in another, so the measuring run's peak memory is the planner's own.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: DatebookBench DB_PATH [COUNT]\n".utf8))
    exit(2)
}
let path = arguments[1]
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let seedOnly = arguments.contains("--seed-only")
/// Contacts seeded beside the items: one for every ten items, as the figures are set.
let contactCount = count / 10
/// Meetings seeded beside them (10 invitees and 5 slots each): 2,000 for 100,000 items.
let meetingCount = count / 50

func milliseconds(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}

func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "UTC")!
let base = Date(timeIntervalSince1970: 1_795_000_000)  // mid-November 2026

// MARK: - Seed

if !FileManager.default.fileExists(atPath: path) {
    let seedStart = DispatchTime.now()
    let store = try SQLiteStore(path: path, clock: .fixed(base), ids: .sequential())
    var generator = SplitMix(seed: 42)
    let places = ["", "", "Cafe", "Office", "Main St 4", "会议室", "Gym", "Library"]
    let words = ["Lunch", "Call", "Review", "Dentist", "Standup", "Buy milk", "Report", "会议", "Run", "Plan"]
    var items: [Item] = []
    items.reserveCapacity(count)
    for n in 0..<count {
        let kindRoll = generator.next() % 10
        let kind: ItemKind = kindRoll < 7 ? .event : (kindRoll < 9 ? .task : .reminder)
        let offset = TimeInterval(Int(generator.next() % (2 * 365 * 24 * 4))) * 900 - 365 * 86_400
        let start = base.addingTimeInterval(offset)
        var item = Item(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))!,
            kind: kind, title: "\(words[Int(generator.next() % 10)]) \(n)",
            place: places[Int(generator.next() % 8)], created: base)
        switch kind {
        case .event: item.times = [ItemTime(start: start, end: start.addingTimeInterval(3600))]
        case .task: item.due = generator.next() % 2 == 0 ? start : nil
        case .reminder: item.times = [ItemTime(start: start)]
        }
        seedAlarms(&item, n)
        items.append(item)
    }
    try store.insert(contentsOf: items)
    try seedContacts(contactCount, into: store, at: base)
    try seedMeetings(meetingCount, into: store, at: base)
    try seedSubscriptions(20, of: contactCount, into: store, at: Date())
    print(String(format: "seed            %8.1f ms  (%d items, %d contacts (20 subscribed), %d meetings)",
                 milliseconds(seedStart), count, contactCount, meetingCount))
}
if seedOnly { exit(0) }

// MARK: - First frame

let size = Size(width: 100, height: 30)
let openStart = DispatchTime.now()
let store = try SQLiteStore(path: path)
let app = AppCoordinator(store: store, clock: .system, ids: .random, calendar: calendar)
_ = app.handle(.resize(size))  // as the terminal driver does first
let first = app.render(size: size)
let firstFrame = milliseconds(openStart)
precondition(first.grid.text().contains("Events"), "the first frame does not show the Events list")

// MARK: - Keys

@MainActor
func perKey(_ key: Key, times: Int) -> Double {
    let start = DispatchTime.now()
    for _ in 0..<times {
        _ = app.handle(.key(key))
        _ = app.render(size: size)
    }
    return milliseconds(start) / Double(times)
}

let down = perKey(.char("j"), times: 2_000)
let bottomStart = DispatchTime.now()
_ = app.handle(.key(.char("G")))
_ = app.render(size: size)
let bottom = milliseconds(bottomStart)
let up = perKey(.char("k"), times: 2_000)
let pageDown = perKey(.pageDown, times: 200)

// The Calendar tab: switching to it draws the day view and the month grid (a six-week read),
// then the week view and the agenda.
@MainActor
func timed(_ intent: Key) -> Double {
    let start = DispatchTime.now()
    _ = app.handle(.key(intent))
    _ = app.render(size: size)
    return milliseconds(start)
}
_ = app.handle(.key(.char("g")))
let calendarFrame = timed(.char("3"))
let weekFrame = timed(.char("W"))
let agendaFrame = timed(.char("A"))
let nextMonth = timed(.char("]"))
_ = app.handle(.key(.char("1")))
let contacts = contactsTabFigures(app, size: size)

// The Meetings tab: switching to it reads and draws its first list; each list switch another.
let meetingsFrame = timed(.char("4"))
let meetingsSwitches = (0..<30).map { _ in timed(.char("]")) }.sorted()
let meetingsSwitch = meetingsSwitches[meetingsSwitches.count * 95 / 100]
precondition(app.render(size: size).grid.text().contains("meetings"), "the Meetings tab shows no meetings")
_ = app.handle(.key(.char("1")))

// Search: every prefix of a few queries, as a person types them, run through the index as the
// Search tab runs it for each character (one query each, the 50 closest of each kind). `会议`
// matches a tenth of the items, `sofia` an accent-blind contact name, `example.org` every contact.
let typed = ["Review 4711", "dentist", "会议室", "office plan", "zz", "会议", "sofia 12", "example.org"]
var searchTimes: [Double] = []
var timedPrefixes: [(String, Double, Int)] = []
for query in typed {
    var prefix = ""
    for character in query {
        prefix.append(character)
        let start = DispatchTime.now()
        let found = try store.search(SearchQuery(prefix), at: base)
        let elapsed = milliseconds(start)
        searchTimes.append(elapsed)
        timedPrefixes.append((prefix, elapsed, found.count))
    }
}
// Contacts in the calendar: what the calendar reads of them for one range (ten weeks, as the
// month grid and the day around it read), busy times of subscribed contacts and birthdays.
var contactTimes: [Double] = []
var contactEntryCount = 0
for run in 0..<21 {
    let from = base.addingTimeInterval(Double(run % 3 - 1) * 7 * 86_400)
    let start = DispatchTime.now()
    contactEntryCount = try store.contactEntries(from: from, to: from.addingTimeInterval(70 * 86_400)).count
    contactTimes.append(milliseconds(start))
}
contactTimes.sort()

searchTimes.sort()
let slowest = timedPrefixes.sorted { $0.1 > $1.1 }.prefix(5)
    .map { String(format: "%@ %.1f", $0.0, $0.1) }.joined(separator: ", ")
let searchP95 = searchTimes[min(searchTimes.count - 1, Int(Double(searchTimes.count) * 0.95))]
let searchMedian = searchTimes[searchTimes.count / 2]

// Quick add: a line typed into the `a` line of the Events tab, its preview read and drawn at
// every key, then saved (checked: the preview's fields, one item more).
let quickAdd = try quickAddFigures(app, store: store, size: size)

print(String(format: "first frame     %8.2f ms  (open the database, read, render %dx%d; target < 100)",
             firstFrame, size.width, size.height))
print(String(format: "key j (down)    %8.3f ms  per key handled and drawn (target < 5)", down))
print(String(format: "key k (up)      %8.3f ms  per key, from the bottom", up))
print(String(format: "key PgDn        %8.3f ms  per key", pageDown))
print(String(format: "key G (bottom)  %8.3f ms", bottom))
print(String(format: "calendar tab    %8.2f ms  (switch to it: day view and month grid; target < 100)", calendarFrame))
print(String(format: "week view       %8.2f ms", weekFrame))
print(String(format: "agenda view     %8.2f ms  (31 days)", agendaFrame))
print(String(format: "agenda ] month  %8.2f ms", nextMonth))
print(String(format: "contacts in cal %8.2f ms  median (ten weeks: %d busy times and birthdays read)",
             contactTimes[contactTimes.count / 2], contactEntryCount))
print(String(format: "meetings tab    %8.2f ms  (switch to it: %d meetings; target < 20)", meetingsFrame, meetingCount))
print(String(format: "meetings ] list %8.2f ms  p95 of 30 list switches (target < 20)", meetingsSwitch))
print(String(format: "search per char %8.2f ms  p95 (median %.2f, worst %.2f, %d typed characters; target < 20)",
             searchP95, searchMedian, searchTimes.last ?? 0, searchTimes.count))
print("search slowest   \(slowest) (ms)")
print(String(format: "contacts tab    %8.2f ms  (switch to it: first window of %d contacts; target < 50; filter %.2f ms/char at most)",
             contacts.firstFrame, contactCount, contacts.filterPerCharacter))
print(String(format: "quick add key   %8.3f ms  p95 per key read, previewed and drawn (median %.3f; target < 5); Enter saves in %.2f ms",
             quickAdd.perKeyP95, quickAdd.perKeyMedian, quickAdd.save))
print(String(format: "quick add parse %8.3f ms  median, the whole 91-character line", quickAdd.parse))
print(String(format: "peak memory     %8.1f MB  (this process: open, first frame, 4,200 keys; target < 100)", peakMemoryMB()))

// After the peak memory figure: checking the alarms reads every item at once.
let alarms = try reminderFigures(store, now: base)
print(String(format: "next alarm      %8.2f ms  median (what the daemon asks before it sleeps; checked against the rule over every item)",
             alarms.next))
print(String(format: "alarms of 1 h   %8.2f ms  median (%d rings, as the planner and the daemon read them)", alarms.hour, alarms.rings))

// Last: it adds an account, so every later write would also note the item for sync.
let syncStatus = try syncStatusFigures(store, items: count, size: size, calendar: calendar)
print(String(format: "sync state      %8.2f ms  median (the tab bar's count of changes waiting: %d items never synced)",
             syncStatus.median, syncStatus.waiting))
