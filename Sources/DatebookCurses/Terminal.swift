internal import CNCurses
import DatebookTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal the planner runs in: ncursesw in full-screen mode, always put back afterwards.
///
/// `start()` takes over the terminal; `stop()` (or the end of the process, by any signal or
/// crash — see `TerminalRestorer`) gives it back. Only one `Terminal` may be started at a time.
///
/// What it sets up:
/// - a UTF-8 locale (the user's, else `C.UTF-8` for character handling), so wide text works;
/// - cbreak mode without echo, keypad decoding, a 25 ms escape delay, a hidden cursor;
///   Ctrl-C, Ctrl-\ and Ctrl-Z keep their usual meaning (quit, quit with a core, suspend),
///   while Ctrl-S, Ctrl-Q, Ctrl-V and Ctrl-O reach the program as keys;
/// - colour on the terminal's own default background, unless the terminal has none or the
///   `NO_COLOR` environment variable is set (then attributes only);
/// - the mouse: left button presses and releases and the wheel (see `nextEvent`). While the
///   planner runs, the terminal's own text selection needs Shift held, as in other programs
///   that use the mouse.
public final class Terminal {
    /// ncurses' standard screen, which every drawing call writes to.
    let window: UnsafeMutablePointer<WINDOW>
    private let screen: OpaquePointer
    /// Colour pairs made so far; empty and unused when colour is off.
    var colorPairs: ColorPairs
    /// Whether the terminal reports the mouse (it has a mouse protocol ncurses knows).
    public let mouseEnabled: Bool
    var cursorVisible = false
    var clicks = MouseClickTracker()
    private var stopped = false

    private init(window: UnsafeMutablePointer<WINDOW>, screen: OpaquePointer, colorPairs: ColorPairs, mouseEnabled: Bool) {
        self.window = window
        self.screen = screen
        self.colorPairs = colorPairs
        self.mouseEnabled = mouseEnabled
    }

    deinit {
        stop()
        delscreen(screen)
    }

    // MARK: - Starting and stopping

    /// Takes over the terminal, or explains in one line why it cannot.
    public static func start() throws(TerminalError) -> Terminal {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalError.notATerminal("stdin") }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal("stdout") }
        guard let typeName = environment("TERM"), !typeName.isEmpty else { throw TerminalError.noTerminalType }
        chooseUTF8Locale()
        guard cn_unblock_terminal_signals() == 0 else { throw TerminalError.failed("sigprocmask") }
        guard TerminalRestorer.saveModes(of: STDOUT_FILENO) else { throw TerminalError.failed("tcgetattr") }

        // newterm, unlike initscr, returns nil for an unknown terminal instead of exiting.
        guard let screen = newterm(nil, cn_stdout(), cn_stdin()), let window = cn_stdscr() else {
            throw TerminalError.unknownTerminalType(typeName)
        }
        guard cn_string_capability("cup") != nil else {
            endwin()
            delscreen(screen)
            throw TerminalError.cannotAddressCursor(typeName)
        }
        do {
            try check(cbreak(), "cbreak")
            try check(noecho(), "noecho")
            try passControlKeysThrough()
            try check(keypad(window, true), "keypad")
            try check(set_escdelay(25), "set_escdelay")
            try check(scrollok(window, false), "scrollok")
            leaveok(window, true)
            curs_set(0)
        } catch {
            endwin()
            delscreen(screen)
            throw error
        }
        defineMoreKeys()
        let colorPairs = startColors()
        let mouseEnabled = startMouse()
        guard TerminalRestorer.arm(undoing: restoreSequence(mouseEnabled: mouseEnabled)) else {
            endwin()
            delscreen(screen)
            throw TerminalError.failed("sigaction")
        }
        return Terminal(window: window, screen: screen, colorPairs: colorPairs, mouseEnabled: mouseEnabled)
    }

    /// Gives the terminal back as it was: modes, cursor, main screen. Safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        curs_set(1)
        endwin()
        TerminalRestorer.disarm()
    }

    // MARK: - Size and repainting

    /// The terminal's size now (after a resize, the new one).
    public func size() -> Size {
        Size(width: Int(cn_cols()), height: Int(cn_lines()))
    }

    /// Makes the next `draw` repaint every cell, for when the screen was spoiled from outside.
    public func redrawAll() {
        clearok(cn_curscr(), true)
    }
}

