import BreatherConfig
import Foundation
import Testing

@Suite("etc/config.toml, the shipped sample")
struct SampleConfigTests {
    static let sample = SupportPathsForConfig.repository + "/etc/config.toml"

    @Test("as shipped (all commented out) it loads and changes nothing")
    func asShipped() throws {
        let text = try String(contentsOfFile: Self.sample, encoding: .utf8)
        let settings = try loadConfig(text)
        let defaults = try ConfigLoader(environment: { _ in nil }).load(explicitPath: nil)
        #expect(settings.standard == defaults.standard)
        #expect(settings.sources == defaults.sources)
        #expect(settings.providers == defaults.providers)
        #expect(settings.location == defaults.location)
    }

    @Test("uncommented, every key is valid and its value is the default")
    func uncommented() throws {
        let text = try String(contentsOfFile: Self.sample, encoding: .utf8)
        // Keep [location] commented: it shows alternatives (coordinates or a city), not defaults.
        var inLocation = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("# [") { inLocation = line.hasPrefix("# [location]") }
            let isSetting = line.hasPrefix("# [") || (line.hasPrefix("# ") && line.contains(" = "))
            return isSetting && !inLocation ? String(line.dropFirst(2)) : String(line)
        }
        let settings = try loadConfig(lines.joined(separator: "\n"))
        var expectedProviders = ProviderSettings()
        expectedProviders.airVisualKeyFile = "/etc/breather/airvisual.key"
        #expect(settings.standard == .us)
        #expect(settings.units == .metric)
        #expect(settings.intervalSeconds == 900)
        #expect(settings.timeoutSeconds == 20)
        #expect(settings.sources == SourceSettings())
        #expect(settings.providers == expectedProviders)
        #expect(settings.cache.maxAgeSeconds == CacheSettings().maxAgeSeconds)
        #expect(settings.cache.path?.hasSuffix("/.cache/breather/conditions.json") == true)
        #expect(settings.origins["timeout"] != nil)  // read from the file, not defaulted
        #expect(settings.origins["sources.air"] != nil)
    }
}

/// The repository root, from this file's path.
enum SupportPathsForConfig {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
