import BreatherLocale

/// Checks a provider base URL from the config when it is loaded, so a URL that can never work
/// (`http://`, `ftp://x`, `https://host/v1?x=1`) is a config error (exit 78) naming the key,
/// not a failure on every fetch at run time.
public enum ProviderURL {
    /// Why `url` cannot be a provider's base URL, or nil when it can. The reason completes
    /// "`<section>.<key>`: …" and never repeats the URL (it could hold a secret by mistake).
    ///
    /// Accepted: `http://` or `https://`, a host (a name, an IPv4 address or a bracketed IPv6
    /// one), an optional port 1–65535 and an optional path. Refused: any other scheme, no host,
    /// spaces and control characters, and a query or fragment, which Breather's own path and
    /// query would land inside.
    public static func problem(_ url: String) -> String? {
        let scheme: String
        if url.hasPrefix("https://") {
            scheme = "https://"
        } else if url.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return tr("must be an http:// or https:// URL")
        }
        if url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
            return tr("must be a URL without spaces or control characters")
        }
        if url.contains("?") || url.contains("#") {
            return tr("must be a base URL without a query (?) or fragment (#): Breather adds its own")
        }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" }
        // user:password@ is not refused here, but never counts as the host.
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host: Substring
        var port: Substring?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return "must have a closing ] after an IPv6 address" }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let after = hostAndPort[hostAndPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return "must have a port after the IPv6 address, or nothing" }
                port = after.dropFirst()
            }
        } else if let colon = hostAndPort.firstIndex(of: ":") {
            host = hostAndPort[..<colon]
            port = hostAndPort[hostAndPort.index(after: colon)...]
        } else {
            host = hostAndPort
        }
        if host.isEmpty || host.allSatisfy({ $0 == "." }) {
            return tr("must name a host, as in %s").filled("\(scheme)api.example.com/v1")
        }
        if let port, !port.isEmpty {
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
                return tr("must have a port from 1 to 65535")
            }
        }
        return nil
    }
}
