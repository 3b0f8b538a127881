import BreatherLocale
import BreatherViewModel

/// One status line: `Brooklyn · US AQI 57 Moderate (PM2.5) · Cloudy 12°C · Asthma medium 63%`.
/// A part kept from an earlier fetch beside a fresh index says so ("Cloudy 12°C (stale)"); the line
/// ends with `Output.lineEnd`: the sensor the model stands in for ("purpleair failed"), the
/// staleness, how long a provider's Retry-After has left. Before any data the line names what
/// failed, briefly.
public struct PlainRenderer: Renderer {
    /// Colour the line with 24-bit ANSI escapes in the index's colour (for a terminal).
    public var ansiColor: Bool

    /// A renderer of plain text, in colour when `ansiColor` (the one-shot run asks
    /// for it when stdout is a terminal and `NO_COLOR` is unset).
    public init(ansiColor: Bool = false) { self.ansiColor = ansiColor }

    /// The status line, wrapped in the index's ANSI colour when `ansiColor`.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        let line = text(output)
        guard ansiColor else { return line }
        return Self.ansi(output.barColor) + line + "\u{1B}[0m"
    }

    /// `ESC[38;2;r;g;bm` for a `#rrggbb` colour.
    static func ansi(_ color: String) -> String {
        guard let value = Int(color.dropFirst(), radix: 16), color.count == 7 else { return "" }
        return "\u{1B}[38;2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)m"
    }

    /// " (PM2.5)"; a sensor's PM2.5 shown as measured (no correction) marked there: " (PM2.5
    /// uncorrected)", or " (O3, PM2.5 uncorrected)" when another pollutant leads; the mark in
    /// the language being rendered (" (PM2.5 unkorrigiert)"), the symbols as they are.
    static func mainPollutant(_ main: String, uncorrected: Bool) -> String {
        guard uncorrected else { return main.isEmpty ? "" : " (\(main))" }
        let mark = tr("PM2.5 uncorrected", context: "plain line")
        let names = main.split(separator: ",").map { String($0.drop { $0 == " " }) }
        if names.contains("PM2.5") { return " (" + names.map { $0 == "PM2.5" ? mark : $0 }.joined(separator: ", ") + ")" }
        return " (" + (names + [mark]).joined(separator: ", ") + ")"
    }

    func text(_ output: Output) -> String {
        guard output.hasData else {
            return "Breather: \(output.isLoading ? tr("loading…") : tr("no data yet") + " (\(output.errorShort ?? tr("never fetched")))")"
        }
        var parts = [output.city]
        if output.data.airQuality != nil {
            let main = Self.mainPollutant(output.mainPollutant, uncorrected: output.data.airQuality?.uncorrected != nil)
            parts.append("\(output.indexName) \(output.aqi) \(output.airQualityCategory)\(main)")
        } else {
            parts.append("\(output.indexName) \(Format.unavailable)")
        }
        // The weather's word before the temperature, as the bars' full text has it ("Cloudy 12°C").
        let weather = [output.condition, output.temperature].filter { !$0.isEmpty }.joined(separator: " ")
        parts.append(output.data.weather?.temperatureC == nil ? tr("temperature unavailable") : weather + output.mark(.weather, " (" + tr("stale") + ")"))
        if output.data.asthma == nil {
            parts.append(tr("Asthma") + " " + Format.unavailable)
        } else {
            parts.append([tr("Asthma"), output.asthmaRisk, output.asthmaProbability].filter { !$0.isEmpty }.joined(separator: " ")
                         + output.mark(.asthma, " (" + tr("stale") + ")"))
        }
        parts += output.lineEnd(stale: output.staleness.isEmpty ? nil : output.staleness)
        return parts.joined(separator: " · ")
    }
}
