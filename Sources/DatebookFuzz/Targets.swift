import Foundation

/// The targets by name, made with the seed files of `corpus` (the iCalendar fixtures).
enum Targets {
    static let names = ["ical", "rule", "dates", "itip"]

    static func make(_ name: String, corpus: String) throws -> any FuzzTarget {
        switch name {
        case "ical":
            let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".ics") }.sorted()
            guard !files.isEmpty else { throw FuzzError("no .ics files in \(corpus)") }
            return ICalendarTarget(seedFiles: try files.map {
                Array(try Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent($0)))
            })
        case "rule":
            return RuleTarget()
        case "dates":
            return DateTextTarget()
        case "itip":
            return MeetingMessageTarget()
        default:
            throw FuzzError("no target \(name); the targets are \(names.joined(separator: ", "))")
        }
    }
}

struct FuzzError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

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
