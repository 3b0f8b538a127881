import BreatherModel
import BreatherViewModel
import Foundation

/// The four states every format must show distinctly, built through the real view model.
enum BarState: String, CaseIterable, Sendable {
    /// Data just fetched, every part present.
    case fresh
    /// The last good data, 15 minutes old, after a failed refresh.
    case stale
    /// Nothing ever fetched and the first refresh failed.
    case error
    /// Start-up: the first refresh is still running.
    case neverFetched

    func output(name: String = "Brooklyn", units: Units = .metric, icons: Icons = .none) async -> Output {
        switch self {
        case .fresh: await render(sample(name: name), units: units, icons: icons)
        case .stale: await render(sample(name: name), afterFailure: true, units: units, icons: icons)
        case .error: await render(nil, units: units, icons: icons)
        case .neverFetched: await firstOutput()
        }
    }
}

/// The very first output of a view model: loading, no data yet.
func firstOutput() async -> Output {
    let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
        throw ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503")
    }))
    viewModel.inputs.viewDidRefresh()
    viewModel.finish()
    var first: Output?
    for await output in viewModel.outputs where first == nil { first = output }
    return first!
}

/// The name that must not break any bar: quotes, apostrophe, Pango/XML specials, a percent sign.
let hostileName = "Saint-Jean \"L'Île\" <&> 100%"
