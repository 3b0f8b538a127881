import BreatherConfig
import BreatherViewModel

extension MainViewModel.Environment {
    /// This environment with the `[bar]` levels and the `[alerts]` thresholds the outlook's
    /// warnings are judged by (the local time comes from `with(localTime:pollSeconds:)`).
    func withDayAhead(_ settings: Settings) -> Self {
        var copy = self
        copy.dayAhead = settings.bar
        copy.alerts = settings.alerts
        copy.advice = settings.advice
        return copy
    }
}
