import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

@Suite("status bar renderers: goldens per state")
struct BarRendererTests {
    @Test("waybar: one JSON line; class carries category, stale and error; Pango-escaped text")
    func waybar() async throws {
        let fresh = WaybarRenderer().render(await BarState.fresh.output())
        #expect(fresh == #"{"text":"Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63%","tooltip":"Brooklyn: US EPA (2024) 57 Moderate\n  PM2.5 57 (12.3 µg/m³, NowCast)\nWeather: Cloudy, 12°C, humidity 40%, 1012 hPa, wind 2.0 m/s E\nAsthma risk: medium 63% (propeller)\nUpdated 2026-11-18 11:06 UTC, 0 s ago\nData: Open-Meteo.com (CC BY 4.0); Propeller Health","class":["moderate"],"percentage":11,"alt":"moderate"}"#)
        let classes: [BarState: [String]] = [.fresh: ["moderate"], .stale: ["moderate", "stale", "error"],
                                             .error: ["never_fetched", "error"], .neverFetched: ["never_fetched", "loading"]]
        for state in BarState.allCases {
            let text = WaybarRenderer().render(await state.output(name: hostileName))
            #expect(!text.contains("\n"))
            let root = JSONCursor(try JSON.parse(text))
            #expect(try root.object().keys == ["text", "tooltip", "class", "percentage", "alt"])
            #expect(try root["class"].array().map { try $0.string() } == classes[state])
            let shown = try root["text"].string()
            #expect(!shown.contains("<") && !shown.contains(">") && !shown.contains("\""), "Pango sees no raw markup: \(shown)")
        }
        let stale = try JSONCursor(JSON.parse(WaybarRenderer().render(await BarState.stale.output(name: hostileName))))
        #expect(try stale["text"].string().hasPrefix("Saint-Jean &quot;L&#39;Île&quot; &lt;&amp;&gt; 100% AQI 57"))
        #expect(try stale["text"].string().hasSuffix("· stale 15 min"))
        #expect(try stale["tooltip"].string().contains("Error: open-meteo air: HTTP 503"))
    }

    @Test("i3bar: a block with full_text, short_text, #rrggbb color, name, instance, markup none")
    func i3bar() async throws {
        let expected: [BarState: (String, String, String)] = [
            .fresh: ("Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63%", "AQI 57", "#FFFF00"),
            .stale: ("Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63% · stale 15 min", "AQI 57*", "#BFBF40"),
            .error: ("Breather: no data (open-meteo air: HTTP 503)", "AQI –", "#CC6666"),
            .neverFetched: ("Breather: loading…", "AQI –", "#999999"),
        ]
        for state in BarState.allCases {
            let block = JSONCursor(try JSON.parse(I3barRenderer().render(await state.output())))
            #expect(try block.object().keys == ["full_text", "short_text", "color", "name", "instance", "markup"])
            #expect(try block["full_text"].string() == expected[state]!.0)
            #expect(try block["short_text"].string() == expected[state]!.1)
            #expect(try block["color"].string() == expected[state]!.2)
            #expect(try isHexColor(block["color"].string()))
            #expect(try block["markup"].string() == "none")
        }
        let hostile = JSONCursor(try JSON.parse(I3barRenderer().render(await BarState.fresh.output(name: hostileName))))
        #expect(try hostile["full_text"].string().hasPrefix(hostileName + " AQI 57"))
    }

    @Test("i3blocks: exactly three lines, the last a colour")
    func i3blocks() async throws {
        #expect(I3blocksRenderer().render(await BarState.stale.output())
                == "Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63% · stale 15 min\nAQI 57*\n#BFBF40")
        for state in BarState.allCases {
            let lines = I3blocksRenderer().render(await state.output(name: hostileName)).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(isHexColor(String(lines[2])))
        }
    }

    @Test("polybar: one colour tag pair, hostile text cannot open a tag")
    func polybar() async {
        #expect(PolybarRenderer().render(await BarState.fresh.output())
                == "%{F#FFFF00}Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63%\u{200B}%{F-}")
        #expect(PolybarRenderer().render(await BarState.error.output()) == "%{F#CC6666}Breather: no data (open-meteo air: HTTP 503)%{F-}")
        let hostile = PolybarRenderer().render(await BarState.fresh.output(name: "Evil %{F#000000}%{A1:rm -rf ~:}x"))
        #expect(hostile.ranges(of: "%{").count == 2, "only the renderer's own two tags: \(hostile)")
    }

    @Test("tmux: one style pair, every # in the text doubled")
    func tmux() async {
        #expect(TmuxRenderer().render(await BarState.stale.output())
                == "#[fg=#bfbf40]Brooklyn AQI 57 Moderate · Cloudy 12°C · Asthma medium 63% · stale 15 min#[default]")
        let hostile = TmuxRenderer().render(await BarState.fresh.output(name: "#[bg=red]#{host} 100%"))
        #expect(hostile.hasPrefix("#[fg=#ffff00]##[bg=red]##{host} 100% AQI 57"))
    }

    @Test("emoji and nerd icons for WMO and AirVisual codes; imperial units in every bar")
    func iconsAndUnits() async {
        #expect(Format.conditionIcon(.wmo(3), .emoji) == "☁️")
        #expect(Format.conditionIcon(.icon("01n"), .emoji) == "🌙")
        #expect(Format.conditionIcon(.icon("10d"), .nerd) == "\u{E318}")
        #expect(Format.conditionName(.wmo(95)) == "Thunderstorm")
        #expect(Format.conditionIcon(.wmo(61), .none) == "")
        let output = await BarState.fresh.output(units: .imperial, icons: .emoji)
        #expect(output.barText == "Brooklyn AQI 57 Moderate · ☁️ Cloudy 54°F · Asthma medium 63%")
        #expect(output.tooltip.contains("Weather: ☁️ Cloudy, 54°F, humidity 40%, 29.88 inHg, wind 4 mph E"))
        for format in [OutputFormat.waybar, .i3bar, .i3blocks, .polybar, .tmux] {
            #expect(format.renderer.render(output).contains("54°F"), "\(format)")
        }
    }
}

func isHexColor(_ text: String) -> Bool {
    text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
}
