import Foundation

/// Splits an iCalendar stream into its components (VEVENT, VTODO, VTIMEZONE, …) without
/// parsing them, so that each is parsed alone, a broken one is skipped alone, and a large file
/// never becomes one large tree in memory.
///
/// Works on bytes: a line is a component boundary when it reads `BEGIN:` or `END:` from its
/// first column (a folded continuation line starts with a space or a tab, so it never does).
/// Several VCALENDARs one after another are read as one stream; components outside any
/// VCALENDAR are read too (some programs write them so), with a note.
struct ICalendarScanner {
    /// One component found in the stream.
    struct Chunk: Equatable, Sendable {
        /// The component's name, upper-cased: `VEVENT`.
        var name: String
        /// Its bytes, from its `BEGIN:` line to the end of its `END:` line.
        var range: Range<Int>
        /// The number of its `BEGIN:` line, from 1.
        var line: Int
        /// What its text changes from its bytes, in order: an `END:` line that ends nothing
        /// (noted as ignored) is left out, and the `END:` lines of components inside it that
        /// did not end (noted as closed) are written where it ends. libical would refuse the
        /// component, or print a complaint of its own on stderr.
        var repairs: [Repair] = []
    }

    /// Bytes of a component replaced in its text (absolute offsets in the stream).
    struct Repair: Equatable, Sendable {
        var range: Range<Int>
        var replacement: [UInt8]
    }

    /// Something wrong with the stream's structure.
    struct Problem: Equatable, Sendable {
        var line: Int
        var component: String
        var message: String
    }

    /// The components inside (or outside) the stream's VCALENDARs, in order.
    private(set) var chunks: [Chunk] = []
    /// Components that do not end, ends without a beginning, and the like.
    private(set) var problems: [Problem] = []
    /// True when the stream had at least one `BEGIN:VCALENDAR`.
    private(set) var sawCalendar = false
    /// How many lines the stream has.
    private(set) var lineCount = 0

    /// Components that stand at the top of a calendar: one of these inside another means the
    /// other never ended.
    static let topLevelNames: Set<String> = [
        "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY", "VCALENDAR",
    ]

    /// The deepest a component may nest, counting itself (VEVENT › VALARM is 2). Real files
    /// stay within 3 or 4; libical walks a component recursively, once per level, so a deeper
    /// one is skipped here, before libical sees it, rather than overflowing the stack.
    static let maximumDepth = 16

    /// How much of a folded line is unfolded to see whether it begins or ends a component: more
    /// than `BEGIN:`, the longest name (64) and some spaces; past it a name would be too long.
    static let unfoldedPrefix = 200

    // MARK: - Scanning

