import Foundation

/// What reading one contact's calendar came to.
public struct SubscriptionResult: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The feed was read: its busy times replace the last copy.
        case read(blocks: Int)
        /// It could not be read; the last copy (`keptBlocks` busy times) stays.
        case failed(SubscriptionError, keptBlocks: Int)
        /// Not read: the contact is blocked or deleted (their subscription stops, but is kept).
        case skipped(reason: String)
    }

    public var contactID: UUID
    public var name: String
    public var source: ContactSubscription.Source
    public var outcome: Outcome
    /// When the calendar was last read whole (before this reading, when it failed).
    public var lastRead: Date?

    /// True when the feed could not be read.
    public var failed: Bool {
        if case .failed = outcome { return true }
        return false
    }

    /// One line for a person: `Ana  /path/ana.ics  12 busy times`, or why it failed.
    public var summary: String {
        let what: String
        switch outcome {
        case let .read(blocks): what = Self.count(blocks)
        case let .failed(error, kept):
            what = "cannot read it: \(error); "
                + (lastRead == nil ? "nothing was read from it yet" : "the last copy is kept (\(Self.count(kept)))")
        case let .skipped(reason): what = "not read: \(reason)"
        }
        return "\(name)  \(source)  \(what)"
    }

    /// `1 busy time`, `12 busy times`.
    public static func count(_ blocks: Int) -> String {
        blocks == 1 ? "1 busy time" : "\(blocks) busy times"
    }
}

/// Reads subscribed calendars again and keeps what they say: for one contact (right after
/// subscribing) or for all (`datebook subscriptions refresh`). Synchronous, within the
/// fetcher's time limit for each feed.
///
/// A feed read whole replaces the last copy in one transaction; one that fails leaves it as it
/// was and records the reason on the subscription.
public struct SubscriptionRefresher {
    public let store: any SubscriptionStore
    public var fetcher: FeedFetcher
    public var window: FeedParser.Window
    public var clock: Clock

    public init(store: any SubscriptionStore, fetcher: FeedFetcher = FeedFetcher(),
                window: FeedParser.Window = FeedParser.Window(), clock: Clock = .system)
    {
        self.store = store
        self.fetcher = fetcher
        self.window = window
        self.clock = clock
    }

    /// Reads the calendar of the contact with `id`; nil when it has no subscription.
    public func refresh(contactID id: UUID) throws(ContactError) -> SubscriptionResult? {
        guard let contact = try store.contact(id: id) else { throw .notFound(id) }
        return try refresh(contact)
    }

    /// Reads every subscribed calendar, in name order.
    public func refreshAll() throws(ContactError) -> [SubscriptionResult] {
        var results: [SubscriptionResult] = []
        for contact in try store.subscribedContacts() {
            if let result = try refresh(contact) { results.append(result) }
        }
        return results
    }

    private func refresh(_ contact: Contact) throws(ContactError) -> SubscriptionResult? {
        guard let subscription = contact.subscription else { return nil }
        var result = SubscriptionResult(
            contactID: contact.id, name: contact.displayName, source: subscription.source, outcome: .read(blocks: 0),
            lastRead: subscription.lastRead)
        if contact.status == .deleted {
            result.outcome = .skipped(reason: "the contact is deleted")
            return result
        }
        if contact.relation == .blocked {
            result.outcome = .skipped(reason: "the contact is blocked")
            return result
        }
        do {
            let data = try fetcher.fetch(subscription.source)
            let parser = FeedParser(window: window, timeZone: store.timeZone)
            let blocks: [BusyBlock]
            do {
                blocks = try parser.blocks(in: data, now: clock.now())
            } catch {
                if case .url = subscription.source { throw error.fromNetwork }
                throw error
            }
            try store.keepFeed(blocks, of: contact.id, source: subscription.source, readAt: clock.now())
            result.outcome = .read(blocks: blocks.count)
            result.lastRead = clock.now()
        } catch let error as SubscriptionError {
            try store.keepFeedFailure(error.description, of: contact.id, source: subscription.source)
            result.outcome = .failed(error, keptBlocks: try store.busyBlockCount(of: contact.id))
        } catch let error as ContactError {
            throw error
        } catch {
            throw .store(.failed(String(describing: error)))
        }
        return result
    }
}
