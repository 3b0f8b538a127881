import BreatherHTTP
import Foundation
import BreatherModel
@testable import BreatherProviders
import Testing

/// An HTTPClient that gives its replies in turn (the last one for ever after), recording every URL.
final class SequenceHTTP: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [FakeHTTP.Reply]
    private(set) var requested: [String] = []
    /// Each request's total time limit, in order.
    private(set) var limits: [Double] = []

    init(_ replies: [FakeHTTP.Reply]) { self.replies = replies }

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let reply = lock.withLock { () -> FakeHTTP.Reply in
            requested.append(request.url)
            limits.append(request.totalTimeoutSeconds)
            return replies.count > 1 ? replies.removeFirst() : replies[0]
        }
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}

/// The failure `call` throws; records an issue when it succeeds.
func sensorFailure(_ call: () async throws(ProviderFailure) -> SensorReading,
                   sourceLocation: SourceLocation = #_sourceLocation) async -> ProviderFailure? {
    do {
        let reading = try await call()
        Issue.record("expected a failure, got \(reading)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// `actual` within 0.001 of `expected`.
func close(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) < 0.001
}
