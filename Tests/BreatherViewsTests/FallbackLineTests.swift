import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// A sensor that did not answer, the model in its place: every line a person reads says so, not
/// only the tooltip and json (issue 29: "marked as a fallback"; PRODUCT: a bar's failure is in
/// its line and class).
@Suite struct FallbackLineTests {
    /// The output after one refresh: the sample's PM2.5 (US 57 Moderate) from Open-Meteo, after `failed` failed.
    func output(failed: [String], completing: Bool = false) async -> Output {
        var conditions = sample()
        conditions.failures = failed.map { provider in
            var failure = ProviderFailure(provider: provider, part: .air, kind: .unavailable, message: "HTTP 503: service unavailable")
            failure.completing = completing
            return failure
        }
        return await render(conditions)
    }

    @Test("the model in a sensor's place: compact, full and plain lines name the sensor that failed; waybar's class says fallback")
    func sensorDown() async {
        let output = await output(failed: ["purpleair"])
        #expect(output.fallbackNote == "purpleair failed")
        // The note is an essential: the compact text's 40 characters keep it before the asthma risk and the temperature.
        #expect(output.barTextCompact == "US AQI 57 Moderate · purpleair failed", "\(output.barTextCompact)")
        #expect(output.barTextFull.contains(" · purpleair failed"), "\(output.barTextFull)")
        let plain = PlainRenderer().render(output)
        #expect(plain == "Brooklyn · US AQI 57 Moderate (PM2.5) · Cloudy 12°C · Asthma medium 63% · purpleair failed", "\(plain)")
        #expect(output.stateClasses == ["moderate", "us", "fallback"], "\(output.stateClasses)")
        // Fresh data: the category's colour, not the stale one's.
        #expect(output.barColor == output.aqiColor)
    }

    @Test("two sensors down before the model: both named once, a source that is no sensor not at all")
    func twoDown() async {
        let output = await output(failed: ["purpleair", "airgradient", "purpleair", "waqi"])
        #expect(output.fallbackNote == "purpleair, airgradient failed")
    }

    @Test("no failure, a source asked after the sensor to complete it, or a first source that is no sensor: nothing added")
    func noFallback() async {
        // WAQI with no EU index, say, and the model standing in: the tooltip says so; "waqi failed" at every poll would not be true.
        for output in [await output(failed: []), await output(failed: ["airvisual"], completing: true), await output(failed: ["waqi"])] {
            #expect(output.fallbackNote == nil)
            #expect(!output.barTextCompact.contains("failed"), "\(output.barTextCompact)")
            #expect(!PlainRenderer().render(output).contains("failed"))
            #expect(!output.stateClasses.contains("fallback"))
        }
        #expect(await output(failed: ["waqi"]).data.airQuality?.fallbackFrom == ["waqi"], "json still lists it")
    }
}

/// Every failure of a refresh on its own tooltip line: joined into one line clipped at 160
/// characters, a long message hid the ones after it (the indoor sensor's, last).
@Suite struct TooltipErrorLinesTests {
    @Test("four failures: four Error lines, the indoor sensor's among them; json keeps the one joined line")
    func oneLineEach() async throws {
        var conditions = sample()
        conditions.failures = [
            ProviderFailure(provider: "purpleair", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable"),
            ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable"),
            ProviderFailure(provider: "estimate", part: .asthma, kind: .unavailable,
                            message: "needs pollutant concentrations, which the air source did not give"),
            ProviderFailure(provider: "airgradient", part: .indoor, kind: .unavailable, message: "HTTP 503: service unavailable"),
        ]
        let output = await render(conditions)
        let errors = output.details.filter { $0.hasPrefix("Error: ") }
        #expect(errors == ["Error: purpleair air: HTTP 503: service unavailable",
                           "Error: open-meteo air: HTTP 503: service unavailable",
                           "Error: estimate asthma: needs pollutant concentrations, which the air source did not give",
                           "Error: airgradient indoor: HTTP 503: service unavailable"], "\(output.details)")
        #expect(output.error?.hasSuffix("; airgradient indoor: HTTP 503: service unavailable") == true, "\(output.error ?? "nil")")
    }

    @Test("under a Retry-After the retry follows the failure that asked to wait, not the last line")
    func retryOnItsLine() async {
        var conditions = sample()
        conditions.failures = [
            ProviderFailure(provider: "purpleair", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable"),
            ProviderFailure(provider: "open-meteo", part: .weather, kind: .rateLimited, message: "HTTP 429: too many requests", retryAfterSeconds: 600),
            ProviderFailure(provider: "airgradient", part: .indoor, kind: .unavailable, message: "HTTP 503: service unavailable"),
        ]
        let errors = await render(conditions).details.filter { $0.hasPrefix("Error: ") }
        #expect(errors.count == 3)
        #expect(errors[1].hasPrefix("Error: open-meteo weather: HTTP 429: too many requests · retry "), "\(errors)")
        #expect(!errors[0].contains("retry") && !errors[2].contains("retry"), "\(errors)")
    }
}
