import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The in-process way: the same fixtures, modes and verification, answered
/// by `SwitchboardURLProtocol` with no port.
@Suite struct URLProtocolTests {
    @Test(.switchboardInProcess("Fixtures"))
    func aFlippedEndpointIsAnsweredWithoutAPort() async throws {
        let board = Switchboard.current
        #expect(board.port == 0)
        let client = AuthClient(baseURL: board.baseURL, session: board.urlSession())
        #expect(await client.login(email: "a@b.c", password: "x") == .success("abc123"))
        try await board.set("login", .error)
        #expect(await client.login(email: "a@b.c", password: "x") == .failure(.invalidCredentials))
        let requests = try await board.requests("login")
        #expect(requests.map(\.status) == [200, 401])
        #expect(requests.last?.header("Content-Type") == "application/json")
        #expect(try requests.last?.decodeBody(as: [String: String].self) == ["email": "a@b.c", "password": "x"])
        await board.verifyNoUnmatchedRequests()
    }

    @Test(.switchboardInProcess("Fixtures"))
    func unmatchedRequestsAreJournaledWithTheNearestEndpoint() async throws {
        let board = Switchboard.current
        let client = AuthClient(baseURL: board.baseURL, session: board.urlSession())
        #expect(await client.get("/profile/ada?full=1") == 200)
        #expect(await client.get("/logn") == 404)
        let unmatched = try await board.unmatchedRequests()
        #expect(unmatched.map(\.path) == ["/logn"])
        #expect(try await board.requests("profile").map(\.query) == ["full=1"])
    }

    @Test(.switchboardInProcess("Fixtures"))
    func preferAndScenariosDecideAsOnTheServer() async throws {
        let board = Switchboard.current
        let session = board.urlSession()
        var request = URLRequest(url: board.baseURL.appendingPathComponent("profile/ada"))
        request.setValue("mode=server_error", forHTTPHeaderField: "Prefer")
        let (_, preferred) = try await session.data(for: request)
        #expect((preferred as? HTTPURLResponse)?.statusCode == 500)
        try await board.apply(scenario: "outage")
        let (_, outage) = try await session.data(from: board.baseURL.appendingPathComponent("profile/ada"))
        #expect((outage as? HTTPURLResponse)?.statusCode == 500)
        #expect(try board.mode(of: "profile") == .serverError)
    }

    @Test(.switchboardInProcess("Fixtures"))
    func aLatencyProfileDelaysTheAnswerOnATimer() async throws {
        let board = Switchboard.current
        try await board.set("profile", .success, latency: .profile("3g"))
        let clock = ContinuousClock()
        let started = clock.now
        let (data, _) = try await board.urlSession().data(from: board.baseURL.appendingPathComponent("profile/ada"))
        // 3g waits 150 ms before the first byte (a lower bound, not a window).
        #expect(clock.now - started >= .milliseconds(150))
        #expect(String(decoding: data, as: UTF8.self).contains("ada"))
    }

    @Test(.switchboardInProcess("Fixtures"))
    func theControlAPIAnswersInProcessToo() async throws {
        let board = Switchboard.current
        var request = URLRequest(url: board.baseURL.appendingPathComponent("__switchboard/endpoints/login"))
        request.httpMethod = "PUT"
        request.httpBody = Data(#"{"mode":"server_error"}"#.utf8)
        let (_, response) = try await board.urlSession().data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try board.mode(of: "login") == .serverError)
        #expect(try await board.requests().isEmpty)
    }

