import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The control API's answers are the contract's types (`SwitchboardControl`),
/// which clients decode: what the server writes reads back whole, with
/// `null` where a value is absent, and the hand-written journal line reads
/// as a `RequestRecord`. No sockets: `ControlAPI` decides, values out.
@Suite struct ControlContractTests {
    let panel: ControlPanel
    let journal = RequestJournal(capacity: 100)
    let api: ControlAPI

    init() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        self.panel = ControlPanel(manifest: manifest)
        self.api = ControlAPI(panel: self.panel, journal: self.journal, serverURL: "http://127.0.0.1:8080")
    }

    func call(_ method: HTTPMethod, _ target: String, body: String = "") -> ControlAPI.Response {
        self.api.handle(
            ControlAPI.Request(method: method, target: RequestTarget(uri: target), body: Array(body.utf8)))
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: ControlAPI.Response) throws -> T {
        try ControlCoding.decoder().decode(type, from: Data(response.body.utf8))
    }

    @Test func theEndpointsAnswerReadsBackAsAPanelStatusWithNullsWritten() throws {
        try self.panel.set(endpoint: "weather", SettingChange(mode: .serverError, latency: LatencyChoice(name: "3g")))
        let response = self.call(.GET, "/__switchboard/endpoints")
        #expect(response.status == .ok)
        let panel = try self.decode(PanelStatus.self, response)
        #expect(
            panel.endpoints.map(\.id) == [
                "coinlist", "weather", "episode", "person", "login", "login-refused", "kitten", "todos.list",
                "todos.create", "todos.read", "todos.replace", "todos.update", "todos.delete",
            ])
        #expect(panel.endpoints[1].mode == "server_error" && panel.endpoints[1].latency == "3g")
        #expect(panel.modes == Mode.names)
        #expect(panel.latencyProfiles.contains { $0.name == "3g" && $0.builtIn })
        // Absent values are written as null, not left out, as the API always has.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
        #expect(object["scenario"] is NSNull)
        let coinlist = try #require((object["endpoints"] as? [[String: Any]])?.first)
        #expect(coinlist["latency"] is NSNull && coinlist["last_status"] is NSNull)
        #expect(coinlist["start_latency"] is NSNull)
    }

    @Test func scenariosAndRoutesReadBack() throws {
        let scenarios = try self.decode(ScenarioList.self, self.call(.GET, "/__switchboard/scenarios"))
        #expect(scenarios.active == nil)
        #expect(scenarios.scenarios.map(\.name) == ["outage", "slow-network", "login-broken", "bad-day"])
        let routes = try self.decode(RouteList.self, self.call(.GET, "/__switchboard"))
        #expect(routes.routes == ControlRoute.listings)
    }

    @Test func aScenariosRateLimitIsListedOnlyWhereItSetsOne() throws {
        let panel = try MemoryFixtures(
            """
            endpoints:
              - { id: feed, method: GET, path: /feed }
            scenarios:
              throttled: { feed: { rate_limit: 2/s } }
              unlimited: { feed: { rate_limit: "off" } }
              outage: { feed: { mode: server_error } }
              choppy: { feed: { toxics: [slicer, "limit_data:100"] } }
            """
        ).panel()
        let api = ControlAPI(panel: panel, journal: self.journal, serverURL: "http://127.0.0.1:8080")
        let response = api.handle(
            ControlAPI.Request(method: .GET, target: RequestTarget(uri: "/__switchboard/scenarios"), body: []))
        let list = try self.decode(ScenarioList.self, response)
        #expect(list.scenarios.map { $0.settings.first?.rateLimit } == ["2/s", "off", nil, nil])
        #expect(list.scenarios.map { $0.settings.first?.toxics } == [nil, nil, nil, "slicer,limit_data:100"])
        #expect(!response.body.contains(#""toxics":null"#))
        // A scenario without a limit reads as it always did: no new key.
        #expect(response.body.contains(#""rate_limit":"2/s""#))
        #expect(!response.body.contains(#""rate_limit":null"#))
    }

    /// A drill lists its steps, and starting one answers with the drill,
    /// so a client can tell it from a scenario that was applied.
    @Test func aDrillListsItsStepsAndStartingOneSaysSo() throws {
        let panel = try MemoryFixtures(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              outage: { "*": { mode: server_error } }
              bad-day:
                steps:
                  - { at: 0s, "*": { latency: 3g } }
                  - { at: 1500ms, login: { mode: error } }
                  - { at: 40s, reset: all }
              instant:
                steps:
                  - { at: 0s, reset: all }
            """
        ).panel()
        let api = ControlAPI(panel: panel, journal: self.journal, serverURL: "http://127.0.0.1:8080")
        func call(_ method: HTTPMethod, _ target: String) -> ControlAPI.Response {
            api.handle(ControlAPI.Request(method: method, target: RequestTarget(uri: target), body: []))
        }
        let list = try self.decode(ScenarioList.self, call(.GET, "/__switchboard/scenarios"))
        #expect(list.scenarios[0].steps == nil)
        #expect(
            list.scenarios[1].steps == [
                ScenarioInfo.Step(
                    atMS: 0,
                    settings: [ScenarioInfo.Setting(endpoint: "*", change: SettingChange(latency: .profile("3g")))]),
                ScenarioInfo.Step(
                    atMS: 1500, settings: [ScenarioInfo.Setting(endpoint: "login", change: SettingChange(mode: .error))]
                ),
                ScenarioInfo.Step(atMS: 40000, settings: [], resetAll: true),
            ])
        let plain = try self.decode(PanelStatus.self, call(.POST, "/__switchboard/scenarios/outage"))
        #expect(plain.drill == nil)
        #expect(plain.scenarioLabel?.description == "outage")
        let started = try self.decode(PanelStatus.self, call(.POST, "/__switchboard/scenarios/bad-day"))
        var drill = try #require(started.drill)
        // The countdown to step 2, due 1.5 s after the start: what `status` shows.
        #expect((1...1500).contains(drill.nextInMS ?? 0))
        drill.nextInMS = nil
        #expect(drill == DrillStatus(name: "bad-day", applied: 1, steps: 3, lengthMS: 40000))
        // Over outage's 500s, which still show: the header's `(stacked)`.
        #expect(started.scenarioLabel?.description == "bad-day (stacked)")
        // Over as soon as it started, and still answered as a drill.
        let instant = try self.decode(PanelStatus.self, call(.POST, "/__switchboard/scenarios/instant"))
        #expect(instant.drill == DrillStatus(name: "instant", applied: 1, steps: 1, lengthMS: 0))
    }

    @Test func aSettingChangeIsReadWithNullLatencyAsRemoveAndRefusalsAsProblems() throws {
        func read(_ text: String) throws -> SettingChange {
            try ControlCoding.decoder().decode(SettingChange.self, from: Data(text.utf8))
        }
        #expect(
            try read(#"{"mode":"error","latency":"fast"}"#) == SettingChange(mode: .error, latency: .profile("fast")))
        #expect(try read(#"{"latency":null}"#) == SettingChange(latency: .noLatency))
        #expect(try read("{}") == SettingChange())
        #expect(throws: SettingProblem.unknownKeys(["mood", "x"])) { try read(#"{"x":1,"mood":"error"}"#) }
        #expect(throws: SettingProblem.notText(.mode, shown: "3")) { try read(#"{"mode":3}"#) }
        #expect(throws: SettingProblem.badText(.mode, "eror")) { try read(#"{"mode":"eror"}"#) }
        // What the CLI sends is what the server reads.
        let change = SettingChange(mode: .flaky(percent: 25), latency: .noLatency)
        #expect(try read(String(decoding: try ControlCoding.encoder().encode(change), as: UTF8.self)) == change)
        let refused = self.call(.PUT, "/__switchboard/endpoints/login", body: #"{"mode":3}"#)
        #expect(refused.status == .badRequest)
        let problem = try self.decode(ControlProblem.self, refused)
        #expect(problem.error == "unknown_mode")
        #expect(problem.message.hasPrefix("unknown mode 3; modes: success"))
        #expect(problem.valid == Mode.names)
    }

    @Test func theHandWrittenJournalLineReadsAsARequestRecord() throws {
        var rejected = JournalEntry(
            time: 1_763_812_862.5, method: "POST", target: "/login?next=%2F", status: .noStatusLine,
            duration: .milliseconds(3),
            endpointID: nil, mode: nil, latency: nil)
        rejected.rejection = "body over 10MB"
        var unmatched = JournalEntry(
            time: 1_763_812_863, method: "GET", target: "/nope", status: .answered(404), duration: .microseconds(1500),
            endpointID: nil, mode: nil, latency: nil)
        unmatched.unmatched = Unmatched(closestID: "a", closest: "GET /a", reason: "x")
        var answered = JournalEntry(
            time: 1_763_812_864, method: "GET", target: "/data/all/coinlist", status: .answered(200),
            duration: .seconds(2),
            endpointID: "coinlist", mode: .success, setting: .flaky(percent: 25), latency: "3g",
            injectedDelay: .milliseconds(1500),
            details: FakeExchange(
                requestHeaders: [("Host", "x")], responseHeaders: [("Content-Type", "image/png")],
                responseBody: [0xFF, 0xD8]))
        answered.invalid = [ContractViolation(location: "query.limit", message: "must be ≤ 100")]
        for entry in [rejected, unmatched, answered] { self.journal.record(entry) }
        let records = try self.journal.entries(after: 0).entries.map {
            try ControlCoding.decoder().decode(RequestRecord.self, from: Data($0.jsonLine.utf8))
        }
        #expect(records[0].status == nil && records[0].rejected == "body over 10MB")
        #expect(records[0].path == "/login" && records[0].query == "next=%2F")
        #expect(records[1].unmatched && records[1].closest == "GET /a" && records[1].durationMS == 1.5)
        #expect(records[1].hint == "x")
        #expect(records[2].endpoint == "coinlist" && records[2].setting == "flaky:25" && records[2].delayMS == 1500)
        #expect(records[0].invalid == nil && records[2].invalid == ["query.limit: must be ≤ 100"])
        let details = try self.decode(RequestRecord.self, self.call(.GET, "/__switchboard/requests/3"))
        #expect(details.sequence == 3)
        #expect(details.details?.responseBody == CapturedBody(size: 2, base64: "/9g=", truncated: false))
        #expect(details.details?.requestHeaders == [["Host", "x"]])
    }

    @Test func clearingTheJournalIsWorkForTheThreadPoolNotTheCall() throws {
        self.journal.record(
            JournalEntry(
                time: 0, method: "GET", target: "/a", status: .answered(200), duration: .zero, endpointID: nil,
                mode: nil,
                latency: nil))
        let response = self.call(.DELETE, "/__switchboard/requests")
        // Deciding the call frees nothing: the event loop that asked is free
        // again at once.
        #expect(self.journal.stats().total == 1 && self.journal.entries(after: 0).entries.count == 1)
        let later = try #require(response.later)
        let answer = later()
        #expect(answer.status == .ok)
        #expect(try self.decode(JournalCleared.self, answer) == JournalCleared(cleared: 1))
        #expect(self.journal.entries(after: 0).entries.isEmpty)
    }
}
