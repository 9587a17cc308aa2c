import DatebookTerminal

extension Mode {
    /// The box asking for an account's password.
    public static let syncPassword = Mode("sync.password", helpTitle: "The sync password box", input: .text)
}

/// The box asking for the password of an account that has none from `DATEBOOK_PASSWORD` or a
/// password command: typed into a masked field, kept in memory until the planner quits.
struct SyncPasswordPrompt: Equatable {
    var account: String
    var field = TextField()

    /// Draws the box centred in `area`; returns the cursor.
    func render(into grid: inout Grid, area: Rect) -> Point? {
        let width = min(area.width, 60)
        let height = min(area.height, 6)
        guard width >= 20, height >= 5 else { return nil }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2,
                       width: width, height: height)
        Dialog.frame(box, into: &grid)
        grid.put(" Sync ", x: box.x + 2, y: box.y, style: Theme.heading)
        grid.put("Password for \(InertText.line(account)) (kept until you quit):", x: box.x + 2, y: box.y + 1,
                 maxWidth: box.width - 4, ellipsis: true)
        let x = field.render(into: &grid, x: box.x + 2, y: box.y + 2, width: box.width - 4, style: Theme.focusedField,
                             mask: "•")
        grid.put("Enter sync · Esc cancel", x: box.x + 2, y: box.maxY - 2, style: Theme.muted, maxWidth: box.width - 4)
        return Point(x: x, y: box.y + 2)
    }
}