    /// What a server with a port exports, its URLSession exports too: the
    /// journal as JSON and as HAR, and a long poll that waits for a request.
    @Test(.switchboardInProcess("Fixtures"))
    func theJournalExportsAndLongPollsInProcess() async throws {
        let board = Switchboard.current
        let session = board.urlSession()
        let client = AuthClient(baseURL: board.baseURL, session: session)
        #expect(await client.login(email: "a@b.c", password: "x") == .success("abc123"))
        let (list, listed) = try await session.data(
            from: board.baseURL.appendingPathComponent("__switchboard/requests"))
        #expect((listed as? HTTPURLResponse)?.statusCode == 200)
        let records = try JSONSerialization.jsonObject(with: list) as? [[String: Any]]
        #expect(records?.map { $0["path"] as? String } == ["/login"])
        let (har, exported) = try await session.data(from: board.baseURL.appendingPathComponent("__switchboard/har"))
        #expect((exported as? HTTPURLResponse)?.statusCode == 200)
        let log = (try JSONSerialization.jsonObject(with: har) as? [String: Any])?["log"] as? [String: Any]
        #expect((log?["entries"] as? [Any])?.count == 1)
        // Held until the next request arrives, then answered with it.
        var components = URLComponents(url: board.baseURL, resolvingAgainstBaseURL: false)!
        components.path = "/__switchboard/requests"
        components.queryItems = [URLQueryItem(name: "after", value: "1"), URLQueryItem(name: "wait", value: "30")]
        let poll = Task { try await session.data(from: components.url!) }
        #expect(await client.get("/profile/ada") == 200)
        let (polled, _) = try await poll.value
        let next = try JSONSerialization.jsonObject(with: polled) as? [[String: Any]]
        #expect(next?.map { $0["path"] as? String } == ["/profile/ada"])
    }

    @Test func instancesSideBySideStayApart() async throws {
        let one = try Switchboard.inProcess { Endpoint.get("/ping", id: "ping").json(#"{"n":1}"#) }
        let two = try Switchboard.inProcess { Endpoint.get("/ping", id: "ping").json(#"{"n":2}"#) }
        try await stopping(one, two) { () async throws in
            #expect(one.baseURL != two.baseURL)
            // One session for both: the URL's host picks the instance.
            let session = one.urlSession()
            let (first, _) = try await session.data(from: one.baseURL.appendingPathComponent("ping"))
            let (second, _) = try await session.data(from: two.baseURL.appendingPathComponent("ping"))
            #expect(String(decoding: first, as: UTF8.self) == #"{"n":1}"#)
            #expect(String(decoding: second, as: UTF8.self) == #"{"n":2}"#)
            #expect(try await one.requests("ping").count == 1)
            #expect(try await two.requests("ping").count == 1)
        }
    }

    @Test func aStoppedInstanceIsNoLongerAnswered() async throws {
        let board = try Switchboard.inProcess { Endpoint.get("/ping") }
        let session = board.urlSession()
        #expect(await AuthClient(baseURL: board.baseURL, session: session).get("/ping") == 200)
        await board.stop()
        let error = await #expect(throws: URLError.self) {
            _ = try await session.data(from: board.baseURL.appendingPathComponent("ping"))
        }
        // No protocol takes it now, and the `.invalid` host resolves nowhere.
        #expect(error?.code == .cannotFindHost)
    }

    @Test func anInstanceWithAPortCanBeAnsweredInProcessToo() async throws {
        let board = try await Switchboard.start { Endpoint.get("/ping", id: "ping") }
        try await stopping(board) { () async throws in
            let (_, response) = try await board.urlSession().data(from: board.baseURL.appendingPathComponent("ping"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(try await board.requests("ping").count == 1)
        }
    }

    @Test func aDelayLongerThanTheTimeoutTimesOutAndIsJournaledAsAClientThatLeft() async throws {
        let board = try Switchboard.inProcess { Endpoint.get("/slow", id: "slow").latency("gprs") }
        try await stopping(board) { () async throws in
            var request = URLRequest(url: board.baseURL.appendingPathComponent("slow"))
            // gprs waits 500 ms before the status line; the client gives up first.
            request.timeoutInterval = 0.1
            let error = await #expect(throws: URLError.self) { _ = try await board.urlSession().data(for: request) }
            #expect(error?.code == .timedOut)
            // 499, nginx's "client closed request", as the server journals it.
            #expect(try await board.requests("slow").map(\.status) == [499])
        }
    }

    @Test func aBandwidthLimitedBodyArrivesWhole() async throws {
        let body = String(repeating: "x", count: 20_000)
        let board = try Switchboard.inProcess {
            Endpoint.get("/big", id: "big").body(Data(body.utf8), contentType: "text/plain").latency("edge")
        }
        try await stopping(board) { () async throws in
            let (data, _) = try await board.urlSession().data(from: board.baseURL.appendingPathComponent("big"))
            #expect(data.count == 20_000)
            #expect(try await board.requests("big").map(\.status) == [200])
        }
    }
}
