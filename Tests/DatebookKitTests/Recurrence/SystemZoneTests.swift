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

    /// Finding 67: libical writes the rule at the end of a TZif file as parts repeating from
    /// 2038, and for eight zones put their changes on other days or at other times than the
    /// rule gives (Cairo's at 24:00 on the last Thursday of October, Nuuk's at -01:00, Lord
    /// Howe's half hour, …; St_Johns, Norfolk and Miquelon at the instant itself): a local time
    /// near them read an hour off from 2038. Their changes are now the system's, written out.
    @Test("the changes of the clocks from 2038 to 2100 fall where Foundation and zdump have them")
    func changesFromTheTZifRule() throws {
        var wrong: [String] = []
        var checked = 0
        for identifier in ["Africa/Cairo", "America/Nuuk", "America/Scoresbysund", "Atlantic/Azores",
                           "Australia/Lord_Howe", "America/Miquelon", "Pacific/Norfolk", "America/St_Johns",
                           "Europe/Berlin", "America/New_York", "Australia/Sydney"] {
            let zone = try #require(TimeZoneRegistry.shared.systemZone(identifier), "\(identifier)")
            let system = TimeZone(identifier: identifier)!
            var after = Date(timeIntervalSince1970: Double(CivilDay.ordinal(2038, 1, 1)) * 86_400)
            let end = Date(timeIntervalSince1970: Double(CivilDay.ordinal(2101, 1, 1)) * 86_400)
            while let change = system.nextDaylightSavingTimeTransition(after: after), change < end {
                for instant in [change.addingTimeInterval(-60), change, change.addingTimeInterval(60)] {
                    // The wall clock Foundation shows there, read back through libical.
                    let wall = Libical.fromTimeT(time_t(instant.timeIntervalSince1970), 0, zone.pointer)
                    let offset = system.secondsFromGMT(for: instant)
                    var expected = icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970) + time_t(offset), 0, nil)
                    expected.zone = nil
                    checked += 1
                    if (wall.year, wall.month, wall.day, wall.hour, wall.minute) != (expected.year, expected.month, expected.day, expected.hour, expected.minute) {
                        wrong.append("\(identifier) \(instant): \(wall.hour):\(wall.minute) for \(expected.hour):\(expected.minute)")
                    }
                }
                after = change
            }
        }
        #expect(checked > 4_000)
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
        // An export still carries the zone as libical read it: rules, not the changes written out.
        let cairo = try #require(TimeZoneRegistry.shared.definition(ofSystemZone: "Africa/Cairo"))
        #expect(cairo.components(separatedBy: "RDATE").count < 200)
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
