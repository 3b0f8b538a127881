import BreatherConfig
import BreatherHistory
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

    /// This environment with each change of the advice shown recorded in the history store
    /// (while recording is on).
    func recordingAdvice(in history: HistorySlot) -> Self {
        var copy = self
        copy.adviceChanged = { location, advice, time in
            history.current?.recordAdvice(at: location, action: advice.action.rawValue, reasons: advice.reasons, time: time)
        }
        return copy
    }
}
