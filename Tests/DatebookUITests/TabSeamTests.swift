import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The seams the next tabs and sync are built on: a tab plugs in with a folder and a registry
/// line, the help and the keys come from the tabs' own bindings, and a write through the store
/// reaches every tab without a call-back.
@Suite("Tabs and the change feed")
struct TabSeamTests {
    /// A fresh app with the probe tab after Datebook's five, on both sample sets.
    static func app() throws -> (AppCoordinator, SQLiteStore) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        for item in Fixtures.sample + Fixtures.calendarSample { try store.save(item) }
        try Fixtures.addInvitation(to: store)
        try Fixtures.saveContacts(in: store)
        let app = AppCoordinator(store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
                                 calendar: Fixtures.calendar, tabs: .withProbe)
        return (app, store)
    }

    // MARK: - A tab plugged in

    @Test("a tab from the tests plugs in: digit, title, its keys, its footer, its help, the New menu")
    func probeTabPlugsIn() throws {
        let (app, _) = try Self.app()
        #expect(app.screen().hasPrefix(" 1 Events  2 Search  3 Calendar  4 Meetings  5 Contacts  6 Probe"))
        _ = app.handle(.key(.char("6")))
        #expect(app.activeTab == .probe)
        #expect(app.mode == .probe)
        #expect(app.screen().contains("Probe: 0 pings, 15 items"))
        #expect(app.screen().split(separator: "\n").last!.hasPrefix("n New  p Ping  Enter Open detail  ? Help  q Quit"))

        _ = app.handle(.key(.char("p")))
        _ = app.handle(.key(.char("p")))
        #expect(app.screen().contains("Probe: 2 pings"))
        #expect(app.status?.text == "Pong 2")

        // Its pushed mode gets the global keys without joining any list: Esc and q go back,
        // ? opens the help, digits switch tabs.
        _ = app.handle(.key(.enter))
        #expect(app.mode == .probeDetail)
        #expect(app.screen().split(separator: "\n").last!.hasPrefix("n New  ? Help  Esc Back"))
        _ = app.handle(.key(.escape))
        #expect(app.mode == .probe)
        _ = app.handle(.key(.enter))
        _ = app.handle(.key(.char("q")))
        #expect(app.mode == .probe)
        _ = app.handle(.key(.char("?")))
        #expect(app.mode == .help)
        #expect(app.helpLines().contains("Probe"))
        #expect(app.helpLines().contains("  p             Ping"))
        #expect(app.helpLines().contains("Probe detail"))
        #expect(app.helpLines().contains { $0.hasPrefix("  1-6 ") && $0.hasSuffix("Contacts, Probe") })
        _ = app.handle(.key(.escape))
        _ = app.handle(.key(.tab))
        #expect(app.activeTab == .events)
        _ = app.handle(.key(.backTab))
        #expect(app.activeTab == .probe)

        // The New menu has its entry; chosen from another tab, it opens in the probe.
        _ = app.handle(.key(.char("1")))
        _ = app.handle(.key(.char("n")))
        #expect(app.screen().contains("b  Bookmark"))
        _ = app.handle(.key(.char("b")))
        #expect(app.activeTab == .probe)
        #expect(app.status?.text == "Bookmark 1")

        // A click lands on its click area; q quits from its first screen.
        _ = app.handle(.mouse(MouseEvent(action: .click, position: Point(x: 3, y: 1))))
        #expect(app.tab(ProbeTab.self)?.pings == 3)
        #expect(app.handle(.key(.char("q"))) == .quit)
    }

    @Test("the other tabs are untouched by the probe: Events still reads its items")
    func otherTabsUnchanged() throws {
        let (app, _) = try Self.app()
        #expect(app.screen().contains("Events  15 items"))
        #expect(app.handle(.key(.char("3"))) == .continue)
        #expect(app.activeTab == .calendar)
    }

    // MARK: - Help and dispatch from the tabs' bindings

    /// How to put an app in each mode a tab declares, on the tab that shows it.
    static let journeys: [Mode: (tab: TabID, intents: [Intent])] = [
        .list: (.events, []),
        .history: (.events, [.toggleComplete, .command(.history)]),
        .details: (.events, [.open]),
        .historyDetails: (.events, [.toggleComplete, .command(.history), .open]),
        .form: (.events, [.edit]),
        .calendar: (.calendar, [.command(.goToDate)] + "2026-11-23".map { .insert($0) } + [.submit]),
        .prompt: (.calendar, [.command(.goToDate)]),
        .meetings: (.meetings, []),
        .meetingDetails: (.meetings, [.open]),
        .meetingVote: (.meetings, [.command(.meetingVote)]),
        .meetingPrompt: (.meetings, [.command(.meetingInbox)]),
        .meetingForm: (.meetings, [.newRequested, .choose(.groupMeeting)]),
        .searchQuery: (.search, []),
        .searchResults: (.search, "an".map { .insert($0) } + [.command(.searchResults)]),
        .searchDates: (.search, Array(repeating: .command(.searchDates), count: 4)),
        .contacts: (.contacts, []),
        .contactRequests: (.contacts, [.command(.contactNextList)]),
        .deletedContacts: (.contacts, [.command(.contactPreviousList)]),
        .contactFilter: (.contacts, [.command(.contactFilter)]),
        .contactProfile: (.contacts, [.open]),
        .contactForm: (.contacts, [.command(.contactAdd)]),
        .contactSubscribe: (.contacts, [.command(.contactSubscribe)]),
        .quickAdd: (.events, [.command(.quickAdd)]),
        .probe: (.probe, []),
        .probeDetail: (.probe, [.open]),
    ]

    @Test("every binding of every tab is on the help screen and dispatches to an intent its tab handles")
    func everyBindingIsInTheHelpAndHandled() throws {
        let registry = TabRegistry.withProbe
        let table = KeyTable(tabs: registry)
        let sections = table.helpSections()
        for tab in registry.tabs {
            for map in tab.keyMaps {
                for mode in map.modes {
                    #expect(Self.journeys[mode] != nil, "no journey reaches \(mode) of \(tab.id)")
                }
                for binding in map.bindings {
                    let modes = map.modes.filter { binding.scope.contains($0) }
                    #expect(!modes.isEmpty, "\(binding.keyLabel) \(binding.help) is in none of \(map.name)'s modes")
                    for mode in modes {
                        let section = sections.first { $0.title == mode.helpTitle }
                        #expect(section?.entries.contains(KeyTable.HelpEntry(keys: binding.keyLabel, help: binding.help))
                                == true, "\(binding.keyLabel) \(binding.help) not in the help under \(mode.helpTitle)")
                        for key in binding.keys {
                            #expect(table.intent(for: key, in: mode) == binding.intent,
                                    "\(KeyBinding.label(key)) in \(mode) does not dispatch to \(binding.intent)")
                        }
                        guard let journey = Self.journeys[mode] else { continue }
                        let (app, _) = try Self.app()
                        app.send(.switchTab(journey.tab))
                        for intent in journey.intents { app.send(intent) }
                        #expect(app.mode == mode, "the journey to \(mode) ends in \(app.mode)")
                        let response = try #require(app.tab(journey.tab)).handle(binding.intent)
                        if case .ignored = response {
                            Issue.record("\(tab.id) ignores \(binding.intent) (\(binding.keyLabel)) in \(mode)")
                        }
                    }
                }
            }
        }
        // The tab digits are in the help too.
        #expect(sections[0].entries[0] == KeyTable.HelpEntry(
            keys: "1-6", help: registry.tabs.map(\.title).joined(separator: ", ")))
    }

    // MARK: - The change feed

    @Test("a write straight through the store, as sync will make, reaches the Events list and the Calendar")
    func aWriteThroughTheStoreReachesEveryTab() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.calendarSample)
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-23")
        app.send(.submit)
        #expect(!app.screen(120, 40).contains("Synced review"))

        // No screen is involved: the store is written as a sync engine would write it.
        try store.save(Fixtures.event("Synced review", "2026-11-23 15:00", "2026-11-23 16:00", n: 90))
        // Drawing reads nothing: the screen shows what was read before the write...
        #expect(!app.screen(120, 40).contains("Synced review"))
        // ...until the app drains the feed (after any event, here the idle tick).
        _ = app.handle(.idle)
        #expect(app.screen(120, 40).contains("Synced review"))
        #expect(app.calendar.presenter.dayOccurrences().map(\.title).contains("Synced review"))
        app.send(.switchTab(.events))
        #expect(app.events.list.viewState().rows.map(\.title).contains("Synced review"))
        #expect(app.screen().contains("Synced review"))

        // And the other way: changed while the Events tab is on screen, seen by the Calendar.
        try store.complete(id: Fixtures.id(90))
        try store.delete(id: Fixtures.id(21))
        _ = app.handle(.idle)
        #expect(!app.screen().contains("Synced review"))
        app.send(.switchTab(.calendar), .command(.showAgenda))
        let titles = app.calendar.presenter.agenda().flatMap(\.occurrences).map(\.title)
        #expect(!titles.contains("Standup"))
        #expect(titles.contains("Synced review"))  // completed items stay on the calendar, greyed
        #expect(app.calendar.presenter.agenda().flatMap(\.occurrences).first { $0.title == "Synced review" }?
            .status == .completed)
    }

    @Test("every tab is told what was committed, the app's own writes and the store's alike")
    func everyTabHearsOfEveryCommit() throws {
        let (app, store) = try Self.app()
        let probe = try #require(app.tab(ProbeTab.self))
        #expect(probe.changesSeen.isEmpty)
        app.send(.toggleComplete)  // on the Events list: the app's own write
        try store.save(Fixtures.task("From elsewhere in the process", due: nil, n: 91))
        _ = app.handle(.idle)
        #expect(probe.changesSeen == [StoreChanges(commits: 1), StoreChanges(commits: 1)])
        app.send(.switchTab(.probe))
        #expect(app.screen().contains("15 items"))  // 15, one new, one completed
    }
}
