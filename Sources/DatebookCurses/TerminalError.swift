/// Why the planner could not take over the terminal, in one line a person can act on.
public struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The whole message, starting with `datebook:`; print it to stderr as it is.
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

// MARK: - The reasons

extension TerminalError {
    /// stdin or stdout is a pipe or a file: the planner is being run from a script.
    static func notATerminal(_ stream: String) -> TerminalError {
        TerminalError(
            message: "datebook: the planner needs a terminal; \(stream) is not a terminal. "
                + "From scripts use a command such as `datebook list`.")
    }

    static let noTerminalType = TerminalError(
        message: "datebook: the terminal type is not set (TERM); try TERM=xterm-256color")

    static func unknownTerminalType(_ name: String) -> TerminalError {
        TerminalError(
            message: "datebook: the terminal type \u{201C}\(name)\u{201D} is not known (TERM); try TERM=xterm-256color")
    }

    static func cannotAddressCursor(_ name: String) -> TerminalError {
        TerminalError(
            message: "datebook: the terminal type \u{201C}\(name)\u{201D} cannot move the cursor (TERM); "
                + "try TERM=xterm-256color")
    }

    static func failed(_ call: String) -> TerminalError {
        TerminalError(message: "datebook: could not set up the terminal (\(call) failed)")
    }
}
