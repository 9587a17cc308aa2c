import Foundation
import GRDB

/// Reading stored values that a damaged file may have turned into something else.
///
/// GRDB's subscripts stop the process when a value is not of the type asked for (NULL where a
/// flag must be, a number too large for an `Int`); a bit flipped on disk must instead end in
/// `StoreError.damaged`, which says what to do.
extension Row {
    /// The value of column `index` as `T`.
    func checked<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(StoreError) -> T {
        do {
            return try decode(T.self, atIndex: index)
        } catch {
            throw .damaged(reason: "a stored value cannot be read (\(error))")
        }
    }

    /// A stored time, in Unix seconds within the years 1 to 9999.
    func checkedDate(_ index: Int) throws(StoreError) -> Date {
        Date(unixSeconds: try StoredSeconds.checked(try checked(index, as: Double.self)))
    }

    /// A stored time that may be NULL.
    func checkedOptionalDate(_ index: Int) throws(StoreError) -> Date? {
        guard let seconds = try checked(index, as: Double?.self) else { return nil }
        return Date(unixSeconds: try StoredSeconds.checked(seconds))
    }
}

/// The stored times Datebook can have written: finite seconds within the years 1 to 9999.
enum StoredSeconds {
    /// The seconds of `Item.storableDates`.
    static let range: Range<Double> = Item.storableDates.lowerBound.timeIntervalSince1970
        ..< Item.storableDates.upperBound.timeIntervalSince1970

    /// `seconds`, or `StoreError.damaged` when no Datebook could have stored it.
    static func checked(_ seconds: Double) throws(StoreError) -> Double {
        guard range.contains(seconds) else {
            throw .damaged(reason: "a stored time (\(seconds)) is outside the years 1 to 9999")
        }
        return seconds
    }
}
