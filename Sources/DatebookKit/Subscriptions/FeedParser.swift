import Foundation

/// Turns a calendar feed's bytes into busy blocks: read-only, through the iCalendar reader,
/// repeating events expanded within a window by the bounded recurrence walk.
public struct FeedParser: Sendable {
    /// How far back and ahead of now blocks are kept.
    public struct Window: Equatable, Sendable {
        public var daysBack: Int
        public var daysAhead: Int

        public init(daysBack: Int = 30, daysAhead: Int = 365) {
            self.daysBack = daysBack
            self.daysAhead = daysAhead
        }
    }

    /// The most blocks kept of one feed (the first ones in time).
    public static let maximumBlocks = 20_000

    public var window: Window
    /// The zone floating times and whole days are read in.
    public var timeZone: TimeZone
    /// How long expanding the feed's repeating events may take in all, in seconds: each walk
    /// is bounded on its own, and this bounds a feed of thousands of them.
    public var expansionBudget: TimeInterval

    public init(window: Window = Window(), timeZone: TimeZone = .current, expansionBudget: TimeInterval = 5) {
        self.window = window
        self.timeZone = timeZone
        self.expansionBudget = expansionBudget
    }

    /// The blocks of `data` overlapping the window around `now`, in order of start.
    public func blocks(in data: Data, now: Date) throws(SubscriptionError) -> [BusyBlock] {
        try expanded(data, now: now).blocks
    }

    /// The blocks of `data` around `now`, and the work their series' walks spent in all (see
    /// `LiveReadBudget`).
    func expanded(_ data: Data, now: Date) throws(SubscriptionError) -> (blocks: [BusyBlock], work: Int) {
        let read: ICalendarEventReader.Result
        do {
            read = try ICalendarEventReader(timeZone: timeZone).read(data)
        } catch .empty {
            throw .empty
        } catch {
            throw .notICalendar(Self.looksLikeHTML(data) ? .html : .other)
        }
        let coding = StoredTime(timeZone: timeZone)
        let from = now.addingTimeInterval(-Double(window.daysBack) * 86_400)
        let to = now.addingTimeInterval(Double(window.daysAhead) * 86_400)
        func overlaps(_ start: Date, _ end: Date) -> Bool {
            start < to && (end > from || start >= from)
        }

        // Series wait for the changes to their instances that may come later in the feed.
        var series: [String: ICalendarEventReader.Event] = [:]
        var seriesOrder: [String] = []
        var changes: [String: [ICalendarEventReader.Event]] = [:]
        var blocks: [BusyBlock] = []
        func title(of event: ICalendarEventReader.Event, override: String? = nil) -> String? {
            guard event.hasTitle, !event.isPrivate else { return nil }
            let text = (override ?? event.item.title).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        func add(_ start: Date, _ end: Date, _ item: Item, title: String?) {
            guard overlaps(start, end) else { return }
            blocks.append(BusyBlock(start: start, end: end, allDay: item.allDay, isFloating: item.timeZone == .floating,
                                    title: title))
        }

        for event in read.events {
            if event.override != nil {
                changes[event.uid, default: []].append(event)
            } else if event.item.isRecurring {
                if series[event.uid] == nil { seriesOrder.append(event.uid) }
                series[event.uid] = event
            } else if !event.isFree, let time = event.item.times.first {
                add(time.start, time.end ?? time.start, event.item, title: title(of: event))
            }
        }
        for (uid, instances) in changes where series[uid] == nil {
            // Changed instances whose series the feed does not give: each is an event of its own.
            for event in instances where !event.isFree {
                guard let time = event.item.times.first else { continue }
                add(time.start, time.end ?? time.start, event.item, title: title(of: event))
            }
        }
        // Each series with its changes applied, then walked sparsest first on one shared budget
        // (`LiveReadBudget`): a feed of many dense series costs what one read of the calendar does.
        var walks: [(event: ICalendarEventReader.Event, definition: SeriesDefinition, titles: [Double: String])] = []
        for uid in seriesOrder {
            guard var event = series[uid] else { continue }
            var titles: [Double: String] = [:]
            var overrides: [RecurrenceOverride] = []
            for change in changes[uid] ?? [] {
                guard var override = change.override else { continue }
                if change.isFree { override.isCancelled = true }
                overrides.append(override)
                if change.hasTitle, let changed = override.title {
                    titles[coding.seconds(override.recurrenceID, event.item.timeZone)] = changed
                }
            }
            event.item.setOverrides(overrides)
            guard !event.isFree else { continue }
            let definition = SeriesDefinition(
                event.item, coding: coding,
                zoneDefinition: Self.zoneDefinition(of: event.item.timeZone, in: read.zoneDefinitions))
            walks.append((event, definition, titles))
        }
        var budget = LiveReadBudget(series: walks.count)
        var spent = 0
        let densities = walks.map { $0.definition.rule.map(RecurrenceBound.unitsPerDay(of:)) ?? 0 }
        let started = DispatchTime.now()
        for index in LiveReadBudget.order(densities: densities) {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            if elapsed >= expansionBudget { throw .tooManyRepeats(seconds: expansionBudget) }
            let (event, definition, titles) = walks[index]
            let zone = event.item.timeZone
            // The walk is bounded by work done (RecurrenceIterator's budget), however the rule reads.
            let (instances, _, work) = SeriesInstances.live(
                definition, after: -Double.greatestFiniteMagnitude,
                from: coding.seconds(from, zone), to: coding.seconds(to, zone),
                workBudget: budget.share(density: densities[index]))
            budget.spent(work)
            spent += work
            // The series' title once, not for each of its (up to tens of thousands of) instances:
            // trimming it through Foundation copies it as UTF-16 each time.
            let seriesTitle = title(of: event)
            for instance in instances {
                add(coding.date(instance.start, zone), coding.date(instance.end, zone), event.item,
                    title: titles[instance.recurrenceID].map { title(of: event, override: $0) } ?? seriesTitle)
                if blocks.count > Self.maximumBlocks * 2 { break }
            }
        }
        blocks.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        if blocks.count > Self.maximumBlocks { blocks.removeLast(blocks.count - Self.maximumBlocks) }
        return (blocks, spent)
    }

    private static func zoneDefinition(of zone: ItemTimeZone, in definitions: [String: String]) -> String? {
        guard case let .named(tzid) = zone else { return nil }
        return definitions[tzid]
    }

    /// True when the bytes begin (after blanks) like an HTML page.
    static func looksLikeHTML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || (head.hasPrefix("<") && head.contains("<html"))
    }
}