    init(_ bytes: UnsafeRawBufferPointer) {
        var stack: [String] = []
        var chunkStart = 0
        var chunkLine = 0
        var chunkName = ""
        /// BEGINs past `maximumDepth` inside the open component: counted, not stacked, so
        /// that the stack (and every search of it) stays small however deep a file nests.
        var overflow = 0
        /// Set once the open component went past `maximumDepth`: it will be skipped.
        var tooDeep = false
        var repairs: [Repair] = []
        var lineNumber = 0
        var offset = 0
        let count = bytes.count

        func finishChunk(at end: Int) {
            if tooDeep {
                problems.append(
                    Problem(
                        line: chunkLine, component: chunkName,
                        message: "it is nested too deeply (more than \(Self.maximumDepth) levels); skipped"))
            } else {
                chunks.append(Chunk(name: chunkName, range: chunkStart..<end, line: chunkLine, repairs: repairs))
            }
            repairs = []
            overflow = 0
            tooDeep = false
        }
        /// How deep the open component nests now, counting itself.
        func depth() -> Int { stack.count - (stack.first == "VCALENDAR" ? 1 : 0) }
        /// The name of the component being read at the top of the calendar, if any.
        func openComponent() -> String? {
            if stack.first == "VCALENDAR" { return stack.count > 1 ? stack[1] : nil }
            return stack.first
        }

        while offset < count {
            lineNumber += 1
            var end = offset
            while end < count && bytes[end] != 0x0A && bytes[end] != 0x0D {
                end += 1
            }
            var next = end
            if next < count && bytes[next] == 0x0D { next += 1 }
            if next < count && bytes[next] == 0x0A { next += 1 }
            // Lines folded onto this one (RFC 5545 3.1) are part of it: libical reads
            // `E` + ` ND:VALARM` as END:VALARM, so the boundary is judged on the line unfolded.
            var folded: [UInt8]? = nil
            var continuations = 0
            while next < count && (bytes[next] == 0x20 || bytes[next] == 0x09) {
                if folded == nil { folded = Array(bytes[offset..<min(end, offset + Self.unfoldedPrefix)]) }
                var continuationEnd = next + 1
                while continuationEnd < count && bytes[continuationEnd] != 0x0A && bytes[continuationEnd] != 0x0D {
                    continuationEnd += 1
                }
                let room = Self.unfoldedPrefix - folded!.count
                if room > 0 { folded!.append(contentsOf: bytes[(next + 1)..<min(continuationEnd, next + 1 + room)]) }
                next = continuationEnd
                if next < count && bytes[next] == 0x0D { next += 1 }
                if next < count && bytes[next] == 0x0A { next += 1 }
                continuations += 1
            }
            defer {
                offset = next
                lineNumber += continuations
            }
            let read = folded.map { line in line.withUnsafeBytes { Self.boundary($0, from: 0, to: line.count) } }
                ?? Self.boundary(bytes, from: offset, to: end)
            guard let (isBegin, found) = read else { continue }
            guard let name = found else {
                // `END:` with no name, a name that is no name (`END:会议`, `END:\,`), or
                // parameters (`END;X=1:VALARM`): libical would end whatever is open with it.
                if let open = openComponent() {
                    problems.append(
                        Problem(
                            line: lineNumber, component: open,
                            message: "\(isBegin ? "a BEGIN" : "an END") line without a component's name; ignored"))
                    repairs.append(Repair(range: offset..<next, replacement: []))
                }
                continue
            }
            // A folded boundary goes to libical unfolded: it would join a continuation after a
            // blank line to the line before the blank, and see another structure than this one.
            let unfolded = folded.map { _ in
                Repair(range: offset..<next, replacement: Array("\(isBegin ? "BEGIN" : "END"):\(name)\r\n".utf8))
            }

            if isBegin {
                if name == "VCALENDAR" {
                    if let open = openComponent() {
                        problems.append(
                            Problem(line: chunkLine, component: open, message: "it has no END:\(open); skipped"))
                    }
                    sawCalendar = true
                    stack = ["VCALENDAR"]
                    overflow = 0
                    tooDeep = false
                    continue
                }
                if let open = openComponent(), Self.topLevelNames.contains(name) {
                    problems.append(Problem(line: chunkLine, component: open, message: "it has no END:\(open); skipped"))
                    stack.removeLast(stack.count - (stack.first == "VCALENDAR" ? 1 : 0))
                    overflow = 0
                    tooDeep = false
                }
                if openComponent() == nil {
                    repairs = []
                    chunkStart = offset
                    chunkLine = lineNumber
                    chunkName = name
                    if stack.isEmpty {
                        problems.append(
                            Problem(line: lineNumber, component: name, message: "it stands outside any VCALENDAR; read anyway"))
                    }
                }
                if let unfolded { repairs.append(unfolded) }
                if depth() >= Self.maximumDepth {
                    overflow += 1
                    tooDeep = true
                    continue
                }
                stack.append(name)
            } else {
                if overflow > 0 && depth() >= Self.maximumDepth {
                    // One of the levels past the limit ends (whatever its name says).
                    overflow = max(0, overflow - 1)
                    continue
                }
                guard let index = stack.lastIndex(of: name) else {
                    problems.append(
                        Problem(line: lineNumber, component: name, message: "END:\(name) without BEGIN:\(name); ignored"))
                    if openComponent() != nil { repairs.append(Repair(range: offset..<next, replacement: [])) }
                    continue
                }
                if index < stack.count - 1 {
                    let unclosed = stack[(index + 1)...].joined(separator: ", ")
                    problems.append(
                        Problem(line: lineNumber, component: name, message: "\(unclosed) inside it did not end; closed here"))
                    let ends = stack[(index + 1)...].reversed().map { "END:\($0)\r\n" }.joined()
                    repairs.append(Repair(range: offset..<offset, replacement: Array(ends.utf8)))
                }
                if let unfolded, openComponent() != nil { repairs.append(unfolded) }
                let wasComponent = openComponent() != nil
                stack.removeLast(stack.count - index)
                if wasComponent && openComponent() == nil && name != "VCALENDAR" {
                    finishChunk(at: next)
                } else if wasComponent && name == "VCALENDAR" {
                    // END:VCALENDAR inside a component: that component never ended.
                    problems.append(
                        Problem(line: chunkLine, component: chunkName, message: "it has no END:\(chunkName); skipped"))
                    overflow = 0
                    tooDeep = false
                }
            }
        }
        if let open = openComponent() {
            problems.append(Problem(line: chunkLine, component: open, message: "the file ends before END:\(open); skipped"))
        }
        lineCount = lineNumber
    }

