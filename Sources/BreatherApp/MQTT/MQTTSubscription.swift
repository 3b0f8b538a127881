#if canImport(Glibc)
import Glibc
#endif
import BreatherCache
import BreatherConfig
import BreatherModel
import BreatherMQTT
import BreatherProviders
import BreatherViewModel
import Logging
import Synchronization
import BreatherLocale

/// `breather watch --source mqtt://HOST/PREFIX`: the view model's data comes from the state a
/// Breather daemon publishes, never from a provider. Every state message (and every change of
/// the publisher's availability) becomes a refresh, which answers at once from the last good
/// state; a publisher gone offline answers with a failure, so the bar keeps its values marked
/// stale with their age. A click (a user refresh) publishes `refresh` on `PREFIX/command`.
/// Unreadable payloads are ignored and logged in bounded lines: the first of each kind a
/// minute, then a count (`LogThrottle`).
final class MQTTSubscription: Sendable {
    private let client: MQTTClient
    private let prefix: String
    private let logger: Logger
    /// The level of "cannot reach the broker; retrying" lines: a warning for the long-running
    /// commands, info for the one-shot, whose own error line says it once.
    private let retryLogLevel: Logger.Level
    /// The language of its "retrying" line and the broker's refusals; topics as they are.
    private let language: Language
    private struct State {
        var latest: CityConditions?
        var online: Bool?
        /// Why there is nothing to show yet (the broker unreachable, an unreadable state).
        var problem: (kind: FailureKind, message: String)?
        var lastLogged: String?
        /// Bad state payloads: the first of each kind a minute, then a count (`LogThrottle`).
        var badPayloads: LogThrottle
        /// True once the broker accepted the connection.
        var connected = false
        var onChange: (@Sendable () -> Void)?
        /// Fetches waiting for the first word from the broker (a state, a failure).
        var waiters: [FirstWord] = []
        var heardFromBroker: Bool { latest != nil || problem != nil }
    }
    private let state: Mutex<State>

    /// What the broker has said so far: the last good state, the publisher's availability
    /// (nil: never said), why there is no state, and whether the broker accepted the login.
    struct Heard {
        var latest: CityConditions?
        var online: Bool?
        var problem: (kind: FailureKind, message: String)?
        var connected: Bool
    }

    /// What the broker has said so far (`Heard`).
    var heard: Heard {
        state.withLock { Heard(latest: $0.latest, online: $0.online, problem: $0.problem, connected: $0.connected) }
    }

    var stateTopic: String { "\(prefix)/state" }
    var availabilityTopic: String { "\(prefix)/availability" }
    var commandTopic: String { "\(prefix)/command" }

    /// A subscriber of `source` (whose path is the publisher's topic prefix), with `[mqtt]`'s
    /// username, password and CA file when the local config has them.
    init(source: MQTTURL, settings: MQTTSettings?, password: String?, logger: Logger,
         retryLogLevel: Logger.Level = .warning, language: Language = .english) throws(MQTTError) {
        self.language = language
        prefix = source.path
        state = Mutex(State(badPayloads: LogThrottle(subject: "mqtt: \(source.path)/state")))
        self.logger = logger
        self.retryLogLevel = retryLogLevel
        let node = MQTTSettings.localNode
        var configuration = MQTTConfiguration(host: source.host, port: source.port, tls: source.tls, caFile: settings?.caFile,
                                              username: settings?.username, password: password,
                                              clientID: "bw-\(node.prefix(12))-\(getpid())",
                                              keepaliveSeconds: settings?.keepaliveSeconds ?? 60)
        configuration.maxRetrySeconds = 30
        configuration.language = language
        let box = Box()
        client = try MQTTClient(configuration) { event in box.subscription?.handle(event) }
        box.subscription = self
        // The availability first: its retained word then arrives before the state, so a
        // one-shot that answers on the state knows whether the publisher is offline.
        client.subscribe(availabilityTopic)
        client.subscribe(stateTopic)
    }

    /// Connects; `onChange` hears every new state or availability (to ask the view model for a refresh).
    func start(onChange: @escaping @Sendable () -> Void) {
        state.withLock { $0.onChange = onChange }
        client.start()
    }

    func stop() { client.stop() }

    /// How long the first refresh waits for the broker's retained state before it answers
    /// "waiting": a bar that starts shows the state, not a flash of an error.
    static let firstWordSeconds = 5.0

    /// The view model's fetch: the last good state, or why there is none.
    func fetch(_ request: FetchRequest) async throws(ProviderFailure) -> CityConditions {
        await firstWord()
        if request.isUserRequest {
            client.publish(commandTopic, Array("refresh".utf8), retain: false)
        }
        let (latest, online, problem) = state.withLock { ($0.latest, $0.online, $0.problem) }
        guard let latest else {
            let (kind, message) = problem ?? (.unavailable, "waiting for the first state on \(stateTopic)")
            throw ProviderFailure(provider: "mqtt", part: .air, kind: kind, message: message)
        }
        if online == false {
            throw ProviderFailure(provider: "mqtt", part: .air, kind: .unavailable, message: "the publisher of \(prefix) is offline")
        }
        return latest
    }

