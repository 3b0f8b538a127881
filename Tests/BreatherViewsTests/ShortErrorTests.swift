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
