import BreatherLocale
import BreatherModel
import Synchronization

/// The ViewModel of Breather's MVVM: takes `viewDidRefresh` and `aqiStandard` in, gives a
/// display-ready `Output` out. The one-shot, the daemon and `watch` all drive this same type,
/// and it owns the two pieces of state they share: the standard shown and the conditions on
/// hand (merged part by part with `CityConditions.merged(with:)`, saved through `save`).
///
/// Events are handled one at a time, in order, so an output always reflects every event sent
/// before it. Side effects (fetching, saving, the clock) come in through `Environment`.
public final class MainViewModel: Sendable {
    /// What the view model needs from the outside world.
    public struct Environment: Sendable {
        /// Fetches the parts a request names. Throws only when nothing at all can be fetched (no location).
        public var fetch: @Sendable (FetchRequest) async throws(ProviderFailure) -> CityConditions
        /// Keeps the conditions on hand after every fetch (the conditions store); a no-op by default.
        public var save: @Sendable (CityConditions) -> Void
        /// The clock for ages and staleness (tests pass a fixed one).
        public var now: @Sendable () -> Timestamp
        /// Metric or imperial strings in `Output`.
        public var units: Units
        /// The language of the people's copy of each output (`Output.forPeople`); the output
        /// itself stays English for the machine formats. English by default.
        public var language: Language = .english
        /// `[display] native_names`: a standard's category names in its own language (China's
        /// 优, 良) whatever `language` is.
        public var nativeNames = false
        /// True (the default) to render the English output that json, Prometheus and MQTT read
        /// beside the people's copy; false when none of them will (a one-shot printing a bar):
        /// in another language only the people's copy is rendered, as its output.
        public var rendersEnglish = true
        /// The glyph set for the weather condition.
        public var icons: Icons
        /// Data older than this is shown as stale even without a failed refresh.
        public var staleAfterSeconds: Int
        /// Where the view model's own tasks run; nil for Swift's global pool. The daemon and
        /// `watch` pass their single-thread executor, which keeps an idle process asleep.
        public var executor: (any TaskExecutor)?
        /// The zone and clock every time a person reads is written in (`LocalTime.system()`
        /// live; UTC, labelled, unless told otherwise).
        public var localTime: LocalTime = .utc
        /// The poll interval of a view that polls (the daemon, `watch`): an error then says
        /// when the next poll asks again. nil (a one-shot) says nothing of a retry it will not make.
        public var pollSeconds: Int?
        /// The sensors' own poll (`[providers.<id>] interval`) between the polls, when there is
        /// one: a sensor's error says when that poll asks it again.
        public var sensorPollSeconds: Int?
        /// When the poller asks a failed provider again before the next poll (its early retry:
        /// 15–30 s after a first failure); nil when it does not. An error then names that time,
        /// not the next poll's.
        public var earlyRetry: @Sendable () -> Timestamp? = { nil }
        /// From which level pollen and UV show in the compact bar text.
        public var dayAhead = DayAheadSettings()
        /// `[alerts]`, for the warnings ahead in `Output.outlook` (forecast crossings of its
        /// thresholds) and the briefing's day; nil = no thresholds, no warnings.
        public var alerts: AlertSettings?
        /// The index of the last 24 hours at a place under a standard (the history store), for
        /// the sparkline and trend; nil when there is none (the default).
        public var recentIndices: @Sendable (Location, AQIStandard) -> IndexHistory?
        /// The bar's evening "log today?" prompt at a place (`[log] evening_prompt`): its
        /// tooltip line when the bar should ask, nil otherwise (the default: never). Read with
        /// the past hours after each event, so `render()` reads nothing.
        public var logPrompt: @Sendable (Location) -> String? = { _ in nil }
        /// `[advice]`: the thresholds and hold of "what to do now".
        public var advice = AdviceSettings()
        /// Hears each change of the advice shown (after its hold), with the place and the time:
        /// the history store records it. Nothing by default.
        public var adviceChanged: @Sendable (Location, Advice, Timestamp) -> Void = { _, _, _ in }
        /// True (the default) to render every state, as a view that draws each one needs (the
        /// daemon, `watch`: the loading state, then the result); false to render once, where the
        /// events led, when `finish()` is called: a one-shot prints only that, and each state it
        /// skipped (the stored data, the loading state) cost the forecast's hours under the
        /// standard and a read of the history, 5 M instructions of a fresh run's 76 M
        /// (docs/PERFORMANCE.md).
        public var rendersEveryState = true

