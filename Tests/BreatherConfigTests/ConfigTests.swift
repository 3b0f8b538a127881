import BreatherConfig
import BreatherModel
import Foundation
import Testing

func loadConfig(_ text: String) throws(ConfigError) -> Settings {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("breather-\(UUID().uuidString).toml").path
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        // Fails the calling test; the load below then reports the missing file as well.
        Issue.record("could not write the test config \(path): \(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try ConfigLoader(environment: { _ in nil }).load(explicitPath: path)
}

/// The ConfigError `body` throws, or nil (recorded as a failure) when it throws none.
func configError<T>(_ body: () throws(ConfigError) -> T, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigError? {
    do {
        _ = try body()
        Issue.record("expected a ConfigError", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Writes `bytes` to a new file in the temporary directory and returns its path.
func scratchFile(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("breather-\(UUID().uuidString).key").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("config file")
struct ConfigTests {
    @Test("defaults with no file: us, metric, Open-Meteo everywhere, estimate for asthma")
    func defaults() throws {
        let settings = try ConfigLoader(environment: { _ in nil }).load(explicitPath: nil)
        #expect(settings.standard == .us)
        #expect(settings.sources.air == [.openMeteo])
        #expect(settings.sources.asthma == [.estimate])
        #expect(settings.location.auto)
        #expect(settings.intervalSeconds == 900)
        #expect(settings.configFile == nil)
    }

    @Test("PRODUCT.md's sample keys are read, with the line each came from")
    func sample() throws {
        let settings = try loadConfig("""
            standard = "china"
            units = "imperial"
            interval = "15m"

            [location]
            latitude = 40.6769
            longitude = -73.9423
            name = "Brooklyn"

            [sources]
            air = ["airvisual", "open-meteo"]
            asthma = ["propeller", "estimate"]

            [providers.airvisual]
            base_url = "http://127.0.0.1:8080/v2"
            key_file = "/etc/breather/airvisual.key"

            [cache]
            max_age = "10m"

            [[output]]
            path = "/run/user/1000/breather/status.txt"
            format = "json"
            """)
        #expect(settings.standard == .china)
        #expect(settings.location.latitude == 40.6769)
        #expect(settings.location.name == "Brooklyn")
        #expect(settings.sources.air == [.airVisual, .openMeteo])
        #expect(settings.providers.airVisualURL == "http://127.0.0.1:8080/v2")
        #expect(settings.providers.airVisualKeyFile == "/etc/breather/airvisual.key")
        #expect(settings.cache.maxAgeSeconds == 600)
        #expect(settings.outputs.map(\.path) == ["/run/user/1000/breather/status.txt"])
        #expect(settings.origins["standard"]?.hasSuffix(".toml:1") == true)
        #expect(settings.origins["location.latitude"]?.hasSuffix(".toml:6") == true)
    }

    @Test("icons: none by default, emoji or nerd from the file with its line")
    func icons() throws {
        #expect(try ConfigLoader(environment: { _ in nil }).load(explicitPath: nil).icons == .none)
        let settings = try loadConfig("units = \"imperial\"\nicons = \"nerd\"")
        #expect(settings.icons == .nerd)
        #expect(settings.origins["icons"]?.hasSuffix(".toml:2") == true)
    }

    @Test("bad values are errors with file, line and the allowed choices", arguments: [
        ("icons = \"fancy\"", 1, "icons: unknown value \"fancy\"; allowed: none, emoji, nerd"),
        ("standard = \"mars\"", 1, "standard: unknown value \"mars\"; allowed: us, china, china-2012, eu, uk, india, canada"),
        ("\n[location]\nlatitude = 123", 3, "location.latitude: must be between -90 and 90"),
        ("[sources]\nair = [\"nope\"]", 2, "sources.air: unknown provider"),
        ("colour = \"red\"", 1, "unknown key \"colour\""),
        ("interval = \"soon\"", 1, "interval: must be a duration"),
        ("timeout = \"90s\"", 1, "timeout: must be a duration from 1s to 30s"),
        ("[providers.open-meteo]\nforecast_url = \"ftp://x\"", 2, "must be an http:// or https:// URL"),
        ("standard = ", 1, "invalid TOML"),
        ("[location]\ncity = \" \"", 2, "location.city: needs a place name"),
        ("[[output]]\npath = \"\"", 2, "[[output]] needs a non-empty path"),
        ("[[output]]\npath = \"/tmp/a\"\n[[output]]\npath = \"/tmp/a\"\nformat = \"json\"", 4, "\"/tmp/a\" is given twice"),
        ("[[output]]\npath = \"/tmp/a\"\nformat = \"json\"\n[[output]]\npath = \"/tmp/b\"\nformat = \"gif\"", 6, "output.format: unknown value \"gif\""),
    ])
    func invalid(text: String, line: Int, reason: String) {
        do {
            _ = try loadConfig(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(reason), "\(error)")
            // Syntax errors add the column: "file:1:12: invalid TOML: …".
            #expect(error.description.contains(".toml:\(line): ") || error.description.contains(".toml:\(line):\(error.column ?? 0): "))
        }
    }

    @Test("lookup order: --config, then $BREATHER_CONFIG; a named file must exist")
    func lookup() {
        let env: @Sendable (String) -> String? = { $0 == "BREATHER_CONFIG" ? "/nonexistent/from-env.toml" : nil }
        let fromEnv = configError { () throws(ConfigError) in try ConfigLoader(environment: env).load(explicitPath: nil) }
        #expect(fromEnv?.file == "/nonexistent/from-env.toml")
        #expect(fromEnv?.reason.contains("No such file or directory") == true, "\(String(describing: fromEnv))")
        let fromFlag = configError { () throws(ConfigError) in try ConfigLoader(environment: env).load(explicitPath: "/nonexistent/flag.toml") }
        #expect(fromFlag?.file == "/nonexistent/flag.toml", "--config wins over $BREATHER_CONFIG")
    }

    @Test("keys: environment first, then the credentials directory, then the key file")
    func secrets() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("creds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "from-credential\n".write(to: dir.appendingPathComponent("airvisual.key"), atomically: true, encoding: .utf8)
        try "from-file\n".write(to: dir.appendingPathComponent("file.key"), atomically: true, encoding: .utf8)
        let keyFile = dir.appendingPathComponent("file.key").path
        let withEnv = ConfigLoader(environment: { ["BREATHER_AIRVISUAL_KEY": "from-env", "CREDENTIALS_DIRECTORY": dir.path][$0] })
        #expect(try withEnv.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: keyFile) == "from-env")
        let withCredentials = ConfigLoader(environment: { ["CREDENTIALS_DIRECTORY": dir.path][$0] })
        #expect(try withCredentials.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: keyFile) == "from-credential")
        let fileOnly = ConfigLoader(environment: { _ in nil })
        #expect(try fileOnly.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: keyFile) == "from-file")
        let missing = configError { () throws(ConfigError) in try fileOnly.secret(envVar: "X", credential: "x", keyFile: "/nonexistent/key") }
        #expect(missing?.file == "/nonexistent/key")
    }

    @Test("a key keeps none of the white space around it: CRLF and tabs from files, newlines from env")
    func keyWhitespace() throws {
        let fileOnly = ConfigLoader(environment: { _ in nil })
        for contents in ["abc123\r\n", "\tabc123 \n\n"] {
            let keyFile = try scratchFile(Array(contents.utf8))
            defer { try? FileManager.default.removeItem(atPath: keyFile) }
            #expect(try fileOnly.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: keyFile) == "abc123",
                    "key file \(contents.debugDescription)")
        }
        let fromEnv = ConfigLoader(environment: { $0 == "BREATHER_AIRVISUAL_KEY" ? "abc123\n" : nil })
        #expect(try fromEnv.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: nil) == "abc123")
        let blankEnv = ConfigLoader(environment: { $0 == "BREATHER_AIRVISUAL_KEY" ? " \r\n" : nil })
        #expect(try blankEnv.secret(envVar: "BREATHER_AIRVISUAL_KEY", credential: "airvisual.key", keyFile: nil) == nil)
    }

    @Test("a key file over 1 KiB is refused with its path, not read")
    func oversizedKeyFile() throws {
        let keyFile = try scratchFile([UInt8](repeating: UInt8(ascii: "k"), count: (1 << 20) + 1))
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        do {
            _ = try ConfigLoader(environment: { _ in nil }).secret(envVar: "X", credential: "x", keyFile: keyFile)
            Issue.record("a 1 MiB + 1 byte key file was read")
        } catch {
            #expect(error.description == "\(keyFile): the key file is longer than 256 bytes: a key is one line of at most 256 printable ASCII characters")
        }
    }

    @Test("durations: surrounding spaces, tabs and newlines are ignored", arguments: [
        (" 15m", 900), ("90s\t", 90), ("\n2h\r\n", 7200), ("1d", 86_400), ("30", 30),
    ])
    func durationWhitespace(text: String, seconds: Int) {
        #expect(ConfigDuration.parseSeconds(text) == seconds)
    }

    @Test("durations past a year are refused, not overflowed", arguments: [
        "106751991167301d", "9223372036854775807s", "214000d", "367d", "8785h",
    ])
    func durationTooLong(text: String) {
        #expect(ConfigDuration.parseSeconds(text) == nil)
        #expect(ConfigDuration.parseSeconds("366d") == 366 * 86_400)
    }
}
