/// What a key press means, by name: the key table turns keys into intents, coordinators act on them.
///
/// The cases are the verbs many screens share; a tab's own commands are `.command` with a
/// `Command` the tab defines (the Calendar's `.showWeek`), so a new tab adds its commands in
/// its own folder.
public enum Intent: Hashable, Sendable {
    // MARK: - Everywhere
    case switchTab(TabID)
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

    // MARK: - Text fields and forms
    case nextField
    case previousField
    case cursorLeft
    case cursorRight
    case cursorHome
    case cursorEnd
    case deleteBackward
    case deleteForward
    /// Ctrl-U: delete from the start of the field to the cursor.
    case deleteToStart
    /// Ctrl-K: delete from the cursor to the end of the field.
    case deleteToEnd
    /// Ctrl-W: delete the word before the cursor (back to a space, as a shell does).
    case deleteWordBackward
    /// A printable character typed into the focused field.
    case insert(Character)
    /// Enter in a form: next field, or save on the last one.
    case submit
    case save

    // MARK: - Menus and questions
    /// An entry of the New menu.
    case choose(NewEntry.ID)
    case answerYes
    case answerNo
    /// The answer with this key, in a question with several answers.
    case pick(Character)

    // MARK: - One tab's own
    case command(Command)
}

/// A command of one tab's own, named by the tab that defines it (`Command.showWeek`).
public struct Command: Hashable, Sendable, CustomStringConvertible {
    /// The command's name, unique among all tabs' commands (`calendar.week`).
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