        /// An environment whose data goes stale after an hour unless told otherwise.
        public init(fetch: @escaping @Sendable (FetchRequest) async throws(ProviderFailure) -> CityConditions,
                    save: @escaping @Sendable (CityConditions) -> Void = { _ in },
                    now: @escaping @Sendable () -> Timestamp = { Timestamp.now() }, units: Units = .metric,
                    staleAfterSeconds: Int = 3600, icons: Icons = .none, executor: (any TaskExecutor)? = nil,
                    recentIndices: @escaping @Sendable (Location, AQIStandard) -> IndexHistory? = { _, _ in nil }) {
            self.recentIndices = recentIndices
            self.fetch = fetch
            self.save = save
            self.now = now
            self.units = units
            self.icons = icons
            self.staleAfterSeconds = staleAfterSeconds
            self.executor = executor
        }

        /// This environment with times in `localTime` and errors that name the next attempt: the
        /// next poll, `pollSeconds` away, or an `earlyRetry` before it.
        public func with(localTime: LocalTime, pollSeconds: Int? = nil, sensorPollSeconds: Int? = nil,
                         earlyRetry: @escaping @Sendable () -> Timestamp? = { nil }) -> Environment {
            var copy = self
            copy.localTime = localTime
            copy.pollSeconds = pollSeconds
            copy.sensorPollSeconds = sensorPollSeconds
            copy.earlyRetry = earlyRetry
            return copy
        }
    }

    /// The events a view can send. Each only enqueues; outputs follow on `outputs`.
    public struct Input: Sendable {
        /// Fetch fresh conditions (start-up, a timer tick); providers in backoff are not asked.
        public let viewDidRefresh: @Sendable () -> Void
        /// A person asked for fresh data (SIGUSR1, a click): one attempt even during backoff.
        public let userDidRefresh: @Sendable () -> Void
        /// Read the sensors on the home network only (their own interval): no provider with a
        /// quota is asked. Joins, and yields to, any other refresh asked meanwhile.
        public let sensorsDidRefresh: @Sendable () -> Void
        /// Show the index under another standard: re-renders without a fetch when the data on
        /// hand can serve it; otherwise asks the next air source that can, and says so meanwhile.
        public let aqiStandard: @Sendable (AQIStandard) -> Void
        /// Show the standard `step` places after (a negative step: before) the one shown, in
        /// the configured cycle (a scroll, SIGUSR2); as `aqiStandard` for that standard.
        public let stepStandard: @Sendable (Int) -> Void
        /// The standards a scroll cycles through (a reload); empty means all of them. The
        /// standard shown stays.
        public let standardCycle: @Sendable ([AQIStandard]) -> Void
        /// New units, icons or stale limit (a reload): re-renders without a fetch.
        public let display: @Sendable (Units, Icons, Int) -> Void
        /// Switches the bar text between compact and full (a right click): re-renders, no fetch.
        public let toggleCompact: @Sendable () -> Void
        /// New `[bar]` levels or `[alerts]` thresholds (a reload): re-renders the bar text and
        /// the outlook's warnings, no fetch.
        public let dayAhead: @Sendable (DayAheadSettings, AlertSettings?) -> Void
        /// The briefing's local time came (the controller's timer): re-renders the forecast on
        /// hand, so the alert monitor sees the time without waiting for a poll; fetches once
        /// first when the air reading is older than the poll interval (or there is none).
        public let briefingTime: @Sendable () -> Void
        /// New `[advice]` thresholds (a reload): re-renders, no fetch; the advice shown keeps its hold.
        public let advice: @Sendable (AdviceSettings) -> Void
        /// A new source of the evening prompt (a reload that set, changed or removed `[log]
        /// evening_prompt`): read again and re-rendered, no fetch.
        public let logPrompt: @Sendable (@escaping @Sendable (Location) -> String?) -> Void
        /// Renders what is on hand again, no fetch: the bar's place changed (`[bar] places = "one"`).
        public var redraw: @Sendable () -> Void = {}
        /// The source has something new (a publisher's state or availability over MQTT): a
        /// refresh that, unlike a tick, queues behind a fetch in flight, which may have read the
        /// source just before the change.
        public var sourceDidChange: @Sendable () -> Void = {}
        /// A new interface language and `[display] native_names` (a reload): re-renders the
        /// people's copy in it, no fetch; the English output machines read does not change.
        public let language: @Sendable (Language, Bool) -> Void
    }

    /// The event senders views call.
    public let inputs: Input
    /// Every state change, in order; the last one is where the events led (what the one-shot
    /// prints). Finishes after `finish()`.
    public let outputs: AsyncStream<Output>
    private let events: AsyncStream<Event>.Continuation
    private let inFlight = FetchInFlight()

