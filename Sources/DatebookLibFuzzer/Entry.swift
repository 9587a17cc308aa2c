import DatebookFuzzTargets
import Foundation

/// The entry points libFuzzer calls (`make libfuzz`): the campaign fuzzer's targets, each input
/// run once through `FuzzTarget.run`. An oracle's failure is a crash here (`abort()`, its
/// message on stderr first), so libFuzzer saves the input as it saves any other crash; so is
/// an input that writes to standard error (caught as `make fuzz` catches it).
///
/// Run it with `-close_fd_mask=2`, as `make libfuzz` does: libFuzzer then writes its own reports
/// through a copy of standard error, and a crash's report reaches the terminal even while an
/// input's standard error is being caught.
///
/// `DATEBOOK_FUZZ_TARGET` names the target (`ical`, `rule`, `dates`, `itip`, `vcard`, `feed`,
/// `json`, `dav`); `DATEBOOK_FUZZ_FIXTURES` is the folder of the fixtures the targets that
/// mutate real files are made with (default `Tests/DatebookKitTests/Fixtures`, from the
/// package's folder).
///
/// Built with `--sanitize fuzzer -Xswiftc -parse-as-library` (`make libfuzz`): libFuzzer brings
/// `main`, and this file declares none. A plain `swift build` reads the one file of an
/// executable target as top-level code, so there it is a program that only makes the target.
let target: any FuzzTarget = {
    let environment = ProcessInfo.processInfo.environment
    guard let name = environment["DATEBOOK_FUZZ_TARGET"], !name.isEmpty else {
        fail("set DATEBOOK_FUZZ_TARGET to one of \(Targets.names.joined(separator: ", "))")
    }
    do {
        return try Targets.make(name, corpus: environment["DATEBOOK_FUZZ_FIXTURES"] ?? "Tests/DatebookKitTests/Fixtures")
    } catch {
        fail("\(error)")
    }
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    // The target is made before the first input, so that its set-up (a store in memory, the
    // fixtures read) is not taken for the first input's work.
    _ = target.name
    _ = catcher
    _ = watchdog
    return 0
}

/// Made before libFuzzer's `-close_fd_mask=2` sets standard error aside, so that what it says
/// goes where standard error was.
private let catcher = StandardErrorCatcher()

/// An input over `DATEBOOK_FUZZ_CPU_LIMIT` seconds of CPU time (2 by default: twice what the
/// reliability issue allows, so that only a real finding stops a run on a busy machine) is saved
/// in `DATEBOOK_FUZZ_ARTIFACTS` (the folder `make libfuzz` gives libFuzzer too) as `cpu-<hash>`,
/// and the process ends with status 70. libFuzzer's own `-timeout` (wall time) is then a
/// backstop only: its handler can hang for ever inside `malloc` (see `CPUWatchdog`).
private let watchdog: CPUWatchdog = {
    let environment = ProcessInfo.processInfo.environment
    let limit = environment["DATEBOOK_FUZZ_CPU_LIMIT"].flatMap(Double.init) ?? 2
    let folder = environment["DATEBOOK_FUZZ_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
    return CPUWatchdog(limit: limit) { input, seconds in
        let path = (folder as NSString).appendingPathComponent(String(format: "cpu-%016llx", inputHash(input)))
        let saved = FileManager.default.createFile(atPath: path, contents: Data(input))
        catcher.say(String(
            format: "%@: an input has taken %.2f s of CPU time, over the limit of %.2f s; %@ %@",
            target.name, seconds, limit, saved ? "saved in" : "COULD NOT BE SAVED in", path))
        _exit(70)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (problem, written) = catcher.catching { watchdog.watching(bytes) { target.run(bytes) } }
    if let problem {
        catcher.say("\(target.name) oracle: \(problem)")
        abort()
    }
    if let written {
        catcher.say("\(target.name) wrote to stderr: \(written)")
        abort()
    }
    return 0
}

private func say(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

private func fail(_ text: String) -> Never {
    say("DatebookLibFuzzer: " + text)
    exit(2)
}
