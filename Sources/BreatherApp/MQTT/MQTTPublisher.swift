import BreatherConfig
import BreatherJSON
import BreatherModel
import BreatherMQTT
import BreatherViewModel
import Logging
import Synchronization
import BreatherLocale

/// The daemon's MQTT side: after every refresh the retained state document (and, with
/// `discovery`, Home Assistant's configs); `refresh` on `<topic_prefix>/command` becomes a
/// user refresh, as SIGUSR1 does. The broker's comings and goings are logged when they change,
/// never block a poll or an output: the client works on its own thread.
final class MQTTPublisher: Sendable {
    private let client: MQTTClient
    /// The `[mqtt]` settings and password it was made with: a reload that changes either
    /// replaces the publisher (`retire(replacedBy:)`).
    let settings: MQTTSettings
    let password: String?
    private let discovery: HomeAssistantDiscovery
    private let logger: Logger
    /// The language of its lines for people (connected, retrying); topics and the broker as they are.
    private let language: Language
    private let onRefresh: @Sendable () -> Void
    /// The configs announced to Home Assistant, topic → payload (nil before the first state);
    /// configs of this publisher found on the broker before that (an earlier run's); the
    /// configs of entities whose part failed in the latest state (kept when found); the
    /// standard shown; the last failure logged.
    private let state = Mutex<PublisherState>(PublisherState())
    /// Each other place's announced configs, by place name, topic → payload.
    private let placesAnnounced = Mutex<[String: [String: [UInt8]]]>([:])
    /// The other places this publisher's topics hold (found retained or published), and the
    /// ones the configuration has (nil before the first output): `keepPlaces`.
    private let placeNames = Mutex<(held: Set<String>, kept: Set<String>?)>(([], nil))
    /// The daemon's `interval`, which each config's `expire_after` follows (`pollInterval(changedTo:)`).
    private let pollSeconds: Mutex<Int>

    private struct PublisherState {
        var announced: [String: [UInt8]]?
        var foundEarly: Set<String> = []
        var outage: [String: [UInt8]] = [:]
        var standard: AQIStandard?
        var lastFailure: String?
        var everConnected = false
    }

    var commandTopic: String { "\(settings.topicPrefix)/command" }

    init(settings: MQTTSettings, pollSeconds: Int, password: String?, logger: Logger, language: Language = .english,
         onRefresh: @escaping @Sendable () -> Void) throws(MQTTError) {
        self.settings = settings
        self.language = language
        self.password = password
        self.logger = logger
        self.onRefresh = onRefresh
        self.pollSeconds = Mutex(pollSeconds)
        discovery = HomeAssistantDiscovery(settings: settings, version: Breather.version)
        var configuration = MQTTConfiguration.breather(settings, password: password)
        configuration.language = language
        let box = WeakBox()
        client = try MQTTClient(configuration) { event in box.publisher?.handle(event) }
        box.publisher = self
        client.subscribe(commandTopic)
        client.subscribe("\(settings.topicPrefix)/places/+/state")
        if settings.discovery {
            client.subscribe(discovery.statusTopic)
            for filter in discovery.configFilters { client.subscribe(filter) }
        }
    }

    /// Connects in the background.
    func start() { client.start() }

    /// `offline` on the availability topic, then a clean disconnect.
    func stop() { client.stop() }

    /// Ends this publisher after a reload changed `[mqtt]` (blocks up to ~2 s: call it off the
    /// executor). Removed (`next` nil) or moved to another broker: `offline`, as a stop says.
    /// On the same broker it says nothing: the next publisher deletes what it will not
    /// overwrite (`leftovers(for:)`) and says `online`. (A goodbye sent right behind other
    /// publishes was cut short in tests, and the broker then sent the last will, `offline`.)
    func retire(replacedBy next: MQTTSettings?) {
        client.stop(sayingOffline: next?.broker != settings.broker)
    }

    /// What this publisher left retained that one with `next` settings on the same broker
    /// will not overwrite: the state and availability when `topic_prefix` changed, the
    /// discovery configs when their topics change (`discovery_prefix`, or `topic_prefix`,
    /// from which the ids derive) or discovery is now off.
    func leftovers(for next: MQTTSettings) -> [String] {
        guard next.broker == settings.broker else { return [] }
        var topics: [String] = []
        if next.topicPrefix != settings.topicPrefix { topics += [discovery.stateTopic, discovery.availabilityTopic] }
        if settings.discovery, !next.discovery || next.discoveryPrefix != settings.discoveryPrefix || next.publisherID != settings.publisherID {
            topics += state.withLock { $0.announced.map { Array($0.keys) } ?? [] }.sorted()
        }
        return topics
    }

    /// Deletes `topics` (empty retained payloads) once connected, before anything else.
    func delete(_ topics: [String]) {
        for topic in topics { client.publish(topic, [], retain: true) }
    }

