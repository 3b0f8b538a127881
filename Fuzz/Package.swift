// swift-tools-version:6.0
// libFuzzer targets for Breather's input parsers, kept out of the main package so its build and
// tests never compile them. Build and run them all with scripts/fuzz.sh; by hand:
//   swift build -c release --sanitize fuzzer --sanitize address \
//       -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --product FuzzConfig
// (the -sanitize-coverage flag is needed: see scripts/fuzz.sh).
// Each executable holds only the LLVMFuzzerTestOneInput entry point; the work is in FuzzSupport.
import PackageDescription

/// One libFuzzer executable per input Breather parses (see FuzzSupport/Targets.swift).
let targetNames = [
    "FuzzOpenMeteoForecast", "FuzzOpenMeteoAirQuality", "FuzzOpenMeteoGeocoding", "FuzzAirVisual",
    "FuzzWAQI", "FuzzOpenWeatherMap", "FuzzPropeller", "FuzzIPAPI",
    "FuzzConfig", "FuzzCache", "FuzzTemplate", "FuzzCalculator",
]

let package = Package(
    name: "BreatherFuzz",
    platforms: [.macOS(.v15)],
    products: targetNames.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        // Named, so the product lookup does not depend on the name of the clone's directory.
        .package(name: "Breather", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "BreatherFuzzable", package: "Breather")],
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ] + targetNames.map {
        .executableTarget(name: $0, dependencies: ["FuzzSupport"], swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
    },
    swiftLanguageModes: [.v6]
)
