import DatebookKit

/// What a key press means, by name: the key table turns keys into intents, coordinators act on them.
public enum Intent: Hashable, Sendable {
    // MARK: - Everywhere
    case switchTab(Tab)
    case nextTab
    case previousTab
    case newRequested
    case helpRequested
    /// `q`: back on a pushed screen, quit at the top.
    case quitOrBack
    /// Esc: back or cancel.
    case back
    case redraw
    case activitiesRequested

    // MARK: - Lists
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveTop
    case moveBottom
    case open
    case edit
    case delete
    case toggleComplete
    case historyRequested

    // MARK: - Forms
    case nextField
    case previousField
    case cursorLeft
    case cursorRight
    case cursorHome
    case cursorEnd
    case deleteBackward
    case deleteForward
    /// A printable character typed into the focused field.
    case insert(Character)
    /// Enter in a form: next field, or save on the last one.
    case submit
    case save

    // MARK: - Calendar
    case showDay
    case showWeek
    case showAgenda
    case previousDay
    case nextDay
    case previousPeriod
    case nextPeriod
    case today
    /// `:`: asks for a date to jump to.
    case goToDateRequested

    // MARK: - Menus and questions
    case choose(ItemKind)
    case answerYes
    case answerNo
    /// The answer with this key, in a question with several answers.
    case pick(Character)
}