    enum Event: Sendable {
        case refresh(isUserRequest: Bool)
        case standard(AQIStandard)
        case step(Int)
        case cycle([AQIStandard])
        case display(Units, Icons, Int)
        case toggleCompact
        case dayAhead(DayAheadSettings, AlertSettings?)
        case seed(CityConditions)
        case briefingTime
        case advice(AdviceSettings)
        case logPrompt(@Sendable (Location) -> String?)
        case redraw
        case language(Language, Bool)
    }

    /// Starts the event loop; nothing is fetched until an input asks. `standard` is the index
    /// shown first; `standards` the ones a scroll cycles through (empty: all of them).
    public init(environment: Environment, standard: AQIStandard = .us, standards: [AQIStandard] = []) {
        let (eventStream, events) = AsyncStream.makeStream(of: Event.self)
        let (outputStream, outputs) = AsyncStream.makeStream(of: Output.self)
        self.events = events
        self.outputs = outputStream
        let inFlight = self.inFlight
        // A refresh asked while one is queued joins it; a tick during a fetch is dropped (the
        // fetch in flight answers it): a burst of clicks or signals costs at most one more fetch.
        var inputs = Input(viewDidRefresh: { if inFlight.ask(isUserRequest: false) { events.yield(.refresh(isUserRequest: false)) } },
                            userDidRefresh: { if inFlight.ask(isUserRequest: true) { events.yield(.refresh(isUserRequest: true)) } },
                            sensorsDidRefresh: { if inFlight.ask(isUserRequest: false, sensorsOnly: true) { events.yield(.refresh(isUserRequest: false)) } },
                            aqiStandard: { events.yield(.standard($0)) },
                            stepStandard: { events.yield(.step($0)) },
                            standardCycle: { events.yield(.cycle($0)) },
                            display: { events.yield(.display($0, $1, $2)) },
                            toggleCompact: { events.yield(.toggleCompact) },
                            dayAhead: { events.yield(.dayAhead($0, $1)) },
                            briefingTime: { events.yield(.briefingTime) },
                            advice: { events.yield(.advice($0)) },
                            logPrompt: { events.yield(.logPrompt($0)) },
                            language: { events.yield(.language($0, $1)) })
        inputs.redraw = { events.yield(.redraw) }
        inputs.sourceDidChange = { if inFlight.ask(isUserRequest: false, queuesBehindFetch: true) { events.yield(.refresh(isUserRequest: false)) } }
        self.inputs = inputs
        Task(executorPreference: environment.executor) {
            var state = State(standard: standard, environment: environment, inFlight: inFlight)
            state.standards = standards
            var handledAny = false
            for await event in eventStream {
                handledAny = true
                switch event {
                case .refresh:
                    // The kind merged from every refresh that joined this one; nil when dropped.
                    guard let taken = inFlight.take() else { continue }
                    await state.fetch(taken.sensorsOnly
                                      ? FetchRequest(standard: state.standard, parts: [.air], sensorsOnly: true)
                                      : FetchRequest(standard: state.standard, isUserRequest: taken.isUserRequest), outputs)
                case .standard(let newStandard):
                    await state.show(newStandard, outputs)
                case .step(let step):
                    await state.show(state.standard(after: step), outputs)
                case .cycle(let standards):
                    state.standards = standards
                case .display(let units, let icons, let staleAfter):
                    state.environment.units = units
                    state.environment.icons = icons
                    state.environment.staleAfterSeconds = staleAfter
                case .toggleCompact:
                    state.isCompact.toggle()
                case .dayAhead(let bar, let alerts):
                    state.environment.dayAhead = bar
                    state.environment.alerts = alerts
                case .seed(let stored):
                    state.conditions = stored
                    state.noteIndoorRead(stored)
                case .briefingTime:
                    if state.needsFetchForBriefing { await state.fetch(FetchRequest(standard: state.standard), outputs) }
                case .advice(let settings):
                    state.environment.advice = settings
                case .logPrompt(let read):
                    state.environment.logPrompt = read
                case .redraw:
                    break
                case .language(let language, let nativeNames):
                    state.environment.language = language
                    state.environment.nativeNames = nativeNames
                }
                if state.environment.rendersEveryState {
                    state.readRecentIndices()
                    outputs.yield(state.renderHeld())
                }
            }
            if !state.environment.rendersEveryState, handledAny {
                state.readRecentIndices()
                outputs.yield(state.renderHeld())
            }
            outputs.finish()
        }
    }

