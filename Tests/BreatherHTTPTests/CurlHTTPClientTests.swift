import BreatherHTTP
import BreatherTestSupport
import Foundation
import Testing

/// Replies that come back as `HTTPResponse`, whatever their status.
@Suite("CurlHTTPClient replies")
struct CurlHTTPClientTests {
    @Test("a 200 reply gives its status, body and lowercased headers")
    func success() async throws {
        let (server, url) = try await serve(.json("{\"ok\": true}", headers: ["X-Breather-Test": "yes"]))
        let response = try await client.get(request(url + "?lat=1"))
        #expect(response.status == 200)
        #expect(response.isSuccess)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"ok\": true}")
        #expect(response.headers["x-breather-test"] == "yes")
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.retryAfterSeconds == nil)
        #expect(server.requests == ["/r?lat=1"])
    }

    @Test("a 500 is a response, not an error, with its body")
    func serverError() async throws {
        let (server, url) = try await serve(.json("{\"error\": true}", status: 500))
        let response = try await client.get(request(url))
        #expect(response.status == 500)
        #expect(!response.isSuccess)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"error\": true}")
        #expect(server.requests.count == 1)
    }

    @Test("Retry-After in seconds", arguments: [("120", 120), ("0", 0), (" 7 ", 7)])
    func retryAfterSeconds(header: String, expected: Int) async throws {
        let (server, url) = try await serve(.json("{}", status: 429, headers: ["Retry-After": header]))
        let response = try await client.get(request(url))
        #expect(response.status == 429)
        #expect(response.retryAfterSeconds == expected)
        #expect(server.requests.count == 1)
    }

    @Test("Retry-After as an HTTP-date counts seconds from now; a past date is 0")
    func retryAfterDate() async throws {
        // Wed, 21 Oct 2099 07:28:00 GMT is 4096250880 s after the epoch.
        let (server, url) = try await serve(.json("{}", status: 503, headers: ["Retry-After": "Wed, 21 Oct 2099 07:28:00 GMT"]))
        let before = Int(time(nil))
        let response = try await client.get(request(url))
        let after = Int(time(nil))
        let seconds = try #require(response.retryAfterSeconds)
        #expect((4_096_250_880 - after)...(4_096_250_880 - before) ~= seconds)

        try server.setRoutes(["/r": .json("{}", status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"])])
        #expect(try await client.get(request(url)).retryAfterSeconds == 0)
    }

    @Test("an unreadable Retry-After is ignored", arguments: ["soon", "-5", "1.5", "120 s"])
    func retryAfterGarbage(header: String) async throws {
        let (server, url) = try await serve(.json("{}", status: 429, headers: ["Retry-After": header]))
        let response = try await client.get(request(url))
        #expect(response.status == 429)
        #expect(response.retryAfterSeconds == nil)
        #expect(server.requests.count == 1)
    }

    @Test("the User-Agent the client was given reaches the server")
    func userAgent() async throws {
        let (server, url) = try await serve(Route(echoHeaders: true))
        let response = try await client.get(request(url))
        let headers = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
        #expect(headers?["user-agent"] == "Breather/9.9.9-test")
        #expect(server.requests.count == 1)
    }

    @Test("extra request headers reach the server")
    func requestHeaders() async throws {
        let (server, url) = try await serve(Route(echoHeaders: true))
        var withHeader = request(url)
        withHeader.headers = ["Accept": "application/json"]
        let response = try await client.get(withHeader)
        let headers = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
        #expect(headers?["accept"] == "application/json")
        #expect(server.requests.count == 1)
    }

    @Test("file:// is never fetched, even for a file that exists")
    func fileScheme() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breather-http-\(UUID().uuidString).json").path
        try "{\"file\": 1}".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(await failure(of: request("file://" + path)) == .unsupportedScheme("file://" + path))
    }
}
