// swift-tools-version:6.0
// Breather: air quality, weather and asthma risk for Linux status bars.
// Module arrows point one way (each is an import; every target is named here):
//   CLoader -> CCurl, CMosquitto;  CCurl, BreatherIO -> BreatherHTTP;  CJansson -> BreatherJSON;
//   CMosquitto, BreatherIO -> BreatherMQTT;
//   CSQLite -> BreatherStore -> BreatherHistory (with BreatherModel, BreatherLocale);
//   BreatherHTTP, BreatherJSON, BreatherModel, BreatherIO -> BreatherProviders;  BreatherModel -> BreatherCalculator;
//   BreatherModel, BreatherLocale -> BreatherViewModel -> BreatherViews (with BreatherJSON);
//   BreatherModel, BreatherViewModel, BreatherIO -> BreatherConfig;  BreatherModel, BreatherJSON, BreatherIO -> BreatherCache;
//   all of them, CProcess, swift-log, swift-service-lifecycle -> BreatherApp (the application) -> breather (main.swift).
//   Tests/Support is BreatherTestSupport (test-only); Fuzz/ is a package of its own.
import PackageDescription

// Warnings are errors in scripts/test.sh and CI (`-Xswiftc -warnings-as-errors`), not here: a
// newer Swift's new warning must not break a user's source build. Release builds use the default
// -O: -Osize saved 0.2 MB of an 11 MB binary that waits on the network and the disk, not the CPU.
let strict: [SwiftSetting] = []
let propertyBased: Target.Dependency = .product(name: "PropertyBased", package: "swift-property-based")

