import Foundation
import GRDB

/// How an item maps to the rows of `item` and its child tables (`item_time`,
/// `item_attachment`, `item_alarm`, `item_recurrence_date`, `item_override`, `item_participant`,
/// `item_category`, `item_extra`).
extension Item {
    // MARK: - Columns

    /// The `item` columns read for a whole item, in the order `init(row:times:attachments:)` reads them.
    ///
    /// Free text is read as bytes (`CAST(... AS BLOB)`): read as text, SQLite's C string would
    /// end at a NUL character, and a title holding one would come back cut short.
    static let selectColumns = """
        id, uid, kind, CAST(title AS BLOB), all_day, CAST(place AS BLOB), CAST(notes AS BLOB), due,
        priority, CAST(repeat_rule AS BLOB),
        CAST(category AS BLOB), status, status_changed_at, created, updated, CAST(ical_uid AS BLOB),
        time_zone, instances_only
        """

    /// The `item` columns written for a whole item, in the order `bindColumns(to:)` binds them.
    static let writeColumns = [
        "uid", "kind", "title", "all_day", "place", "notes", "due", "priority", "repeat_rule", "category", "status", "status_changed_at", "created",
        "updated", "sort_at", "ical_uid", "time_zone", "series_start", "series_end", "series_span",
        "expanded_until", "occurrence_keys", "instances_only", "listed_end", "keeps_no_more",
        "kept_from",
    ]

    /// `INSERT INTO item (...) VALUES (?, ...)` for every written column.
    static let insertSQL = """
        INSERT INTO item (\(writeColumns.joined(separator: ", ")))
        VALUES (\(writeColumns.map { _ in "?" }.joined(separator: ", ")))
        """

    /// `UPDATE item SET ... WHERE id = ?` for every written column; the row id is the last parameter.
    static let updateSQL =
        "UPDATE item SET \(writeColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    // MARK: - Writing

    /// The stored form of the id: the lowercase UUID.
    var uid: String { id.lowercasedText }

    /// The `time_zone` column: NULL for UTC, '' for floating, else the TZID.
    var timeZoneColumn: String? {
        switch timeZone {
        case .utc: return nil
        case .floating: return ""
        case let .named(name): return name
        }
    }

    /// The time zone a `time_zone` column holds.
    static func timeZone(column: String?) -> ItemTimeZone {
        guard let column else { return .utc }
        return column.isEmpty ? .floating : .named(column)
    }

    /// The value of `sort_at`: the start of the instance a series shows, else the first time's
    /// start or the due date, as an instant; `SQLiteStore.undatedSortKey` without a date.
    func sortAt(listed: ListedSpan?) -> Double {
        listed?.start ?? sortDate?.unixSeconds ?? SQLiteStore.undatedSortKey
    }

    /// Binds the values of `writeColumns`, in order, to parameters 1 to 26 of `statement`.
    ///
    /// Dates go through `times` (wall-clock seconds for a floating item); `sort_at` stays an
    /// instant, so the Events list sorts floating items among the others where they show. A
    /// series sorts by the instance the list shows, and keeps its end (`listed`, see
    /// `ListedInstance`).
    func bindColumns(
        to statement: WriteStatement, times coding: StoredTime, series: SeriesRow?, listed: ListedSpan?,
        occurrenceKeys: [UInt8]
    ) throws {
        try statement.bind(uid, at: 1)
        try statement.bind(kind.rawValue, at: 2)
        try statement.bind(title, at: 3)
        try statement.bind(allDay, at: 4)
        try statement.bind(place, at: 5)
        try statement.bind(notes, at: 6)
        try statement.bind(due.map { coding.seconds($0, timeZone) }, at: 7)
        try statement.bind(priority, at: 8)
        try statement.bind(repeatRule, at: 9)
        try statement.bind(category, at: 10)
        try statement.bind(status.rawValue, at: 11)
        try statement.bind(statusChangedAt?.unixSeconds, at: 12)
        try statement.bind(created.unixSeconds, at: 13)
        try statement.bind(updated.unixSeconds, at: 14)
        try statement.bind(sortAt(listed: listed), at: 15)
        try statement.bind(icalendarUID, at: 16)
        try statement.bind(timeZoneColumn, at: 17)
        try statement.bind(series?.start, at: 18)
        try statement.bind(series?.end, at: 19)
        try statement.bind(series?.span, at: 20)
        try statement.bind(series?.expandedUntil, at: 21)
        try statement.bind(occurrenceKeys.isEmpty ? nil : occurrenceKeys, at: 22)
        try statement.bind(instancesOnly, at: 23)
        try statement.bind(listed?.end, at: 24)
        try statement.bind(series?.keepsNoMore == true, at: 25)
        try statement.bind(series?.keptFrom, at: 26)
    }

