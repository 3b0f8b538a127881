extension StringProtocol {
    /// True when `other` occurs in the text (byte for byte in UTF-8). By hand: the standard
    /// library's `contains(_:)` for strings is _StringProcessing's, 1.3 MB of the binary with
    /// _RegexParser (scripts/check-binary.sh refuses it).
    public func containsText(_ other: String) -> Bool {
        let needle = Array(other.utf8)
        guard !needle.isEmpty else { return true }
        let haystack = Array(utf8)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
