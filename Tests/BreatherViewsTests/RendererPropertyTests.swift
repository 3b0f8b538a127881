import BreatherJSON
import BreatherModel
import BreatherViewModel
import BreatherViews
import Foundation
import PropertyBased
import Testing

/// Pieces of place names: plain text, every character some bar treats as markup, control
/// characters, quotes, backslashes, multi-byte and combining characters (a combining mark after
/// `#`, `%{`, `&` or `\\` makes one `Character` of the two, but a bar still reads the markup byte).
let namePieces = [
    "Saint", "-", " ", "Île", "北京", "🌫️", "e\u{301}", "&", "&amp;", "<", ">", "<b>", "</span>", "\"", "'", "\\", "%", "%{",
    "%{F#000000}", "%{A1:rm -rf ~:}", "}", "#", "##", "#[", "#[bg=red]", "#{host}", "#(id)", "\n", "\r\n", "\t", "\u{0}",
    "\u{7}", "\u{1B}[31m", "\u{2028}", "{", "}}", "\\u0000", "\u{301}", "#\u{301}", "%{\u{301}", "&\u{301}", "\\\u{301}",
]

/// Any place name made of those pieces, up to 12 of them.
let anyPlaceName = Gen.element(of: namePieces).array(of: 0...12).map { $0.compactMap { $0 }.joined() }

/// Conditions for `name` with any PM2.5 level (0–1000 µg/m³) and temperature (−60–60 °C).
func conditions(name: String, pm25: Double, temperature: Double) -> CityConditions {
    var conditions = sample(name: name)
    conditions.pollution = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: Array(repeating: pm25, count: 24)]))
    conditions.weather?.temperatureC = temperature
    return conditions
}

/// The markup a bar would act on, in order, or nil if the text is not valid for that bar.
enum Markup {
    /// Pango: the tags, with every `&` starting an entity and no stray `>`. On Unicode scalars,
    /// as the bars read them: `<` followed by a combining mark is still a `<`.
    static func pango(_ text: String) -> [String]? {
        var tags: [String] = []
        var rest = text.unicodeScalars[...]
        while let scalar = rest.first {
            switch scalar {
            case "<":
                guard let close = rest.firstIndex(of: ">") else { return nil }
                tags.append(String(rest[...close]))
                rest = rest[rest.index(after: close)...]
            case "&":
                guard let end = rest.firstIndex(of: ";"), isEntity(rest[rest.index(after: rest.startIndex)..<end]) else { return nil }
                rest = rest[rest.index(after: end)...]
            case ">":
                return nil
            default:
                rest = rest.dropFirst()
            }
        }
        return tags
    }

