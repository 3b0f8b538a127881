import BreatherLocale
#if canImport(Glibc)
import Glibc
#endif
import BreatherViewModel
import Logging
import Synchronization

/// Sends the alerts `AlertMonitor` decides on as desktop notifications, through `notify-send`
/// (Debian's libnotify-bin) run by `ChildProcess`: no shell, no secrets in its environment.
/// Used by the daemon's sink and by `watch`'s printer, never by the one-shot (a single reading
/// cannot hold a crossing). Without notify-send it warns once and carries on.
final class AlertNotifier: Sendable {
    private let state = Mutex<(monitor: AlertMonitor?, warned: Bool)>((nil, false))

    /// Feeds `output` to the monitor for `settings` (a changed `[alerts]` after a reload starts
    /// a new one; nil turns alerts off) and sends what it calls for.
    func consider(_ output: Output, settings: AlertSettings?, logger: Logger) {
        send(observe(output, settings: settings).notifications, logger: logger, language: output.forPeople.language)
    }

    /// Feeds `output` to the monitor for `settings` without sending anything: the
    /// notifications it calls for, and each configured kind's state after it (for MQTT).
    func observe(_ output: Output, settings: AlertSettings?) -> (notifications: [AlertNotification], states: [(kind: String, on: Bool)]) {
        state.withLock { state in
            guard let settings else { state.monitor = nil; return ([], []) }
            if state.monitor?.settings != settings { state.monitor = AlertMonitor(settings: settings) }
            // In the interface language: the people read them (the MQTT state stays English).
            let notifications = output.inPeoplesLanguage { state.monitor!.observe($0) }
            return (notifications, state.monitor!.alertStates)
        }
    }

    /// Sends `notifications` through notify-send, in order.
    /// Its warning (notify-send missing) is in `language`.
    func send(_ notifications: [AlertNotification], logger: Logger, language: Language) {
        for notification in notifications { send(notification, logger: logger, language: language) }
    }

    private func send(_ notification: AlertNotification, logger: Logger, language: Language) {
        logger.log(.info, "alert: \(notification.summary) (\(notification.urgency.rawValue))")
        let command = ["notify-send", "-a", "Breather", "-u", notification.urgency.rawValue, notification.summary, notification.body]
        let status = ChildProcess.start(command, label: "alerts", timeoutSeconds: 10, logger: logger, language: language)
        guard status != 0 else { return }
        let firstTime = state.withLock { state in defer { state.warned = true }; return !state.warned }
        if firstTime {
            logger.log(.warning, "alerts: " + L10n.$language.withValue(language) {
                let reason = status == ENOENT ? tr("not found in PATH (install libnotify-bin)") : String(cString: strerror(status))
                return tr("cannot run notify-send: %s; alerts are only logged").filled(reason)
            })
        }
    }
}
