import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// A failure of every kind, with the long messages real failures carry (URLs included, as the
/// old messages had them, so the bound and the URL filter are tested on the worst case).
let everyFailureKind: [ProviderFailure] = [
    ProviderFailure(provider: "open-meteo", part: .air, kind: .timeout,
                    message: "timed out after 25 s (https://air-quality-api.open-meteo.com/v1/air-quality?latitude=40.6769&longitude=-73.9423&hourly=pm10,pm2_5)"),
    ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable"),
    ProviderFailure(provider: "openweathermap", part: .air, kind: .unavailable,
                    message: "cannot connect (http://127.0.0.1:9/data/2.5/air_pollution?lat=1&lon=2&appid=REDACTED)"),
    ProviderFailure(provider: "airvisual", part: .air, kind: .configuration, message: "HTTP 401: key rejected or access denied"),
    ProviderFailure(provider: "airvisual", part: .air, kind: .rateLimited, message: "rate limited: call_limit_reached", retryAfterSeconds: 60),
    ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited,
                    message: "not asked: the provider asked to wait 56s more (Retry-After)", retryAfterSeconds: 56),
    ProviderFailure(provider: "open-meteo", part: .air, kind: .badData,
                    message: "unexpected reply: hourly.pm2_5[3]: expected number, found string at https://x.example/a?b=c"),
    ProviderFailure(provider: "waqi", part: .air, kind: .notFound, message: "no station near this place (Unknown station)"),
    ProviderFailure(provider: "location", part: .location, kind: .unavailable,
                    message: "open-meteo geocoding: cannot resolve host geocoding-api.open-meteo.com"),
    ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: String(repeating: "very long words ", count: 40)),
]

@Suite("short errors: what failed and when it is asked again, in at most 60 characters and no URL")
struct ShortErrorTests {
    @Test("every failure kind, with and without data, in every format's bar text", arguments: everyFailureKind)
    func bounded(failure: ProviderFailure) async {
        for conditions in [nil, sample()] {
            for pollSeconds in [nil, 900] {
                var output = await render(conditions, failure: failure, afterFailure: conditions != nil, pollSeconds: pollSeconds)
                for compact in [true, false] {
                    output.isCompact = compact
                    let text = output.barText
                    #expect(text.count <= 60 || conditions != nil, "\(text.count): \(text)")
                    #expect(!text.lowercased().contains("http:") && !text.lowercased().contains("https:") && !text.contains("://"), "\(text)")
                    for format in [OutputFormat.waybar, .i3bar, .i3blocks, .polybar, .tmux, .plain] {
                        let rendered = format.renderer.render(output)
                        #expect(!rendered.contains("://"), "\(format): \(rendered)")
                    }
                }
                if conditions == nil {
                    output.isCompact = false
                    #expect(output.barText.hasPrefix("Breather: \(failure.provider): "), "\(output.barText)")
                    #expect(output.errorShort!.count <= Format.shortErrorLimit)
                }
                #expect(output.details.allSatisfy { !$0.contains("\n") }, "the tooltip's lines are lines")
                #expect(output.details.count <= 8, "a few lines: \(output.details)")
            }
        }
    }

    @Test("the examples: provider, cause in a word, the retry")
    func examples() async {
        let timeout = everyFailureKind[0]
        #expect(await render(nil, failure: timeout, pollSeconds: 120).errorShort == "open-meteo: timeout · retry 2 min")
        #expect(await render(nil, failure: everyFailureKind[1]).errorShort == "open-meteo: HTTP 503")
        #expect(await render(nil, failure: everyFailureKind[2]).errorShort == "openweathermap: cannot connect")
        #expect(await render(nil, failure: everyFailureKind[3]).errorShort == "airvisual: HTTP 401")
        var full = await render(nil, failure: timeout, pollSeconds: 900)
        full.isCompact = false
        #expect(full.barText == "Breather: open-meteo: timeout · retry 15 min")
    }
}

@Suite("a provider's Retry-After hold is shown in every format, counting down")
struct RetryAfterDisplayTests {
    /// Data (unless `data` is false), then a 429 with Retry-After 60 at second 30; the output
    /// redrawn `later` seconds after that failure (a toggle re-renders without a fetch).
    func held(later: Double, data: Bool = true) async -> Output {
        let start = Timestamp(timeIntervalSince1970: 1_795_000_000)
        nonisolated(unsafe) var clock = start
        nonisolated(unsafe) var calls = 0
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            calls += 1
            if calls == 1 && data { return sample() }
            clock = start.addingTimeInterval(30)
            throw ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited, message: "HTTP 429: rate limited",
                                  retryAfterSeconds: 60)
        }, now: { clock }))
        viewModel.inputs.viewDidRefresh()
        var last: Output?
        var redrawn = false
        // The next poll comes after the first one's result: refreshes sent together merge into one fetch.
        var polledAgain = !data
        for await output in viewModel.outputs {
            last = output
            if !polledAgain, !output.isLoading {
                polledAgain = true
                viewModel.inputs.viewDidRefresh()
            } else if !redrawn, !output.isLoading, !output.failures.isEmpty {
                redrawn = true
                clock = clock.addingTimeInterval(later)
                viewModel.inputs.toggleCompact()
                viewModel.finish()
            }
        }
        last!.isCompact = true
        return last!
    }

    @Test("'retry 56s' in the compact and full text, plain, every bar, json and the template; the hold's end is exposed")
    func shown() async throws {
        var output = await held(later: 4)
        #expect(output.retry == "56s", "counting down from the failure")
        #expect(await held(later: 0).retry == "60s")
        #expect(await held(later: 61).retry == "", "the hold is over")
        #expect(output.retryAt == Timestamp(timeIntervalSince1970: 1_795_000_030 + 60))
        #expect(output.barTextCompact.hasSuffix(" · retry 56s"), "\(output.barTextCompact)")
        #expect(output.barTextFull.hasSuffix(" · retry 56s"), "\(output.barTextFull)")
        // Prometheus has the hold as a number; the svg chart is a picture with no status text.
        for format in OutputFormat.allCases where format != .prometheus && format != .svg {
            #expect(format.renderer.render(output).contains("retry 56s"), "\(format)")
        }
        #expect(try TemplateRenderer("{retry}").render(output) == "56s")
        output.isCompact = false
        #expect(WaybarRenderer().render(output).contains("retry 56s"))
        let none = await held(later: 0, data: false)
        #expect(none.barTextCompact == "US AQI – open-meteo: rate limited · retry 60s", "\(none.barTextCompact)")
        let fresh = await render(sample())
        #expect(fresh.retry == "" && fresh.retryAt == nil, "no hold, nothing said")
    }
}
