import BreatherConfig
import Testing

@Suite("provider base URLs are checked when the config is loaded")
struct URLValidationTests {
    @Test("URLs that can never work are refused with the reason", arguments: [
        ("http://", "must name a host"),
        ("https://", "must name a host"),
        ("http:///v1", "must name a host"),
        ("http://:8080/v1", "must name a host"),
        ("http://user@/v1", "must name a host"),
        ("http://./v1", "must name a host"),
        ("http://[]/v1", "must name a host"),
        ("http://[::1/v1", "closing ]"),
        ("http://[::1]x/v1", "must have a port after the IPv6 address"),
        ("ftp://example.com", "must be an http:// or https:// URL"),
        ("file:///etc/passwd", "must be an http:// or https:// URL"),
        ("HTTP//example.com", "must be an http:// or https:// URL"),
        ("example.com/v1", "must be an http:// or https:// URL"),
        ("", "must be an http:// or https:// URL"),
        ("http://example.com:0/v1", "port from 1 to 65535"),
        ("http://example.com:65536", "port from 1 to 65535"),
        ("http://example.com:80a", "port from 1 to 65535"),
        ("http://example.com:-1", "port from 1 to 65535"),
        ("http://exa mple.com/v1", "without spaces or control characters"),
        ("http://example.com/v1\n", "without spaces or control characters"),
        ("http://example.com/v1?key=x", "without a query"),
        ("http://example.com/v1#top", "without a query"),
    ])
    func refused(url: String, reason: String) {
        let problem = ProviderURL.problem(url)
        #expect(problem?.contains(reason) == true, "\(url): \(problem ?? "accepted")")
    }

    @Test("real base URLs pass", arguments: [
        "https://api.open-meteo.com/v1", "http://127.0.0.1:8080/v1", "http://127.0.0.1:8080", "http://localhost/",
        "http://[::1]:8080/v1", "http://[::1]", "https://user:pw@example.com/v2", "http://example.com:/v1",
        "https://api.openweathermap.org/data/2.5",
    ])
    func accepted(url: String) {
        #expect(ProviderURL.problem(url) == nil)
    }

    @Test("in a config file: an error on the key's line naming the key, for every provider URL", arguments: [
        ("open-meteo", "forecast_url"), ("open-meteo", "air_quality_url"), ("open-meteo", "geocoding_url"),
        ("airvisual", "base_url"), ("ipapi", "base_url"), ("propeller", "base_url"), ("waqi", "base_url"),
        ("openweathermap", "base_url"),
    ])
    func configKey(provider: String, key: String) {
        do {
            _ = try loadConfig("units = \"metric\"\n[providers.\(provider)]\n\(key) = \"http://\"\n")
            Issue.record("http:// was accepted for \(provider).\(key)")
        } catch {
            #expect(error.line == 3, "\(error)")
            #expect(error.description.contains("providers.\(provider).\(key): must name a host"), "\(error)")
        }
    }
}
