import BreatherModel

/// The advice's hold (hysteresis): the one owner of the advice shown. A new action replaces the
/// one shown (or the same action turning from mattering to not: the bar's word comes and goes
/// with it) only when the one shown has held for `holdSeconds`, so values wobbling on a
/// threshold change it at most once per hold; the reasons of the action shown stay current.
/// `unknown` comes and goes at once: stale data never keeps a guess on screen. Pure: the caller
/// gives the time.
public struct AdviceHold: Sendable {
    /// The advice shown, nil before the first.
    public private(set) var shown: Advice?
    /// When its action was adopted.
    public private(set) var since: Timestamp?

    /// Nothing shown yet.
    public init() {}

    /// The advice to show at `now` when `candidate` is what the data says.
    public mutating func observe(_ candidate: Advice, at now: Timestamp, holdSeconds: Int) -> Advice {
        guard let current = shown, let since else { return adopt(candidate, at: now) }
        if candidate.action == current.action, candidate.matters == current.matters {
            shown = candidate
            return candidate
        }
        if candidate.action == .unknown || current.action == .unknown || now.timeIntervalSince(since) >= Double(holdSeconds) {
            return adopt(candidate, at: now)
        }
        return current
    }

    private mutating func adopt(_ advice: Advice, at now: Timestamp) -> Advice {
        shown = advice
        since = now
        return advice
    }
}
