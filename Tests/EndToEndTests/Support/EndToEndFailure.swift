/// A failure of an end-to-end step, with what the screen showed at the time.
struct EndToEndFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
