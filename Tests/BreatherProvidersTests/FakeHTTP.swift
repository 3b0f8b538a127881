import BreatherHTTP
import Foundation
import Testing

/// `Tests/Fixtures/providers` in this repository.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/providers")

/// The bytes of a fixture. A missing or unreadable fixture fails the calling test loudly (an
/// empty body would let an error test pass on the status code alone).
func fixture(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    do {
        return [UInt8](try Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))
    } catch {
        Issue.record("fixture \(name) could not be read: \(error)", sourceLocation: sourceLocation)
        return []
    }
}

/// An HTTPClient that answers from a table keyed by URL path, and records every URL asked.
final class FakeHTTP: HTTPClient, @unchecked Sendable {
    enum Reply {
        case response(HTTPResponse)
        case failure(HTTPError)
    }

    private let lock = NSLock()
    private var replies: [String: Reply]
    private(set) var requested: [String] = []

    init(_ replies: [String: Reply]) { self.replies = replies }

    static func fixture(_ name: String, status: Int = 200, retryAfter: Int? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) -> Reply {
        .response(HTTPResponse(status: status, body: BreatherProvidersTests.fixture(name, sourceLocation: sourceLocation),
                               retryAfterSeconds: retryAfter))
    }

    static func body(_ text: String, status: Int = 200) -> Reply {
        .response(HTTPResponse(status: status, body: Array(text.utf8)))
    }

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let path = URLComponents(string: request.url)?.path ?? request.url
        let reply = lock.withLock { () -> Reply? in
            requested.append(request.url)
            return replies[path]
        }
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        case nil: return HTTPResponse(status: 404)
        }
    }
}

@Suite("test fixtures")
struct FixtureLoadingTests {
    @Test("a missing fixture is a recorded failure, not a silent empty body")
    func missingFixtureFails() {
        withKnownIssue("the fixture does not exist") {
            _ = fixture("open-meteo/no-such-fixture.json")
        }
        #expect(!fixture("open-meteo/forecast.current.json").isEmpty)
    }
}
