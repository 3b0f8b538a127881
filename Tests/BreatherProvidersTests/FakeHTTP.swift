import BreatherHTTP
import Foundation

/// `Tests/Fixtures/providers` in this repository.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/providers")

func fixture(_ name: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))) ?? []
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

    static func fixture(_ name: String, status: Int = 200, retryAfter: Int? = nil) -> Reply {
        .response(HTTPResponse(status: status, body: BreatherProvidersTests.fixture(name), retryAfterSeconds: retryAfter))
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