let package = Package(
    name: "Breather",
    products: [
        .executable(name: "breather", targets: ["breather"]),
        // For Fuzz/ (a separate package that depends on this one by path): the modules it fuzzes.
        .library(name: "BreatherFuzzable", targets: ["BreatherProviders", "BreatherConfig", "BreatherCache",
                                                       "BreatherViews", "BreatherModel", "BreatherCalculator", "BreatherHTTP", "BreatherJSON"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Test-only: property-based tests (Swift Testing, no dependencies of its own).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C layer: Debian libcurl4-openssl-dev (headers only: libcurl.so.4 is loaded with dlopen at
        // the first request, see Sources/CCurl) and libjansson-dev.
        // The one loader of the libraries opened with dlopen at first use (libcurl, libmosquitto).
        .target(name: "CLoader"),
        .target(name: "CCurl", dependencies: ["CLoader"]),
        // Debian libmosquitto-dev (headers only: libmosquitto.so.1 is loaded with dlopen when the
        // first MQTT client is made, see Sources/CMosquitto).
        .target(name: "CMosquitto", dependencies: ["CLoader"]),
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        // The only importer of CCurl.
        .target(name: "BreatherHTTP", dependencies: ["CCurl", "BreatherIO"], swiftSettings: strict),
        // The only importer of CMosquitto: an owned MQTT client with typed errors and its own thread.
        .target(name: "BreatherMQTT", dependencies: ["CMosquitto", "BreatherIO", "BreatherLocale"], swiftSettings: strict),
        // The only importer of CJansson.
        .target(name: "BreatherJSON", dependencies: ["CJansson"], swiftSettings: strict),
        // The history store's database: Debian libsqlite3-dev.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The only importer of CSQLite: an owned connection and statements, typed errors, migrations.
        .target(name: "BreatherStore", dependencies: ["CSQLite"], swiftSettings: strict),
        // What Breather remembers: readings in the store, retention, export, import, daily rows.
        .target(name: "BreatherHistory", dependencies: ["BreatherStore", "BreatherModel", "BreatherLocale"], swiftSettings: strict),
        // One malloc arena and a quick exit, for the `breather` executable (C: Swift's Glibc lacks <malloc.h>).
        .target(name: "CProcess"),
        // Files (atomic whole-file writes, capped reads) and threads for blocking calls: below HTTP, Config and Cache.
        .target(name: "BreatherIO", swiftSettings: strict),
        // Pure values: conditions, standards, index tables.
        .target(name: "BreatherModel", swiftSettings: strict),
        // `breather aqi`: parses POLLUTANT[:PERIOD]=VALUE[UNIT] words and explains refusals (in the people's
        // language: the refusals, hints and warnings are its own words, as BreatherConfig's are); the model only computes.
        .target(name: "BreatherCalculator", dependencies: ["BreatherModel", "BreatherLocale"], swiftSettings: strict),
        // Request building and decoding, one file group per provider.
        .target(name: "BreatherProviders", dependencies: ["BreatherHTTP", "BreatherJSON", "BreatherModel", "BreatherIO"], swiftSettings: strict),
        // Languages: the po/ catalogs as tables (Sources/BreatherLocale/Catalog+*.swift, made by
        // scripts/po2swift.py), the lookup, plural rules, the decimal comma. Depends on nothing.
        .target(name: "BreatherLocale", swiftSettings: strict),
        // MainViewModel: Input -> Output display strings.
        .target(name: "BreatherViewModel", dependencies: ["BreatherModel", "BreatherLocale"], swiftSettings: strict),
        // Renderers and sinks.
        .target(name: "BreatherViews", dependencies: ["BreatherViewModel", "BreatherModel", "BreatherJSON", "BreatherLocale"], swiftSettings: strict),
        // The last good conditions on disk (one-shot reuse, daemon restarts).
        .target(name: "BreatherCache", dependencies: ["BreatherModel", "BreatherJSON", "BreatherIO", "BreatherLocale"], swiftSettings: strict),
        // Settings from TOML, environment and defaults.
        .target(name: "BreatherConfig", dependencies: ["BreatherModel", "BreatherViewModel", "BreatherIO", "BreatherLocale"], swiftSettings: strict),
        // The application: the session builder, store policy, controller loop and timers, sinks
        // and outputs, the MQTT publisher and subscriber, the command line. A library, so the
        // tests reach it in-process (Tests/BreatherAppTests).
        .target(
            name: "BreatherApp",
            dependencies: [
                "BreatherHTTP", "BreatherJSON", "BreatherModel", "BreatherProviders", "BreatherViewModel", "BreatherViews", "BreatherConfig", "BreatherCache",
                "BreatherCalculator", "BreatherHistory", "BreatherStore", "BreatherIO", "CProcess", "BreatherMQTT", "BreatherLocale",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The executable: main.swift alone, which calls BreatherApp's `Breather.main()`.
        .executableTarget(
            name: "breather",
            dependencies: ["BreatherApp"],
            swiftSettings: strict,
            // Release: relative relocations packed (DT_RELR, glibc 2.36+): ~40,000 of them, 0.9 MB
            // of .rela.dyn in the classic form. gold (swiftc's default) lacks the option; lld
            // ships with every Swift toolchain. No exported symbols: the static stdlib's link
            // exports all 5,700 Swift ones for plugins Breather never loads (0.56 MB, and slower
            // symbol look-ups while libcurl's libraries bind; scripts/check-binary.sh holds it).
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                                          .when(configuration: .release))]
        ),
        // Test-only: launches Tests/Support/fixture_server.py for the HTTP and end-to-end tests; the
        // shared TestClock; waits for children off the cooperative pool.
        .target(name: "BreatherTestSupport", dependencies: ["BreatherModel"], path: "Tests/Support", exclude: ["fixture_server.py"], swiftSettings: strict),
        .testTarget(name: "BreatherHTTPTests", dependencies: ["BreatherHTTP", "BreatherTestSupport"], swiftSettings: strict),
        .testTarget(name: "BreatherIOTests", dependencies: ["BreatherIO", "BreatherModel", "BreatherTestSupport"], swiftSettings: strict),
        .testTarget(name: "BreatherMQTTTests", dependencies: ["BreatherMQTT", "BreatherLocale", "BreatherTestSupport"], swiftSettings: strict),
        .testTarget(name: "BreatherLocaleTests", dependencies: ["BreatherLocale", "BreatherModel", "BreatherViewModel"], swiftSettings: strict),
        .testTarget(name: "BreatherJSONTests", dependencies: ["BreatherJSON"], swiftSettings: strict),
        .testTarget(name: "BreatherStoreTests", dependencies: ["BreatherStore"], swiftSettings: strict),
        .testTarget(name: "BreatherHistoryTests", dependencies: ["BreatherHistory", "BreatherStore", "BreatherModel", "BreatherLocale"], swiftSettings: strict),
        .testTarget(name: "BreatherModelTests", dependencies: ["BreatherModel", "BreatherJSON", propertyBased], swiftSettings: strict),
        .testTarget(name: "BreatherCalculatorTests", dependencies: ["BreatherCalculator", "BreatherModel"], swiftSettings: strict),
        .testTarget(name: "BreatherProvidersTests", dependencies: ["BreatherProviders", "BreatherHTTP", "BreatherJSON", "BreatherModel", "BreatherConfig", "BreatherTestSupport"], swiftSettings: strict),
        .testTarget(name: "BreatherViewModelTests", dependencies: ["BreatherViewModel", "BreatherModel", "BreatherTestSupport"], swiftSettings: strict),
        .testTarget(name: "BreatherViewsTests", dependencies: ["BreatherViews", "BreatherLocale", "BreatherIO", "BreatherViewModel", "BreatherModel", "BreatherJSON",
                                                            "BreatherTestSupport", propertyBased],
                    swiftSettings: strict),
        .testTarget(name: "BreatherCacheTests", dependencies: ["BreatherCache", "BreatherModel", "BreatherJSON"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "BreatherConfigTests", dependencies: ["BreatherConfig", "BreatherLocale"], swiftSettings: strict),
        .testTarget(name: "BreatherAppTests", dependencies: ["BreatherApp", "BreatherLocale", "BreatherConfig", "BreatherJSON", "BreatherModel", "BreatherViewModel", "BreatherCache",
                                                         "BreatherProviders", "BreatherCalculator", "BreatherTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "BreatherEndToEndTests", dependencies: ["BreatherJSON", "BreatherTestSupport", propertyBased], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
