import DatebookKit
import DatebookTerminal
import Foundation

/// A question for the person: yes or no, or one of several answers picked by a key.
public struct Question {
    /// One answer: the key that picks it, its label, and what it does.
    public struct Choice {
        public var key: Character
        public var label: String
        public var action: () -> TabResponse

        public init(_ key: Character, _ label: String, action: @escaping () -> TabResponse) {
            self.key = key
            self.label = label
            self.action = action
        }
    }

    public var text: String
    /// The answers; a yes/no question has the one answer `y`, and no is always Esc (or `n`).
    public var choices: [Choice]

    /// A yes/no question, and what to do on yes.
    public init(_ text: String, onYes: @escaping () -> TabResponse) {
        self.text = text
        choices = [Choice("y", "yes", action: onYes)]
    }

    /// A question with several answers.
    public init(_ text: String, choices: [Choice]) {
        self.text = text
        self.choices = choices
    }

    /// True for a plain yes/no question.
    public var isYesNo: Bool { choices.count == 1 && choices[0].key == "y" }
}

/// What a tab coordinator tells the app after handling something.
public enum TabResponse {
    /// Done; nothing more to show.
    case handled
    /// The tab has no use for it.
    case ignored
    /// Show a message in the status line.
    case message(StatusMessage)
    /// Ask a yes/no question first.
    case ask(Question)
    /// Leave Datebook (`q` at the top of a tab).
    case quit
    /// Show one thing (a contact, a meeting) by its id in another tab: the app asks that tab
    /// to `reveal(_:)` it and puts the tab on screen.
    case show(TabID, UUID)
}

/// One tab: its navigation (which of its screens shows), what its keys do, and its drawing.
///
/// The app makes each tab from its `TabRegistration`, handles global intents first and passes
/// the rest to the tab on screen. After every event it tells each tab what the store committed
/// (`storeDidChange`), and lets the tab on screen read what it will draw (`prepare`); drawing
/// then reads nothing and changes nothing.
public protocol TabCoordinator: AnyObject {
    /// What a click on one of the tab's click areas means.
    associatedtype ClickTarget = Never

    /// The mode of the screen on top, for the key table.
    var mode: Mode { get }
    func handle(_ intent: Intent) -> TabResponse
    /// Opens what the New menu entry makes, in this tab (only entries it registered).
    func startNew(_ entry: NewEntry.ID) -> TabResponse
    /// The store committed changes: what the tab read may be out of date.
    func storeDidChange(_ changes: StoreChanges)
    /// Reads what the tab will draw, if it has not yet; called after every event while the tab
    /// is on screen. A failure comes back as a message.
    func prepare() -> TabResponse
    /// The tab's area of the screen changed size.
    func resize(to area: Rect)
    /// Draws the tab into its area: the cursor and the click areas come back.
    func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget>
    /// A mouse event in the tab's area, on the click area it hit (nil when none).
    func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse
    /// Opens what has this id (a meeting, a contact) when the tab shows such things: an
    /// activity's Enter. False when it is none of the tab's.
    func reveal(_ id: UUID) -> Bool
}

extension TabCoordinator {
    public func startNew(_ entry: NewEntry.ID) -> TabResponse { .ignored }
    public func storeDidChange(_ changes: StoreChanges) {}
    public func prepare() -> TabResponse { .handled }
    public func resize(to area: Rect) {}
    public func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse { .ignored }
    public func reveal(_ id: UUID) -> Bool { false }
}
