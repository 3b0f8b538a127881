import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

@Suite("status bar renderers: goldens per state")
struct BarRendererTests {
    @Test("waybar: one JSON line; class carries category, standard, stale (never error with data); Pango-escaped text")
    func waybar() async throws {
        let fresh = WaybarRenderer().render(await BarState.fresh.output())
        #expect(fresh == #"{"text":"US AQI 57 Moderate · 12°C · asthma med","tooltip":"Brooklyn: US EPA (2024) 57 Moderate\n  PM2.5 57 (12.3 µg/m³, NowCast)\nWeather: Overcast, 12°C, humidity 40%, 1012 hPa, wind 2.0 m/s E\nAsthma risk: medium 63% (propeller)\nPollen: no pollen data here\nUpdated 2026-11-18 11:06 UTC, 0 s ago\nData: Open-Meteo.com (CC BY 4.0); Propeller Health","class":["moderate","us"],"percentage":11,"alt":"moderate"}"#)
        let classes: [BarState: [String]] = [.fresh: ["moderate", "us"], .stale: ["moderate", "us", "stale"],
                                             .error: ["never_fetched", "us", "error"], .neverFetched: ["never_fetched", "us", "loading"]]
        for state in BarState.allCases {
            var output = await state.output(name: hostileName)
            output.isCompact = false
            let text = WaybarRenderer().render(output)
            #expect(!text.contains("\n"))
            let root = JSONCursor(try JSON.parse(text))
            #expect(try root.object().keys == ["text", "tooltip", "class", "percentage", "alt"])
            #expect(try root["class"].array().map { try $0.string() } == classes[state])
            let shown = try root["text"].string()
            #expect(!shown.contains("<") && !shown.contains(">") && !shown.contains("\""), "Pango sees no raw markup: \(shown)")
        }
        var full = await BarState.stale.output(name: hostileName)
        full.isCompact = false
        let stale = try JSONCursor(JSON.parse(WaybarRenderer().render(full)))
        #expect(try stale["text"].string().hasPrefix("Saint-Jean &quot;L&#39;Île&quot; &lt;&amp;&gt; 100%: US EPA (2024) 57"))
        #expect(try stale["text"].string().hasSuffix("· stale 15 min"))
        #expect(try stale["tooltip"].string().contains("Error: open-meteo air: HTTP 503"))
        #expect(try stale["tooltip"].string().hasPrefix("Saint-Jean &quot;L&#39;Île&quot;"), "the place is in the tooltip")
    }

    @Test("i3bar: a block with padded full_text and short_text, black/white color on the category background")
    func i3bar() async throws {
        let expected: [BarState: (String, String, String, String)] = [
            .fresh: (" US AQI 57 Moderate · 12°C · asthma med ", " US AQI 57 ", "#000000", "#FFFF00"),
            .stale: (" US AQI 57 Moderate · 12°C · stale 15m ", " US AQI 57* ", "#000000", "#BFBF40"),
            .error: (" US AQI – open-meteo: HTTP 503 ", " US AQI – ", "#000000", "#CC6666"),
            .neverFetched: (" US AQI – loading… ", " US AQI – ", "#000000", "#999999"),
        ]
        for state in BarState.allCases {
            let block = JSONCursor(try JSON.parse(I3barRenderer().render(await state.output())))
            #expect(try block.object().keys == ["full_text", "short_text", "color", "background", "name", "instance", "markup"])
            #expect(try block["full_text"].string() == expected[state]!.0)
            #expect(try block["short_text"].string() == expected[state]!.1)
            #expect(try block["color"].string() == expected[state]!.2)
            #expect(try block["background"].string() == expected[state]!.3)
            #expect(try isHexColor(block["color"].string()))
            #expect(try block["markup"].string() == "none")
        }
        var output = await BarState.fresh.output(name: hostileName)
        output.isCompact = false
        let hostile = JSONCursor(try JSON.parse(I3barRenderer().render(output)))
        #expect(try hostile["full_text"].string().hasPrefix(" " + hostileName + ": US EPA (2024) 57"))
    }

