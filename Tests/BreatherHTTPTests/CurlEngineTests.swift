@testable import BreatherHTTP
import BreatherTestSupport
import Foundation
import Testing

@Suite("libcurl loading, option checks and the shared transfer engine")
struct CurlEngineTests {
    @Test("a libcurl that cannot be loaded gives one clear line naming the package")
    func missingLibrary() {
        let reason = CurlLibrary.load("libbreather-no-such-curl.so.4")
        #expect(reason?.hasPrefix("cannot load libcurl (libbreather-no-such-curl.so.4: cannot open shared object file") == true, "\(reason ?? "nil")")
        #expect(reason?.hasSuffix("; install the libcurl4 package") == true)
    }

    @Test("a library that is not libcurl is refused, naming the missing function")
    func notLibcurl() {
        let reason = CurlLibrary.load("libc.so.6")
        #expect(reason == "cannot load libcurl (libc.so.6 has no curl_global_init (libcurl 7.68 or later is needed)); install the libcurl4 package")
    }

    @Test("an option libcurl refuses stops the request before anything is sent", arguments: [
        ("CURLOPT_PROTOCOLS_STR", CurlOption.Value.string("http,no-such-protocol")),
        ("CURLOPT_SSLVERSION", CurlOption.Value.long(99)),
        ("CURLOPT_REDIR_PROTOCOLS_STR", CurlOption.Value.string("")),
    ])
    func refusedOption(name: String, value: CurlOption.Value) async throws {
        let (server, url) = try await serve(Route(body: "{}"))
        let transfer = CurlTransfer(request: request(url), userAgent: "Breather/test") { options in
            for index in options.indices where options[index].name == name { options[index].value = value }
        }
        let result = try await offThePool { CurlEngine.shared.performWaiting(transfer) }
        guard case .transport(let shownURL, let detail) = result.failure else {
            Issue.record("expected the request to fail, got \(result)")
            return
        }
        #expect(shownURL == url)
        #expect(detail.hasPrefix("libcurl refused \(name) ("), "\(detail)")
        #expect(detail.hasSuffix("); request not sent"))
        #expect(server.requests.isEmpty, "nothing may be sent without the protection")
    }

    @Test("the standard options are all accepted by this libcurl")
    func standardOptionsAccepted() async throws {
        let (server, url) = try await serve(Route(body: "{\"ok\":true}"))
        let result = try await offThePool { CurlEngine.shared.performWaiting(CurlTransfer(request: request(url), userAgent: "Breather/test")) }
        #expect((try? result.get())?.status == 200)
        #expect(server.requests == ["/r"])
    }

    @Test("requests run concurrently: the second reaches the server while the first still waits for its reply")
    func concurrent() async throws {
        // Each reply takes 5 s: an engine doing one transfer at a time would send the second
        // request only once the first had its reply. Events, not durations, tell the two apart.
        let (server, url) = try await serve(Route(body: "{}", delay: 5))
        let done = DispatchSemaphore(value: 0)
        let finished = Finished()
        for path in ["", "?second"] {
            CurlEngine.shared.submit(CurlTransfer(request: request(url + path), userAgent: "Breather/test")) { result in
                finished.add((try? result.get())?.status)
                done.signal()
            }
        }
        #expect(await waitUntil { server.requests.count == 2 }, "\(server.requests)")
        #expect(finished.statuses.isEmpty, "the second request was sent only after the first reply")
        try await offThePool {
            done.wait()
            done.wait()
        }
        #expect(finished.statuses == [200, 200])
    }

    @Test("a second request to the same server reuses the first one's connection")
    func connectionReuse() async throws {
        let (server, url) = try await serve(Route(body: "{}"))
        let first = CurlTransfer(request: request(url), userAgent: "Breather/test")
        let second = CurlTransfer(request: request(url + "?again"), userAgent: "Breather/test")
        let firstStatus = try await offThePool { (try? CurlEngine.shared.performWaiting(first).get())?.status }
        #expect(firstStatus == 200)
        let secondStatus = try await offThePool { (try? CurlEngine.shared.performWaiting(second).get())?.status }
        #expect(secondStatus == 200)
        #expect(first.newConnections == 1)
        #expect(second.newConnections == 0, "the connection from the first request is reused")
        #expect(server.requests == ["/r", "/r?again"])
    }
}

/// Results gathered from the engine's thread.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [Int?] = []

    func add(_ status: Int?) { lock.withLock { all.append(status) } }
    var statuses: [Int?] { lock.withLock { all } }
}

@Suite("cancelling a request")
struct CurlCancellationTests {
    @Test("a cancelled task stops its transfer at once; the engine goes on serving others")
    func cancelStopsTransfer() async throws {
        let (server, url) = try await serve(Route(body: "{}", delay: 60))
        let start = ContinuousClock.now
        let task = Task { await failure(of: request(url, totalTimeout: 90)) }
        // Cancel once the request is at the server (an event, not a guess at how long that takes).
        #expect(await waitUntil { server.requests == ["/r"] })
        task.cancel()
        let error = await task.value
        #expect(error == .cancelled(url: url))
        #expect(error?.description == "cancelled (\(url))")
        // The reply would come after 60 s; the bound leaves room for a loaded machine.
        #expect(ContinuousClock.now - start < .seconds(30), "waited for the slow reply instead")
        _ = server
        let (other, quick) = try await serve(Route(body: "{}"))
        #expect(try await client.get(request(quick)).status == 200)
        #expect(other.requests == ["/r"])
    }

    @Test("the engine ends a cancelled transfer at once, not when the reply comes")
    func engineCancelIsPrompt() async throws {
        let (server, url) = try await serve(Route(body: "{}", delay: 60))
        let transfer = CurlTransfer(request: request(url, totalTimeout: 90), userAgent: "Breather/test")
        let done = DispatchSemaphore(value: 0)
        let finished = Finished()
        CurlEngine.shared.submit(transfer) { result in
            finished.add(result.failure == .cancelled(url: url) ? 1 : 0)
            done.signal()
        }
        // Cancel once the request is at the server (an event, not a guess at how long that takes).
        #expect(await waitUntil { server.requests == ["/r"] })
        let cancelledAt = ContinuousClock.now
        CurlEngine.shared.cancel(transfer)
        try await offThePool { done.wait() }
        // Well before the server's 60 s reply: the transfer ended on the cancel, not on the reply.
        #expect(ContinuousClock.now - cancelledAt < .seconds(30))
        #expect(finished.statuses == [1], "completed with .cancelled")
    }

    @Test("a task cancelled before it asks sends nothing")
    func cancelledBeforeStart() async throws {
        let (server, url) = try await serve(Route(body: "{}"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure(of: request(url))
        }
        #expect(await task.value == .cancelled(url: url))
        #expect(server.requests.isEmpty)
    }
}
