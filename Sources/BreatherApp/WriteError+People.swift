import BreatherIO
import BreatherLocale

extension AtomicFile.WriteError {
    /// "cannot write PATH: REASON" in the current language (`L10n.language`): the path and the
    /// system's reason (strerror) as they are.
    var forPeople: String { tr("cannot write %s: %s").filled(path, reason) }
}
