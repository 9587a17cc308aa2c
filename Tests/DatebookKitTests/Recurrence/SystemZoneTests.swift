import Foundation
import Testing

internal import CLibical
@testable import DatebookKit

/// The system's zones as libical reads them give the times Foundation gives (and the screens
/// show), in every year an item may hold.
@Suite("System time zones")
struct SystemZoneTests {
    static let years = [2026, 2036, 2038, 2045, 2100, 2500, 2583, 3000, 4063, 9999]

    /// Finding 41: libical wrote the summer offset of `America/St_Johns` after 2037 as -01:30;
    /// the registry mends it. Times past 2582 are read a cycle earlier (finding 39).
    @Test("every zone Foundation knows: noon of four months in eleven years, as Foundation reads it",
          .timeLimit(.minutes(2)))
    func everyZoneAgrees() throws {
        var wrong: [String] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZoneRegistry.shared.systemZone(identifier) else {
                wrong.append("\(identifier): libical has no such zone")
                continue
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: identifier)!
            for year in Self.years {
                for month in [1, 4, 7, 10] {
                    let expected = calendar.date(from: DateComponents(year: year, month: month, day: 11, hour: 12))!
                    var time = icaltime_null_time()
                    (time.year, time.month, time.day, time.hour) = (Int32(year), Int32(month), 11, 12)
                    let read = Double(Libical.asTimeT(time, zone.pointer))
                    if read != expected.timeIntervalSince1970 {
                        wrong.append("\(identifier) \(year)-\(month): \(read - expected.timeIntervalSince1970) s off")
                    }
                    // And back to the same wall clock.
                    let back = Libical.fromTimeT(time_t(expected.timeIntervalSince1970), 0, zone.pointer)
                    if (back.year, back.month, back.day, back.hour) != (Int32(year), Int32(month), 11, 12) {
                        wrong.append("\(identifier) \(year)-\(month): back as \(back.year)-\(back.month)-\(back.day) \(back.hour)h")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("an export of a Newfoundland event carries summer time as -02:30")
    func newfoundlandExport() throws {
        let text = try #require(TimeZoneRegistry.shared.definition(ofSystemZone: "America/St_Johns"))
        // The rule of the years after libical's table (1988's double summer time stays).
        let endless = text.components(separatedBy: "BEGIN:DAYLIGHT").filter { $0.contains("DTSTART:2038") }
        #expect(endless.count == 1)
        #expect(endless.first?.contains("TZOFFSETTO:-0230") == true)
        #expect(text.contains("TZOFFSETTO:-0130"))
    }
}
