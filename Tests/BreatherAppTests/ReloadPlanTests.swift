@testable import BreatherApp
import Testing

/// What a SIGHUP applies, decided from the old and new config alone.
@Suite("the daemon's reload decisions, in-process")
struct ReloadPlanTests {
    /// A config: the root keys, then Berlin, then `tables`.
    static func config(standard: String = "us", interval: String = "15m", root: String = "", tables: String = "") -> String {
        "standard = \"\(standard)\"\ninterval = \"\(interval)\"\n\(root)\n[location]\nlatitude = 52.52\nlongitude = 13.41\n\(tables)"
    }
    static let base = config()

    static func plan(_ old: String, _ new: String, subscribing: Bool = false, folder: String = AppHarness.folder()) throws -> ReloadPlan {
        ReloadPlan(from: try AppHarness.context(old, folder: folder), to: try AppHarness.context(new, folder: folder), subscribing: subscribing)
    }

    @Test("the same config: nothing to fetch, record or switch")
    func unchanged() throws {
        let plan = try Self.plan(Self.base, Self.base)
        #expect(!plan.refetch && !plan.historyChanged && !plan.standardChanged && !plan.sourceOfStateChanged && !plan.intervalChanged)
    }

    @Test("a new standard re-renders without a fetch; new units too")
    func standardOnly() throws {
        let plan = try Self.plan(Self.base, Self.config(standard: "china", root: "units = \"imperial\""))
        #expect(plan.standardChanged && !plan.refetch)
    }

    @Test("a moved place, new sources, a provider URL or timeout: a fetch from new providers", arguments: [
        "standard = \"us\"\ninterval = \"15m\"\n[location]\nlatitude = 48.1\nlongitude = 11.6",
        config(tables: "[sources]\nair = [\"open-meteo\"]\nasthma = [\"propeller\"]"),
        config(tables: "[providers.open-meteo]\nforecast_url = \"http://127.0.0.1:9/v1\""),
        config(root: "timeout = \"5s\""),
    ])
    func refetch(new: String) throws {
        #expect(try Self.plan(Self.base, new).refetch)
        // A subscriber asks no provider whatever changed.
        #expect(try !Self.plan(Self.base, new, subscribing: true).refetch)
    }

    @Test("[history] changed: the next fetch records into the new store; a subscriber records nothing")
    func history() throws {
        let folder = AppHarness.folder()
        let new = Self.config(tables: "[history]\npath = \"\(folder)/other.sqlite3\"")
        #expect(try Self.plan(Self.base, new, folder: folder).historyChanged)
        #expect(try !Self.plan(Self.base, new, subscribing: true, folder: folder).historyChanged)
    }

    @Test("[sources] state changed is only noted (fixed at start); the interval is followed")
    func stateAndInterval() throws {
        let plan = try Self.plan(Self.base, Self.config(interval: "5m", tables: "[sources]\nstate = \"mqtt://127.0.0.1/breather/x\""))
        #expect(plan.sourceOfStateChanged && plan.intervalChanged)
    }
}
