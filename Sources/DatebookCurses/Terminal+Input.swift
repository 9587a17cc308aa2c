internal import CNCurses
import DatebookTerminal

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Reading events

extension Terminal {
    /// Waits up to `timeoutMilliseconds` (negative: for ever) for a key, a mouse action or a
    /// resize; `.idle` when the time runs out; nil when the terminal has gone away (hang-up).
    ///
    /// - Keys: arrows, Home/End, Page Up/Down, Delete, Insert, Shift-Tab, F1–F12, Enter
    ///   (`\n`, `\r`, keypad Enter), Tab, Backspace (the key, 127 or Ctrl-H), Escape, Ctrl
    ///   with a letter (`.ctrl("a")`…), printable characters. A lone Escape arrives after the
    ///   25 ms escape delay; Alt-x arrives as `.escape` then `.char("x")`. Anything else
    ///   (unknown sequences, other control codes, Shift-F keys) is dropped.
    /// - Mouse: `.press` when the left button goes down, `.click` when it comes up on the
    ///   same cell, `.doubleClick` for a second click there within 400 ms, `.release` when it
    ///   comes up elsewhere; `.wheelUp`, `.wheelDown`.
    /// - Resize: `.resize` with the new size; the next `draw` repaints every cell.
    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(timeoutMilliseconds)))
        while true {
            let wait = timeoutMilliseconds < 0 ? -1 : Self.milliseconds(from: clock.now, to: deadline)
            wtimeout(window, wait)
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == OK {
                if let key = Self.key(forCharacter: character) { return .key(key) }
            } else if result == KEY_CODE_YES {
                if let event = event(forKeyCode: Int32(bitPattern: character)) { return event }
            } else {
                // Time ran out, or a signal cut the wait short, or the terminal hung up.
                if Self.inputHasGoneAway() { return nil }
                if timeoutMilliseconds >= 0 && clock.now >= deadline { return .idle }
            }
        }
    }

    static func milliseconds(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// True when stdin reports a hang-up or an error, so waiting for keys is pointless.
    static func inputHasGoneAway() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// The key for a character get_wch returned as text (not as a key code).
    static func key(forCharacter character: wint_t) -> Key? {
        switch character {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(character) + 0x60)))
        case 0..<0x20, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(character) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// The event for a key code get_wch returned with KEY_CODE_YES.
    func event(forKeyCode code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case cn_key_f(1)...cn_key_f(12): return .key(.function(Int(code - cn_key_f(0))))
        case KEY_RESIZE:
            // ncurses has resized its screens; the terminal may have kept or dropped cells
            // it cut off, so repaint everything rather than trust the difference.
            redrawAll()
            return .resize(size())
        case KEY_MOUSE: return mouseEvent()
        default: return nil
        }
    }

    /// The pending mouse event, if it is one the planner uses.
    func mouseEvent() -> TerminalEvent? {
        var event = MEVENT()
        guard getmouse(&event) != ERR else { return nil }
        let position = Point(x: Int(event.x), y: Int(event.y))
        let state = event.bstate
        let action: MouseEvent.Action
        if state & cn_button4_pressed() != 0 {
            action = .wheelUp
        } else if state & cn_button5_pressed() != 0 {
            action = .wheelDown
        } else if let report = Self.button1Report(state) {
            action = clicks.action(for: report, at: position, now: ContinuousClock.now)
        } else {
            return nil
        }
        return .mouse(MouseEvent(action: action, position: position))
    }

    static func button1Report(_ state: mmask_t) -> MouseClickTracker.Report? {
        if state & cn_button1_pressed() != 0 { return .pressed }
        if state & cn_button1_released() != 0 { return .released }
        if state & cn_button1_double_clicked() != 0 { return .doubleClicked }
        if state & cn_button1_clicked() != 0 { return .clicked }
        return nil
    }
}
