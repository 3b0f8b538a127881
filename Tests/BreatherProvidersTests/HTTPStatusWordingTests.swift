@testable import BreatherProviders
import Testing

@Suite("HTTP status wording")
struct HTTPStatusWordingTests {
    @Test("a 5xx says which server error it was; only 503 is 'service unavailable'", arguments: [
        (500, "HTTP 500: internal server error"), (502, "HTTP 502: bad gateway"), (503, "HTTP 503: service unavailable"),
        (504, "HTTP 504: gateway timeout"), (599, "HTTP 599: server error"), (404, "HTTP 404: endpoint not found"),
    ])
    func wording(status: Int, message: String) {
        let request = ProviderRequest(provider: "open-meteo", part: .air, http: FakeHTTP([:]))
        let failure = request.failure(status: status)
        #expect(failure.message == message)
        #expect(failure.kind == .unavailable, "a server error is still worth retrying later")
    }
}