// MARK: - Setting up

extension Terminal {
    static func check(_ result: Int32, _ call: String) throws(TerminalError) {
        guard result != ERR else { throw TerminalError.failed(call) }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The user's locale, but with UTF-8 characters: ncursesw needs it for wide text.
    static func chooseUTF8Locale() {
        setlocale(LC_ALL, "")
        if !codesetIsUTF8() {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased().filter { $0 != "-" && $0 != "_" }
        return name == "UTF8"
    }

    /// Turns off flow control (Ctrl-S/Ctrl-Q) and literal-next (Ctrl-V) so they arrive as keys.
    ///
    /// cbreak keeps the signal keys, which is what we want, but also these. The changed modes
    /// are saved as ncurses' "program mode" so it restores them after a suspend.
    static func passControlKeysThrough() throws(TerminalError) {
        var modes = termios()
        guard tcgetattr(STDOUT_FILENO, &modes) == 0 else { throw TerminalError.failed("tcgetattr") }
        modes.c_iflag &= ~tcflag_t(IXON)
        modes.c_lflag &= ~tcflag_t(IEXTEN)
        guard tcsetattr(STDOUT_FILENO, TCSANOW, &modes) == 0 else { throw TerminalError.failed("tcsetattr") }
        try check(def_prog_mode(), "def_prog_mode")
    }

    /// Teaches ncurses the Home and End sequences other terminals (tmux, screen, rxvt) send
    /// when they differ from the terminfo entry in use.
    static func defineMoreKeys() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END),
            ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
            ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
        ]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Starts colour unless the terminal has none or the user asked for none (`NO_COLOR`).
    static func startColors() -> ColorPairs {
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return .off }
        guard has_colors(), start_color() != ERR else { return .off }
        let defaultColors = use_default_colors() != ERR
        return ColorPairs(capacity: Int(cn_color_pairs()), defaultColors: defaultColors)
    }

    /// Asks for left-button presses and releases and the wheel; true when the terminal has a mouse.
    ///
    /// The click interval is 0, so ncurses reports presses and releases at once and never
    /// waits to combine them; `MouseClickTracker` makes clicks and double clicks from them.
    static func startMouse() -> Bool {
        mouseinterval(0)
        let wanted =
            cn_button1_pressed() | cn_button1_released() | cn_button1_clicked() | cn_button1_double_clicked()
            | cn_button4_pressed() | cn_button5_pressed()
        return mousemask(wanted, nil) != 0
    }

    /// The bytes that undo what ncurses did to the screen, for the signal handlers to write.
    ///
    /// In the order endwin uses: plain attributes, mouse reporting off, keypad back to
    /// normal, cursor shown, main screen back (or, without an alternate screen, a clear one).
    static func restoreSequence(mouseEnabled: Bool) -> [CChar] {
        var bytes: [CChar] = []
        func append(_ capability: UnsafePointer<CChar>?) {
            guard let capability else { return }
            bytes += withoutPadding(String(cString: capability))
        }
        append(cn_string_capability("sgr0"))
        if mouseEnabled {
            if let xterm = cn_string_capability("XM") {
                append(cn_capability_with_parameter(xterm, 0))
            } else {
                bytes += withoutPadding("\u{1B}[?1000l")
            }
        }
        append(cn_string_capability("rmkx"))
        append(cn_string_capability("cnorm"))
        if let exitScreen = cn_string_capability("rmcup") {
            append(exitScreen)
        } else {
            append(cn_string_capability("clear"))
        }
        return bytes
    }

    /// The capability's text without its `$<…>` delays, which only tputs understands.
    static func withoutPadding(_ capability: String) -> [CChar] {
        var bytes: [CChar] = []
        var utf8 = capability.utf8[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "$"), utf8.dropFirst().first == UInt8(ascii: "<"),
                let end = utf8.firstIndex(of: UInt8(ascii: ">"))
            {
                utf8 = utf8[utf8.index(after: end)...]
                continue
            }
            bytes.append(CChar(bitPattern: byte))
            utf8 = utf8.dropFirst()
        }
        return bytes
    }
}
