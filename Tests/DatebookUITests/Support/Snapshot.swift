import DatebookTerminal
import DatebookUI
import Foundation
import Testing

/// Compares a rendered grid with its golden text file in `__Snapshots__/` beside the tests.
///
/// Set `RECORD_SNAPSHOTS=1` to write the files anew. A missing file is written and the test fails,
/// so a new snapshot is always looked at once before it is trusted.
func assertSnapshot(_ grid: Grid, named name: String, filePath: String = #filePath,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent(name + ".txt")
    // A frame of dots marks the grid's edges, so trailing blanks and size changes show in a diff.
    let border = String(repeating: ".", count: grid.width + 2)
    let text = ([border] + grid.text().split(separator: "\n", omittingEmptySubsequences: false).map { line in
        let pad = grid.width - DisplayWidth.of(String(line))
        return "." + line + String(repeating: " ", count: max(0, pad)) + "."
    } + [border]).joined(separator: "\n") + "\n"
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if record || !FileManager.default.fileExists(atPath: file.path) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record {
            Issue.record("Recorded a new snapshot \(name); check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    let golden = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    if golden != text {
        Issue.record("Snapshot \(name) differs (RECORD_SNAPSHOTS=1 to accept):\n--- expected\n\(golden)--- actual\n\(text)",
                     sourceLocation: sourceLocation)
    }
}
