import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// A small checker for the Prometheus text format: every line is a comment (# HELP/# TYPE name …)
/// or `name{label="value",…} number`, with label values escaped as the spec says.
func prometheusProblems(_ text: String) -> [String] {
    // On Unicode scalars, as a scraper reads the text: a backslash followed by a combining mark
    // still starts an escape, and the only escapes are \\, \" and \n.
    let comment = try! Regex(#"^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$"#).matchingSemantics(.unicodeScalar)
    let sample = try! Regex(#"^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(\\[\\"n]|[^"\\\n])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\[\\"n]|[^"\\\n])*")*\})? -?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?$"#).matchingSemantics(.unicodeScalar)
    var problems: [String] = []
    var typed: Set<String> = []
    for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("#") {
            if line.wholeMatch(of: comment) == nil { problems.append("bad comment: \(line)") }
            if line.hasPrefix("# TYPE ") { typed.insert(String(line.split(separator: " ")[2])) }
        } else if line.wholeMatch(of: sample) == nil {
            problems.append("bad sample: \(line)")
        } else {
            let name = String(line.prefix { $0 != "{" && $0 != " " })
            if !typed.contains(name) { problems.append("sample before its # TYPE: \(line)") }
        }
    }
    return problems
}

@Suite("prometheus and template renderers")
struct PrometheusTemplateTests {
    @Test("prometheus: parses in every state, hostile location escaped, the metrics a dashboard needs")
    func prometheus() async {
        for state in BarState.allCases {
            let text = PrometheusRenderer().render(await state.output(name: hostileName))
            #expect(prometheusProblems(text) == [], "\(state)")
        }
        let fresh = PrometheusRenderer().render(await BarState.fresh.output(name: hostileName))
        #expect(fresh.contains(#"breather_aqi{standard="us",location="Saint-Jean \"L'Île\" <&> 100%"} 57"#))
        // A backslash followed by a combining mark is one Character, but a scraper reads the backslash.
        let combining = PrometheusRenderer().render(await BarState.fresh.output(name: "a\\\u{301}b"))
        #expect(prometheusProblems(combining) == [])
        #expect(combining.contains(#"breather_aqi{standard="us",location="a\\\#u{301}b"} 57"#))
        #expect(fresh.contains(#"breather_aqi{standard="china",location="Saint-Jean \"L'Île\" <&> 100%"} 18"#))
        #expect(fresh.contains(#"breather_aqi_sub_index{standard="us",location="Saint-Jean \"L'Île\" <&> 100%",pollutant="pm2_5",period="nowcast"} 57"#))
        #expect(fresh.contains(#"breather_temperature_celsius{location="Saint-Jean \"L'Île\" <&> 100%"} 12.4"#))
        #expect(fresh.contains(#"breather_asthma_risk{location="Saint-Jean \"L'Île\" <&> 100%",source="propeller"} 1"#))
        #expect(fresh.contains(#"breather_last_success_timestamp_seconds{location="Saint-Jean \"L'Île\" <&> 100%"} 1795000000"#))
        #expect(fresh.contains("\nbreather_stale 0\n"))
        let stale = PrometheusRenderer().render(await BarState.stale.output())
        #expect(stale.contains("\nbreather_stale 1\n") && stale.contains(#"breather_data_age_seconds{location="Brooklyn"} 900"#))
        let never = PrometheusRenderer().render(await BarState.error.output())
        #expect(never.contains("breather_up 0") && !never.contains("breather_aqi"))
        #expect(prometheusProblems("breather_aqi{location=\"a\"b\"} 1") != [], "the checker itself rejects a bad quote")
    }

    @Test("template: display keys and raw values; braces escaped")
    func template() async throws {
        let output = await BarState.fresh.output(icons: .emoji)
        let renderer = try TemplateRenderer("{icon} {city}: {aqi} {category} {temperature} ({temperature_c} °C raw) {{x}}")
        #expect(renderer.render(output) == "☁️ Brooklyn: 57 Moderate 12°C (12.4 °C raw) {x}")
        #expect(try TemplateRenderer("{staleness}|{age_seconds}").render(await BarState.stale.output()) == "stale, updated 15 min ago|900")
    }

    @Test("template: each display placeholder gives the json display value; each raw one its number")
    func everyPlaceholder() async throws {
        let output = await BarState.fresh.output()
        let display = JSONCursor(try JSON.parse(JSONRenderer().render(output)))["display"]
        for key in Output.displayKeys {
            #expect(try TemplateRenderer("{\(key)}").render(output) == display[key].string(), "{\(key)}")
        }
        // Worked out from sample(): 12.34 µg/m³ PM2.5 → US AQI 57, fetched at 1 795 000 000 s.
        let raw = [
            "aqi_value": "57", "temperature_c": "12.4", "humidity_value": "40.0", "pressure_hpa": "1012.0",
            "wind_speed_ms": "2.0", "wind_direction_deg": "90.0", "asthma_probability_value": "0.63",
            "latitude": "40.6769", "longitude": "-73.9423", "updated_at": "2026-11-18T11:06:40Z",
            "age_seconds": "0", "stale": "false",
        ]
        #expect(Set(TemplateRenderer.placeholders) == Set(Output.displayKeys).union(raw.keys), "every placeholder is checked here")
        for (key, value) in raw {
            #expect(try TemplateRenderer("{\(key)}").render(output) == value, "{\(key)}")
        }
        #expect(try TemplateRenderer("{aqi_value} {stale}").render(await BarState.stale.output()) == "57 true")
    }

    @Test("template: an unknown placeholder names itself and lists the valid ones")
    func unknownPlaceholder() {
        #expect {
            _ = try TemplateRenderer("{city} {aqui}")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("unknown placeholder {aqui}; valid placeholders: {city} {aqi}") && text.contains("{temperature_c}")
        }
        #expect(throws: TemplateRenderer.UnknownPlaceholder.self) { try TemplateRenderer("{city") }
    }
}

@Suite("Output is the views' whole world")
struct OutputIsTheWorldTests {
    @Test("every renderer prints the same with the model's values taken out of Output: it reads only the snapshot")
    func rendersFromTheSnapshot() async throws {
        for state in BarState.allCases {
            let output = await render(everyPollutant(), standard: .india, afterFailure: state == .stale)
            var stripped = output
            stripped.conditions = nil
            stripped.airQuality = nil
            stripped.failures = []
            let renderers: [any Renderer] = OutputFormat.allCases.map(\.renderer) + [
                try TemplateRenderer("{city} {aqi_value} {temperature_c} {latitude} {updated_at} {stale}"), JSONRenderer(pretty: true)]
            for renderer in renderers {
                #expect(renderer.render(stripped) == renderer.render(output), "\(type(of: renderer))")
            }
        }
    }
}