    /// Between `&` and `;`: `amp`, `lt`, `gt`, `quot`, `apos`, `#` and digits, `#x` and hex digits.
    /// By hand, not a regex literal: Swift parses a literal again each time it is evaluated,
    /// which was a third of the CPU of these property tests (docs/PERFORMANCE.md).
    static func isEntity(_ name: String.UnicodeScalarView.SubSequence) -> Bool {
        let text = String(name)
        if ["amp", "lt", "gt", "quot", "apos"].contains(text) { return true }
        guard name.first == "#" else { return false }
        let number = name.dropFirst()
        if number.first == "x" {
            let hex = number.dropFirst()
            return !hex.isEmpty && hex.allSatisfy { $0.properties.isASCIIHexDigit }
        }
        return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Polybar: every `%{…}` tag (what `%\{[^}]*\}` matches on Unicode scalars, left to right).
    static func polybar(_ text: String) -> [String]? {
        var tags: [String] = []
        let scalars = text.unicodeScalars
        var rest = scalars[...]
        while let percent = rest.firstIndex(of: "%") {
            let brace = scalars.index(after: percent)
            guard brace < rest.endIndex, scalars[brace] == "{" else {
                rest = rest[brace...]
                continue
            }
            guard let close = rest[brace...].firstIndex(of: "}") else { break }
            tags.append(String(scalars[percent...close]))
            rest = rest[scalars.index(after: close)...]
        }
        return tags
    }

    /// tmux: every `#[…]` style; `##` is a literal `#`, and any other `#` would be expanded.
    static func tmux(_ text: String) -> [String]? {
        var styles: [String] = []
        var rest = text.unicodeScalars[...]
        while let hash = rest.firstIndex(of: "#") {
            let next = rest.index(after: hash)
            guard next < rest.endIndex else { return nil }
            switch rest[next] {
            case "#":
                rest = rest[rest.index(after: next)...]
            case "[":
                guard let close = rest[next...].firstIndex(of: "]") else { return nil }
                styles.append(String(rest[hash...close]))
                rest = rest[rest.index(after: close)...]
            default:
                return nil
            }
        }
        return styles
    }
}

@Suite("property: every renderer's output is valid for its bar, whatever the place is called")
struct RendererPropertyTests {
    @Test("json parses with display.city; waybar is json with text; Pango, polybar and tmux markup come only from the renderer")
    func validForAnyName() async throws {
        await propertyCheck(count: 150, input: anyPlaceName, Gen.double(in: 0...1000), Gen.double(in: -60...60), Gen.element(of: AQIStandard.allCases), Gen.bool) {
            name, pm25, temperature, standard, stale in
            let standard = standard ?? .us
            let output = await render(conditions(name: name, pm25: pm25, temperature: temperature), standard: standard, afterFailure: stale)
            // The same state with a harmless name: whatever markup differs came from the name.
            let plain = await render(conditions(name: "x", pm25: pm25, temperature: temperature), standard: standard, afterFailure: stale)
            let context = "name \(name.debugDescription), PM2.5 \(pm25), \(temperature) °C, \(standard), stale \(stale)"

            let json = try? JSONCursor(JSON.parse(JSONRenderer().render(output)))
            #expect(json != nil, "json does not parse: \(context)")
            #expect((try? json?["display"]["city"].string()) != nil, "json has no display.city: \(context)")

            let waybar = try? JSONCursor(JSON.parse(WaybarRenderer().render(output)))
            let waybarPlain = try? JSONCursor(JSON.parse(WaybarRenderer().render(plain)))
            let text = try? waybar?["text"].string()
            #expect(text != nil, "waybar json without text: \(context)")
            #expect(text.map { !$0.utf8.contains(UInt8(ascii: "\n")) } == true, "waybar text spans lines: \(context)")
            for key in ["text", "tooltip"] {
                let markup = (try? waybar?[key].string()).flatMap(Markup.pango)
                #expect(markup != nil && markup == (try? waybarPlain?[key].string()).flatMap(Markup.pango),
                        "waybar \(key) Pango markup changed by the name: \(context)")
            }

            let i3bar = try? JSONCursor(JSON.parse(I3barRenderer().render(output)))
            #expect((try? i3bar?["full_text"].string()) != nil, "i3bar block without full_text: \(context)")

            let polybar = PolybarRenderer().render(output)
            #expect(Markup.polybar(polybar) == Markup.polybar(PolybarRenderer().render(plain)), "polybar tags changed by the name: \(context)")
            #expect(!polybar.utf8.contains(UInt8(ascii: "\n")), "polybar line spans lines: \(context)")

            let tmux = TmuxRenderer().render(output)
            #expect(Markup.tmux(tmux) != nil && Markup.tmux(tmux) == Markup.tmux(TmuxRenderer().render(plain)),
                    "tmux styles changed or a # left unescaped: \(context)")

            #expect(prometheusProblems(PrometheusRenderer().render(output)) == [], "prometheus: \(context)")
        }
    }

    @Test("the markup checkers themselves reject what a bar would act on")
    func checkersCatchMarkup() {
        #expect(Markup.pango("a &amp; b <span foreground=\"#fff\">c</span>") == ["<span foreground=\"#fff\">", "</span>"])
        #expect(Markup.pango("a & b") == nil)
        #expect(Markup.pango("a > b") == nil)
        #expect(Markup.polybar("%{F#fff}x%\u{200B}{F-}%{F-}") == ["%{F#fff}", "%{F-}"])
        #expect(Markup.tmux("#[fg=#ffffff]a ## b#[default]") == ["#[fg=#ffffff]", "#[default]"])
        #expect(Markup.tmux("#{host}") == nil)
        #expect(Markup.tmux("100#") == nil)
        // A combining mark joins the markup character into one Character; the checkers still see it.
        #expect(Markup.tmux("#\u{301}(id)") == nil)
        #expect(Markup.polybar("%{\u{301}A1:x:}") == ["%{\u{301}A1:x:}"])
        #expect(Markup.pango("<\u{301}b>") == ["<\u{301}b>"])
        #expect(Markup.pango("&\u{301}") == nil)
        #expect(Markup.pango("&lt;&#60;&#x3C;&#X3C;") == nil, "an upper-case X is not an entity")
        #expect(Markup.pango("&lt;&#60;&#x3c;&quot;&apos;&gt;") == [])
        #expect(Markup.pango("&#;") == nil && Markup.pango("&#x;") == nil && Markup.pango("&nbsp;") == nil && Markup.pango("&#1a;") == nil)
        #expect(Markup.polybar("%%{a}%{b%{c}}%{") == ["%{a}", "%{b%{c}"])
        #expect(!prometheusProblems("# TYPE m gauge\nm{l=\"a\\\u{301}\"} 1").isEmpty)
    }
}
