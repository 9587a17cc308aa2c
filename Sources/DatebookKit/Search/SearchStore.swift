import Foundation

/// Searching what the store holds (see `SQLiteStore.search(_:at:)`).
public protocol SearchStore {
    /// The items that hold every word of `query`, by kind, the closest first.
    ///
    /// - Throws: `SearchQueryProblem` for a query that cannot be searched, `StoreError` when the
    ///   database cannot be read.
    func search(_ query: SearchQuery, at now: Date) throws -> SearchResults
}

extension SQLiteStore: SearchStore {}
