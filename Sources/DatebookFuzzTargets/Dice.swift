import DatebookKit

/// The choices one input is made of, from a generator seeded by the campaign's seed and the
/// input's number, so any input can be made again from those two numbers alone.
struct Dice {
    var generator: SplitMix

    /// The dice of input `index` of target `salt` in a campaign seeded `seed`.
    init(seed: UInt64, salt: UInt64, index: Int) {
        var mixer = SplitMix(seed: seed ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        mixer.state ^= UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15
        generator = SplitMix(seed: mixer.next())
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// True once in `n` throws.
    mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &generator) == 0 }

    /// A byte.
    mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &generator) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }

    /// A small count, mostly 1 or 2, rarely up to `limit`.
    mutating func few(_ limit: Int) -> Int {
        var n = 1
        while n < limit && oneIn(2) { n += 1 }
        return n
    }

    /// Shuffles `values`.
    mutating func shuffle<T>(_ values: inout [T]) { values.shuffle(using: &generator) }
}

/// One kind of input the fuzzer makes and runs.
public protocol FuzzTarget: Sendable {
    /// The name `--target` takes.
    var name: String { get }
    /// The extension of a saved input.
    var fileExtension: String { get }
    /// Input number `index` of a campaign seeded `seed`, as the bytes of a file.
    func input(seed: UInt64, index: Int) -> [UInt8]
    /// Runs one input through the product's code; returns what an oracle found wrong with
    /// the result (nil when nothing): errors the product reports are answers, not failures.
    func run(_ input: [UInt8]) -> String?
}
