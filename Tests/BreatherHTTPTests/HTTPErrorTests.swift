@testable import BreatherHTTP
import BreatherTestSupport
import Foundation
import Testing

/// Requests that get no usable reply throw a typed `HTTPError` within their limits.
@Suite("CurlHTTPClient failures")
struct HTTPErrorTests {
    /// Times the blocking transfer itself: through `get`, the wait for a free cooperative thread
    /// to resume on (other suites block them while running `breather`) would be timed too.
    private static func timedTransfer(_ request: HTTPRequest) -> (result: Result<HTTPResponse, HTTPError>, elapsed: Duration) {
        let start = ContinuousClock.now
        let result = CurlEngine.shared.performWaiting(CurlTransfer(request: request, userAgent: "Breather/test"))
        return (result, ContinuousClock.now - start)
    }

    @Test("a reply slower than a 1 s limit throws .timeout, long before the reply would come")
    func slowReply() async throws {
        // The reply would take 60 s: a timeout at all proves the limit fired; the bound only
        // catches a limit that was ignored, with room for a loaded machine.
        let (server, url) = try await serve(Route(body: "{}", delay: 60))
        let (result, elapsed) = try await offThePool { Self.timedTransfer(request(url, totalTimeout: 1)) }
        #expect(elapsed < .seconds(30))
        #expect(result.failure == .timeout(url: url, seconds: 1))
        #expect(result.failure?.description == "timed out after 1 s (\(url))")
        #expect(await failure(of: request(url, totalTimeout: 1)) == .timeout(url: url, seconds: 1))
        #expect(server.requests.count == 2)
    }

    @Test("a zero time limit still times out instead of meaning \"no limit\" to libcurl")
    func zeroTimeout() async throws {
        let (server, url) = try await serve(Route(body: "{}", delay: 60))
        let (result, elapsed) = try await offThePool { Self.timedTransfer(request(url, totalTimeout: 0)) }
        guard case .timeout = result.failure else {
            Issue.record("expected .timeout, got \(result)")
            return
        }
        #expect(elapsed < .seconds(30), "a zero limit must not mean no limit (the reply would take 60 s)")
        _ = server
    }

    @Test("a body over the cap throws .bodyTooLarge, with or without Content-Length", arguments: [false, true])
    func oversizedBody(announced: Bool) async throws {
        let (server, url) = try await serve(Route(bytes: 4 << 20, contentLength: announced))
        let error = await failure(of: request(url, maxBodyBytes: 1 << 20))
        #expect(error == .bodyTooLarge(url: url, limit: 1 << 20))
        #expect(error?.description == "reply too large: over 1 MB (\(url))")
        #expect(server.requests.count == 1)
    }

    @Test("a body exactly at the cap is accepted")
    func bodyAtCap() async throws {
        let (server, url) = try await serve(Route(bytes: 65_536, contentLength: true))
        let response = try await client.get(request(url, maxBodyBytes: 65_536))
        #expect(response.body.count == 65_536)
        _ = server
    }

    @Test("a cap that is not whole megabytes is described exactly", arguments: [
        (1_000, "1000 bytes"), (64 << 10, "64 KB"), (64 << 20, "64 MB"),
    ])
    func capDescription(limit: Int, shown: String) {
        #expect(HTTPError.bodyTooLarge(url: "http://h/", limit: limit).description == "reply too large: over \(shown) (http://h/)")
    }

    @Test("a closed port throws .cannotConnect")
    func connectionRefused() async throws {
        let url = "http://127.0.0.1:\(try closedPort())/v1"
        #expect(await failure(of: request(url)) == .cannotConnect(url: url))
    }

    @Test("an unresolvable host throws .cannotResolve naming the host")
    func cannotResolve() async {
        let error = await failure(of: request("http://nonexistent.invalid/v1?lat=1"))
        #expect(error == .cannotResolve(host: "nonexistent.invalid"))
        #expect(error?.description == "cannot resolve host nonexistent.invalid")
    }

    @Test("only http and https are fetched", arguments: ["ftp://x", "gopher://x/", "file:///etc/passwd", "example.com/v1"])
    func unsupportedScheme(url: String) async {
        #expect(await failure(of: request(url)) == .unsupportedScheme(url))
    }

    @Test("https to a server that does not speak TLS throws .tls")
    func tlsHandshakeFails() async throws {
        let (server, url) = try await serve(.json("{}"))
        let secureURL = "https" + url.dropFirst("http".count)
        let error = await failure(of: request(secureURL))
        guard case .tls(let shownURL, _) = error else {
            Issue.record("expected .tls, got \(String(describing: error))")
            return
        }
        #expect(shownURL == secureURL)
        _ = server
    }

    @Test("a URL libcurl cannot parse throws .invalidURL")
    func invalidURL() async {
        #expect(await failure(of: request("http://[::1/v1")) == .invalidURL("http://[::1/v1"))
    }

    @Test("no error text ever shows an API key")
    func secretsRedacted() async throws {
        let slow = try await FixtureServer.start(routes: ["/slow": Route(body: "{}", delay: 10), "/big": Route(bytes: 2 << 20)])
        let query = "?key=SECRET123&lat=1"
        let failing = [
            request("http://127.0.0.1:\(try closedPort())/v1\(query)"),
            request(slow.baseURL + "/slow" + query, totalTimeout: 1),
            request(slow.baseURL + "/big" + query, maxBodyBytes: 1 << 20),
            request("ftp://x/\(query)"),
            request("http://nonexistent.invalid/\(query)"),
            request("http://user:SECRET123@127.0.0.1:\(try closedPort())/v1"),
        ]
        for failingRequest in failing {
            let error = try #require(await failure(of: failingRequest))
            #expect(!error.description.contains("SECRET123"), "\(error)")
            #expect(!"\(error)".contains("SECRET123"))
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
