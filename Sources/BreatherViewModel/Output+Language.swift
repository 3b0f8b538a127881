import BreatherLocale

/// The people's copy of an output, rendered in the interface language: a class, so `Output`
/// can hold one of its own kind.
public final class PeopleCopy: Sendable {
    /// The output with every text in `Output.language`.
    public let output: Output

    /// Boxes `output`.
    public init(_ output: Output) { self.output = output }
}

extension Output {
    /// The copy for people: in the interface language when it is not English (or with native
    /// category names), else this output itself. Machine formats never read it.
    public var forPeople: Output { people?.output ?? self }

    /// `body` with the people's copy, its language bound for the texts a renderer adds itself
    /// ("Asthma", "(stale)"): what every renderer for people does first.
    public func inPeoplesLanguage<T>(_ body: (Output) -> T) -> T {
        let copy = forPeople
        return L10n.$language.withValue(copy.language) {
            L10n.$nativeNames.withValue(copy.nativeNames) { body(copy) }
        }
    }
}