    /// Shows conditions from the store before any fetch; rendered stale or fresh by their age
    /// and their recorded failures like any other data. Never fetches by itself.
    public func seed(with stored: CityConditions) { events.yield(.seed(stored)) }

    /// Abandons the fetch in flight, if any, and the refresh queued behind it (a reload with new
    /// providers): what it would have brought is dropped, the conditions on hand stay, and the
    /// next event is handled at once.
    public func cancelFetch() { inFlight.cancel() }

    /// Shuts down (SIGTERM, the bar gone): abandons the fetch in flight, drops every refresh
    /// queued or asked from now on, and finishes. No provider is asked after it.
    public func stop() {
        inFlight.stop()
        events.finish()
    }

    /// Stops accepting events; `outputs` finishes after the events already sent.
    public func finish() { events.finish() }

    deinit { events.finish() }
}

/// The view model's memory between events.
struct State: Sendable {
    var standard: AQIStandard
    var environment: MainViewModel.Environment
    /// The conditions on hand: every part's last good value, with the latest fetch's failures.
    var conditions: CityConditions?
    /// The latest fetch's failures while there are no conditions on hand at all (else they
    /// live in `conditions.failures`), or the failure that stopped it before any provider was asked.
    var failuresWithoutData: [ProviderFailure] = []
    /// Set while the data on hand cannot serve `standard` and another source is being asked.
    var pendingStandardNote: String?
    var isLoading = false
    /// When the latest fetch ended: Retry-After holds and the next poll count from here.
    var lastAttempt: Timestamp?
    /// The last fetch that was no sensor poll: the next poll is `pollSeconds` after it.
    var lastPollAttempt: Timestamp?
    /// Compact bar text (the default) or the full one.
    var isCompact = true
    /// The standards a scroll cycles through; empty: all of them.
    var standards: [AQIStandard] = []
    /// The index of the past hours at the place shown, under the standard shown (the sparkline
    /// and trend): read from the history (`Environment.recentIndices`) after each event, so
    /// `render()` itself reads nothing.
    var recentIndices: IndexHistory?
    /// The evening prompt's tooltip line at the place shown, read with `recentIndices`.
    var logPrompt: String?
    /// The advice shown and since when: its one owner (Output+Advice.swift).
    var adviceHold = AdviceHold()
    /// When the indoor sensor last answered (its reading's age when it gives no time).
    var indoorReadAt: Timestamp?

    let inFlight: FetchInFlight

    init(standard: AQIStandard, environment: MainViewModel.Environment, inFlight: FetchInFlight = FetchInFlight()) {
        self.standard = standard
        self.environment = environment
        self.inFlight = inFlight
    }

    /// Reads the past hours' indices for the place and standard now shown (the environment's
    /// I/O, here rather than in `render()`).
    mutating func readRecentIndices() {
        recentIndices = conditions.flatMap { environment.recentIndices($0.location, standard) }
        logPrompt = conditions.flatMap { environment.logPrompt($0.location) }
    }

    /// Shows the index under `newStandard`, asking the next air source when the data on hand
    /// cannot serve it.
    mutating func show(_ newStandard: AQIStandard, _ outputs: AsyncStream<Output>.Continuation) async {
        standard = newStandard
        if let request = requestForStandard() { await fetch(request, outputs) }
    }

    /// True when the briefing cannot be told from the data on hand: no air reading, or one
    /// older than the poll interval (a view that does not poll never fetches for it).
    var needsFetchForBriefing: Bool {
        guard let pollSeconds = environment.pollSeconds else { return false }
        guard let air = conditions?.partsFetchedAt.air else { return true }
        return environment.now().timeIntervalSince(air) >= Double(pollSeconds)
    }

    /// The standard `step` places from the one shown in `standards` (all of them when empty),
    /// wrapping round; from the first when the one shown is not in the list.
    func standard(after step: Int) -> AQIStandard {
        let list = standards.isEmpty ? AQIStandard.allCases : standards
        let index = list.firstIndex(of: standard) ?? 0
        return list[((index + step) % list.count + list.count) % list.count]
    }

    /// The request for the air part when the data on hand cannot be indexed under `standard`:
    /// the next air sources are asked (the one on hand is skipped: it cannot serve it).
    mutating func requestForStandard() -> FetchRequest? {
        guard let pollution = conditions?.pollution, (try? pollution.report(for: standard)) == nil else { return nil }
        return FetchRequest(standard: standard, parts: [.air, .asthma], skippedAirSources: [pollution.source])
    }

