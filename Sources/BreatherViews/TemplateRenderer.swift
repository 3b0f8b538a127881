import BreatherViewModel

/// `--template "{city} {aqi} {category} {temperature}"`: placeholders are the json `display` keys
/// plus raw values (`aqi_value`, `temperature_c`, …). `{{` and `}}` stand for literal braces.
/// The template is checked when the renderer is made, so a typo fails before any fetch.
public struct TemplateRenderer: Renderer {
    /// A placeholder that names no field; the message lists the valid ones.
    public struct UnknownPlaceholder: Error, CustomStringConvertible, Sendable {
        /// What is wrong with the template, e.g. "unknown placeholder {aqui}".
        public var problem: String
        public var description: String {
            "\(problem); valid placeholders: \(TemplateRenderer.placeholders.map { "{\($0)}" }.joined(separator: " "))"
        }
    }

    enum Piece: Sendable, Equatable { case text(String), field(String) }
    let pieces: [Piece]

    /// Every placeholder name, display strings first, then raw values.
    public static let placeholders: [String] = Output.displayKeys + rawKeys

    static let rawKeys = ["aqi_value", "temperature_c", "humidity_value", "pressure_hpa", "wind_speed_ms",
                          "wind_direction_deg", "asthma_probability_value", "latitude", "longitude",
                          "updated_at", "age_seconds", "stale"]

    /// Parses `template` once; throws on an unknown placeholder or an unmatched brace.
    public init(_ template: String) throws(UnknownPlaceholder) {
        var pieces: [Piece] = []
        var text = ""
        var rest = template[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "{" && rest.first == "{" || character == "}" && rest.first == "}" {
                text.append(character)
                rest = rest.dropFirst()
            } else if character == "{" {
                guard let close = rest.firstIndex(of: "}") else {
                    throw UnknownPlaceholder(problem: "unclosed \"{\" in template")
                }
                let name = String(rest[..<close])
                guard Self.placeholders.contains(name) else {
                    throw UnknownPlaceholder(problem: "unknown placeholder {\(name)}")
                }
                if !text.isEmpty { pieces.append(.text(text)); text = "" }
                pieces.append(.field(name))
                rest = rest[rest.index(after: close)...]
            } else if character == "}" {
                throw UnknownPlaceholder(problem: "unmatched \"}\" in template (write }} for a brace)")
            } else {
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The template with every placeholder replaced by its current value.
    public func render(_ output: Output) -> String { output.inPeoplesLanguage(rendered) }

    /// The text for the people's copy of an output, in its language (`Output.inPeoplesLanguage`).
    func rendered(_ output: Output) -> String {
        var values = Dictionary(uniqueKeysWithValues: output.displayFields.map { ($0.key, $0.value) })
        for (key, value) in Self.rawValues(output) { values[key] = value }
        return pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .field(let name): values[name] ?? ""
            }
        }.joined()
    }

    /// Raw numbers as plain decimal strings; "" when unknown.
    static func rawValues(_ output: Output) -> [String: String] {
        let data = output.data
        let weather = data.weather
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
        return [
            "aqi_value": data.airQuality.map { String($0.aqi) } ?? "",
            "temperature_c": number(weather?.temperatureC),
            "humidity_value": number(weather?.humidity),
            "pressure_hpa": number(weather?.pressureHPa),
            "wind_speed_ms": number(weather?.windSpeedMS),
            "wind_direction_deg": number(weather?.windDirectionDeg),
            "asthma_probability_value": number(data.asthma?.probability),
            "latitude": number(data.place?.latitude),
            "longitude": number(data.place?.longitude),
            "updated_at": data.updatedAt ?? "",
            "age_seconds": output.ageSeconds.map(String.init) ?? "",
            "stale": output.isStale ? "true" : "false",
        ]
    }
}
