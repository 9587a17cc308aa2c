import ArgumentParser
import DatebookFuzzTargets
import Foundation

/// `make fuzz`: a deterministic, in-process fuzzer for the iCalendar reader, the repeat-rule
/// path and the date-text parsers.
///
/// The parent runs the inputs in batches, each in a child process (`worker`) that reports
/// every input's time and the child's peak memory on a pipe; a child that dies, or spends
/// `--hang` seconds of CPU time without answering, has its input recorded (as a crash or a
/// hang) and the campaign goes on after it; so has an input after which the child holds more
/// than `--memory` megabytes (the campaign goes on in a new child). Times are CPU times, so that a busy machine does not make findings. Input N
/// of a campaign is made from the seed and N alone, so every finding is made again by
/// `--seed S --from N --count 1`, and is also saved as a file that `replay` runs.
@main
struct DatebookFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "DatebookFuzz",
        abstract: "Fuzzes the iCalendar reader, the repeat-rule path and the date-text parsers.",
        subcommands: [Campaign.self, Replay.self, Show.self, SeedCorpus.self, Worker.self],
        defaultSubcommand: Campaign.self)
}

struct CommonOptions: ParsableArguments {
    @Option(help: "The folder of seed .ics files.")
    var corpus = "Tests/DatebookKitTests/Fixtures"
}

// MARK: - The campaign

struct Campaign: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Runs a campaign (the default).")

    @Option(help: "Targets, comma-separated: ical, rule, dates, itip, vcard, feed, json, dav (default: all).")
    var target = Targets.names.joined(separator: ",")
    @Option(help: "Inputs per target.")
    var count = 20_000
    @Option(help: "The campaign's seed: the same seed makes the same inputs.")
    var seed: UInt64 = 1
    @Option(help: "The number of the first input (to run again a part of a campaign).")
    var from = 0
    @Option(help: "Inputs per child process.")
    var batch = 5_000
    @Option(help: "Seconds of CPU time over which an input is a finding.")
    var threshold = 1.0
    @Option(help: "Seconds of CPU time without an answer after which a child is killed and its input is a hang.")
    var hang = 10.0
    @Option(help: "Megabytes of peak memory (the child's resident set) over which an input is a finding.")
    var memory = 1024
    @Option(help: "Where findings are saved.")
    var findings = "fuzz-findings"
    @Option(help: "Most inputs saved per target and kind of finding (all are counted).")
    var keep = 20
    @OptionGroup var common: CommonOptions

    func run() throws {
        let names = target.split(separator: ",").map(String.init)
        var total = 0
        for name in names {
            let fuzzTarget = try Targets.make(name, corpus: common.corpus)
            var runner = CampaignRunner(options: self, target: fuzzTarget)
            let summary = try runner.run()
            FileHandle.standardOutput.write(Data((summary.line + "\n").utf8))
            total += summary.findings
        }
        if total > 0 {
            print("findings saved in \(findings)/ (see \(findings)/findings.log)")
            throw ExitCode(1)
        }
    }
}

/// What one target's campaign found.
struct Summary {
    var target: String
    var inputs = 0
    var seconds = 0.0
    var cpuMicroseconds: UInt64 = 0
    var slowest: (index: Int, wall: UInt64, cpu: UInt64) = (-1, 0, 0)
    var overThreshold = 0
    var hangs = 0
    var crashes = 0
    var oracle = 0
    var overMemory = 0
    var peakKilobytes = 0

    var findings: Int { overThreshold + hangs + crashes + oracle + overMemory }

    var line: String {
        let rate = seconds > 0 ? Double(inputs) / seconds : 0
        let mean = inputs > 0 ? Double(cpuMicroseconds) / Double(inputs) / 1000 : 0
        return String(
            format: "%@: %d inputs in %.1f s (%.0f inputs/s, %.2f ms CPU each); slowest #%d %.3f s CPU (%.3f s wall); "
                + "peak memory %d MB; over threshold %d, hangs %d, crashes %d, oracle %d, over memory %d",
            target, inputs, seconds, rate, mean, slowest.index, Double(slowest.cpu) / 1e6, Double(slowest.wall) / 1e6,
            peakKilobytes / 1024, overThreshold, hangs, crashes, oracle, overMemory)
    }
}

struct CampaignRunner {
    let options: Campaign
    let target: any FuzzTarget
    var summary: Summary
    var saved: [String: Int] = [:]

    init(options: Campaign, target: any FuzzTarget) {
        self.options = options
        self.target = target
        summary = Summary(target: target.name)
    }

