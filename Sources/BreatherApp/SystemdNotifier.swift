#if canImport(Glibc)
import Glibc
#endif

/// sd_notify(3) by hand: one datagram per message to the unix socket in `$NOTIFY_SOCKET`
/// (a path, or `@name` for the abstract namespace). Without the variable every call is a no-op,
/// so the daemon runs the same outside systemd. Written here rather than linking libsystemd to
/// keep the binary's dependencies to libcurl and jansson.
struct SystemdNotifier: Sendable {
    let socketPath: String?
    /// Half of `$WATCHDOG_USEC` in seconds, when systemd expects watchdog pings.
    let watchdogInterval: Double?

    init(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        socketPath = environment("NOTIFY_SOCKET").flatMap { $0.isEmpty ? nil : $0 }
        let usec = environment("WATCHDOG_USEC").flatMap(UInt64.init)
        let pidMatches = environment("WATCHDOG_PID").flatMap(Int32.init).map { $0 == getpid() } ?? true
        watchdogInterval = usec.flatMap { $0 > 0 && pidMatches ? Double($0) / 2_000_000 : nil }
    }

    var isEnabled: Bool { socketPath != nil }

    /// Sends `state` (e.g. "READY=1\nSTATUS=…"); failures are ignored as sd_notify does.
    @discardableResult
    func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        // "@name" is Linux's abstract namespace: a leading NUL byte instead of '@', no terminator.
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + pathBytes.count)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
        return sent == message.count
    }
}