    /// Reads a `BEGIN:NAME` or `END:NAME` line: whether it begins, and the upper-cased name;
    /// the name is nil when the line begins or ends something without a name that could be one
    /// (none, more than 64 characters, spaces or bytes past ASCII in it, parameters, no colon).
    /// Nil for any other line.
    private static func boundary(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> (Bool, String?)? {
        func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
        func matches(_ word: StaticString, at position: Int) -> Bool {
            let length = word.utf8CodeUnitCount
            guard end - position >= length else { return false }
            let pointer = word.utf8Start
            for index in 0..<length where upper(bytes[position + index]) != pointer[index] {
                return false
            }
            return true
        }
        let nameStart: Int
        let isBegin: Bool
        if matches("BEGIN:", at: start) {
            nameStart = start + 6
            isBegin = true
        } else if matches("END:", at: start) {
            nameStart = start + 4
            isBegin = false
        } else {
            // `END` alone, `END;X=1:VALARM`, `END VALARM`: libical reads the name before a colon,
            // a semicolon or the line's end.
            func endsName(at position: Int) -> Bool {
                position == end || bytes[position] == 0x3B || bytes[position] == 0x20 || bytes[position] == 0x09
            }
            if matches("BEGIN", at: start) && endsName(at: start + 5) { return (true, nil) }
            if matches("END", at: start) && endsName(at: start + 3) { return (false, nil) }
            return nil
        }
        var nameEnd = end
        while nameEnd > nameStart && (bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09) {
            nameEnd -= 1
        }
        guard nameEnd > nameStart, nameEnd - nameStart <= 64 else { return (isBegin, nil) }
        var name = ""
        for index in nameStart..<nameEnd {
            let byte = upper(bytes[index])
            guard byte > 0x20 && byte < 0x7F else { return (isBegin, nil) }
            name.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return (isBegin, name)
    }

    // MARK: - Text of a component

    /// The text of a chunk, ready for libical: UTF-8 lines as they are, and, with a note for
    /// each, lines that are not UTF-8 read as Latin-1 and NUL characters made U+FFFD.
    static func text(of chunk: Chunk, in bytes: UnsafeRawBufferPointer) -> (text: String, notes: [(Int, String)]) {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[chunk.range])
        guard !chunk.repairs.isEmpty else { return text(of: slice, firstLine: chunk.line) }
        var kept: [UInt8] = []
        kept.reserveCapacity(slice.count)
        var from = chunk.range.lowerBound
        for repair in chunk.repairs {
            kept.append(contentsOf: bytes[from..<repair.range.lowerBound])
            kept.append(contentsOf: repair.replacement)
            from = repair.range.upperBound
        }
        kept.append(contentsOf: bytes[from..<chunk.range.upperBound])
        // (A note about a line after a repair may name a line next to it.)
        return kept.withUnsafeBytes { text(of: $0, firstLine: chunk.line) }
    }

    /// The text of a component's bytes whose first line is `firstLine`.
    ///
    /// A CR alone ends a line for the scanner (files of old Macs; a stray CR), but not for
    /// libical, which ends lines at LF: it is given to libical as CR LF, so that both read the
    /// same lines. Else `\rBEGIN:DAYLIGHT` was no BEGIN to libical, the END the scanner added
    /// for it ended the VTIMEZONE, and libical printed "Encountered END before BEGIN" on stderr
    /// (finding 29).
    private static func text(of slice: UnsafeRawBufferPointer, firstLine: Int) -> (text: String, notes: [(Int, String)]) {
        guard let lone = firstLoneCR(in: slice) else {
            return readable(slice, firstLine: firstLine)
        }
        var bytes = Array(slice[..<lone])
        bytes.reserveCapacity(slice.count + 64)
        for index in lone..<slice.count {
            bytes.append(slice[index])
            if isLoneCR(slice, at: index) { bytes.append(0x0A) }
        }
        return bytes.withUnsafeBytes { readable($0, firstLine: firstLine) }
    }

    /// Properties libical 3.0 cannot read from text at all (its value parser has no case for
    /// their value types): it prints `icalvalue_new_from_string got an unknown value type` on
    /// stderr, then drops them (finding 36).
    private static let unreadableProperties = ["TASK-MODE", "X-LIC-CLASS"].map { Array($0.utf8) }

    /// The text of bytes whose lines end at LF, without the content lines of
    /// `unreadableProperties` (named on the line unfolded), each left out with a note.
    private static func readable(_ slice: UnsafeRawBufferPointer, firstLine: Int) -> (text: String, notes: [(Int, String)]) {
        var kept: [UInt8]? = nil
        var notes: [(Int, String)] = []
        var line = firstLine
        var start = 0
        while start < slice.count {
            // The content line from `start`: up to an LF not followed by a space or a tab.
            var end = start
            var lines = 0
            repeat {
                while end < slice.count && slice[end] != 0x0A { end += 1 }
                if end < slice.count { end += 1 }
                lines += 1
            } while end < slice.count && (slice[end] == 0x20 || slice[end] == 0x09)
            if let name = unreadableName(slice, from: start, to: end) {
                if kept == nil { kept = Array(slice[..<start]) }
                notes.append((line, "libical cannot read \(name); it was left out"))
            } else if kept != nil {
                kept!.append(contentsOf: slice[start..<end])
            }
            line += lines
            start = end
        }
        guard let kept else { return decoded(slice, firstLine: firstLine) }
        let (text, more) = kept.withUnsafeBytes { decoded($0, firstLine: firstLine) }
        return (text, notes + more)
    }

    /// The name of one of `unreadableProperties` that the content line `[start, end)` holds,
    /// compared unfolded and without regard to case; nil for any other line.
    private static func unreadableName(_ slice: UnsafeRawBufferPointer, from start: Int, to end: Int) -> String? {
        var name: [UInt8] = []
        var index = start
        while index < end && name.count <= 12 {
            let byte = slice[index]
            if byte == 0x0D || byte == 0x0A {
                // A fold: the line break and the space or tab after it are not part of the name.
                index += byte == 0x0D && index + 1 < end && slice[index + 1] == 0x0A ? 2 : 1
                if index < end && (slice[index] == 0x20 || slice[index] == 0x09) { index += 1 }
                continue
            }
            if byte == 0x3A || byte == 0x3B { break }
            name.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
            index += 1
        }
        return unreadableProperties.first { $0 == name }.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func firstLoneCR(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, 0x0D, bytes.count - from) {
            let index = base.distance(to: UnsafeRawPointer(found))
            if isLoneCR(bytes, at: index) { return index }
            from = index + 1
        }
        return nil
    }

    private static func isLoneCR(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)
    }

