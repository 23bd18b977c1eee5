import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What URLSession makes of a fault that meets a request on a connection it
/// kept alive from an earlier request — the usual case in a test suite that
/// flips an endpoint between two requests of the app — and what avoids the
/// slow failure on Linux. docs/faults.md's note under the faults table says the
/// same; keep them in step.
/// For the cases that wait it out: short, so they cost seconds.
private let shortTimeout = 2.0

@Suite(.ownThreads) struct ConnectionReuseTests {
    static let manifest = """
        endpoints:
          - { id: ok, method: GET, path: /ok }
          - { id: get, method: GET, path: /f, success: { json: { hello: world } } }
          - { id: post, method: POST, path: /f }
          - { id: put, method: PUT, path: /f }
        """
    /// For the cases that fail at once: long, so that a busy machine cannot
    /// make a prompt failure look like a timeout.
    static let longTimeout = 30.0

    struct Outcome {
        var code: URLError.Code?
        var seconds: Double
        /// How many times the request reached Switchboard.
        var arrivals: Int
    }

    /// One request in `mode` with `method`, after a successful GET on the
    /// same session when `reused`; the mode is flipped in between, as a test
    /// would through the control API.
    func attempt(
        _ mode: Mode, _ method: String, reused: Bool, keepAlive: Bool = true, headers: [String: String] = [:],
        timeout: Double = longTimeout, configure: (URLSessionConfiguration) -> Void = { _ in }
    ) async throws -> Outcome {
        // The connection is idle between the two requests: under the whole
        // suite on two cores a test can wait past the default 60 s, and a
        // connection the server closed is not one the client reuses.
        let server = try RunningServer(
            panel: MemoryFixtures(Self.manifest).panel(), limits: ServerLimits(idleTimeout: .seconds(600)),
            keepAlive: keepAlive)
        do {
            let outcome = try await self.attempt(
                mode, method, reused: reused, on: server, headers: headers, timeout: timeout, configure: configure)
            // Stopping waits for open connections: not on a test thread.
            try await onThread { server.stop() }
            return outcome
        } catch {
            try await onThread { server.stop() }
            throw error
        }
    }

