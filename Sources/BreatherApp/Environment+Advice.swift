import BreatherHistory
import BreatherViewModel

extension MainViewModel.Environment {
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
