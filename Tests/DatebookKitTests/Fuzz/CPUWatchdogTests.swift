import DatebookFuzzTargets
import Foundation
import Synchronization
import Testing

/// The watchdog `make libfuzz` judges inputs by: CPU time, from a thread of its own.
@Suite struct CPUWatchdogTests {
    /// Spins until `done` says so or `seconds` of wall time pass; true when `done` did.
    static func spin(for seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var sink: UInt64 = 0
        while Date() < deadline {
            for n in 0..<10_000 { sink = sink &+ UInt64(n) &* 31 }
            if done() { return sink != 1 }
        }
        return false
    }

    @Test func anInputOverTheLimitIsHandedOverOnce() {
        let overruns = Mutex<[(input: [UInt8], seconds: Double)]>([])
        let watchdog = CPUWatchdog(limit: 0.2, every: 0.01) { input, seconds in
            overruns.withLock { $0.append((input, seconds)) }
        }
        let input: [UInt8] = Array("BEGIN:VCALENDAR".utf8)
        let seen = watchdog.watching(input) {
            Self.spin(for: 30) { !overruns.withLock(\.isEmpty) }
        }
        #expect(seen)
        // Spinning on past the first report gives no second one for the same input.
        _ = watchdog.watching(input) { Self.spin(for: 0) { false } }
        let reported = overruns.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.input == input)
        #expect((reported.first?.seconds ?? 0) > 0.2)
    }

    @Test func nothingIsReportedBetweenInputs() {
        let overruns = Mutex(0)
        let watchdog = CPUWatchdog(limit: 0.05, every: 0.01) { _, _ in overruns.withLock { $0 += 1 } }
        for n in 0..<20 {
            _ = watchdog.watching([UInt8(n)]) { n }
        }
        // CPU time spent while no input runs (this spin) is no input's.
        _ = Self.spin(for: 0.5) { false }
        #expect(overruns.withLock { $0 } == 0)
    }
}
