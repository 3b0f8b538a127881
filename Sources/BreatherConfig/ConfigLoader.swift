#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import BreatherLocale
import BreatherModel

/// Reads the process environment (a seam tests replace through `ConfigLoader.environment`).
public enum Environment {
    /// The variable's value, nil when it is unset.
    public static func get(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Finds and reads the config file in PRODUCT.md's order: `--config`, `$BREATHER_CONFIG`,
/// `$XDG_CONFIG_HOME/breather/config.toml` (or `~/.config/…`), `/etc/breather/config.toml`.
public struct ConfigLoader: Sendable {
    /// Looks up an environment variable; nil when unset.
    public var environment: @Sendable (String) -> String?

    /// A loader reading the real environment unless tests pass their own.
    public init(environment: @escaping @Sendable (String) -> String? = Environment.get) {
        self.environment = environment
    }

    /// The settings from defaults and the first config file found. An explicitly named file
    /// (`--config` or `$BREATHER_CONFIG`) must exist; the implicit ones are optional.
    public func load(explicitPath: String?) throws(ConfigError) -> Settings {
        var settings = Settings()
        if let (path, required) = locate(explicitPath: explicitPath) {
            let bytes: [UInt8]
            do {
                // A FIFO or a device named as the config is refused at once, never waited on.
                bytes = try SmallFile.readBytes(path, regularFileOnly: true)
            } catch .unreadable where !required {
                return settings
            } catch {
                throw ConfigError(file: path, reason: Self.cannotRead("config", error))
            }
            try ConfigFile(path: path, bytes: bytes).apply(to: &settings)
        }
        return settings
    }

    /// `[display] language` of the config file `load(explicitPath:)` would read, for `--help`,
    /// which is printed before (and whatever) the rest of the file says: nil when there is no
    /// file, it cannot be read or parsed, or the key is absent or names no catalog.
    public func displayLanguage(explicitPath: String?) -> Language? {
        guard let (path, _) = locate(explicitPath: explicitPath),
              let bytes = try? SmallFile.readBytes(path, regularFileOnly: true),
              let root = try? TOMLParser.parse(bytes),
              let name = root["display"]?.table?["language"]?.string else { return nil }
        return Language(locale: name)
    }

    /// The settings from defaults and `text`, a config file's contents, named `name` in its
    /// errors: no file and no look-up, for building the application in-process (its tests).
    public func load(text: String, name: String = "config.toml") throws(ConfigError) -> Settings {
        var settings = Settings()
        try ConfigFile(path: name, bytes: Array(text.utf8)).apply(to: &settings)
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

    /// The default history file: `$STATE_DIRECTORY/history.sqlite3` when systemd gave the
    /// service a state directory, else `$XDG_STATE_HOME/breather/history.sqlite3` or
    /// `~/.local/state/breather/history.sqlite3`.
    public func defaultHistoryPath() -> String {
        if let state = environment("STATE_DIRECTORY"), !state.isEmpty {
            // systemd may list several directories, colon-separated: the first is Breather's.
            return "\(state.split(separator: ":").first.map(String.init) ?? state)/history.sqlite3"
        }
        let stateHome = environment("XDG_STATE_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? environment("HOME").map { "\($0)/.local/state" } ?? "/tmp"
        return "\(stateHome)/breather/history.sqlite3"
    }

    /// An API key from the environment variable, else `$CREDENTIALS_DIRECTORY/<credential>`
    /// (systemd LoadCredential=), else the key file. Never logged. Each must be one line of
    /// printable ASCII (`SecretText`); anything else is a config error that shows none of it.
    public func secret(envVar: String, credential: String, keyFile: String?) throws(ConfigError) -> String? {
        try loadSecret(envVar: envVar, credential: credential, keyFile: keyFile)?.value
    }

    /// `secret` with the warning a key file that others can read earns.
    public func loadSecret(envVar: String, credential: String, keyFile: String?) throws(ConfigError) -> LoadedSecret? {
        if let raw = environment(envVar) {
            do {
                if let value = try SecretText.value(of: Array(raw.utf8)) { return LoadedSecret(value: value, warning: nil) }
            } catch {
                throw ConfigError(file: nil, reason: "env \(envVar) \(error.description)")
            }
        }
        if let directory = environment("CREDENTIALS_DIRECTORY") {
            let path = "\(directory)/\(credential)"
            // systemd made the credential (mode 0400, its own mount): no warning to give.
            if access(path, F_OK) == 0 { return try Self.readKeyFile(path, warnIfShared: false) }
            // No such credential: fall back to the key file.
        }
        guard let keyFile else { return nil }
        return try Self.readKeyFile(keyFile)
    }

    /// "cannot read the config file (No such file or directory)", or "the key file is larger
    /// than 1 MiB, not read": the same words whichever file it is.
    static func cannotRead(_ kind: String, _ error: SmallFile.ReadError) -> String {
        switch error {
        case .unreadable(_, let reason): tr("cannot read the %s file (%s)").filled(kind, reason)
        case .tooLarge, .notRegularFile: tr("the %s file is %s").filled(kind, error.reason)
        }
    }
}
