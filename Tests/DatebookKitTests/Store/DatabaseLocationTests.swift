import Testing

@testable import DatebookKit

/// Where the database file is, from `--db` and the environment.
@Suite struct DatabaseLocationTests {
    static let full = [
        "HOME": "/home/ana", "XDG_DATA_HOME": "/data", "DATEBOOK_DB": "/env/db.sqlite",
    ]

    @Test(arguments: [
        ("/cli/db.sqlite", full, "/cli/db.sqlite"),
        ("~/cal.sqlite", full, "/home/ana/cal.sqlite"),
        ("relative.sqlite", full, "relative.sqlite"),
        (nil, full, "/env/db.sqlite"),
        ("", full, "/env/db.sqlite"),
        (nil, ["HOME": "/home/ana", "XDG_DATA_HOME": "/data/"], "/data/datebook/datebook.sqlite"),
        (nil, ["HOME": "/home/ana", "XDG_DATA_HOME": "/data", "DATEBOOK_DB": ""], "/data/datebook/datebook.sqlite"),
        (nil, ["HOME": "/home/ana", "XDG_DATA_HOME": "relative/data"], "/home/ana/.local/share/datebook/datebook.sqlite"),
        (nil, ["HOME": "/home/ana/"], "/home/ana/.local/share/datebook/datebook.sqlite"),
        (nil, ["HOME": "/home/ana", "XDG_DATA_HOME": ""], "/home/ana/.local/share/datebook/datebook.sqlite"),
        (nil, [:], "./.local/share/datebook/datebook.sqlite"),
    ] as [(String?, [String: String], String)])
    func resolve(explicit: String?, environment: [String: String], expected: String) {
        #expect(DatabaseLocation.resolve(explicit: explicit, environment: environment) == expected)
    }
}
