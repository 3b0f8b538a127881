import BreatherViewModel

/// Polybar's `custom/script` module: `%{F#rrggbb}text%{F-}` with the category colour.
public struct PolybarRenderer: Renderer {
    public init() {}

    public func render(_ output: Output) -> String {
        "%{F\(output.barColor)}\(BarEscaping.polybar(BarEscaping.singleLine(output.barText)))%{F-}"
    }
}
