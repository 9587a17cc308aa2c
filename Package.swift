// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Datebook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "datebook", targets: ["datebook"]),
        .library(name: "DatebookKit", targets: ["DatebookKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The shared model-and-store library: knows nothing of terminals.
        .target(
            name: "DatebookKit",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // Binding values straight to SQLite for fast bulk writes.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // iCalendar: parsing, writing, recurrence expansion and time zones.
                "CLibical",
                // Subscribed calendars and sync over http(s): libcurl, loaded when first needed.
                "CCurl",
                // The XML answers of CalDAV/CardDAV servers: libxml2, loaded when first needed.
                "CLibXML",
                // Process-wide SQLite settings that only C can make.
                "CSQLiteTuning",
            ]
        ),
        // The system library over libical; imported by the files of DatebookKit/ICalendar alone.
        .systemLibrary(name: "CLibical", path: "CLibical"),
        // libcurl found at run time (dlopen), not linked; imported by DatebookKit/Subscriptions and
        // DatebookKit/Network alone.
        .systemLibrary(name: "CCurl", path: "CCurl"),
        // libxml2 found at run time (dlopen), not linked; imported by DatebookKit/Network alone.
        .systemLibrary(name: "CLibXML", path: "CLibXML"),
        // sqlite3_config, which is variadic; imported by DatebookKit/Store/SQLiteStore.swift alone.
        .systemLibrary(name: "CSQLiteTuning", path: "CSQLiteTuning"),
        // What a terminal is in Swift values: cells and the grid, styles, keys and mouse events,
        // display width and inert text. Depends on nothing, so every other module can use it.
        .target(name: "DatebookTerminal"),
        // Screens without ncurses: coordinators, presenters, widgets, the key table.
        .target(
            name: "DatebookUI",
            dependencies: [
                "DatebookKit", "DatebookTerminal",
                // A priority queue: the day view's lanes for thousands of overlapping events.
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // The system library over ncursesw; imported by DatebookCurses alone.
        .systemLibrary(name: "CNCurses", path: "CNCurses"),
        // The only code that talks to the terminal; knows nothing of the store or the screens.
        .target(name: "DatebookCurses", dependencies: ["DatebookTerminal", "CNCurses"]),
        // The command line: the TUI by default, and the scripting commands.
        .executableTarget(
            name: "datebook",
            dependencies: [
                "DatebookKit", "DatebookTerminal", "DatebookUI", "DatebookCurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: seeds a large database and measures the first frame and key handling.
        .executableTarget(name: "DatebookBench", dependencies: ["DatebookKit", "DatebookTerminal", "DatebookUI"]),
        // The fuzz targets: for each reader, how an input is made and run, and what its oracle checks.
        .target(name: "DatebookFuzzTargets", dependencies: ["DatebookKit"]),
        // `make fuzz`: the targets on generated input, each input timed, in child processes that
        // may crash or hang.
        .executableTarget(
            name: "DatebookFuzz",
            dependencies: ["DatebookFuzzTargets", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `make libfuzz`: the same targets under libFuzzer, built with `--sanitize fuzzer`.
        .executableTarget(name: "DatebookLibFuzzer", dependencies: ["DatebookFuzzTargets"]),
        // What several test targets use: a local HTTP server for feeds.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DatebookKitTests", dependencies: ["DatebookKit", "DatebookFuzzTargets", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DatebookUITests", dependencies: ["DatebookUI", "DatebookKit", "DatebookTerminal"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
