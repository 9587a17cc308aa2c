import DatebookTerminal

/// The main loop: events from the terminal to the application, frames back to the screen.
public enum TerminalRunner {
    /// Runs `app` until it answers `.quit` or the terminal goes away.
    ///
    /// Tells the application the terminal's size first, then renders and draws once at the
    /// start and again after every event. Waiting longer than `idleMilliseconds` for input (or
    /// than the application's `idleTimeout`, when something is due sooner) produces an `.idle`
    /// event, so the application can notice changes made elsewhere and ring its alarms. After
    /// Ctrl-L has been handled the next frame repaints every cell. The caller still owns the
    /// terminal and stops it afterwards.
    public static func run(_ app: Application, terminal: Terminal, idleMilliseconds: Int32 = 1000) {
        _ = app.handle(.resize(terminal.size()))
        terminal.draw(app.render(size: terminal.size()))
        while let event = terminal.nextEvent(timeoutMilliseconds: app.idleTimeout(longest: idleMilliseconds)) {
            if app.handle(event) == .quit { return }
            if event == .key(.ctrl("l")) { terminal.redrawAll() }
            terminal.draw(app.render(size: terminal.size()))
        }
    }
}
