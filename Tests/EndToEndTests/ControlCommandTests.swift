import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// `status`, `set`, `scenario` and `reset` against a real running server.
@Suite struct ControlCommandTests {
    let binary = RepositoryPaths.switchboardBinary.path

    func run(_ arguments: [String], server: RunningServer) async throws -> CommandResult {
        try await Subprocess.run(self.binary, arguments + ["--url", "http://127.0.0.1:\(server.port)"])
    }

    @Test func statusPrintsATableOfEndpoints() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            try server.panel.setMode(.serverError, endpoint: "weather")
            let result = try await self.run(["status"], server: server)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines[0].hasPrefix("Switchboard at http://127.0.0.1:\(server.port)"))
            #expect(lines[1].hasPrefix("ID"))
            #expect(lines.contains { $0.hasPrefix("weather") && $0.contains("server_error") })
            let json = try await self.run(["status", "--json"], server: server)
            #expect(json.stdout.contains(#""mode" : "server_error""#))
            // Paths as written, not JSONEncoder's `\/`.
            #expect(json.stdout.contains(#""path" : "/data/all/coinlist""#))
            #expect(!json.stdout.contains(#"\/"#))
        }
    }

    @Test func setTakesAnIdOrMethodAndPath() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let byID = try await self.run(["set", "coinlist", "server_error"], server: server)
            #expect(byID.status == 0)
            #expect(byID.stdout == "coinlist: server_error, latency none\n")
            let byPath = try await self.run(["set", "POST", "/login", "error", "--latency", "fast"], server: server)
            #expect(byPath.stdout == "login: error, latency fast\n")
            let byConcretePath = try await self.run(["set", "GET /episodes/3", "flaky:50"], server: server)
            #expect(byConcretePath.stdout == "episode: flaky:50, latency none\n")
            let latencyOnly = try await self.run(["set", "weather", "--latency", "3g"], server: server)
            #expect(latencyOnly.stdout == "weather: success, latency 3g\n")
            let settings = server.panel.snapshot().rows.map(\.setting)
            #expect(settings[0].mode == .serverError)
            #expect(settings[4] == EndpointSetting(mode: .error, latency: "fast"))
            #expect(settings[2].mode == .flaky(percent: 50))
            #expect(settings[1].latency == "3g")
        }
    }

    @Test func setTakesARateLimitAndOffRemovesIt() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let limited = try await self.run(["set", "coinlist", "--rate-limit", "5/s"], server: server)
            #expect(limited.stdout == "coinlist: success, latency none, rate limit 5/s\n")
            #expect(server.panel.snapshot().rows[0].setting.rateLimit == .perSecond(5))
            let json = try await self.run(["status", "--json"], server: server)
            #expect(json.stdout.contains(#""rate_limit" : "5\/s""#) || json.stdout.contains(#""rate_limit" : "5/s""#))
            let off = try await self.run(["set", "coinlist", "--rate-limit", "off"], server: server)
            #expect(off.stdout == "coinlist: success, latency none\n")
            #expect(server.panel.snapshot().rows[0].setting.rateLimit == nil)
            // A value mistake is a sentence and exit 1, not the usage text.
            let bad = try await self.run(["set", "coinlist", "--rate-limit", "5/hour"], server: server)
            #expect(bad.status == 1)
            #expect(
                bad.stderr
                    == "switchboard: --rate-limit '5/hour' is not a rate limit — write N/s or N/min, e.g. 5/s or 60/min"
                    + " (at most 1000000), or 'off'\n")
        }
    }

    /// Review item 4: `--rate-limit-key` keys the limit per client, and
    /// `set` says so; `none` returns to one bucket.
    @Test func setTakesARateLimitKey() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let keyed = try await self.run(
                ["set", "coinlist", "--rate-limit", "2/s", "--rate-limit-key", "X-Client"], server: server)
            #expect(keyed.stdout == "coinlist: success, latency none, rate limit 2/s per X-Client\n", "\(keyed.stderr)")
            #expect(server.panel.snapshot().rows[0].setting.rateLimitKey == "X-Client")
            let status = try await self.run(["status"], server: server)
            #expect(status.stdout.contains("2/s per X-Client"), "\(status.stdout)")
            let shared = try await self.run(["set", "coinlist", "--rate-limit-key", "none"], server: server)
            #expect(shared.stdout == "coinlist: success, latency none, rate limit 2/s\n")
            #expect(server.panel.snapshot().rows[0].setting.rateLimitKey == nil)
        }
    }

    @Test func mistakesAreOneSentence() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let typo = try await self.run(["set", "coinlst", "error"], server: server)
            #expect(typo.status == 1)
            #expect(typo.stderr.hasPrefix("switchboard: no endpoint 'coinlst' — did you mean 'coinlist'?"))
            let badMode = try await self.run(["set", "coinlist", "eror"], server: server)
            #expect(badMode.status == 1)
            // The same fixes `check` gives for a manifest.
            #expect(badMode.stderr == "switchboard: unknown mode 'eror' — did you mean 'error'?\n")
            let badRate = try await self.run(["set", "coinlist", "flaky:150"], server: server)
            #expect(
                badRate.stderr
                    == "switchboard: unknown mode 'flaky:150' — flaky takes a percentage from 0 to 100, e.g. 'flaky:25'\n"
            )
            let badFailure = try await self.run(["set", "coinlist", "fail_first:2:rest"], server: server)
            #expect(
                badFailure.stderr
                    == "switchboard: unknown mode 'fail_first:2:rest' — did you mean 'fail_first:2:reset'?\n")
            let badRule = try await self.run(["set", "weather", "after:3:sucess"], server: server)
            #expect(badRule.status == 1)
            #expect(badRule.stderr.contains("'sucess' is not a mode (did you mean 'success'?)"))
            let badPath = try await self.run(["set", "GET", "/weathr", "error"], server: server)
            #expect(badPath.status == 1)
            #expect(badPath.stderr.hasPrefix("switchboard: no endpoint 'GET /weathr' — did you mean 'GET /weather'?"))
            // `--toxic` and `--rate-limit` as `check` says them, exit 1.
            let badToxic = try await self.run(["set", "weather", "--toxic", "slicr"], server: server)
            #expect(badToxic.status == 1)
            #expect(
                badToxic.stderr
                    == "switchboard: --toxic 'slicr' is not a toxic: toxics: slicer, slow_close[:DURATION],"
                    + " limit_data:N — did you mean 'slicer'?\n")
            let badUnit = try await self.run(["set", "weather", "--rate-limit", "5/mn"], server: server)
            #expect(badUnit.status == 1)
            #expect(badUnit.stderr == "switchboard: --rate-limit '5/mn' is not a rate limit — did you mean '5/min'?\n")
            let nobody = try await Subprocess.run(self.binary, ["status", "--url", "http://127.0.0.1:9"])
            #expect(nobody.status == 1)
            #expect(
                nobody.stderr
                    == "switchboard: nothing is listening on 127.0.0.1:9 — start it with `switchboard` (or pass --url)\n"
            )
        }
    }

    @Test func scenarioAndResetDriveEveryEndpoint() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let list = try await self.run(["scenario"], server: server)
            // Each with what it sets, as the picker says it.
            #expect(
                list.stdout
                    == "outage  all: server_error\nslow-network  all: latency slow\nlogin-broken  login: error\n"
                    + "bad-day  (drill: 3 steps over 30 s)\n  at 0 s   all: latency slow\n  at 10 s  weather: server_error\n"
                    + "  at 30 s  reset all\n")
            #expect(try await self.run(["scenario", "outage"], server: server).stdout == "scenario outage applied\n")
            #expect(server.panel.snapshot().rows.allSatisfy { $0.setting.mode == .serverError })
            #expect(try await self.run(["status"], server: server).stdout.contains("scenario: outage\n"))
            #expect(try await self.run(["reset", "coinlist"], server: server).stdout == "coinlist reset\n")
            #expect(server.panel.snapshot().rows[0].setting.mode == .success)
            // The header's words: the others still answer 500.
            #expect(try await self.run(["status"], server: server).stdout.contains("scenario: outage (changed)\n"))
            let json = try await self.run(["status", "--json"], server: server).stdout
            #expect(json.contains(#""scenario" : "outage""#) && json.contains(#""scenario_state" : "changed""#))
            #expect(try await self.run(["reset"], server: server).stdout == "every endpoint reset\n")
            #expect(server.panel.snapshot().rows.allSatisfy { $0.setting.mode == .success })
            let unknown = try await self.run(["scenario", "outtage"], server: server)
            #expect(unknown.stderr.hasPrefix("switchboard: no scenario 'outtage' — did you mean 'outage'?"))
        }
    }

    @Test func aTokenIsSentWhenGiven() async throws {
        let server = try RunningServer.demo(controlToken: "t0k")
        try await server.serving { server in
            let refused = try await self.run(["status"], server: server)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("Authorization: Bearer"))
            let allowed = try await self.run(["status", "--token", "t0k"], server: server)
            #expect(allowed.status == 0)
        }
    }

    /// Issue 22 item 20: an option after the words does not make the mode
    /// part of the endpoint's name; a path under the wrong method, in any
    /// case, names the method it answers; `reset all` is every endpoint.
    @Test func mistakesNameWhatIsWrong() async throws {
        let server = try RunningServer.demo()
        try await server.serving { server in
            let badMode = try await self.run(["set", "coinlist", "eror", "--latency", "slow"], server: server)
            #expect(badMode.status == 1)
            #expect(badMode.stderr == "switchboard: unknown mode 'eror' — did you mean 'error'?\n")
            let wrongMethod = try await self.run(["set", "GET /login", "error"], server: server)
            #expect(wrongMethod.status == 1)
            #expect(
                wrongMethod.stderr
                    == "switchboard: no endpoint 'GET /login': /login answers POST — did you mean 'POST /login'?\n")
            let lowerCase = try await self.run(["set", "get", "/login", "error"], server: server)
            #expect(
                lowerCase.stderr
                    == "switchboard: no endpoint 'get /login': /login answers POST — did you mean 'POST /login'?\n")
            let lowerCaseRight = try await self.run(["set", "post", "/login", "error"], server: server)
            #expect(lowerCaseRight.stdout == "login: error, latency none\n")
            let tooMany = try await self.run(["set", "coinlist", "error", "slow"], server: server)
            #expect(tooMany.status == 64)
            #expect(tooMany.stderr.contains("one MODE after the endpoint, not 'error slow'"))
            try server.panel.setMode(.serverError, endpoint: "weather")
            #expect(try await self.run(["reset", "all"], server: server).stdout == "every endpoint reset\n")
            #expect(server.panel.snapshot().rows.allSatisfy { $0.setting.mode == .success })
            let resetTypo = try await self.run(["reset", "GET", "/login"], server: server)
            #expect(
                resetTypo.stderr
                    == "switchboard: no endpoint 'GET /login': /login answers POST — did you mean 'POST /login'?\n")
        }
    }

    /// Issue 22 item 21: a running drill shows in `status` as in the
    /// screen's header, its step and countdown in the scenario's place.
    @Test func statusShowsTheRunningDrillsStepAndCountdown() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: login, method: POST, path: /login }
                scenarios:
                  bad-day:
                    steps:
                      - { at: 0s, login: { latency: 3g } }
                      - { at: 20s, login: { mode: server_error } }
                      - { at: 40s, reset: all }
                """)
        let clock = ManualClock()
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path), now: clock.panelClock)
        let server = try RunningServer(panel: panel, keeping: fixtures)
        try await server.serving { server in
            try panel.applyScenario(named: "bad-day")
            clock.advance(by: 2.5)
            let status = try await self.run(["status"], server: server)
            let header = status.stdout.split(separator: "\n").first.map(String.init)
            #expect(
                header == "Switchboard at http://127.0.0.1:\(server.port) — 0 requests, drill bad-day 1/3, next in 18s")
        }
    }

    @Test func aConcretePathGoesWhereTheServerWouldRouteIt() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: one, method: GET, path: "/episodes/:episode" }
                  - { id: latest, method: GET, path: /episodes/latest }
                """)
        let server = try RunningServer(fixtures: fixtures)
        try await server.serving { server in
            let latest = try await self.run(["set", "GET", "/episodes/latest", "error"], server: server)
            #expect(latest.stdout == "latest: error, latency none\n")
            let seventh = try await self.run(["set", "GET", "/episodes/7", "hang"], server: server)
            #expect(seventh.stdout == "one: hang, latency none\n")
        }
    }

    /// Issue 38: `METHOD PATH` naming several endpoints of one path (body-
    /// or query-matched twins) takes the one the server tries first, the one
    /// with more requirements (`EndpointTable`'s precedence), not the first
    /// listed; twins it tells apart only by their order are refused, naming
    /// their ids.
    @Test func twinsOfOnePathGoByTheServersPrecedenceOrAreRefused() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: login-refused, method: POST, path: /login }
                  - { id: login, method: POST, path: /login, body: { json: { username: alice } } }
                  - { id: search-a, method: GET, path: /search, query: { q: a } }
                  - { id: search-b, method: GET, path: /search, query: { q: b } }
                """)
        let server = try RunningServer(fixtures: fixtures)
        try await server.serving { server in
            let login = try await self.run(["set", "POST", "/login", "error"], server: server)
            #expect(login.stdout == "login: error, latency none\n")
            let tie = try await self.run(["set", "GET /search", "error"], server: server)
            #expect(tie.status == 1)
            #expect(
                tie.stderr
                    == "switchboard: 'GET /search' is 2 endpoints the server tells apart only by their order"
                    + " (search-a, search-b): name one by its id\n")
            #expect(server.panel.snapshot().rows.map(\.setting.mode) == [.success, .error, .success, .success])
        }
    }
}
