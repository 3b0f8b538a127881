@testable import BreatherHTTP
import BreatherTestSupport
import Foundation

/// The client under test, named as the executable names itself.
let client = CurlHTTPClient(userAgent: "Breather/9.9.9-test")

/// A request to a loopback server. The limits are generous (a loaded machine must not turn a
/// TLS or HTTP error into a timeout) yet bounded, so a failing test cannot stall the suite;
/// the timeout tests pass their own short `totalTimeout` against a server that never answers.
func request(_ url: String, totalTimeout: Double = 30, maxBodyBytes: Int = 1 << 20) -> HTTPRequest {
    HTTPRequest(url: url, connectTimeoutSeconds: 15, totalTimeoutSeconds: totalTimeout, maxBodyBytes: maxBodyBytes)
}

/// Performs `request` and returns the thrown `HTTPError`, or nil when a reply came back.
func failure(of request: HTTPRequest, using client: CurlHTTPClient = client) async -> HTTPError? {
    do {
        _ = try await client.get(request)
        return nil
    } catch {
        return error
    }
}

/// A loopback TCP port that nothing listens on: bound, read, then closed again.
func closedPort() throws -> Int {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw POSIXError(.EBADF) }
    defer { close(socketFD) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(socketFD, raw, length) == 0 && getsockname(socketFD, raw, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Starts a server with one route at `/r` and returns it with that route's URL.
func serve(_ route: Route) async throws -> (server: FixtureServer, url: String) {
    let server = try await FixtureServer.start(routes: ["/r": route])
    return (server, server.baseURL + "/r")
}

extension CurlEngine {
    /// Performs `transfer` and waits for it on this thread, so a test times the transfer alone
    /// (not the wait for a free cooperative thread to resume on).
    func performWaiting(_ transfer: CurlTransfer) -> Result<HTTPResponse, HTTPError> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        submit(transfer) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return box.result!
    }
}

/// Carries a result from the engine's thread to the waiting one (the semaphore orders them).
private final class ResultBox: @unchecked Sendable {
    var result: Result<HTTPResponse, HTTPError>?
}
