import Foundation

/// Debian's `mosquitto` broker on loopback ports of its own, with a config file, a password
/// file and (on request) a TLS listener with a CA made at test time by `openssl`, all in a
/// private temporary folder. Three listeners: `port` needs the username and password,
/// `observerPort` is anonymous (for the tests' own `mosquitto_sub`/`mosquitto_pub`, so no
/// password is ever on a command line), `tlsPort` speaks TLS with a certificate for 127.0.0.1
/// and `wrongNamePort` with one issued for another host name.
public final class MosquittoBroker: @unchecked Sendable {
    /// The user the password file knows.
    public static let username = "breather"
    /// Its password: tests check it never appears in any output, log or process listing.
    public static let password = "pw-\(UUID().uuidString.prefix(12))"

    public let directory: URL
    public let port: Int
    public let observerPort: Int
    public let tlsPort: Int?
    public let wrongNamePort: Int?
    private let lock = NSLock()
    private var process: Process?

    /// Where the test CA's certificate is (TLS brokers only).
    public var caFile: String { directory.appendingPathComponent("ca.crt").path }
    /// A file holding the password, as `[mqtt] password_file` expects.
    public var passwordFile: String { directory.appendingPathComponent("mqtt.password").path }
    /// The broker's own log.
    public var logPath: String { directory.appendingPathComponent("mosquitto.log").path }

    init(tls: Bool) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("breather-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        observerPort = try Self.freePort()
        tlsPort = tls ? try Self.freePort() : nil
        wrongNamePort = tls ? try Self.freePort() : nil
        try Self.password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)  // as a user keeps one: Breather warns about a file others can read
        let passwd = directory.appendingPathComponent("passwd").path
        // -b: batch mode; the test's own password on the test's own command line, never Breather's.
        try Self.runTool("/usr/bin/mosquitto_passwd", ["-c", "-b", passwd, Self.username, Self.password])
        var conf = """
            per_listener_settings true
            persistence false
            log_dest file \(logPath)
            log_type all
            listener \(port) 127.0.0.1
            allow_anonymous false
            password_file \(passwd)
            listener \(observerPort) 127.0.0.1
            allow_anonymous true

            """
        if getuid() == 0 { conf = "user root\n" + conf }  // else it drops to `mosquitto`, who cannot read this folder
        if let tlsPort, let wrongNamePort {
            try makeCertificates()
            for (listenerPort, name) in [(tlsPort, "server"), (wrongNamePort, "other")] {
                conf += """
                    listener \(listenerPort) 127.0.0.1
                    allow_anonymous false
                    password_file \(passwd)
                    cafile \(caFile)
                    certfile \(directory.appendingPathComponent("\(name).crt").path)
                    keyfile \(directory.appendingPathComponent("\(name).key").path)

                    """
            }
        }
        try conf.write(to: directory.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts a broker without blocking a cooperative thread (see `offThePool`).
    /// A port found free can be taken before the broker binds it (an outgoing connection's
    /// ephemeral port, another test's server): the broker then exits with "Address already in
    /// use", and a new broker on new ports is tried, up to five times.
    public static func start(tls: Bool = false) async throws -> MosquittoBroker {
        try await offThePool {
            var attempt = 1
            while true {
                do {
                    return try MosquittoBroker(tls: tls)
                } catch BrokerError.didNotStart(let log) where log.contains("Address already in use") && attempt < 5 {
                    attempt += 1
                }
            }
        }
    }

    /// Starts the broker process (again, after `stop`) and waits until it runs with every
    /// listener open: its log says "running" only after the last one bound (the kernel accepts
    /// a connection on the first before a later one has failed to bind), and it accepts.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", directory.appendingPathComponent("mosquitto.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Only this start's lines count: a restarted broker's log holds the last run's too.
        let log = { (try? String(contentsOfFile: self.logPath, encoding: .utf8)) ?? "" }
        let earlier = log().utf8.count
        try Self.runUnblocked(process)
        lock.withLock { self.process = process }
        let deadline = Date().addingTimeInterval(15)
        let running = { String(decoding: log().utf8.dropFirst(earlier), as: UTF8.self).contains(" running\n") }
        while !(running() && process.isRunning && Self.accepts(observerPort)) {
            guard Date() < deadline, process.isRunning else {
                throw BrokerError.didNotStart((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "no log")
            }
            usleep(20_000)
        }
    }

    /// Kills the broker (SIGKILL: nothing is kept, as after a crash or a reboot without persistence).
    public func stop() {
        guard let process = lock.withLock({ () -> Process? in defer { self.process = nil }; return self.process }) else { return }
        kill(process.processIdentifier, SIGKILL)
        _ = reap(process)
    }

    /// The retained message on `topic` as the broker holds it now (empty when none), read by
    /// an anonymous `mosquitto_sub` on the observer port. Async, and on a thread of its own
    /// (`offThePool`): with no message retained, `mosquitto_sub` waits out its 2 s, and a
    /// cooperative thread blocked that long stalls half of a parallel run on two cores.
    public func retained(_ topic: String) async throws -> String {
        let port = observerPort
        return try await offThePool {
            try Self.runTool("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "2", "--retained-only"],
                             allowFailure: true).trimmingCharacters(in: .newlines)
        }
    }

    /// Every retained message under `filter` (wildcards allowed) as "topic payload" lines.
    /// `mosquitto_sub` always waits its whole 1 s for them: off the pool, as `retained`.
    public func retainedMessages(_ filter: String) async throws -> [String] {
        let port = observerPort
        return try await offThePool {
            try Self.runTool("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", filter, "-v", "-W", "1", "--retained-only"],
                             allowFailure: true).split(separator: "\n").map(String.init)
        }
    }

