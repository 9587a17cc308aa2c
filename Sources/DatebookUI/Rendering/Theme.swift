import DatebookTerminal
import Foundation

/// The named styles every screen draws with, so the look is decided in one place.
public enum Theme {
    public static let tabActive = Style(bold: true, reverse: true)
    public static let tabInactive = Style.plain
    public static let tabBar = Style.plain
    public static let heading = Style(bold: true)
    public static let label = Style(dim: true)
    public static let footerKey = Style(bold: true)
    public static let footerText = Style.plain
    public static let selection = Style(reverse: true)
    public static let active = Style(bold: true)
    public static let overdue = Style(foreground: .red, bold: true)
    /// An item whose time is over (an event that ended): plain and dim, never red.
    public static let past = Style(dim: true)
    public static let completed = Style(foreground: .blue)
    public static let notCompleted = Style(foreground: .red)
    public static let error = Style(foreground: .red, bold: true)
    public static let info = Style.plain
    public static let field = Style(underline: true)
    public static let focusedField = Style(reverse: true)
    /// A selected text in a field: typing replaces it. Without colour it still stands out,
    /// upright in a reversed field.
    public static let selectedText = Style(foreground: .black, background: .yellow, bold: true)
    public static let border = Style.plain
    public static let muted = Style(dim: true)
}

// MARK: - Calendar

extension Theme {
    public static let today = Style(foreground: .yellow, bold: true, underline: true)
    public static let busyDay = Style(bold: true)
    public static let otherMonth = Style(dim: true)
    public static let event = Style(foreground: .black, background: .cyan)
    /// A completed event or task: dimmed, without the block colour of one still to come.
    public static let completedEvent = Style(foreground: .blue, dim: true)
    public static let eventEdge = Style(foreground: .blue, background: .cyan, bold: true)
    public static let selectedEvent = Style(bold: true, reverse: true)
    public static let hourLabel = Style(dim: true)
}

// MARK: - Contacts in the calendar

extension Theme {
    /// The colours of contacts' busy times and birthdays: none is the cyan of my own events.
    static let contactPalette: [Style] = [
        Style(foreground: .black, background: .magenta),
        Style(foreground: .black, background: .green),
        Style(foreground: .black, background: .yellow),
        Style(foreground: .white, background: .blue),
        Style(foreground: .white, background: .red),
    ]

    /// A contact's own colour, the same in every run (chosen from their id, not a per-process hash).
    public static func contact(_ id: UUID) -> Style {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        withUnsafeBytes(of: id.uuid) { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        return contactPalette[Int(hash % UInt64(contactPalette.count))]
    }
}
