/// What kind of screen has the keyboard; the key table maps keys per mode.
public enum Mode: Hashable, Sendable, CaseIterable {
    /// The Events list.
    case list
    /// History: completed and deleted items, read-only.
    case history
    /// One item's details page.
    case details
    /// The details page of a History item (read-only).
    case historyDetails
    /// A form with a text field focused: printable keys are typed into it.
    case form
    /// The New menu.
    case menu
    /// A yes/no question.
    case confirm
    /// A question with several answers, each picked by its key.
    case choice
    /// The help screen.
    case help
    /// A tab that shows only a message.
    case placeholder
    /// The Calendar tab's day, week and agenda views.
    case calendar
    /// A one-line question that takes text (the date to go to).
    case prompt

    /// True when printable keys are text, so single-letter commands are off.
    public var takesText: Bool { self == .form || self == .prompt }

    /// The heading of this mode's section on the help screen.
    public var helpTitle: String {
        switch self {
        case .list: return "Events list"
        case .history: return "History"
        case .details, .historyDetails: return "Details page"
        case .form: return "Forms"
        case .menu: return "New menu"
        case .confirm, .choice: return "Questions"
        case .help: return "Help"
        case .placeholder: return "Other tabs"
        case .calendar: return "Calendar"
        case .prompt: return "Prompts"
        }
    }
}