    /// Fetches, merges what arrived into the conditions on hand and saves them. Shows the
    /// loading state first (with a note when the standard asked for the fetch).
    mutating func fetch(_ request: FetchRequest, _ outputs: AsyncStream<Output>.Continuation) async {
        isLoading = true
        if request.parts != [.air, .weather, .asthma], !request.sensorsOnly, let source = conditions?.pollution?.source {
            pendingStandardNote = "\(source) gives no \(standard.rawValue) index: asking the next air source"
        }
        // A sensor poll with data on hand has no loading state worth drawing (`isWorthDrawing`),
        // and it runs every minute: no render for nothing.
        if environment.rendersEveryState, !request.sensorsOnly || conditions == nil {
            readRecentIndices()  // a new standard may have asked for this fetch
            outputs.yield(renderHeld())
        }
        inFlight.begin()
        defer { inFlight.end() }
        let fetch = environment.fetch
        let task = Task(executorPreference: environment.executor) { () -> Result<CityConditions, ProviderFailure> in
            do throws(ProviderFailure) { return .success(try await fetch(request)) } catch { return .failure(error) }
        }
        inFlight.set(task)
        let result = await task.value
        inFlight.set(nil)
        lastAttempt = environment.now()
        if !request.sensorsOnly { lastPollAttempt = lastAttempt }
        defer {
            pendingStandardNote = nil
            isLoading = false
        }
        // Cancelled (a reload): nothing it brought is kept, not even its failures.
        guard !task.isCancelled else { return }
        do throws(ProviderFailure) {
            let fetched = try result.get()
            let merged = conditions.map { request.sensorsOnly ? $0.merged(withSensorPoll: fetched) : $0.merged(with: fetched) } ?? fetched
            if merged.isUsable {
                conditions = merged
                noteIndoorRead(merged)
                failuresWithoutData = []
                environment.save(merged)
            } else {
                failuresWithoutData = merged.failures
            }
        } catch {
            if conditions == nil {
                failuresWithoutData = [error]
            } else {
                conditions?.failures = [error]
                conditions?.fetchedAt = environment.now()
            }
        }
    }
}

/// The fetch in flight and the refresh queued behind it, shared by the inputs (any thread) and
/// the event loop: so `cancelFetch()` can reach the task, and refreshes asked meanwhile merge.
final class FetchInFlight: Sendable {
    private struct Shared {
        var task: Task<Result<CityConditions, ProviderFailure>, Never>?
        /// A fetch runs (or its refresh event was just taken).
        var isBusy = false
        /// A refresh event is queued: whether any refresh merged into it was a person's.
        var queued: Bool?
        /// The queued refresh reads the sensors only: every refresh merged into it was a sensor poll.
        var queuedSensorsOnly = false
        var isStopped = false
    }

    private let shared = Mutex(Shared())

    /// Whether a refresh asked now needs an event of its own: not when one is queued already
    /// (it joins it, a person's request winning), nor for a tick while a fetch runs.
    /// A sensor poll (`sensorsOnly`) joining a full refresh becomes part of it. A change of the
    /// source (`queuesBehindFetch`) queues behind a fetch as a person's request does.
    func ask(isUserRequest: Bool, sensorsOnly: Bool = false, queuesBehindFetch: Bool = false) -> Bool {
        shared.withLock { shared in
            if shared.isStopped { return false }
            if let queued = shared.queued {
                shared.queued = queued || isUserRequest
                shared.queuedSensorsOnly = shared.queuedSensorsOnly && sensorsOnly
                return false
            }
            if shared.isBusy && !isUserRequest && !queuesBehindFetch { return false }
            shared.queued = isUserRequest
            shared.queuedSensorsOnly = sensorsOnly
            return true
        }
    }

    /// Takes the queued refresh for the event loop: whether it is a person's and whether it
    /// reads the sensors only, or nil when it was dropped (`cancel`, `stop`).
    func take() -> (isUserRequest: Bool, sensorsOnly: Bool)? {
        shared.withLock { shared in
            defer { shared.queued = nil }
            guard let queued = shared.queued else { return nil }
            shared.isBusy = true
            return (queued, shared.queuedSensorsOnly)
        }
    }

    func begin() { shared.withLock { $0.isBusy = true } }
    func end() { shared.withLock { $0.isBusy = false } }

    func set(_ new: Task<Result<CityConditions, ProviderFailure>, Never>?) { shared.withLock { $0.task = new } }

    func cancel() {
        shared.withLock { shared in
            shared.task?.cancel()
            shared.queued = nil
        }
    }

    func stop() {
        shared.withLock { $0.isStopped = true }
        cancel()
    }
}
