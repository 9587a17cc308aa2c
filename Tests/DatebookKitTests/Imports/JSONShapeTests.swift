import Foundation
import Testing

@testable import DatebookKit

@Suite("The shape of a JSON file before decoding")
struct JSONShapeTests {
    func shape(_ text: String) throws(JSONShape.Problem) -> JSONShape {
        let bytes = Array(text.utf8)
        let result: Result<JSONShape, JSONShape.Problem> = bytes.withUnsafeBytes { raw in
            do throws(JSONShape.Problem) {
                return .success(try JSONShape(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test("a list: the lines its records begin on and the keys of the first")
    func list() throws {
        let found = try shape("[\n {\"a\": 1, \"b\": {\"c\": 2}},\n\n \"x\", 3,\n [1]\n]")
        #expect(found.top == .array)
        #expect(found.elementLines == [2, 4, 4, 5])
        #expect(found.firstKeys == ["a", "b"])
    }

    @Test("an object: its keys and the lines of the values of each list in it; brackets in strings do not count")
    func object() throws {
        let found = try shape("{\"week\": 8,\n \"s\": [\n {\"k\": \"[{\\\"\"},\n {}],\n \"t\": {\"u\": [1]}}")
        #expect(found.top == .object)
        #expect(found.firstKeys == ["week", "s", "t"])
        #expect(found.memberElementLines == ["s": [3, 4]])
    }

    @Test("too deep, unbalanced, unterminated and empty input are refused")
    func problems() {
        #expect(throws: JSONShape.Problem.tooDeep(line: 2, limit: 64)) {
            try shape("\n" + String(repeating: "[", count: 65))
        }
        #expect(throws: JSONShape.Problem.unbalanced(line: 1)) { try shape("[}") }
        #expect(throws: JSONShape.Problem.unbalanced(line: 1)) { try shape("[[]") }
        #expect(throws: JSONShape.Problem.unterminatedString(line: 1)) { try shape("[\"abc") }
        #expect(throws: JSONShape.Problem.empty) { try shape("  \n ") }
    }
}
