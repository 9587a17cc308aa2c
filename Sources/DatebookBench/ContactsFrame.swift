import DatebookTerminal
import DatebookUI
import Foundation

/// The Contacts tab's first frame: switching to it reads the count and one window of rows of
/// the address book (10,000 contacts in `make bench`) and draws them under their letters. Then
/// the filter, one typed character at a time (each counts and reads the list again), as the
/// slowest of them. The app is left on the tab it was on.
@MainActor
func contactsTabFigures(_ app: AppCoordinator, size: Size) -> (firstFrame: Double, filterPerCharacter: Double) {
    func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
    let before = app.activeIndex
    let start = DispatchTime.now()
    _ = app.handle(.key(.char("5")))
    let frame = app.render(size: size)
    let firstFrame = milliseconds(since: start)
    precondition(frame.grid.text().contains("/ filters"), "the Contacts tab did not draw its list")

    _ = app.handle(.key(.char("/")))
    var slowest = 0.0
    for character in "alvarez 13q" {
        let typed = DispatchTime.now()
        _ = app.handle(.key(.char(character)))
        _ = app.render(size: size)
        slowest = max(slowest, milliseconds(since: typed))
    }
    _ = app.handle(.key(.escape))
    _ = app.handle(.key(.char(Character(String(before + 1)))))
    return (firstFrame, slowest)
}
