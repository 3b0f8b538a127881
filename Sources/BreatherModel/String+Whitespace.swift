extension StringProtocol {
    /// The text without leading and trailing white space: spaces, tabs, `\r`, `\n` and the
    /// `\r\n` pair (one `Character` in Swift, equal to neither `"\r"` nor `"\n"`, which is why
    /// this tests `isWhitespace` rather than comparing with a list). Inner white space is kept.
    /// The one trimming helper for every module above BreatherModel (config values, API keys,
    /// calculator arguments, provider strings, flags).
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
