import BreatherIO
import CMosquitto

/// libmosquitto, loaded with `dlopen` when the first MQTT client is made rather than linked, as
/// libcurl is (`BreatherHTTP.CurlLibrary`): a run without `[mqtt]` or an `mqtt://` source never
/// maps it or the OpenSSL it brings.
enum MosquittoLibrary {
    /// The soname of libmosquitto's ABI 1 (Debian `libmosquitto1`, 2.0.x).
    static let soname = "libmosquitto.so.1"

    /// nil once libmosquitto is loaded and initialised, else why not: one line for the user.
    /// A global `let`: loaded at most once, on first use, thread-safely.
    static let loadError: String? = load(soname)

    /// Loads `soname`, resolves every function Breather calls and runs `mosquitto_lib_init`.
    static func load(_ soname: String) -> String? {
        LoadedLibrary.load("libmosquitto", package: "libmosquitto1") { cmosq_load(soname, $0, $1) }
    }

    /// libmosquitto's words for a `MOSQ_ERR_*` code.
    static func describe(_ code: Int32) -> String { String(cString: cmosq_strerror(code)) }
}
