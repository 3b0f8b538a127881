import BreatherViewModel

/// Output formats. Raw values are the `--format` spellings.
public enum OutputFormat: String, CaseIterable, Sendable {
    case plain, json
}

/// Turns the view model's output into the text one format expects.
public protocol Renderer: Sendable {
    func render(_ output: Output) -> String
}

extension OutputFormat {
    /// The renderer for this format.
    public var renderer: any Renderer {
        switch self {
        case .plain: PlainRenderer()
        case .json: JSONRenderer()
        }
    }
}
