import BreatherIO
import CCurl

/// libcurl, loaded with `dlopen` at the first request rather than linked.
///
/// Debian's libcurl pulls in some 35 libraries (TLS, Kerberos, LDAP, SSH, RTMP, …); loading
/// them cost about 80 % of a cached one-shot run, and `--version`, `--help`, `config`, `aqi`
/// and a run the cache answers make no request at all (unless a sensor on the home network is
/// read: docs/PERFORMANCE.md, "A one-shot with a sensor"). systemd loads its optional libraries
/// the same way. The package still depends on libcurl4.
enum CurlLibrary {
    /// The soname of libcurl's ABI 4, the same for the OpenSSL and GnuTLS builds.
    static let soname = "libcurl.so.4"

    /// nil once libcurl is loaded and initialised, else why not: one line for the user.
    /// A global `let`: loaded at most once, on first use, thread-safely.
    static let loadError: String? = load(soname)

    /// Loads `soname`, resolves every function Breather calls and runs `curl_global_init`.
    static func load(_ soname: String) -> String? {
        if let failure = LoadedLibrary.load("libcurl", package: "libcurl4", { ccurl_load(soname, $0, $1) }) { return failure }
        let code = ccurl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard code == CURLE_OK else { return "libcurl could not start: \(String(cString: ccurl_easy_strerror(code)))" }
        return nil
    }
}