    /// Publishes `payload` on `topic` through the observer port.
    public func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        try Self.runTool("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(observerPort)", "-t", topic, "-m", payload, "-q", "1"] + (retain ? ["-r"] : []))
    }

    /// Publishes every message as a retained one, in order, over one anonymous connection to the
    /// observer port (MQTT 3.1.1, QoS 0), and returns once the broker has answered a ping sent
    /// after the last: it handles a connection's packets in order, so every message is retained
    /// by then. For many messages: a `mosquitto_pub` each cost seconds of CPU for a thousand.
    public func publishRetained(_ messages: [(topic: String, payload: String)]) throws {
        func packet(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
            var bytes = [type], length = body.count
            repeat {
                bytes.append(UInt8(length % 128) | (length >= 128 ? 0x80 : 0))
                length /= 128
            } while length > 0
            return bytes + body
        }
        func string(_ text: String) -> [UInt8] {
            let utf8 = Array(text.utf8)
            return [UInt8(utf8.count >> 8), UInt8(utf8.count & 0xFF)] + utf8
        }
        // CONNECT (clean session, keepalive 60 s), the PUBLISHes (0x31: QoS 0, retain), PINGREQ.
        var out = packet(0x10, string("MQTT") + [4, 0x02, 0, 60] + string("breather-test-\(UUID().uuidString.prefix(8))"))
        for message in messages { out += packet(0x31, string(message.topic) + Array(message.payload.utf8)) }
        out += packet(0xC0, [])
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(observerPort).bigEndian),
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw BrokerError.toolFailed("publishRetained: no connection to port \(observerPort)") }
        var sent = 0
        while sent < out.count {
            let count = out[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw BrokerError.toolFailed("publishRetained: send failed, errno \(errno)") }
            sent += count
        }
        // CONNACK (0x20 0x02, flags, return code 0) then PINGRESP (0xD0 0x00).
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while reply.count < 6 {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        guard reply == [0x20, 0x02, 0x00, 0x00, 0xD0, 0x00] else {
            throw BrokerError.toolFailed("publishRetained: the broker answered \(reply)")
        }
        _ = packet(0xE0, []).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }  // DISCONNECT
    }

    /// Publishes each line of `file` as one message on `topic` (`mosquitto_pub -l`, one
    /// connection for all), or with `lines: false` the whole file as one message (`-s`).
    public func publish(_ topic: String, file: String, lines: Bool) throws {
        try Self.runTool("/bin/sh", ["-c", "exec /usr/bin/mosquitto_pub -h 127.0.0.1 -p \(observerPort) -t \"$0\" -q 1 \(lines ? "-l" : "-s") < \"$1\"",
                                     topic, file])
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func makeCertificates() throws {
        let dir = directory.path
        let openssl = "/usr/bin/openssl"
        try Self.runTool(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Breather test CA",
                                   "-keyout", "\(dir)/ca.key", "-out", "\(dir)/ca.crt"])
        for (name, subjectAltName) in [("server", "IP:127.0.0.1"), ("other", "DNS:broker.invalid")] {
            try Self.runTool(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(name)", "-keyout", "\(dir)/\(name).key",
                                       "-out", "\(dir)/\(name).csr"])
            try "subjectAltName=\(subjectAltName)\n".write(toFile: "\(dir)/\(name).ext", atomically: true, encoding: .utf8)
            try Self.runTool(openssl, ["x509", "-req", "-in", "\(dir)/\(name).csr", "-CA", "\(dir)/ca.crt", "-CAkey", "\(dir)/ca.key",
                                       "-CAcreateserial", "-days", "2", "-extfile", "\(dir)/\(name).ext", "-out", "\(dir)/\(name).crt"])
        }
    }

    @discardableResult
    static func runTool(_ path: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        // stderr to a file, not a pipe: openssl prints progress there, and a full pipe nobody
        // reads yet (stdout is read to its end first) would block it for ever.
        let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent("breather-tool-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: errorsPath, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        let out = try closeOnExecPipe()
        process.standardOutput = out.write
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        try runUnblocked(process)
        try out.write.close()
        let output = out.read.readDataToEndOfFile()
        let status = reap(process)
        guard status == 0 || allowFailure else {
            let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
            throw BrokerError.toolFailed("\(path) exited \(status): \(errors)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Starts `process` from a thread that blocks no signal: a child inherits its parent
    /// thread's mask, and Swift's worker threads block SIGALRM, which `mosquitto_sub -W` needs
    /// to time out (and SIGTERM).
    static func runUnblocked(_ process: Process) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = NSLock()
        nonisolated(unsafe) var error: (any Error)?
        Thread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            do { try process.run() } catch let caught { failure.withLock { error = caught } }
            done.signal()
        }.start()
        done.wait()
        if let error = failure.withLock({ error }) { throw error }
    }

    /// A loopback port nothing listens on now (the kernel's pick for port 0).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError.toolFailed("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(port).bigEndian),
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Why the test broker could not be set up.
public enum BrokerError: Error {
    case didNotStart(String)
    case toolFailed(String)
}

/// A `mosquitto_sub` on the broker's observer port, running from `init` to `stop`, that
/// records every message published under `filter` meanwhile (retained ones held before it
/// started are left out): its topic and its payload (one line).
public final class MQTTWatcher: @unchecked Sendable {
    private let process = Process()
    private let output: String

    /// Starts the watch and waits half a second, without blocking a thread, for the broker to
    /// have its subscription (mosquitto_sub logs nothing on success).
    public static func start(broker: MosquittoBroker, filter: String) async throws -> MQTTWatcher {
        let watcher = try MQTTWatcher(broker: broker, filter: filter)
        try await Task.sleep(for: .milliseconds(500))
        return watcher
    }

    private init(broker: MosquittoBroker, filter: String) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("breather-watch-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: output, contents: Data())
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = ["-h", "127.0.0.1", "-p", "\(broker.observerPort)", "-t", filter, "-R", "-F", "%l %t %p"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output)
        try MosquittoBroker.runUnblocked(process)
    }

    /// Every message seen so far, in order: its topic and its payload ("" when empty).
    public func messages() -> [(topic: String, payload: String)] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, let count = Int(parts[0]) else { return nil }
            return (String(parts[1]), count == 0 || parts.count < 3 ? "" : String(parts[2]))
        }
    }

    /// Ends the subscription.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: output)
    }
}