    /// Publishes `output` as the retained state with the alerts' states, and each alert
    /// notification on `<topic_prefix>/alert`; announces the entities that have a reading and
    /// keeps the announced ones whose part failed this time (they read unavailable); removes the
    /// ones the configuration no longer produces.
    func publish(_ output: Output, alerts: [(kind: String, on: Bool)] = [], notifications: [AlertNotification] = []) {
        guard !output.isLoading, output.hasData else { return }
        client.publish(discovery.stateTopic, MQTTStateDocument.encode(output, node: settings.node, alerts: alerts), retain: true)
        for notification in notifications { client.publish(discovery.alertTopic, Self.payload(notification, node: settings.node), retain: false) }
        guard settings.discovery else { return }
        let plan = discovery.plan(EntityInput(output: output, alerts: alerts), pollSeconds: pollSeconds.withLock { $0 })
        let (send, delete) = state.withLock { state in
            let before = state.announced ?? [:]
            var next = plan.present
            for (topic, payload) in plan.outage where before[topic] != nil || state.foundEarly.contains(topic) { next[topic] = payload }
            let send = next.filter { before[$0.key] != $0.value }
            let delete = Set(before.keys).union(state.foundEarly).subtracting(next.keys)
            state.announced = next
            state.foundEarly = []
            state.outage = plan.outage
            state.standard = output.standard
            return (send, delete)
        }
        for (topic, payload) in send.sorted(by: { $0.key < $1.key }) { client.publish(topic, payload, retain: true) }
        for topic in delete.sorted() { client.publish(topic, [], retain: true) }
    }

    /// Publishes another place's output (`[[place]]`) as its own retained state and, with
    /// discovery, its own Home Assistant device (`HomeAssistantDiscovery.place`); configs its
    /// readings no longer produce are removed, as the place shown's are.
    func publish(place name: String, _ output: Output) {
        guard !output.isLoading, output.hasData else { return }
        let discovery = HomeAssistantDiscovery(settings: settings, version: Breather.version, place: name)
        placeNames.withLock { _ = $0.held.insert(name) }
        client.publish(discovery.stateTopic, MQTTStateDocument.encode(output, node: settings.node, alerts: []), retain: true)
        guard settings.discovery else { return }
        let plan = discovery.plan(EntityInput(output: output, alerts: []), pollSeconds: pollSeconds.withLock { $0 })
        let (send, delete) = placesAnnounced.withLock { all in
            let before = all[name] ?? [:]
            var next = plan.present
            for (topic, payload) in plan.outage where before[topic] != nil { next[topic] = payload }
            all[name] = next
            return (next.filter { before[$0.key] != $0.value }, Set(before.keys).subtracting(next.keys))
        }
        for (topic, payload) in send.sorted(by: { $0.key < $1.key }) { client.publish(topic, payload, retain: true) }
        for topic in delete.sorted() { client.publish(topic, [], retain: true) }
    }

    /// `names` are the places the configuration has besides the one shown (at start, after a
    /// reload): a place this publisher's topics hold that is not among them (removed from the
    /// config, or now the one shown) has its retained state and every discovery config of its
    /// device deleted (empty retained payloads), now or when the broker says it holds one.
    func keepPlaces(_ names: Set<String>) {
        let gone = placeNames.withLock { places in
            places.kept = names
            let gone = places.held.subtracting(names)
            places.held.subtract(gone)
            return gone
        }
        for name in gone.sorted() { clear(place: name) }
    }

    /// Deletes `name`'s retained state and its device's discovery configs.
    private func clear(place name: String) {
        let discovery = HomeAssistantDiscovery(settings: settings, version: Breather.version, place: name)
        placesAnnounced.withLock { _ = $0.removeValue(forKey: name) }
        logger.log(.info, "mqtt: " + L10n.$language.withValue(language) {
            tr("place %s is no longer in the config: deleting its retained state and discovery configs").filled(name)
        })
        client.publish(discovery.stateTopic, [], retain: true)
        for topic in Set(HomeAssistantEntity.table.map(discovery.configTopic)).sorted() { client.publish(topic, [], retain: true) }
    }

