/// Hides credentials in a URL so it can be logged or shown in an error: the values of `key`,
/// `token`, `appid`, `apikey` and `api_key` parameters (names in any case, in the query or the
/// fragment) and the password of a `user:password@` prefix become `REDACTED`.
public func redactingSecrets(_ url: String) -> String {
    var rest = Substring(url)
    var fragment: Substring?
    if let hash = rest.firstIndex(of: "#") {
        fragment = rest[rest.index(after: hash)...]
        rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
        query = rest[rest.index(after: mark)...]
        rest = rest[..<mark]
    }
    var result = redactingPassword(rest)
    if let query { result += "?" + redactingParameters(query) }
    if let fragment { result += "#" + redactingParameters(fragment) }
    return result
}

private let secretParameterNames: Set<String> = ["key", "token", "appid", "apikey", "api_key"]

/// `a=1&key=abc` → `a=1&key=REDACTED`; parts that are not `name=value` stay as they are.
private func redactingParameters(_ parameters: Substring) -> String {
    parameters.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
        guard let equals = part.firstIndex(of: "="), secretParameterNames.contains(part[..<equals].lowercased()) else {
            return String(part)
        }
        return "\(part[..<equals])=REDACTED"
    }.joined(separator: "&")
}

/// `scheme://user:password@host/path` → `scheme://user:REDACTED@host/path` (no query or fragment here).
private func redactingPassword(_ schemeAndPath: Substring) -> String {
    // The first "://", found by hand: `firstRange(of:)` is _StringProcessing's, which this one
    // call linked into the binary (1.3 MB with _RegexParser).
    guard let separator = schemeAndPath.indices.first(where: { schemeAndPath[$0...].hasPrefix("://") }) else {
        return String(schemeAndPath)
    }
    let authorityStart = schemeAndPath.index(separator, offsetBy: 3)
    let authorityEnd = schemeAndPath[authorityStart...].firstIndex(of: "/") ?? schemeAndPath.endIndex
    let authority = schemeAndPath[authorityStart..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
        return String(schemeAndPath)
    }
    return String(schemeAndPath[..<authority.index(after: colon)]) + "REDACTED" + String(schemeAndPath[at...])
}

/// `redactingSecrets`, and the user name too: `scheme://user:password@host` → `scheme://REDACTED@host`.
/// For showing configured URLs (`breather config`), where a user name may itself be a token.
public func redactingCredentials(_ url: String) -> String {
    let redacted = redactingSecrets(url)
    guard let separator = redacted.indices.first(where: { redacted[$0...].hasPrefix("://") }) else { return redacted }
    let authorityStart = redacted.index(separator, offsetBy: 3)
    let authorityEnd = redacted[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? redacted.endIndex
    guard let at = redacted[authorityStart..<authorityEnd].lastIndex(of: "@") else { return redacted }
    return String(redacted[..<authorityStart]) + "REDACTED" + String(redacted[at...])
}
