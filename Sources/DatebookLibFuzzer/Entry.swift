import DatebookFuzzTargets
import Foundation

/// The entry points libFuzzer calls (`make libfuzz`): the campaign fuzzer's targets, each input
/// run once through `FuzzTarget.run`. An oracle's failure is a crash here (`abort()`, its
/// message on stderr first), so libFuzzer saves the input as it saves any other crash.
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
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let problem = target.run(bytes) {
        say("\(target.name) oracle: \(problem)")
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
