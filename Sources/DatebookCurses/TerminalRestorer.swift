internal import CNCurses

/// Puts the terminal back when the program ends without `Terminal.stop()`.
///
/// Covers Ctrl-C, SIGTERM and SIGHUP (restore, then exit with 128 + the signal number),
/// crashes — SIGSEGV, SIGBUS, SIGILL and SIGTRAP (Swift's runtime traps), SIGFPE, SIGABRT,
/// SIGQUIT — (restore, then hand the signal back to the previous handler so the crash is
/// reported as usual), and `exit()` from anywhere. The work inside the handlers is
/// async-signal-safe: prepared bytes written with write(2), and the saved modes put back
/// with tcsetattr(3).
///
/// The C side keeps its state in `static` variables of the shim header, one copy per object
/// file that uses them; this file is the only one that may call `cn_save_modes`,
/// `cn_arm_restore` and `cn_disarm_restore`.
enum TerminalRestorer {
    /// Remembers the modes of the terminal on `fileDescriptor` as they are before ncurses starts.
    static func saveModes(of fileDescriptor: Int32) -> Bool {
        cn_save_modes(fileDescriptor) == 0
    }

    /// Installs the handlers; `bytes` undo the screen modes ncurses set.
    static func arm(undoing bytes: [CChar]) -> Bool {
        bytes.withUnsafeBufferPointer { cn_arm_restore($0.baseAddress, $0.count) } == 0
    }

    /// Takes the handlers away again after a normal `endwin`.
    static func disarm() {
        cn_disarm_restore()
    }
}
