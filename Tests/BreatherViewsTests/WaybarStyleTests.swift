import BreatherModel
import BreatherViewModel
import Foundation
import Testing

/// One CSS rule of the shipped stylesheet: its selector and declarations.
struct CSSRule {
    var selector: String
    var declarations: [String: String]
}

/// etc/bars/waybar.css parsed into rules (comments dropped; enough CSS for a stylesheet of flat rules).
func shippedWaybarCSS() throws -> [CSSRule] {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var text = try String(contentsOf: repository.appendingPathComponent("etc/bars/waybar.css"), encoding: .utf8)
    while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) {
        text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    return text.split(separator: "}").compactMap { block in
        let parts = block.split(separator: "{", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        var declarations: [String: String] = [:]
        for declaration in parts[1].split(separator: ";") {
            let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if pair.count == 2 { declarations[pair[0]] = pair[1] }
        }
        return CSSRule(selector: parts[0].trimmingCharacters(in: .whitespacesAndNewlines), declarations: declarations)
    }
}

@Suite("waybar stylesheet: every category of every standard, every colour at WCAG AA")
struct WaybarStyleTests {
    @Test("each standard's categories have a fresh and a stale rule in the official (or faded) colour",
          arguments: AQIStandard.allCases)
    func coverage(standard: AQIStandard) throws {
        let rules = try shippedWaybarCSS()
        var categories: [String: Set<String>] = [:]
        for value in sweep(standard) {
            let category = standard.category(forIndex: value)
            categories[category.id, default: []].insert(category.color.uppercased())
        }
        for (id, colours) in categories {
            let selector = "#custom-breather.\(standard.rawValue).\(id)"
            let fresh = rules.first { $0.selector == selector }?.declarations["background-color"]?.uppercased()
            #expect(fresh.map(colours.contains) == true, "\(selector): \(fresh ?? "missing"), expected one of \(colours)")
            let stale = rules.first { $0.selector == selector + ".stale" }?.declarations["background-color"]?.uppercased()
            #expect(stale != nil && stale == fresh.map(Format.dimmed), "\(selector).stale: \(stale ?? "missing")")
        }
    }

    @Test("every text colour against the background it is drawn on passes 4.5:1; no opacity anywhere")
    func contrast() throws {
        let rules = try shippedWaybarCSS()
        let window = try #require(rules.first { $0.selector == "window#waybar" })
        let base = try #require(rules.first { $0.selector == "#custom-breather" })
        let barBackground = try #require(window.declarations["background"])
        let moduleBackground = base.declarations["background-color"] ?? barBackground
        let moduleText = base.declarations["color"] ?? window.declarations["color"] ?? "#000000"
        var checked = 0
        for rule in rules where rule.selector.hasPrefix("#custom-breather") || rule.selector == "window#waybar" {
            #expect(rule.declarations["opacity"] == nil, "\(rule.selector) sets opacity")
            let isWindow = rule.selector == "window#waybar"
            let background = rule.declarations["background-color"] ?? rule.declarations["background"]
                ?? (isWindow ? barBackground : moduleBackground)
            let text = rule.declarations["color"] ?? moduleText
            let ratio = Format.contrastRatio(text, background)
            #expect(ratio >= 4.5, "\(rule.selector): \(text) on \(background) is \(ratio):1")
            checked += 1
        }
        #expect(checked > 2 * 30, "the rules were found and parsed: \(checked)")
    }

    @Test("the classes the renderer sends are the ones the stylesheet styles")
    func classesMatch() async throws {
        let selectors = Set(try shippedWaybarCSS().map(\.selector))
        let stale = await render(reported(.china, 120), standard: .china, afterFailure: true)
        #expect(stale.stateClasses == ["lightly_polluted", "china", "stale"])
        #expect(selectors.contains("#custom-breather.china.lightly_polluted.stale"))
        #expect(selectors.contains("#custom-breather.error"))
    }
}
