import Foundation
import Testing

@testable import DatebookKit

/// Values read from a component's text as written (`ComponentDecoder.writtenValues`), which the
/// feed reader and the decoder consult where libical reads a value as something else.
@Suite("Values as written")
struct WrittenValueTests {
    @Test("lines are unfolded, names matched in any case, and the first of each name is taken")
    func unfoldedAndMatched() {
        let text = [
            "BEGIN:VEVENT",
            "summ", " ary;LANGUAGE=en:Team ", " meeting",  // a fold inside the name and the value
            "transp:transparent",
            "STATUS;X-NOTE=\"a:b\":CANCELLED",  // the value follows the first colon, as written
            "SUMMARY:second",
            "CLASS:caf\u{E9}",
        ].joined(separator: "\r\n")
        let folded = text.replacingOccurrences(of: "caf\u{E9}", with: "caf\r\n \u{E9}")
        for body in [text, folded, folded.replacingOccurrences(of: "\r\n", with: "\n"),
                     folded.replacingOccurrences(of: "\r\n", with: "\r")] {
            let values = ComponentDecoder.writtenValues(of: ["SUMMARY", "TRANSP", "STATUS", "CLASS", "PRIORITY"], in: body)
            #expect(values["SUMMARY"] == "Team meeting")
            #expect(values["TRANSP"] == "transparent")
            #expect(values["STATUS"] == "b\":CANCELLED")
            #expect(values["CLASS"] == "caf\u{E9}")
            #expect(values["PRIORITY"] == nil)
        }
    }

    @Test("a component inside it has lines of its own: an alarm's SUMMARY is not the event's")
    func nestedComponents() {
        let text = ["BEGIN:VEVENT", "BEGIN:VALARM", "SUMMARY:Alarm", "PRIORITY:1", "END:VALARM",
                    "PRIORITY:high", "END:VEVENT"].joined(separator: "\r\n")
        #expect(ComponentDecoder.writtenValue(of: "SUMMARY", in: text) == nil)
        #expect(ComponentDecoder.writtenValue(of: "PRIORITY", in: text) == "high")
    }
}
