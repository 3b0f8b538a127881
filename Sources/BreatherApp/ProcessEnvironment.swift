#if canImport(Glibc)
import Glibc
#endif

/// The environment variables Breather sets for itself at start-up, while the process still
/// has one thread (`setenv` is not safe beside other threads' `getenv`), and keeps from the
/// helpers it starts (`ChildProcess`): they get the environment Breather was given.
enum ProcessEnvironment {
    /// What Breather sets, each only when the user has not set it already.
    static let settings: [(name: String, value: String)] = [
        // libdispatch asks for a thread priority an unprivileged process may not have and
        // logs the refusal to syslog; the priority changes nothing for Breather.
        ("LIBDISPATCH_LOG", "NO"),
    ]

    /// The names of `settings` this process set (the user had not). Setting them is this
    /// constant's initialiser, run once, at its first use: `prepare()`, before any other thread.
    static let added: Set<String> = {
        var added: Set<String> = []
        for setting in settings where getenv(setting.name) == nil {
            setenv(setting.name, setting.value, 0)
            added.insert(setting.name)
        }
        return added
    }()

    /// Sets what the user has not; call first thing in `main`.
    static func prepare() { _ = added }
}