    mutating func run() throws -> Summary {
        let folder = URL(fileURLWithPath: options.findings).appendingPathComponent(target.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = DispatchTime.now().uptimeNanoseconds
        var lastReport = started
        var next = options.from
        let end = options.from + options.count
        while next < end {
            let upTo = min(end, next + options.batch)
            let outcome = try runWorker(from: next, to: upTo)
            next = outcome.resumeAt
            let now = DispatchTime.now().uptimeNanoseconds
            if now - lastReport > 60_000_000_000 {
                // The figures so far, so that a campaign stopped early still has them.
                lastReport = now
                summary.seconds = Double(now - started) / 1e9
                FileHandle.standardError.write(Data("so far: \(summary.line)\n".utf8))
            }
        }
        summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let record = summary.line + "  [seed \(options.seed), inputs \(options.from)..<\(end)]\n"
        append(record, to: URL(fileURLWithPath: options.findings).appendingPathComponent("campaigns.log"))
        return summary
    }

    /// Runs inputs `from..<to` in one child; returns where to go on.
    private mutating func runWorker(from: Int, to: Int) throws -> (resumeAt: Int, Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["worker", "--target", target.name, "--seed", String(options.seed), "--from", String(from),
                             "--to", String(to), "--corpus", options.common.corpus]
        let pipe = Pipe()
        process.standardOutput = pipe
        let errorPath = URL(fileURLWithPath: options.findings).appendingPathComponent("\(target.name)/worker-stderr.txt").path
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        try? pipe.fileHandleForWriting.close()
        let descriptor = pipe.fileHandleForReading.fileDescriptor

        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var current = from  // the input the child is on
        var hung = false
        var overMemory = false
        // A hang is judged by the CPU time the child spent on the input, so that a busy machine
        // (a child waiting for a core) does not pass for one; the wall clock is the last resort.
        var answered = (wall: DispatchTime.now().uptimeNanoseconds, cpu: Self.cpuSeconds(of: process.processIdentifier))
        reading: while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 250)
            if ready == 0 {
                let cpu = Self.cpuSeconds(of: process.processIdentifier) - answered.cpu
                let wall = Double(DispatchTime.now().uptimeNanoseconds - answered.wall) / 1e9
                if cpu > options.hang || wall > max(60, 20 * options.hang) {
                    hung = true
                    kill(process.processIdentifier, SIGKILL)
                    break reading
                }
                continue
            }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            let got = read(descriptor, &buffer, buffer.count)
            if got <= 0 { break }
            pending += buffer[0..<got]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                let (index, peak) = record(line)
                current = index + 1
                if peak > options.memory * 1024 {
                    // A peak never falls: the inputs after this one are judged in a new child.
                    overMemory = true
                    kill(process.processIdentifier, SIGKILL)
                    break reading
                }
            }
            answered = (DispatchTime.now().uptimeNanoseconds, Self.cpuSeconds(of: process.processIdentifier))
        }
        process.waitUntilExit()
        try? pipe.fileHandleForReading.close()
        if overMemory { return (current, ()) }
        if hung {
            summary.hangs += 1
            summary.inputs += 1
            save(index: current, kind: "hang", note: String(format: "no answer after %.0f s of CPU time", options.hang))
            return (current + 1, ())
        }
        if current < to {
            summary.crashes += 1
            summary.inputs += 1
            let how = process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
            let stderrTail = (try? String(contentsOfFile: errorPath, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
            let file = save(index: current, kind: "crash", note: how)
            let again = file.map(reproduces) ?? "not saved"
            append("  \(again)\n  stderr: \(stderrTail.replacingOccurrences(of: "\n", with: "\n    "))\n",
                   to: URL(fileURLWithPath: options.findings).appendingPathComponent("findings.log"))
            return (current + 1, ())
        }
        return (to, ())
    }

    /// The CPU time a process has used (user and system, all threads), from /proc.
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        // After the name: state, ppid, … utime is the 12th field, stime the 13th.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Reads one line of a child, `index wall cpu peak [oracle]` (microseconds, kilobytes);
    /// returns the input's number and the child's peak memory after it.
    private mutating func record(_ line: String) -> (index: Int, peak: Int) {
        let fields = line.split(separator: " ", maxSplits: 4)
        guard fields.count >= 4, let index = Int(fields[0]), let wall = UInt64(fields[1]), let cpu = UInt64(fields[2]),
            let peak = Int(fields[3])
        else { return (-1, 0) }
        summary.inputs += 1
        summary.peakKilobytes = max(summary.peakKilobytes, peak)
        if peak > options.memory * 1024 {
            summary.overMemory += 1
            save(index: index, kind: "memory", note: "the child's peak memory after it: \(peak / 1024) MB")
        }
        summary.cpuMicroseconds += cpu
        if cpu > summary.slowest.cpu { summary.slowest = (index, wall, cpu) }
        if Double(cpu) / 1e6 > options.threshold {
            summary.overThreshold += 1
            save(index: index, kind: "slow", note: String(format: "%.3f s CPU, %.3f s wall", Double(cpu) / 1e6,
                                                          Double(wall) / 1e6))
        }
        if fields.count == 5 {
            summary.oracle += 1
            save(index: index, kind: "oracle", note: String(fields[4]))
        }
        return (index, peak)
    }

    /// Saves input `index` (made again here from the seed) and logs it; returns the file.
    @discardableResult
    private mutating func save(index: Int, kind: String, note: String) -> URL? {
        let root = URL(fileURLWithPath: options.findings)
        var line = "\(target.name) \(kind) seed \(options.seed) input \(index): \(note)"
        var file: URL?
        let key = kind + (kind == "oracle" ? note.prefix(30) : "")
        if saved[key, default: 0] < options.keep {
            saved[key, default: 0] += 1
            let url = root.appendingPathComponent(target.name)
                .appendingPathComponent("\(kind)-s\(options.seed)-\(index).\(target.fileExtension)")
            try? Data(target.input(seed: options.seed, index: index)).write(to: url)
            line += " -> \(target.name)/\(url.lastPathComponent)"
            file = url
        }
        append(line + "\n", to: root.appendingPathComponent("findings.log"))
        return file
    }

    /// Runs a saved crashing input alone in a child: does it crash again?
    private func reproduces(_ file: URL) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["replay", "--target", target.name, file.path, "--corpus", options.common.corpus]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "could not run it again" }
        let deadline = Date().addingTimeInterval(options.hang)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return "alone: hangs"
        }
        return process.terminationStatus == 0 ? "alone: does not crash (depends on earlier inputs?)"
            : "alone: crashes again (\(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus))"
    }

    private func append(_ text: String, to url: URL) {
        if let handle = FileHandle(forWritingAtPath: url.path) {
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try? handle.close()
        } else {
            try? Data(text.utf8).write(to: url)
        }
    }
}

