import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The control API the way a test suite or CI script drives it, on the
/// embedded channel: requests in, JSON out, and the next request of the
/// fake API answered as the change says.
@Suite struct ControlAPITests {
    static func request(_ method: String, _ target: String, headers: String = "", body: String = "") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    func put(_ wire: WireHarness, _ id: String, _ body: String) throws -> HTTPResult {
        try wire.response(
            to: Self.request(
                "PUT", "/__switchboard/endpoints/\(id)", headers: "Content-Type: application/json\r\n", body: body))
    }

    func get(_ wire: WireHarness, _ target: String, headers: String = "") throws -> HTTPResult {
        try wire.response(to: Self.request("GET", target, headers: headers))
    }

    @Test func listsEndpointsWithModesLatencyHitsAndLastStatus() throws {
        let wire = try WireHarness.demo()
        _ = try self.get(wire, "/data/all/coinlist")
        let response = try self.get(wire, "/__switchboard/endpoints")
        #expect(response.status == 200)
        let body = try response.json()
        let endpoints = try #require(body["endpoints"] as? [[String: Any]])
        #expect(
            endpoints.map { $0["id"] as? String } == [
                "coinlist", "weather", "episode", "person", "login", "login-refused", "kitten", "todos.list",
                "todos.create", "todos.read", "todos.replace", "todos.update", "todos.delete",
            ])
        let coinlist = endpoints[0]
        #expect(coinlist["method"] as? String == "GET")
        #expect(coinlist["path"] as? String == "/data/all/coinlist")
        #expect(coinlist["mode"] as? String == "success")
        #expect(coinlist["latency"] is NSNull)
        #expect(coinlist["hits"] as? Int == 1)
        #expect(coinlist["last_status"] as? Int == 200)
        #expect((body["scenarios"] as? [String])?.contains("outage") == true)
    }

    @Test func putChangesTheModeForTheVeryNextRequest() throws {
        let wire = try WireHarness.demo()
        let changed = try self.put(wire, "login", #"{"mode": "error", "latency": "fast"}"#)
        #expect(changed.status == 200)
        #expect(try changed.json()["mode"] as? String == "error")
        #expect(try changed.json()["latency"] as? String == "fast")
        try wire.send(Self.request("POST", "/login"))
        wire.advance(by: .milliseconds(100))
        #expect(try wire.responses().map(\.status) == [401])
        let cleared = try self.put(wire, "login", #"{"latency": null}"#)
        #expect(try cleared.json()["latency"] is NSNull)
        #expect(try cleared.json()["mode"] as? String == "error")
    }

    @Test(.ownThreads) func unknownModesAndProfilesAre400WithTheValidOnes() throws {
        let wire = try WireHarness.demo()
        let badMode = try self.put(wire, "login", #"{"mode": "sucess"}"#)
        #expect(badMode.status == 400)
        #expect((try badMode.json()["valid"] as? [String])?.contains("server_error") == true)
        #expect(try badMode.json()["error"] as? String == "unknown_mode")
        #expect((try badMode.json()["message"] as? String)?.hasPrefix("unknown mode 'sucess'") == true)
        let badRule = try self.put(wire, "login", #"{"mode": "fail_first:2:rest"}"#)
        #expect(
            (try badRule.json()["message"] as? String)
                == "unknown mode 'fail_first:2:rest' — did you mean 'fail_first:2:reset'?")
        let badProfile = try self.put(wire, "login", #"{"latency": "turtle"}"#)
        #expect(badProfile.status == 400)
        #expect((try badProfile.json()["valid"] as? [String])?.contains("3g") == true)
        // A good mode with a bad profile is refused whole, not half applied.
        let half = try self.put(wire, "login", #"{"mode": "error", "latency": "turtle"}"#)
        #expect(half.status == 400)
        let notJSON = try self.put(wire, "login", "mode=error")
        #expect(notJSON.status == 400)
        let unknownField = try self.put(wire, "login", #"{"mood": "error"}"#)
        #expect(unknownField.status == 400)
        let unknownEndpoint = try self.put(wire, "logn", #"{"mode": "error"}"#)
        #expect(unknownEndpoint.status == 404)
        #expect(try unknownEndpoint.json()["error"] as? String == "unknown_endpoint")
        #expect((try unknownEndpoint.json()["message"] as? String)?.contains("did you mean 'login'?") == true)
        // Nothing changed along the way.
        #expect(wire.panel.snapshot().rows.allSatisfy { $0.setting.mode == .success })
    }

    @Test func scenariosAndResetApplyToManyEndpoints() throws {
        let wire = try WireHarness.demo()
        let outage = try wire.response(to: Self.request("POST", "/__switchboard/scenarios/outage"))
        #expect(outage.status == 200)
        #expect(try outage.json()["scenario"] as? String == "outage")
        #expect(try self.get(wire, "/data/all/coinlist").status == 500)
        let reset = try wire.response(to: Self.request("POST", "/__switchboard/reset"))
        #expect(reset.status == 200)
        #expect(try self.get(wire, "/data/all/coinlist").status == 200)
        let unknown = try wire.response(to: Self.request("POST", "/__switchboard/scenarios/nope"))
        #expect(unknown.status == 404)
        #expect((try unknown.json()["valid"] as? [String]) == ["outage", "slow-network", "login-broken", "bad-day"])
    }

    @Test func preferAsksForAModeForOneRequestOnly() throws {
        let wire = try WireHarness.demo()
        let failed = try self.get(wire, "/data/all/coinlist", headers: "Prefer: mode=server_error\r\n")
        #expect(failed.status == 500)
        // The journal knows the mode came from the request, for the log line.
        #expect(wire.entries.last?.preferred == true)
        #expect(try self.get(wire, "/data/all/coinlist", headers: "Prefer: latency=none\r\n").status == 200)
        #expect(wire.entries.last?.preferred == false, "a latency wish leaves the mode the endpoint's")
        // Reset: the connection drops with not a byte written.
        let reset = try WireHarness.demo()
        #expect(
            try reset.exchange(Self.request("GET", "/data/all/coinlist", headers: "Prefer: mode=reset\r\n")).isEmpty)
        #expect(!reset.isActive)
        try wire.send(
            Self.request("GET", "/data/all/coinlist", headers: "Prefer: latency=sluggish, return=minimal\r\n"))
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.responses().map(\.status) == [200])
        #expect(try self.get(wire, "/data/all/coinlist").status == 200)
        #expect(wire.panel.snapshot().rows[0].setting.mode == .success)
        try wire.panel.setLatency("sluggish", endpoint: "coinlist")
        #expect(try self.get(wire, "/data/all/coinlist", headers: "Prefer: latency=none\r\n").status == 200)
        try wire.panel.setLatency(nil, endpoint: "coinlist")
        let bad = try self.get(wire, "/data/all/coinlist", headers: "Prefer: mode=teapot\r\n")
        #expect(bad.status == 400)
        #expect(try bad.json()["error"] as? String == "bad_prefer")
        #expect((try bad.json()["message"] as? String)?.hasPrefix("Prefer: mode=teapot is not a mode") == true)
        // The demo's coin list has no sequence to serve.
        let noSequence = try self.get(wire, "/data/all/coinlist", headers: "Prefer: mode=sequence\r\n")
        #expect(noSequence.status == 400)
        #expect(
            (try noSequence.json()["message"] as? String)
                == "Prefer: mode=sequence: endpoint 'coinlist' declares no 'sequence:' in the manifest")
        #expect(wire.entries.first?.mode == .serverError)
        // `setting` is the endpoint's own; the Prefer header is named apart.
        #expect(wire.entries.first?.setting == .success && wire.entries.first?.forced.mode == .serverError)
        #expect(reset.entries.first?.mode == .reset)
    }

    @Test func unknownRoutesSayWhatExists() throws {
        let wire = try WireHarness.demo()
        let unknown = try self.get(wire, "/__switchboard/nope")
        #expect(unknown.status == 404)
        #expect(try unknown.json()["error"] as? String == "no_such_route")
        #expect((try unknown.json()["message"] as? String)?.contains("GET /__switchboard/endpoints") == true)
        let wrongMethod = try wire.response(to: Self.request("DELETE", "/__switchboard/endpoints"))
        #expect(wrongMethod.status == 405)
        // A path that only starts with the same letters is the fake API's.
        let lookalike = try self.get(wire, "/__switchboardish")
        #expect(lookalike.status == 404)
        #expect(wire.entries.map(\.target) == ["/__switchboardish"])
    }
}
