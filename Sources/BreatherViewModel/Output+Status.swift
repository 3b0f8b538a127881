import BreatherLocale
import BreatherModel

/// What a run earned, decided once here from the state (not by each command): the one-shot
/// maps it to its exit code and prints `line` when it is not `.ok`.
public struct RunStatus: Sendable, Equatable {
    /// The class of outcome; `nil` is success.
    public var kind: FailureKind?
    /// The failure that decided it, described for one stderr line ("open-meteo (air): HTTP 503").
    public var line: String?
    /// True when the index shown comes from an earlier fetch because the latest one failed:
    /// the output is usable (a bar keeps its values), so only a configuration failure is an error.
    public var showsKeptData: Bool

    /// Success.
    public static let ok = RunStatus(kind: nil, line: nil, showsKeptData: false)

    /// The air-quality index is the main job, so its absence decides; a missing weather or
    /// asthma part is a warning, and so is a failure a fallback source covered. Configuration
    /// and bad-data failures of any uncovered part decide too (78, 65): waiting does not fix
    /// them. Kept data after a failed fetch is a success unless a key was rejected.
    init(conditions: CityConditions?, report: AirQualityReport?, failures: [ProviderFailure], airError: String?) {
        let keptAir = conditions?.isCarriedOver(.air) ?? false
        var missing: Set<ProviderFailure.Part> = []
        if report == nil { missing.insert(.air) }
        if conditions?.weather == nil { missing.insert(.weather) }
        if conditions?.asthma == nil { missing.insert(.asthma) }
        if keptAir { missing.insert(.air) }
        let uncovered = failures.filter { missing.contains($0.part) || $0.part == .location }
        let decisive = uncovered.first(where: { $0.kind == .configuration })
            ?? (missing.contains(.air) ? uncovered.last(where: { $0.part == .air || $0.part == .location }) : nil)
            ?? uncovered.first(where: { $0.kind == .badData })
        showsKeptData = keptAir && report != nil
        if let decisive {
            kind = showsKeptData && decisive.kind != .configuration ? nil : decisive.kind
            line = Self.describe(decisive)
        } else if report == nil, conditions != nil {
            kind = .unavailable
            line = "\(conditions?.pollution?.source ?? tr("air source")): \(airError ?? tr("no air-quality data"))"
        } else {
            kind = nil
            line = nil
        }
    }

    init(kind: FailureKind?, line: String?, showsKeptData: Bool) {
        self.kind = kind
        self.line = line
        self.showsKeptData = showsKeptData
    }

    /// "open-meteo (air): rate limited: … (retry after 120 s)"; a location failure's message
    /// already names its provider ("open-meteo geocoding: …").
    public static func describe(_ failure: ProviderFailure) -> String {
        let retry = failure.retryAfterSeconds.map { " " + tr("(retry after %s s)").filled(String($0)) } ?? ""
        if failure.part == .location { return failure.message + retry }
        return "\(failure.provider) (\(failure.part.rawValue)): \(failure.message)\(retry)"
    }
}

extension Output {
    /// What the bar shows, without the clock (update time, age) and with staleness as a flag:
    /// `watch` prints a line only when this changes, so an unchanged reading is not redrawn
    /// every interval.
    public var contentKey: [String] {
        let clockFree = displayFields.filter { !["updated", "age", "staleness"].contains($0.key) }.map { "\($0.key)=\($0.value)" }
        return clockFree + details.filter { !$0.hasPrefix("Updated ") } + ["stale=\(isStale)", "staleParts=\(staleParts)", "compact=\(isCompact)"]
    }
}
