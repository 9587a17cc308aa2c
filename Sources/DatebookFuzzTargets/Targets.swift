import Foundation

/// The targets by name, made with the seed files of `corpus` (the iCalendar fixtures).
public enum Targets {
    public static let names = ["ical", "rule", "dates", "itip", "vcard", "feed", "json", "dav"]

    public static func make(_ name: String, corpus: String) throws -> any FuzzTarget {
        switch name {
        case "ical":
            return ICalendarTarget(seedFiles: try seedFiles(in: corpus, ending: ".ics"))
        case "feed":
            return FeedTarget(calendar: ICalendarTarget(seedFiles: try seedFiles(in: corpus, ending: ".ics")))
        case "vcard":
            return VCardTarget(seedFiles: try seedFiles(in: corpus + "/vcard", ending: ".vcf"))
        case "rule":
            return RuleTarget()
        case "dates":
            return DateTextTarget()
        case "itip":
            return MeetingMessageTarget()
        case "json":
            return JSONImportTarget(seedFiles: try seedFiles(in: corpus + "/Imports", ending: ".json"))
        case "dav":
            return DAVResponseTarget()
        default:
            throw FuzzError("no target \(name); the targets are \(names.joined(separator: ", "))")
        }
    }
}

/// The bytes of the files in `folder` whose names end with `suffix`, in name order.
private func seedFiles(in folder: String, ending suffix: String) throws -> [[UInt8]] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }.sorted()
    guard !files.isEmpty else { throw FuzzError("no \(suffix) files in \(folder)") }
    return try files.map { Array(try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0))) }
}

public struct FuzzError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