// MARK: - The child

struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Runs inputs from..<to and reports each on standard output (used by run).", shouldDisplay: false)

    @Option var target: String
    @Option var seed: UInt64
    @Option var from: Int
    @Option var to: Int
    @OptionGroup var common: CommonOptions

    func run() throws {
        let fuzzTarget = try Targets.make(target, corpus: common.corpus)
        let stderr = StandardErrorCatcher()
        for index in from..<to {
            let input = fuzzTarget.input(seed: seed, index: index)
            let watch = Stopwatch()
            var (problem, written) = stderr.catching { fuzzTarget.run(input) }
            let (wall, cpu) = watch.elapsed()
            if problem == nil, let written { problem = "wrote to stderr: " + written }
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            var line = "\(index) \(wall) \(cpu) \(usage.ru_maxrss)"
            if let problem { line += " " + problem.replacingOccurrences(of: "\n", with: " ") }
            line += "\n"
            line.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
        }
    }
}

// MARK: - One input

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Runs saved inputs and says how long each took.")

    @Option(help: "The target the files are inputs of.")
    var target: String
    @Argument(help: "Input files (a finding, or one of `show`).")
    var files: [String]
    @OptionGroup var common: CommonOptions

    func run() throws {
        let fuzzTarget = try Targets.make(target, corpus: common.corpus)
        let stderr = StandardErrorCatcher()
        for file in files {
            let input = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let watch = Stopwatch()
            var (problem, written) = stderr.catching { fuzzTarget.run(input) }
            let (wall, cpu) = watch.elapsed()
            if problem == nil, let written { problem = "wrote to stderr: " + written }
            print(String(format: "%@: %.3f s CPU, %.3f s wall%@", file, Double(cpu) / 1e6, Double(wall) / 1e6,
                         problem.map { "; " + $0 } ?? ""))
        }
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Writes input N of a campaign to standard output.")

    @Option var target: String
    @Option var seed: UInt64 = 1
    @Option(help: "The input's number.")
    var index: Int
    @OptionGroup var common: CommonOptions

    func run() throws {
        let bytes = try Targets.make(target, corpus: common.corpus).input(seed: seed, index: index)
        FileHandle.standardOutput.write(Data(bytes))
    }
}

struct SeedCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-corpus", abstract: "Writes inputs 0..<count of a campaign as files, a corpus for libFuzzer.")

    @Option var target: String
    @Option var seed: UInt64 = 1
    @Option(help: "How many inputs.")
    var count = 200
    @Option(help: "The folder the files go to (made if missing).")
    var out: String
    @OptionGroup var common: CommonOptions

    func run() throws {
        let fuzzTarget = try Targets.make(target, corpus: common.corpus)
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let name = "s\(seed)-\(index).\(fuzzTarget.fileExtension)"
            try Data(fuzzTarget.input(seed: seed, index: index)).write(to: folder.appendingPathComponent(name))
        }
    }
}