    private func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            state.withLock { $0.connected = true }
            log(.info, "mqtt: " + L10n.$language.withValue(language) { tr("subscribed to %s").filled(stateTopic) })
        case .disconnected(let error, let retry):
            state.withLock { $0.problem = (error.isConfiguration ? .configuration : .unavailable, "\(error)") }
            // Once per cause: the growing backoff alone makes no new line.
            log(retryLogLevel, L10n.$language.withValue(language) { tr("%s; retrying in %ss").filled("\(error)", String(Int(retry.rounded(.up)))) },
                key: "\(error)")
            changed()
        case .message(let message) where message.topic == availabilityTopic:
            let online = String(decoding: message.payload, as: UTF8.self) == "online"
            state.withLock { $0.online = online }
            changed()
        case .message(let message) where message.topic == stateTopic:
            switch MQTTStateDocument.decode(message.payload) {
            case .success(let conditions):
                let lines = L10n.$language.withValue(language) {
                    state.withLock { state in
                        state.latest = conditions
                        state.problem = nil
                        state.lastLogged = nil
                        return state.badPayloads.usable(at: Self.monotonicSeconds())
                    }
                }
                lines.forEach { logger.log(.warning, "\($0)") }
                changed()
            case .failure(let failure):
                unusable(kind: failure.kind) { "\(failure)" }
            }
        case .oversized(let topic, let bytes) where topic == stateTopic:
            unusable(kind: "oversized") {
                tr("a state document of %s bytes, over the %s KiB limit, dropped").filled(String(bytes), String(MQTTClient.maximumPayload / 1024))
            }
        case .message, .oversized:
            break
        }
    }

    /// A state payload that cannot be used: the last good state stays, the bar learns why
    /// when it has nothing else, and the log hears of it in bounded lines (`LogThrottle`): a
    /// hostile publisher's thousand distinct bad payloads a second are not a thousand lines.
    /// `reason` is said in English for the bar's error (json keeps English) and in the
    /// people's language for the log line; the topic as it is.
    private func unusable(kind: String, _ reason: () -> String) {
        let english = reason()
        let line = L10n.$language.withValue(language) { tr("%s: %s; keeping the last good state").filled("mqtt: \(stateTopic)", reason()) }
        let lines = L10n.$language.withValue(language) {
            state.withLock { state in
                state.problem = (.badData, "mqtt: \(stateTopic): \(english)")
                return state.badPayloads.unusable(kind: kind, line: line, at: Self.monotonicSeconds())
            }
        }
        lines.forEach { logger.log(.warning, "\($0)") }
        changed()
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private func changed() {
        let (onChange, waiters) = state.withLock { state in
            defer { if state.heardFromBroker { state.waiters = [] } }
            return (state.onChange, state.heardFromBroker ? state.waiters : [])
        }
        waiters.forEach { $0.resume() }
        onChange?()
    }

    /// Returns once the broker has said something (a state or a failure), or after `seconds`.
    func firstWord(within seconds: Double = firstWordSeconds) async {
        let waiter = FirstWord()
        let heard = state.withLock { state in
            if !state.heardFromBroker { state.waiters.append(waiter) }
            return state.heardFromBroker
        }
        guard !heard else { return }
        let timer = Task(executorPreference: LoopExecutor.shared) {
            try? await LoopExecutor.shared.sleep(seconds: seconds)
            waiter.resume()
        }
        await waiter.wait()
        timer.cancel()
    }

    /// One fetch's wait for the broker's first word, resumed once (by the word or the timer).
    final class FirstWord: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, resumed: Bool)>((nil, false))

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumed = state.withLock { state in
                    if !state.resumed { state.continuation = continuation }
                    return state.resumed
                }
                if resumed { continuation.resume() }
            }
        }

        func resume() {
            state.withLock { state in
                defer { state.continuation = nil; state.resumed = true }
                return state.continuation
            }?.resume()
        }
    }

    /// Logs `line` unless its `key` (the line itself by default) is the one logged last: a
    /// broker down for an hour is one line.
    private func log(_ level: Logger.Level, _ line: String, key: String? = nil) {
        let key = key ?? line
        let isNew = state.withLock { state in
            defer { state.lastLogged = key }
            return state.lastLogged != key
        }
        if isNew { logger.log(level, line) }
    }

    private final class Box: @unchecked Sendable {
        weak var subscription: MQTTSubscription?
    }
}

extension MQTTSubscription {
    /// The subscriber `--source` asks for; unusable settings or credentials: exit 78.
    static func make(source: MQTTURL, context: AppContext, retryLogLevel: Logger.Level = .warning) throws(CommandFailure) -> MQTTSubscription {
        let settings = context.settings.mqtt
        let password = try settings.flatMap { settings throws(CommandFailure) in try context.mqttPassword(settings) }
        do {
            return try MQTTSubscription(source: source, settings: settings, password: password, logger: context.logger,
                                        retryLogLevel: retryLogLevel, language: context.interfaceLanguage)
        } catch {
            throw CommandFailure(status: error.isConfiguration ? .configuration : .unavailable, message: "\(error)")
        }
    }
}
