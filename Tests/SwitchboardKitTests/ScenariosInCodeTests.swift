import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Scenarios declared beside endpoints in code: `apply(scenario:)` without a
/// fixtures folder, on a port and through the URLProtocol, and the same
/// checks a manifest's `scenarios:` gets.
@Suite struct ScenariosInCodeTests {
    @Test(
        .switchboard {
            Endpoint.post("/login", id: "login").json(#"{"token":"t"}"#).error(status: 401)
            Endpoint.get("/profile/:user", id: "profile")
        } scenarios: {
            Scenario("outage").all(.serverError)
            Scenario("login-down").all(.serverError).set("login", .reset)
        })
    func aScenarioInCodeFlipsTheServer() async throws {
        let board = Switchboard.current
        let client = AuthClient(baseURL: board.baseURL)
        try await board.apply(scenario: "outage")
        #expect(await client.get("/profile/ada") == 500)
        #expect(await client.login(email: "a", password: "b") == .failure(.server(500)))
        try await board.reset()
        // Later settings override `all`, as a manifest's entries override "*".
        try await board.apply(scenario: "login-down")
        #expect(try board.mode(of: "login") == .reset)
        #expect(try board.mode(of: "profile") == .serverError)
        #expect(await client.login(email: "a", password: "b") == .failure(.network))
        let error = await #expect(throws: SwitchboardError.self) { try await board.apply(scenario: "outge") }
        #expect(error?.message == "no scenario 'outge' — did you mean 'outage'?")
        #expect(error?.valid == ["outage", "login-down"])
    }

    @Test(
        .switchboardInProcess {
            Endpoint.get("/profile/:user", id: "profile")
        } scenarios: {
            Scenario("slow").set("profile", .error, latency: .profile("3g"))
        })
    func aScenarioInCodeFlipsTheURLProtocol() async throws {
        let board = Switchboard.current
        try await board.apply(scenario: "slow")
        let clock = ContinuousClock()
        let started = clock.now
        let (_, response) = try await board.urlSession().data(
            from: board.baseURL.appendingPathComponent("profile/ada"))
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        // 3g waits 150 ms before the first byte (a lower bound, not a window).
        #expect(clock.now - started >= .milliseconds(150))
        #expect(try await board.requests("profile").map(\.status) == [400])
    }

    @Test(
        .switchboardInProcess {
            Endpoint.get("/profile/:user", id: "profile")
        } scenarios: {
            // A token takes a minute to come back.
            Scenario("throttled").set("profile", rateLimit: .perMinute(1))
            Scenario("unthrottled").all(rateLimit: .noLimit)
        })
    func aScenarioInCodeSetsARateLimit() async throws {
        let board = Switchboard.current
        let url = board.baseURL.appendingPathComponent("profile/ada")
        func get() async throws -> HTTPURLResponse? {
            try await board.urlSession().data(from: url).1 as? HTTPURLResponse
        }
        try await board.apply(scenario: "throttled")
        let first = try await get()
        #expect(first?.statusCode == 200)
        #expect(first?.value(forHTTPHeaderField: "RateLimit-Limit") == "1")
        // The next request is refused. Under the whole suite on two cores a
        // test can wait a minute between two requests, and the token is back
        // by then: the one after the request that took it is refused.
        var second = try await get()
        for _ in 0..<3 where second?.statusCode == 200 { second = try await get() }
        #expect(second?.statusCode == 429)
        #expect(second?.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init).map { $0 > 1 } == true)
        try await board.apply(scenario: "unthrottled")
        let free = try await get()
        #expect(free?.statusCode == 200)
        #expect(free?.value(forHTTPHeaderField: "RateLimit-Limit") == nil)
    }

    @Test(
        .switchboardInProcess {
            Endpoint.get("/profile/:user", id: "profile")
        } scenarios: {
            Scenario("cut").set("profile", toxics: .limitData(5))
            Scenario("whole").all(toxics: .none)
        })
    func aScenarioInCodeSetsToxics() async throws {
        let board = Switchboard.current
        let url = board.baseURL.appendingPathComponent("profile/ada")
        try await board.apply(scenario: "cut")
        // Five bytes of a longer body, then the connection's end: URLSession fails it.
        await #expect(throws: URLError.self) { _ = try await board.urlSession().data(from: url) }
        try await board.apply(scenario: "whole")
        let (_, response) = try await board.urlSession().data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func scenariosAreStartedWithoutATraitToo() async throws {
        let board = try await Switchboard.start {
            Endpoint.get("/ping")
        } scenarios: {
            Scenario("down").set("get-ping", .serverError)
        }
        try await stopping(board) { () async throws in
            try await board.apply(scenario: "down")
            #expect(await AuthClient(baseURL: board.baseURL).get("/ping") == 500)
        }
    }

    /// What `start` (port) and `inProcess` both refuse, every problem at once,
    /// in the manifest's words.
    static let badScenarios: @Sendable () -> [Scenario] = {
        [
            Scenario("outage").set("logn", .serverError),
            Scenario("outage").all(latency: .profile("4g")),
            Scenario("flaky").set("profile", .flaky(percent: 150)),
            Scenario("elsewhere").set("nowhere", latency: .noLatency),
        ]
    }

    static let badScenarioProblems = [
        "scenario 'outage' names unknown endpoint 'logn' — did you mean 'login'?",
        "two scenarios are named 'outage' — give one another name",
        "scenario 'outage': unknown latency profile '4g' — did you mean '3g'?",
        "scenario 'flaky': unknown mode 'flaky:150' — flaky takes a percentage from 0 to 100, e.g. `.flaky(percent: 25)`",
        "scenario 'elsewhere' names unknown endpoint 'nowhere' — use an endpoint id (login, profile) or `.all(…)` for all",
    ]

    @Test func badScenariosAreRefusedAtStart() async throws {
        let error = await #expect(throws: EndpointDeclarationError.self) {
            _ = try await Switchboard.start {
                Endpoint.post("/login", id: "login")
                Endpoint.get("/profile/:user", id: "profile")
            } scenarios: {
                Self.badScenarios()
            }
        }
        #expect(error?.problems == Self.badScenarioProblems)
    }

    @Test func badScenariosAreRefusedInProcess() throws {
        let error = #expect(throws: EndpointDeclarationError.self) {
            _ = try Switchboard.inProcess {
                Endpoint.post("/login", id: "login")
                Endpoint.get("/profile/:user", id: "profile")
            } scenarios: {
                Self.badScenarios()
            }
        }
        #expect(error?.problems == Self.badScenarioProblems)
    }
}
