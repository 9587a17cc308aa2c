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
    return 0
}

/// Made before libFuzzer's `-close_fd_mask=2` sets standard error aside, so that what it says
/// goes where standard error was.
private let catcher = StandardErrorCatcher()

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (problem, written) = catcher.catching { target.run(bytes) }
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
