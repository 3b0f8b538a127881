#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BreatherModel

/// The ViewModel of Breather's MVVM: takes `viewDidRefresh` and `aqiStandard` in, gives a
/// display-ready `Output` out. The CLI, the daemon and `watch` all drive this same type.
///
/// Events are handled one at a time, in order, so an output always reflects every event sent
/// before it. Side effects (fetching, the clock) come in through `Environment`.
public final class MainViewModel: Sendable {
    /// What the view model needs from the outside world.
    public struct Environment: Sendable {
        /// Fetches fresh conditions. Throws only when nothing at all can be fetched (e.g. no location).
        public var fetch: @Sendable () async throws(ProviderFailure) -> CityConditions
        /// The clock for ages and staleness (tests pass a fixed one).
        public var now: @Sendable () -> Date
        /// Metric or imperial strings in `Output`.
        public var units: Units
        /// The glyph set for the weather condition.
        public var icons: Icons
        /// Data older than this is shown as stale even without a failed refresh.
        public var staleAfterSeconds: Int

        /// An environment whose data goes stale after an hour unless told otherwise.
        public init(fetch: @escaping @Sendable () async throws(ProviderFailure) -> CityConditions,
                    now: @escaping @Sendable () -> Date = { Date() }, units: Units = .metric,
                    staleAfterSeconds: Int = 3600, icons: Icons = .none) {
            self.fetch = fetch
            self.now = now
            self.units = units
            self.icons = icons
            self.staleAfterSeconds = staleAfterSeconds
        }
    }

    /// The events a view can send. Both only enqueue; outputs follow on `outputs`.
    public struct Input: Sendable {
        /// Fetch fresh conditions (start-up, a timer tick, SIGUSR1, a click).
        public let viewDidRefresh: @Sendable () -> Void
        /// Show the index under another standard; re-renders without a new fetch.
        public let aqiStandard: @Sendable (AQIStandard) -> Void
    }

    /// The event senders views call: `viewDidRefresh` and `aqiStandard`.
    public let inputs: Input
    /// Every state change, in order. Finishes when `finish()` is called.
    public let outputs: AsyncStream<Output>
    private let events: AsyncStream<Event>.Continuation
    private let worker: Task<Void, Never>

    enum Event: Sendable {
        case refresh
        case standard(AQIStandard)
        case seed(CityConditions)
    }

    /// Starts the event loop; nothing is fetched until `inputs.viewDidRefresh` is called. `standard` is the index shown first.
    public init(environment: Environment, standard: AQIStandard = .us) {
        let (eventStream, events) = AsyncStream.makeStream(of: Event.self)
        let (outputStream, outputs) = AsyncStream.makeStream(of: Output.self)
        self.events = events
        self.outputs = outputStream
        self.inputs = Input(viewDidRefresh: { events.yield(.refresh) },
                            aqiStandard: { events.yield(.standard($0)) })
        worker = Task {
            var state = State(standard: standard)
            for await event in eventStream {
                switch event {
                case .refresh:
                    state.isLoading = true
                    outputs.yield(state.render(environment))
                    do throws(ProviderFailure) {
                        state.apply(try await environment.fetch())
                    } catch {
                        state.apply(failure: error)
                    }
                    state.isLoading = false
                case .standard(let newStandard):
                    state.standard = newStandard
                case .seed(let cached):
                    state.lastGood = cached
                    state.latestFailures = []
                }
                outputs.yield(state.render(environment))
            }
            outputs.finish()
        }
    }

    /// Shows previously saved conditions (from the cache) before any fetch; rendered as stale
    /// or fresh by their age like any other data.
    public func seed(with cached: CityConditions) { events.yield(.seed(cached)) }

    /// Stops accepting events; `outputs` finishes after the events already sent.
    public func finish() { events.finish() }

    deinit { events.finish() }
}

/// The view model's memory between events.
struct State: Sendable {
    var standard: AQIStandard
    /// The newest conditions that carried air-quality or weather data.
    var lastGood: CityConditions?
    /// Failures of the most recent refresh (empty after a full success).
    var latestFailures: [ProviderFailure] = []
    /// True when the most recent refresh brought nothing usable.
    var lastRefreshFailed = false
    var isLoading = false

    init(standard: AQIStandard) { self.standard = standard }

    mutating func apply(_ conditions: CityConditions) {
        let usable = conditions.pollution != nil || conditions.weather != nil
        if usable || lastGood == nil {
            // A refresh that lost the air part but kept weather still replaces old data only
            // when there is no older air reading to keep showing.
            if conditions.pollution == nil, let old = lastGood, old.pollution != nil {
                lastRefreshFailed = true
            } else {
                lastGood = usable ? conditions : nil
                lastRefreshFailed = !usable
            }
        } else {
            lastRefreshFailed = true
        }
        latestFailures = conditions.failures
    }

    mutating func apply(failure: ProviderFailure) {
        latestFailures = [failure]
        lastRefreshFailed = true
    }
}
