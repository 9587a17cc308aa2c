/// The mutations the line-based targets (meeting messages, vCards) share: on one line of a
/// content-line file, bytes flipped or set, lines deleted, duplicated, swapped, or a value
/// replaced.
enum LineMutations {
    /// The most bytes an input may hold: 16 MiB, sixteen times the `-max_len` libFuzzer runs
    /// the file readers with and the size of sixteen of the 1 MB lines the traps name. A card
    /// of hundreds of megabytes (a 70,000-character line copied thousands of times) takes
    /// seconds by its size alone, however linear its reading: how such files are read is
    /// measured by `make bench`, not judged against a fuzzing campaign's time limit.
    static let mostBytes = 16 << 20

    /// An input: `lines` mutated 1–8 times by `mutate`, then joined, each line ended by what
    /// `lineEnd` gives (asked after the mutations, so the dice are thrown in that order). A
    /// mutation that would make the input longer than `mostBytes` is undone; its dice stay
    /// thrown, so every input that never grew so large is the same as before the limit.
    static func input(
        _ lines: [[UInt8]], _ dice: inout Dice, lineEnd: (inout Dice) -> [UInt8],
        mutate: (inout [[UInt8]], inout Dice) -> Void
    ) -> [UInt8] {
        var lines = lines
        for _ in 0..<dice.few(8) {
            let before = lines
            mutate(&lines, &dice)
            if lines.reduce(2 * lines.count, { $0 + $1.count }) > mostBytes { lines = before }
        }
        let end = lineEnd(&dice)
        var bytes: [UInt8] = []
        for line in lines { bytes += line + end }
        return bytes
    }

    /// Flips or sets a few bytes of line `at`.
    /// The mutations every line target shares, by the number its die rolled: 0 damages the
    /// line, 1 deletes it, 2 copies it up to `most` times, 3 swaps it with another. False for
    /// any other number, which the target's own mutations take.
    static func reshape(_ lines: inout [[UInt8]], at: Int, roll: Int, most: Int, _ dice: inout Dice) -> Bool {
        switch roll {
        case 0: damage(&lines, at: at, &dice)
        case 1: delete(&lines, at: at, &dice)
        case 2: duplicate(&lines, at: at, most: most, &dice)
        case 3: swap(&lines, at: at, &dice)
        default: return false
        }
        return true
    }

    static func damage(_ lines: inout [[UInt8]], at: Int, _ dice: inout Dice) {
        for _ in 0..<dice.few(4) where !lines[at].isEmpty {
            let column = dice.int(0...lines[at].count - 1)
            lines[at][column] = dice.oneIn(2) ? lines[at][column] ^ (1 << UInt8(dice.int(0...7))) : dice.byte()
        }
    }

    /// Deletes a few lines from `at`.
    static func delete(_ lines: inout [[UInt8]], at: Int, _ dice: inout Dice) {
        lines.removeSubrange(at..<min(lines.count, at + dice.few(6)))
    }

    /// Repeats line `at` a few times, or (one in ten) up to `most` times.
    static func duplicate(_ lines: inout [[UInt8]], at: Int, most: Int, _ dice: inout Dice) {
        lines.insert(contentsOf: Array(repeating: lines[at], count: dice.oneIn(10) ? dice.int(2...most) : dice.few(3)),
                     at: at)
    }

    /// Swaps line `at` with another.
    static func swap(_ lines: inout [[UInt8]], at: Int, _ dice: inout Dice) {
        lines.swapAt(at, dice.int(0...lines.count - 1))
    }

    /// Gives line `at`'s property one of `values`, keeping its name and parameters.
    static func replaceValue(_ lines: inout [[UInt8]], at: Int, with values: [String], _ dice: inout Dice) {
        guard let colon = lines[at].firstIndex(of: 0x3A) else { return }
        lines[at] = Array(lines[at][...colon]) + Array(dice.pick(values).utf8)
    }

    /// Puts one of `parameters` (`;NAME=value`) before line `at`'s value.
    static func addParameter(_ lines: inout [[UInt8]], at: Int, from parameters: [String], _ dice: inout Dice) {
        guard let colon = lines[at].firstIndex(of: 0x3A) else { return }
        lines[at].insert(contentsOf: Array(dice.pick(parameters).utf8), at: colon)
    }
}
