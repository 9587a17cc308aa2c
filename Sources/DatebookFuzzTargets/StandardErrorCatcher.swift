import Foundation

/// Catches what an input writes to standard error: nothing may write there on its own (libical
/// does, with `fprintf`), because in the planner it would land on the screen. Datebook's
/// readers say what they met in their reports.
///
/// `catching` points file descriptor 2 at a file of its own while the input runs, then gives
/// descriptor 2 back as it was, so the fuzzer's own reports between inputs still reach the
/// terminal.
public final class StandardErrorCatcher: Sendable {
    private let descriptor: Int32
    private let original: Int32

    public init() {
        var template = Array("/tmp/datebook-fuzz-stderr-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        unlink(template)
        original = dup(2)
    }

    /// Runs `body` with standard error caught; returns its result and what was written (its
    /// first 300 bytes), or nil when nothing was.
    public func catching<T>(_ body: () -> T) -> (T, written: String?) {
        fflush(nil)
        dup2(descriptor, 2)
        let result = body()
        fflush(nil)
        dup2(original, 2)
        return (result, take())
    }

    /// Writes `text` and a line break where standard error was when this catcher was made.
    public func say(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(original, $0.baseAddress, $0.count) }
    }

    private func take() -> String? {
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(min(end, 300)))
        let count = pread(descriptor, &bytes, bytes.count, 0)
        ftruncate(descriptor, 0)
        lseek(descriptor, 0, SEEK_SET)
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }
}