    /// The item exactly as it reads back from the database.
    ///
    /// Dates pass through Unix seconds, and an item in History always knows when it got there
    /// (its last update when nothing else says so), so History has one order.
    var storedForm: Item {
        var item = self
        item.times = times.map { ItemTime(start: $0.start.storedForm, end: $0.end?.storedForm) }
        item.due = due?.storedForm
        item.created = created.storedForm
        item.updated = updated.storedForm
        item.statusChangedAt = statusChangedAt?.storedForm
        item.recurrenceDates = recurrenceDates.map(\.storedForm)
        item.exceptionDates = exceptionDates.map(\.storedForm)
        if hasSeriesDetails {
            item.exceptionDays = exceptionDays.map(\.storedForm)
            item.recurrencePeriods = recurrencePeriods.map { ItemTime(start: $0.start.storedForm, end: $0.end?.storedForm) }
        }
        item.overrides = overrides.map { override in
            var stored = override
            stored.recurrenceID = override.recurrenceID.storedForm
            stored.start = override.start.storedForm
            stored.end = override.end?.storedForm
            return stored
        }
        if let icalUID, id.isLowercasedText(icalUID) {
            item.icalUID = nil
        }
        if status != .active && item.statusChangedAt == nil {
            item.statusChangedAt = item.updated
        }
        return item
    }

    // MARK: - Reading

    /// Builds an item from a row of `selectColumns` and its children, every date as stored
    /// (wall-clock seconds for a floating item: see `convertingStoredDates(with:)`).
    init(row: Row, times: [ItemTime], attachments: [String]) throws(StoreError) {
        let uidText = Self.text(row[1])
        guard let id = UUID(text: uidText) else {
            throw .damaged(reason: "an item has the malformed id \u{201C}\(uidText)\u{201D}")
        }
        let kindText = Self.text(row[2])
        guard let kind = ItemKind(rawValue: kindText) else {
            throw .damaged(reason: "item \(uidText) has the unknown kind \u{201C}\(kindText)\u{201D}")
        }
        let statusText = Self.text(row[11])
        guard let status = ItemStatus(rawValue: statusText) else {
            throw .damaged(reason: "item \(uidText) has the unknown status \u{201C}\(statusText)\u{201D}")
        }
        self.init(
            id: id,
            kind: kind,
            title: Self.text(row[3]),
            times: times,
            allDay: try row.checked(4),
            place: Self.text(row[5]),
            notes: Self.text(row[6]),
            due: try row.checkedOptionalDate(7),
            priority: try row.checked(8),
            repeatRule: Self.optionalText(row[9]),
            attachments: attachments,
            category: Self.text(row[10]),
            status: status,
            statusChangedAt: try row.checkedOptionalDate(12),
            created: try row.checkedDate(13),
            updated: try row.checkedDate(14),
            timeZone: Self.timeZone(column: try row.checked(16, as: String?.self))
        )
        let icalUID = Self.optionalText(row[15])
        self.icalUID = icalUID == uidText ? nil : icalUID
        if try row.checked(17, as: Bool.self) {
            instancesOnly = true
        }
    }

    /// The item with every date read back from its stored form: wall-clock seconds become the
    /// instants they are in `coding`'s zone for a floating item; nothing changes for others.
    func convertingStoredDates(with coding: StoredTime) -> Item {
        guard timeZone == .floating else { return self }
        var item = self
        func convert(_ date: Date) -> Date { coding.date(date.unixSeconds, .floating) }
        item.times = times.map { ItemTime(start: convert($0.start), end: $0.end.map(convert)) }
        item.due = due.map(convert)
        item.recurrenceDates = recurrenceDates.map(convert)
        item.exceptionDates = exceptionDates.map(convert)
        if hasSeriesDetails {
            item.recurrencePeriods = recurrencePeriods.map { ItemTime(start: convert($0.start), end: $0.end.map(convert)) }
        }
        item.overrides = overrides.map { override in
            var converted = override
            converted.recurrenceID = convert(override.recurrenceID)
            converted.start = convert(override.start)
            converted.end = override.end.map(convert)
            return converted
        }
        return item
    }

    /// Text read as bytes, every character kept (NUL too).
    static func text(_ value: DatabaseValue) -> String {
        optionalText(value) ?? ""
    }

    /// Text read as bytes, or nil for NULL.
    static func optionalText(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: return nil
        case let .blob(data): return String(decoding: data, as: UTF8.self)
        case let .string(string): return string
        case let .int64(number): return String(number)
        case let .double(number): return String(number)
        }
    }
}
