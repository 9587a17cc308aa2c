import DatebookTerminal
import DatebookUI
import Foundation

/// The Contacts tab's first frame: switching to it reads the count and one window of rows of
/// the address book (10,000 contacts in `make bench`) and draws them under their letters.
/// Returns the milliseconds it took; the app is left on the tab it was on.
@MainActor
func contactsTabFirstFrame(_ app: AppCoordinator, size: Size) -> Double {
    let before = app.activeIndex
    let start = DispatchTime.now()
    _ = app.handle(.key(.char("5")))
    let frame = app.render(size: size)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    precondition(frame.grid.text().contains("contacts"), "the Contacts tab did not draw its list")
    _ = app.handle(.key(.char(Character(String(before + 1)))))
    return elapsed
}
