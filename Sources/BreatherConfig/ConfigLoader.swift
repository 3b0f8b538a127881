#if canImport(Glibc)
import Glibc
#endif

/// Reads the process environment (a seam tests replace through `ConfigLoader.environment`).
public enum Environment {
    public static func get(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Finds and reads the config file in PRODUCT.md's order: `--config`, `$BREATHER_CONFIG`,
/// `$XDG_CONFIG_HOME/breather/config.toml` (or `~/.config/…`), `/etc/breather/config.toml`.
public struct ConfigLoader: Sendable {
    public var environment: @Sendable (String) -> String?

    public init(environment: @escaping @Sendable (String) -> String? = Environment.get) {
        self.environment = environment
    }

    /// The settings from defaults and the first config file found. An explicitly named file
    /// (`--config` or `$BREATHER_CONFIG`) must exist; the implicit ones are optional.
    public func load(explicitPath: String?) throws(ConfigError) -> Settings {
        var settings = Settings()
        if let (path, required) = locate(explicitPath: explicitPath) {
            if let text = readFile(path) {
                try ConfigFile(path: path, text: text).apply(to: &settings)
            } else if required {
                throw ConfigError(file: path, reason: "cannot read the config file (\(String(cString: strerror(errno))))")
            }
        }
        return settings
    }

    func locate(explicitPath: String?) -> (String, Bool)? {
        if let explicitPath { return (explicitPath, true) }
        if let fromEnv = environment("BREATHER_CONFIG"), !fromEnv.isEmpty { return (fromEnv, true) }
        let configHome = environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? environment("HOME").map { "\($0)/.config" }
        for candidate in [configHome.map { "\($0)/breather/config.toml" }, "/etc/breather/config.toml"].compactMap({ $0 })
        where access(candidate, F_OK) == 0 {
            return (candidate, true)
        }
        return nil
    }

    /// The default cache file: `$XDG_CACHE_HOME/breather/conditions.json` or `~/.cache/…`.
    public func defaultCachePath() -> String {
        let cacheHome = environment("XDG_CACHE_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? environment("HOME").map { "\($0)/.cache" } ?? "/tmp"
        return "\(cacheHome)/breather/conditions.json"
    }

    /// An API key from the environment variable, else `$CREDENTIALS_DIRECTORY/<credential>`
    /// (systemd LoadCredential=), else the key file. Never logged.
    public func secret(envVar: String, credential: String, keyFile: String?) throws(ConfigError) -> String? {
        if let value = environment(envVar)?.trimmingCharacters(in: " "), !value.isEmpty { return value }
        if let directory = environment("CREDENTIALS_DIRECTORY"), let value = readFile("\(directory)/\(credential)") {
            return value.trimmingWhitespace()
        }
        guard let keyFile else { return nil }
        guard let value = readFile(keyFile) else {
            throw ConfigError(file: keyFile, reason: "cannot read the key file (\(String(cString: strerror(errno))))")
        }
        return value.trimmingWhitespace()
    }
}

/// Reads a whole small file, or nil.
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    if ferror(file) != 0 { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