    /// The text of bytes whose lines end at LF.
    private static func decoded(_ slice: UnsafeRawBufferPointer, firstLine: Int) -> (text: String, notes: [(Int, String)]) {
        if !slice.contains(0), let text = String(validating: slice, as: UTF8.self) {
            return (text, [])
        }
        var notes: [(Int, String)] = []
        var text = ""
        text.reserveCapacity(slice.count)
        var lineStart = 0
        var line = firstLine
        while lineStart < slice.count {
            var lineEnd = lineStart
            while lineEnd < slice.count && slice[lineEnd] != 0x0A {
                lineEnd += 1
            }
            if lineEnd < slice.count { lineEnd += 1 }
            let lineBytes = UnsafeRawBufferPointer(rebasing: slice[lineStart..<lineEnd])
            var decoded: String
            if let valid = String(validating: lineBytes, as: UTF8.self) {
                decoded = valid
            } else {
                decoded = String(lineBytes.map { Character(Unicode.Scalar($0)) })
                notes.append((line, "bytes that are not UTF-8 were read as Latin-1"))
            }
            if decoded.contains("\u{0}") {
                decoded = decoded.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
                notes.append((line, "NUL characters were replaced by \u{FFFD}"))
            }
            text += decoded
            line += 1
            lineStart = lineEnd
        }
        return (text, notes)
    }
}
