import BreatherConfig
import BreatherHistory
import BreatherLocale
import BreatherViewModel
import Logging

/// What every command on the history store (`history`, `log`, `insights`) starts from: the
/// settings (an unreadable config is logged and ends the command with 78), the logger, and
/// the store's path (`[history] path`, else the XDG state directory's), with local time
/// prepared for the days it reads.
struct StoreCommandSetup {
    let settings: Settings
    let logger: Logger
    let path: String

    /// The setup, or nil when the config cannot be used (logged in `language`, else the
    /// environment's; the command exits 78).
    static func load(configPath: String?, logLevel: LogLevel, language: Language? = nil) -> StoreCommandSetup? {
        let logger = Logger.breather(logLevel)
        let loader = ConfigLoader()
        let settings: Settings
        let loaded = L10n.$language.withValue(language ?? Language.fromEnvironment(Environment.get)) {
            Result { () throws(ConfigError) in try loader.load(explicitPath: configPath) }
        }
        switch loaded {
        case .success(let read): settings = read
        case .failure(let error):
            logger.log(.error, "config: \(error)")
            return nil
        }
        HistoryTime.prepare()
        return StoreCommandSetup(settings: settings, logger: logger, path: settings.history.path ?? loader.defaultHistoryPath())
    }

    /// `body` in the language people read the command's table in: `--language` (given before the
    /// command's word), else `[display] language`, else the environment's, with `[display]
    /// native_names`. Only the formats for people run in it: CSV and json stay English.
    func inPeoplesLanguage<T>(_ flag: Language?, _ body: () throws -> T) rethrows -> T {
        let language = flag ?? settings.language ?? Language.fromEnvironment(Environment.get)
        return try L10n.$language.withValue(language) { try L10n.$nativeNames.withValue(settings.nativeNames) { try body() } }
    }

    /// "cannot read the history store PATH: DETAIL" (or "cannot write …" when `writing`), in the
    /// people's language (`inPeoplesLanguage`): the path and the error's own words (SQLite's
    /// message and code) after the sentence, as they are.
    func storeFailure(_ flag: Language?, writing: Bool, _ error: any Error) -> String {
        inPeoplesLanguage(flag) {
            (writing ? tr("cannot write the history store %s: %s") : tr("cannot read the history store %s: %s")).filled(path, "\(error)")
        }
    }
}