    @Test("i3blocks: three lines, the colours in Pango spans (i3blocks 1.4 reads no background line)")
    func i3blocks() async throws {
        #expect(I3blocksRenderer().render(await BarState.stale.output()) == """
            <span background="#BFBF40" foreground="#000000"> US AQI 57 Moderate · 12°C · stale 15m </span>
            <span background="#BFBF40" foreground="#000000"> US AQI 57* </span>
            #000000
            """)
        #expect(I3blocksRenderer().render(await BarState.error.output())
                == "<span background=\"#CC6666\" foreground=\"#000000\"> US AQI – open-meteo: HTTP 503 </span>\n"
                + "<span background=\"#CC6666\" foreground=\"#000000\"> US AQI – </span>\n#000000")
        for state in BarState.allCases {
            var output = await state.output(name: hostileName)
            output.isCompact = false
            let lines = I3blocksRenderer().render(output).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(isHexColor(String(lines[2])))
            // Only the renderer's own span: the name's <, >, & and quotes are entities.
            #expect(lines[0].ranges(of: "<").count == 2, "\(lines[0])")
            if output.hasData { #expect(lines[0].contains("Saint-Jean &quot;L&#39;Île&quot; &lt;&amp;&gt; 100%"), "\(lines[0])") }
        }
    }

    @Test("polybar: one background and one colour tag pair, hostile text cannot open a tag")
    func polybar() async {
        #expect(PolybarRenderer().render(await BarState.fresh.output())
                == "%{B#FFFF00}%{F#000000} US AQI 57 Moderate · 12°C · asthma med %{F-}%{B-}")
        #expect(PolybarRenderer().render(await BarState.error.output()) == "%{B#CC6666}%{F#000000} US AQI – open-meteo: HTTP 503 %{F-}%{B-}")
        var output = await BarState.fresh.output(name: "Evil %{F#000000}%{A1:rm -rf ~:}x")
        output.isCompact = false
        let hostile = PolybarRenderer().render(output)
        #expect(hostile.ranges(of: "%{").count == 4, "only the renderer's own four tags: \(hostile)")
        // A combining mark after `{` makes "{\u{301}" one Character, but polybar reads bytes.
        output = await BarState.fresh.output(name: "Evil %{\u{301}A1:rm -rf ~:}x")
        output.isCompact = false
        let combining = Array(PolybarRenderer().render(output).utf8)
        let tags = combining.indices.dropLast().filter { combining[$0] == UInt8(ascii: "%") && combining[$0 + 1] == UInt8(ascii: "{") }
        #expect(tags.count == 4, "only the renderer's own four tags: \(String(decoding: combining, as: UTF8.self).debugDescription)")
    }

    @Test("tmux: one style pair setting both colours, every # in the text doubled")
    func tmux() async {
        #expect(TmuxRenderer().render(await BarState.stale.output())
                == "#[fg=#000000,bg=#bfbf40] US AQI 57 Moderate · 12°C · stale 15m #[default]")
        var output = await BarState.fresh.output(name: "#[bg=red]#{host} 100%")
        output.isCompact = false
        #expect(TmuxRenderer().render(output).hasPrefix("#[fg=#000000,bg=#ffff00] ##[bg=red]##{host} 100%: US EPA (2024) 57"))
        // "#\u{301}" is one Character but tmux reads the `#`: doubled all the same.
        output = await BarState.fresh.output(name: "#\u{301}(id)")
        output.isCompact = false
        #expect(Array(TmuxRenderer().render(output).utf8).starts(with: Array("#[fg=#000000,bg=#ffff00] ##\u{301}(id): US".utf8)))
    }

    @Test("one line for line-based bars: a CR LF pair (one Character) is broken up too")
    func singleLine() {
        #expect(Array(BarEscaping.singleLine("a\r\nb\nc\rd").utf8) == Array("a  b c d".utf8))
    }

    @Test("emoji and nerd icons for WMO and AirVisual codes; imperial units in every bar")
    func iconsAndUnits() async {
        #expect(Format.conditionIcon(.wmo(3), .emoji) == "☁️")
        #expect(Format.conditionIcon(.icon("01n"), .emoji) == "🌙")
        #expect(Format.conditionIcon(.icon("10d"), .nerd) == "\u{E318}")
        #expect(Format.conditionName(.wmo(95)) == "Thunderstorm")
        #expect(Format.conditionIcon(.wmo(61), .none) == "")
        let output = await BarState.fresh.output(units: .imperial, icons: .emoji)
        #expect(output.barText == "US AQI 57 Moderate · ☁️ 54°F · asthma med")
        #expect(output.barTextFull == "Brooklyn: US EPA (2024) 57 Moderate · ☁️ Cloudy 54°F · Asthma medium 63%")
        #expect(output.tooltip.contains("Weather: ☁️ Overcast, 54°F, humidity 40%, 29.88 inHg, wind 4 mph E"))
        for format in [OutputFormat.waybar, .i3bar, .i3blocks, .polybar, .tmux] {
            #expect(format.renderer.render(output).contains("54°F"), "\(format)")
        }
    }
}

func isHexColor(_ text: String) -> Bool {
    text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
}
