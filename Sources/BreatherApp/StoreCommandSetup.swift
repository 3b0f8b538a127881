import BreatherConfig
import BreatherHistory
import Logging

/// What every command on the history store (`history`, `log`, `insights`) starts from: the
/// settings (an unreadable config is logged and ends the command with 78), the logger, and
/// the store's path (`[history] path`, else the XDG state directory's), with local time
/// prepared for the days it reads.
struct StoreCommandSetup {
    let settings: Settings
    let logger: Logger
    let path: String

    /// The setup, or nil when the config cannot be used (logged; the command exits 78).
    static func load(configPath: String?, logLevel: LogLevel) -> StoreCommandSetup? {
        let logger = Logger.breather(logLevel)
        let loader = ConfigLoader()
        let settings: Settings
        do {
            settings = try loader.load(explicitPath: configPath)
        } catch {
            logger.log(.error, "config: \(error)")
            return nil
        }
        HistoryTime.prepare()
        return StoreCommandSetup(settings: settings, logger: logger, path: settings.history.path ?? loader.defaultHistoryPath())
    }
}