    private func attempt(
        _ mode: Mode, _ method: String, reused: Bool, on server: RunningServer, headers: [String: String],
        timeout: Double, configure: (URLSessionConfiguration) -> Void
    ) async throws -> Outcome {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configure(configuration)
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        if reused {
            let (_, response) = try await session.data(from: server.url("/ok"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
        try server.panel.setMode(mode, endpoint: method.lowercased())
        var request = URLRequest(url: server.url("/f"))
        request.httpMethod = method
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if method != "GET" { request.httpBody = Data(#"{"email":"ana@example.com"}"#.utf8) }
        let (code, seconds) = await Self.send(request, on: session)
        // Every arrival is journaled before the connection is dropped. A
        // stalled retry may also leave a head whose body never came (a 499
        // "client left"): that one never reached the endpoint.
        let arrivals = server.journal.entries(after: 0).entries.filter { $0.target == "/f" && $0.rejection == nil }
            .count
        return Outcome(code: code, seconds: seconds, arrivals: arrivals)
    }

    /// The error and how long URLSession took to report it, timed in its
    /// own callback: a busy test thread pool cannot add to the time.
    static func send(_ request: URLRequest, on session: URLSession) async -> (URLError.Code?, Double) {
        await withCheckedContinuation { continuation in
            let started = Date()
            session.dataTask(with: request) { _, _, error in
                continuation.resume(returning: ((error as? URLError)?.code, Date().timeIntervalSince(started)))
            }.resume()
        }
    }

    /// Well under the timeout: the client learnt of the fault at once.
    func isFast(_ outcome: Outcome) -> Bool { outcome.seconds < Self.longTimeout / 3 }

    static let immediateCode: [Mode: URLError.Code] = [.reset: .networkConnectionLost, .empty: .badServerResponse]

    @Test(arguments: [Mode.reset, .empty], ["GET", "POST", "PUT"])
    func onAFreshConnectionEveryMethodFailsAtOnce(_ mode: Mode, _ method: String) async throws {
        let outcome = try await self.attempt(mode, method, reused: false)
        #expect(outcome.code == Self.immediateCode[mode])
        #expect(self.isFast(outcome), "took \(outcome.seconds) s")
        #expect(outcome.arrivals == 1)
    }

    #if canImport(FoundationNetworking)
        /// One at a time: while it waits, a stalled URLSession request burns
        /// about 1.5 s of CPU, enough to starve the tests running beside it.
        @Suite(.serialized) struct Stalls {
            let cases = ConnectionReuseTests()

            @Test(arguments: [(Mode.reset, "POST"), (.empty, "POST"), (.reset, "PUT")])
            func onLinuxARequestWithABodyOnAReusedConnectionWaitsOutItsTimeout(_ mode: Mode, _ method: String)
                async throws
            {
                let outcome = try await self.cases.attempt(mode, method, reused: true, timeout: shortTimeout)
                #expect(outcome.code == .timedOut)
                #expect(outcome.seconds > shortTimeout * 0.9, "took \(outcome.seconds) s")
                #expect(outcome.arrivals == 1, "it is not sent again whole")
            }

            @Test func whatDoesNotHelp() async throws {
                // The control calls' own session is no help either: here the
                // flip does not even use a connection, and the app's is reused.
                let limited = try await self.cases.attempt(.reset, "POST", reused: true, timeout: shortTimeout) {
                    $0.httpMaximumConnectionsPerHost = 1
                }
                #expect(limited.code == .timedOut)
                let askedAlone = try await self.cases.attempt(
                    .reset, "POST", reused: true, headers: ["Connection": "close"], timeout: shortTimeout)
                #expect(askedAlone.code == .timedOut, "the header comes too late: the connection is already reused")
            }
        }

        @Test(arguments: [Mode.reset, .empty])
        func onLinuxAGETOnAReusedConnectionIsSentAgainAndFailsAtOnce(_ mode: Mode) async throws {
            let outcome = try await self.attempt(mode, "GET", reused: true)
            #expect(outcome.code == Self.immediateCode[mode])
            #expect(self.isFast(outcome), "took \(outcome.seconds) s")
            #expect(outcome.arrivals == 2, "libcurl retries it on a fresh connection")
        }

        @Test(arguments: ["GET", "POST"])
        func garbageAndTruncatedFailAtOnceOnAReusedConnectionToo(_ method: String) async throws {
            let garbage = try await self.attempt(.garbage, method, reused: true)
            #expect(garbage.code == .unsupportedURL)
            #expect(self.isFast(garbage), "took \(garbage.seconds) s")
            let truncated = try await self.attempt(.truncated, method, reused: true)
            #expect(truncated.code == .unknown)
            #expect(self.isFast(truncated), "took \(truncated.seconds) s")
        }

    #endif

    @Test(arguments: [Mode.reset, .empty], ["GET", "POST", "PUT"])
    func withoutKeepAliveEveryRequestFailsAtOnce(_ mode: Mode, _ method: String) async throws {
        let outcome = try await self.attempt(mode, method, reused: true, keepAlive: false)
        #expect(outcome.code == Self.immediateCode[mode])
        #expect(self.isFast(outcome), "took \(outcome.seconds) s")
        #expect(outcome.arrivals == 1)
    }

    @Test(arguments: [Mode.reset, .empty])
    func aSessionThatAsksForConnectionCloseFailsAtOnce(_ mode: Mode) async throws {
        let outcome = try await self.attempt(mode, "POST", reused: true) {
            $0.httpAdditionalHeaders = ["Connection": "close"]
        }
        #expect(outcome.code == Self.immediateCode[mode])
        #expect(self.isFast(outcome), "took \(outcome.seconds) s")
    }
}
