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

    @Test("requests run concurrently: the second reaches the server before the first reply")
    func concurrent() async throws {
        // Each reply takes 3 s. An engine doing one transfer at a time sends the second request
        // only after the first reply, so when the first completes the server has seen one. The
        // count is read in the completion, on the engine's thread: how long the test's task
        // waits for a cooperative thread does not matter. A private engine: other tests'
        // transfers on the shared one have nothing to do with this.
        let engine = CurlEngine()
        let (server, url) = try await serve(Route(body: "{}", delay: 3))
        let done = DispatchSemaphore(value: 0)
        let finished = Finished()
        for path in ["", "?second"] {
            engine.submit(CurlTransfer(request: request(url + path), userAgent: "Breather/test")) { result in
                finished.add((try? result.get())?.status, requestsSeen: server.requests.count)
                done.signal()
            }
        }
        try await offThePool {
            done.wait()
            done.wait()
        }
        #expect(finished.statuses == [200, 200])
        #expect(finished.requestsSeen.first == 2, "the second request was sent only after the first reply")
    }

    @Test("a second request to the same server reuses the first one's connection")
    func connectionReuse() async throws {
        // A private engine: on the shared one, other tests' transfers in between could push this
        // idle connection out of libcurl's connection cache.
        let engine = CurlEngine()
        let (server, url) = try await serve(Route(body: "{}"))
        let first = CurlTransfer(request: request(url), userAgent: "Breather/test")
        let second = CurlTransfer(request: request(url + "?again"), userAgent: "Breather/test")
        let firstStatus = try await offThePool { (try? engine.performWaiting(first).get())?.status }
        #expect(firstStatus == 200)
        let secondStatus = try await offThePool { (try? engine.performWaiting(second).get())?.status }
        #expect(secondStatus == 200)
        #expect(first.newConnections == 1)
        #expect(second.newConnections == 0, "the connection from the first request is reused")
        #expect(server.requests == ["/r", "/r?again"])
    }
}

/// Results gathered from the engine's thread.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [(status: Int?, requestsSeen: Int, at: ContinuousClock.Instant)] = []

    /// Records a completion: its status, how many requests the server had seen by then, and
    /// when (on the engine's thread, whatever the cooperative pool is doing).
    func add(_ status: Int?, requestsSeen: Int = 0) {
        let now = ContinuousClock.now
        lock.withLock { all.append((status, requestsSeen, now)) }
    }
    var statuses: [Int?] { lock.withLock { all.map(\.status) } }
    var requestsSeen: [Int] { lock.withLock { all.map(\.requestsSeen) } }
    var times: [ContinuousClock.Instant] { lock.withLock { all.map(\.at) } }
}

@Suite("cancelling a request")
struct CurlCancellationTests {
    @Test("a cancelled task stops its transfer at once; the engine goes on serving others")
    func cancelStopsTransfer() async throws {
        let (server, url) = try await serve(Route(body: "{}", delay: 120))
        let start = ContinuousClock.now
        let task = Task { await failure(of: request(url, totalTimeout: 150)) }
        // Cancel once the request is at the server (an event, not a guess at how long that takes).
        #expect(await waitUntil { server.requests == ["/r"] })
        task.cancel()
        let error = await task.value
        #expect(error == .cancelled(url: url))
        #expect(error?.description == "cancelled (\(url))")
        // The reply would come after 120 s. Timed in the test's task, so the bound also covers
        // waits for a cooperative thread on a loaded machine (a whole parallel run takes under
        // 60 s); the engine's own promptness is timed below, on its thread.
        #expect(ContinuousClock.now - start < .seconds(100), "waited for the slow reply instead")
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
        // Timed at the completion, on the engine's thread, not when this task gets a thread back.
        let elapsed = try #require(finished.times.first) - cancelledAt
        #expect(elapsed < .seconds(30), "\(elapsed)")
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
