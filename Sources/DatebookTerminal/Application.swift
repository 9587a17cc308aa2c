/// What the terminal driver draws: the grid, where the cursor goes, and whether to ring the bell.
public struct Frame: Equatable, Sendable {
    public var grid: Grid
    /// The text cursor's cell when a text field has focus; nil hides the cursor.
    public var cursor: Point?
    public var bell: Bool

    public init(grid: Grid, cursor: Point? = nil, bell: Bool = false) {
        self.grid = grid
        self.cursor = cursor
        self.bell = bell
    }
}

/// Whether the application goes on after an event.
public enum Continuation: Sendable {
    case `continue`
    case quit
}

/// The application as the terminal driver runs it: events in, frames out.
///
/// The driver first sends `.resize` with the terminal's size, then calls `render(size:)` once
/// at start and after every `handle`, and draws the frame. Rendering changes nothing: what an
/// event changes is done in `handle`.
public protocol Application: AnyObject {
    func handle(_ event: TerminalEvent) -> Continuation
    func render(size: Size) -> Frame
    /// How long the driver may wait for input before sending `.idle`, at most `longest`: less
    /// when something is due sooner (an alarm), so the wait ends when it is.
    func idleTimeout(longest milliseconds: Int32) -> Int32
}

extension Application {
    public func idleTimeout(longest milliseconds: Int32) -> Int32 { milliseconds }
}
