import Foundation
import Synchronization

/// Calls `overrun` when one input has taken more than `limit` seconds of the process's CPU time
/// (all its threads: the importer parses on a second one), from a thread of its own.
///
/// For `make libfuzz`, whose own `-timeout` is wall time, which a busy machine stretches (inputs
/// of 0.5 s of CPU stopped runs at 2 s), and whose timeout handler runs inside a signal: it
/// allocates there, and when the signal came while the input was inside `free` the process
/// waited on the allocator's lock for ever, its input unsaved (finding 69 in
/// Docs/Reliability.md: the input was read out of the stuck process with gdb). The watchdog
/// judges by CPU time and acts outside any signal handler, so `overrun` may save the input and
/// end the process.
public final class CPUWatchdog: Sendable {
    /// The input being run and the CPU time when it began; nil between inputs.
    private struct Running {
        var input: [UInt8]
        var start: Double
        var number: UInt64
    }

    /// What the watchdog's thread reads; held weakly there, so that the thread ends with the
    /// watchdog.
    private final class State: Sendable {
        let running = Mutex<Running?>(nil)
        let count = Atomic<UInt64>(0)
    }

    public let limit: Double
    private let state = State()

    /// `overrun` gets the input and the CPU seconds it has taken so far, at most once an input.
    public init(limit: Double, every interval: Double = 0.05,
                overrun: @escaping @Sendable (_ input: [UInt8], _ seconds: Double) -> Void) {
        self.limit = limit
        let thread = Thread { [weak state] in
            var reported: UInt64 = 0
            while true {
                Thread.sleep(forTimeInterval: interval)
                guard let state else { return }
                let now = Self.cpuSeconds()
                let over = state.running.withLock { current -> (input: [UInt8], seconds: Double)? in
                    guard let current, current.number != reported, now - current.start > limit else { return nil }
                    reported = current.number
                    return (current.input, now - current.start)
                }
                if let over { overrun(over.input, over.seconds) }
            }
        }
        thread.name = "CPU watchdog"
        thread.start()
    }

    /// Runs `body`, watched, as the input `input`.
    public func watching<T>(_ input: [UInt8], _ body: () -> T) -> T {
        let number = state.count.add(1, ordering: .relaxed).newValue
        state.running.withLock { $0 = Running(input: input, start: Self.cpuSeconds(), number: number) }
        defer { state.running.withLock { $0 = nil } }
        return body()
    }

    /// The CPU time of the whole process, in seconds.
    public static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
