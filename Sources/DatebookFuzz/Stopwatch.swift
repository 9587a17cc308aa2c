import Foundation

/// Time spent by one input: on the wall clock, and by the process's CPUs (all its threads).
struct Stopwatch {
    let wall = DispatchTime.now().uptimeNanoseconds
    let cpu = Stopwatch.cpuNanoseconds()

    static func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Microseconds since the start: (wall, CPU).
    func elapsed() -> (wall: UInt64, cpu: UInt64) {
        ((DispatchTime.now().uptimeNanoseconds - wall) / 1000, (Self.cpuNanoseconds() - cpu) / 1000)
    }
}
