import DatebookKit
import DatebookTerminal

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
}

/// One tab's navigation: which of its screens shows, and what its keys do.
///
/// The app coordinator handles global intents first and passes the rest to the active tab.
public protocol TabCoordinator: AnyObject {
    var tab: Tab { get }
    /// The mode of the screen on top, for the key table.
    var mode: Mode { get }
    func handle(_ intent: Intent) -> TabResponse
    func handleMouse(_ event: MouseEvent, area: Rect) -> TabResponse
    /// Draws the tab into its area and returns where the text cursor goes, if anywhere.
    func render(into grid: inout Grid, area: Rect) -> Point?
    /// Reads the data again (it changed elsewhere).
    func reload() -> TabResponse
    /// Opens the form for a new item in this tab; false when the tab has no forms (the app
    /// then opens it in Events).
    func startNew(_ kind: ItemKind) -> Bool
}
