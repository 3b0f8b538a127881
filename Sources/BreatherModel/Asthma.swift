/// Asthma risk for the day, from Propeller or Breather's own estimate.
public struct Asthma: Sendable, Hashable {
    /// The day's risk level.
    public var risk: AsthmaRisk
    /// Probability of an asthma event, 0…1, when the source gives one.
    public var probability: Double?
    /// Provider id (`propeller`) or `estimate`.
    public var source: String
    /// How an estimate was made, e.g. "AQHI (O3, NO2, PM2.5 3-h means)"; nil for a provider's value.
    public var method: String?
    /// The highest risk expected in the next 24 hours and when it starts; nil when no forecast
    /// was available (Propeller gives none; the estimate needs the air source's forecast).
    public var outlook: AsthmaOutlook?

    /// A risk from `source`, with the probability, method and outlook when known.
    public init(risk: AsthmaRisk, probability: Double? = nil, source: String, method: String? = nil,
                outlook: AsthmaOutlook? = nil) {
        self.risk = risk
        self.probability = probability
        self.source = source
        self.method = method
        self.outlook = outlook
    }
}

/// The worst asthma risk of the coming hours.
public struct AsthmaOutlook: Sendable, Hashable {
    /// The highest risk level forecast.
    public var risk: AsthmaRisk
    /// The start of the first hour at that level.
    public var at: Timestamp

    /// The worst risk `risk`, first reached in the hour starting `at`.
    public init(risk: AsthmaRisk, at: Timestamp) {
        self.risk = risk
        self.at = at
    }
}

/// Asthma risk levels. Raw values are the ids in the `json` output.
public enum AsthmaRisk: String, CaseIterable, Sendable, Hashable {
    case low, medium, high
    case veryHigh = "very_high"

    /// Words for people: "low", "medium", "high", "very high".
    public var displayName: String {
        self == .veryHigh ? "very high" : rawValue
    }
}

/// One provider that could not serve its part, and why. The message never contains a key.
public struct ProviderFailure: Sendable, Hashable, Error {
    /// What the provider was asked for.
    public enum Part: String, Sendable, Hashable { case location, air, weather, asthma, indoor }

    /// The provider id that failed, e.g. `open-meteo`.
    public var provider: String
    /// The part it was asked for.
    public var part: Part
    /// The class of failure, which decides the exit code and whether to retry sooner.
    public var kind: FailureKind
    /// One human line, e.g. "HTTP 503 Service Unavailable".
    public var message: String
    /// Seconds the provider asked us to wait (HTTP Retry-After), if any.
    public var retryAfterSeconds: Int?
    /// The provider was asked after the source shown answered, to complete its reading (the
    /// model after a sensor, for the gases): its failure is no fallback (`airFallbackFrom`).
    public var completing = false

    /// A failure of `provider` to serve `part`; `message` must not contain a key. Its control
    /// characters and escape sequences are removed here (`Sanitized`), where provider text enters.
    public init(provider: String, part: Part, kind: FailureKind, message: String, retryAfterSeconds: Int? = nil) {
        self.provider = provider
        self.part = part
        self.kind = kind
        self.message = Sanitized.line(message)
        self.retryAfterSeconds = retryAfterSeconds
    }
}

/// The classes of failure users and exit codes care about.
public enum FailureKind: String, Sendable, Hashable {
    /// Rejected, expired or missing key; bad config → exit 78.
    case configuration
    /// 429, quota, timeout: try later → exit 75.
    case rateLimited
    case timeout
    /// 5xx, connection refused, DNS → exit 69.
    case unavailable
    /// A reply that cannot be read or has the wrong types → exit 65.
    case badData
    /// The provider answered but has nothing for this place or request (e.g. no station, unknown city).
    case notFound
}
