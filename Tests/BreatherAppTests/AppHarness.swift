#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherApp
import BreatherConfig
import BreatherModel
import BreatherViewModel
import Logging

/// The application built in-process from a config's text, as `main` builds it from a file
/// (Hummingbird's `buildApplication(reader:)` is the model): no process, no file lookup.
enum AppHarness {
    /// A folder of its own for a test's cache and store files.
    static func folder() -> String {
        var template = Array("/tmp/breather-app-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// The context of `config` (TOML), with its cache in `folder` and no history store unless
    /// the config names a `[history]` path.
    static func context(_ config: String, folder: String = folder()) throws -> AppContext {
        var settings = try ConfigLoader().load(text: config)
        if settings.cache.path == nil { settings.cache.path = "\(folder)/conditions.json" }
        if settings.history.path == nil { settings.history.enabled = false }
        return try AppContext(settings: settings, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Runs Breather's own executor, which every session's tasks prefer, on a thread of its
    /// own (the process's main thread runs it in `breather`): once for the test process.
    static let loop: Void = {
        var thread = pthread_t()
        _ = pthread_create(&thread, nil, { _ in LoopExecutor.shared.runForever() }, nil)
        pthread_detach(thread)
    }()

    /// The session's last output after `events` and `finish()`.
    static func finalOutput(_ viewModel: MainViewModel, _ events: (MainViewModel) -> Void) async -> Output? {
        _ = loop
        events(viewModel)
        viewModel.finish()
        var final: Output?
        for await output in viewModel.outputs { final = output }
        return final
    }
}
