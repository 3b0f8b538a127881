/// `breather daemon`: polls the providers on `interval` and keeps every `[[output]]` file
/// current; run by systemd (see systemd/). Exits 0 on SIGTERM/SIGINT, 78 on a config that is
/// invalid at start-up, and never because a provider failed. The work is `Daemon`.
enum DaemonCommand {
    static let help = CommandHelp(
        abstract: "Poll on an interval and write every configured output file atomically.",
        discussion: "Signals: SIGUSR1 refresh now (even during failure backoff), SIGUSR2 show the next standard, "
            + "SIGRTMIN+2 the previous one, SIGRTMIN+1 switch compact/full bar text, SIGRTMIN+3 the next place "
            + "([bar] places = \"one\"; no request), SIGHUP reload the config (a new standard, units or "
            + "format re-render without a fetch; new sources or place refresh; an invalid config is logged "
            + "and the old one kept), SIGTERM/SIGINT finish the write in progress and exit 0. "
            + "With --source mqtt://HOST[:PORT]/TOPIC_PREFIX (or [sources] state) it writes its outputs from what a "
            + "publishing Breather daemon sends over MQTT, asks no provider and publishes nothing. "
            + "Supports systemd Type=notify (READY=1, STATUS=, WATCHDOG=1).")
}
