import Foundation

/// The CPU time the calling thread has used: what a test's "in well under a second" measures,
/// since other processes on a busy machine stretch the wall clock but not this.
enum ThreadCPU {
    /// Seconds of CPU this thread has used so far.
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result with the seconds of this thread's CPU it took.
    static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
        let began = seconds()
        let result = try body()
        return (result, seconds() - began)
    }
}