    /// The place of a state topic of this publisher's (`<topic_prefix>/places/NAME/state`).
    private func place(ofStateTopic topic: String) -> String? {
        let start = "\(settings.topicPrefix)/places/"
        guard topic.hasPrefix(start), topic.hasSuffix("/state") else { return nil }
        let name = topic.dropFirst(start.count).dropLast("/state".count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    /// One alert as JSON for automations: `{"node", "urgency", "summary", "body"}`.
    static func payload(_ notification: AlertNotification, node: String) -> [UInt8] {
        Array(JSON.serialize(.object(["node": .string(node), "urgency": .string(notification.urgency.rawValue),
                                      "summary": .string(notification.summary), "body": .string(notification.body)])).utf8)
    }

    /// A reload changed `interval`. Every config announced is sent again with the new
    /// `expire_after` (Home Assistant updates an entity whose config topic gets a new config):
    /// left at the old interval's, a longer interval would make each reading unavailable
    /// between two polls.
    func pollInterval(changedTo seconds: Int) {
        let changed = pollSeconds.withLock { current in
            defer { current = seconds }
            return current != seconds
        }
        guard changed, settings.discovery else { return }
        let configs = state.withLock { state -> [String: [UInt8]] in
            guard let announced = state.announced, let standard = state.standard else { return [:] }
            var configs: [String: [UInt8]] = [:]
            for entity in HomeAssistantEntity.table where announced[discovery.configTopic(entity)] != nil {
                configs[discovery.configTopic(entity)] = discovery.config(entity, standard: standard, pollSeconds: seconds)
            }
            state.announced = announced.merging(configs) { $1 }
            return configs
        }
        for (topic, payload) in configs.sorted(by: { $0.key < $1.key }) { client.publish(topic, payload, retain: true) }
    }

    private func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            let again = state.withLock { state in
                defer { state.lastFailure = nil; state.everConnected = true }
                return state.everConnected
            }
            logger.log(.info, "mqtt: " + L10n.$language.withValue(language) {
                (again ? tr("connected again to %s") : tr("connected to %s")).filled("\(settings.broker)")
            })
        case .disconnected(let error, let retry):
            let line = L10n.$language.withValue(language) { tr("%s; retrying in %ss").filled("\(error)", String(Int(retry.rounded(.up)))) }
            let isNew = state.withLock { state in
                defer { state.lastFailure = "\(error)" }
                return state.lastFailure != "\(error)"
            }
            if isNew { logger.log(.warning, line) }
        case .message(let message):
            received(message)
        case .oversized:
            break  // no command is that long
        }
    }

    private func received(_ message: MQTTMessage) {
        let text = String(decoding: message.payload, as: UTF8.self)
        if message.topic == commandTopic {
            // Only live requests: a retained `refresh` would fetch on every reconnect.
            guard !message.retained, text == "refresh" else { return }
            logger.log(.info, "mqtt: " + L10n.$language.withValue(language) { tr("refresh requested on %s").filled(commandTopic) })
            onRefresh()
        } else if let name = place(ofStateTopic: message.topic) {
            guard !message.payload.isEmpty else { return }
            let gone = placeNames.withLock { places -> Bool in
                guard let kept = places.kept else {
                    places.held.insert(name)
                    return false
                }
                return !kept.contains(name)
            }
            if gone { clear(place: name) }
        } else if message.topic == discovery.statusTopic {
            guard text == "online", let announced = state.withLock({ $0.announced }) else { return }
            let places = placesAnnounced.withLock { $0.values.reduce(into: [String: [UInt8]]()) { $0.merge($1) { $1 } } }
            for (topic, payload) in announced.merging(places, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
                client.publish(topic, payload, retain: true)
            }
        } else if discovery.isConfigTopic(message.topic), !message.payload.isEmpty {
            // A config left retained by an earlier run: before the first state it is kept for
            // `publish` to judge; after it, one of an entity in an outage is kept (and sent
            // as this run makes it), any other one this run does not announce is removed.
            let verdict = state.withLock { state -> [UInt8]?? in
                guard state.announced != nil else {
                    state.foundEarly.insert(message.topic)
                    return .some(nil)
                }
                if state.announced?[message.topic] != nil { return .some(nil) }
                guard let payload = state.outage[message.topic] else { return .none }
                state.announced?[message.topic] = payload
                return .some(payload)
            }
            switch verdict {
            case .none: client.publish(message.topic, [], retain: true)
            case .some(let payload?): client.publish(message.topic, payload, retain: true)
            case .some(nil): break
            }
        }
    }

    /// The client's events reach the publisher once it exists (the client is made in its init).
    private final class WeakBox: @unchecked Sendable {
        weak var publisher: MQTTPublisher?
    }
}

extension MQTTConfiguration {
    /// The client settings `[mqtt]` describes, with the password read by the caller.
    static func breather(_ settings: MQTTSettings, password: String?) -> MQTTConfiguration {
        MQTTConfiguration(host: settings.broker.host, port: settings.broker.port, tls: settings.broker.tls, caFile: settings.caFile,
                          username: settings.username, password: password, clientID: settings.clientID,
                          keepaliveSeconds: settings.keepaliveSeconds, availabilityTopic: "\(settings.topicPrefix)/availability")
    }
}

extension MQTTPublisher {
    /// The publisher `[mqtt]` asks for, nil without it; a refresh command becomes a user
    /// refresh of `viewModel`. An unreadable password file or unusable settings: exit 78.
    /// A daemon that reads a published state (`subscribing`, `[sources] state`) publishes nothing: its
    /// `[mqtt]` gives only the credentials.
    static func make(context: AppContext, viewModel: MainViewModel, subscribing: Bool) throws(CommandFailure) -> MQTTPublisher? {
        guard let settings = context.settings.mqtt, !subscribing else { return nil }
        let password = try context.mqttPassword(settings)
        do {
            return try MQTTPublisher(settings: settings, pollSeconds: context.settings.intervalSeconds, password: password,
                                     logger: context.logger, language: context.interfaceLanguage) { viewModel.inputs.userDidRefresh() }
        } catch {
            throw CommandFailure(status: error.isConfiguration ? .configuration : .unavailable, message: "\(error)")
        }
    }
}
