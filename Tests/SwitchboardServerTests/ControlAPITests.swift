import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The control API driven over HTTP against a real server, the way a test
/// suite or CI script would.
@Suite struct ControlAPITests {
    func put(_ server: RunningServer, _ id: String, _ body: String) async throws -> HTTPResult {
        try await HTTPClient.send(
            server.url("/__switchboard/endpoints/\(id)"), method: "PUT", headers: ["Content-Type": "application/json"],
            body: Data(body.utf8))
    }

    @Test func listsEndpointsWithModesLatencyHitsAndLastStatus() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        _ = try await HTTPClient.send(server.url("/data/all/coinlist"))
        let response = try await HTTPClient.send(server.url("/__switchboard/endpoints"))
        #expect(response.status == 200)
        let body = try response.json()
        let endpoints = try #require(body["endpoints"] as? [[String: Any]])
        #expect(
            endpoints.map { $0["id"] as? String } == ["coinlist", "weather", "episode", "person", "login", "kitten"])
        let coinlist = endpoints[0]
        #expect(coinlist["method"] as? String == "GET")
        #expect(coinlist["path"] as? String == "/data/all/coinlist")
        #expect(coinlist["mode"] as? String == "success")
        #expect(coinlist["latency"] is NSNull)
        #expect(coinlist["hits"] as? Int == 1)
        #expect(coinlist["last_status"] as? Int == 200)
        #expect((body["scenarios"] as? [String])?.contains("outage") == true)
    }

    @Test func putChangesTheModeForTheVeryNextRequest() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let changed = try await self.put(server, "login", #"{"mode": "error", "latency": "fast"}"#)
        #expect(changed.status == 200)
        #expect(try changed.json()["mode"] as? String == "error")
        #expect(try changed.json()["latency"] as? String == "fast")
        let login = try await HTTPClient.send(server.url("/login"), method: "POST")
        #expect(login.status == 401)
        let cleared = try await self.put(server, "login", #"{"latency": null}"#)
        #expect(try cleared.json()["latency"] is NSNull)
        #expect(try cleared.json()["mode"] as? String == "error")
    }

    @Test func unknownModesAndProfilesAre400WithTheValidOnes() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let badMode = try await self.put(server, "login", #"{"mode": "sucess"}"#)
        #expect(badMode.status == 400)
        #expect((try badMode.json()["valid"] as? [String])?.contains("server_error") == true)
        #expect((try badMode.json()["error"] as? String)?.hasPrefix("unknown mode 'sucess'") == true)
        let badProfile = try await self.put(server, "login", #"{"latency": "turtle"}"#)
        #expect(badProfile.status == 400)
        #expect((try badProfile.json()["valid"] as? [String])?.contains("3g") == true)
        // A good mode with a bad profile is refused whole, not half applied.
        let half = try await self.put(server, "login", #"{"mode": "error", "latency": "turtle"}"#)
        #expect(half.status == 400)
        let notJSON = try await self.put(server, "login", "mode=error")
        #expect(notJSON.status == 400)
        let unknownField = try await self.put(server, "login", #"{"mood": "error"}"#)
        #expect(unknownField.status == 400)
        let unknownEndpoint = try await self.put(server, "logn", #"{"mode": "error"}"#)
        #expect(unknownEndpoint.status == 404)
        #expect((try unknownEndpoint.json()["error"] as? String)?.contains("did you mean 'login'?") == true)
        // Nothing changed along the way.
        #expect(server.panel.snapshot().settings.allSatisfy { $0.mode == .success })
    }

    @Test func scenariosAndResetApplyToManyEndpoints() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let outage = try await HTTPClient.send(server.url("/__switchboard/scenarios/outage"), method: "POST")
        #expect(outage.status == 200)
        #expect(try outage.json()["scenario"] as? String == "outage")
        #expect(try await HTTPClient.send(server.url("/data/all/coinlist")).status == 500)
        let reset = try await HTTPClient.send(server.url("/__switchboard/reset"), method: "POST")
        #expect(reset.status == 200)
        #expect(try await HTTPClient.send(server.url("/data/all/coinlist")).status == 200)
        let unknown = try await HTTPClient.send(server.url("/__switchboard/scenarios/nope"), method: "POST")
        #expect(unknown.status == 404)
        #expect((try unknown.json()["valid"] as? [String]) == ["outage", "slow-network", "login-broken"])
    }

    @Test func theJournalIsReadableFilterableAndClearableButHoldsNoControlCalls() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let session = HTTPClient.session()
        for path in ["/data/all/coinlist", "/nope", "/episodes/2"] {
            _ = try await HTTPClient.send(server.url(path), session: session)
        }
        _ = try await HTTPClient.send(server.url("/__switchboard/endpoints"), session: session)
        let all = try await HTTPClient.send(server.url("/__switchboard/requests"), session: session)
        let entries = try all.jsonArray()
        #expect(entries.map { $0["path"] as? String } == ["/data/all/coinlist", "/nope", "/episodes/2"])
        #expect(entries[0]["endpoint"] as? String == "coinlist")
        #expect(entries[0]["mode"] as? String == "success")
        #expect(entries[0]["delay_ms"] != nil && entries[0]["duration_ms"] != nil)
        let limited = try await HTTPClient.send(server.url("/__switchboard/requests?limit=1"), session: session)
        #expect(
            try limited.jsonArray().first?["path"] as? String
                == "/episodes/2")
        let unmatched = try await HTTPClient.send(
            server.url("/__switchboard/requests?unmatched=true"), session: session)
        #expect(
            try unmatched.jsonArray().map { $0["path"] as? String }
                == ["/nope"])
        let cleared = try await HTTPClient.send(
            server.url("/__switchboard/requests"), method: "DELETE", session: session)
        #expect(try cleared.json()["cleared"] as? Int == 3)
        let empty = try await HTTPClient.send(server.url("/__switchboard/requests"), session: session)
        #expect(empty.text == "[]")
    }

    @Test func oneRequestsDetailsIncludeHeadersAndBodies() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        _ = try await HTTPClient.send(
            server.url("/login"), method: "POST", headers: ["Content-Type": "application/json", "X-Trace": "abc"],
            body: Data(#"{"email":"a@example.com"}"#.utf8))
        let sequence = try #require(server.journal.entries(after: 0).entries.last?.sequence)
        let response = try await HTTPClient.send(server.url("/__switchboard/requests/\(sequence)"))
        let details = try #require(try response.json()["details"] as? [String: Any])
        let headers = try #require(details["request_headers"] as? [[String]])
        #expect(headers.contains(["X-Trace", "abc"]))
        #expect((details["request_body"] as? [String: Any])?["text"] as? String == #"{"email":"a@example.com"}"#)
        let body = try #require(details["response_body"] as? [String: Any])
        #expect((body["text"] as? String)?.contains("token") == true)
    }

    @Test func preferAsksForAModeForOneRequestOnly() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let failed = try await HTTPClient.send(
            server.url("/data/all/coinlist"), headers: ["Prefer": "mode=server_error"])
        #expect(failed.status == 500)
        let reset = try await Subprocess.run(
            "curl",
            ["-s", "-o", "/dev/null", "-H", "Prefer: mode=reset", server.url("/data/all/coinlist").absoluteString])
        #expect(reset.status == 56)
        let delayed = try await CurlTiming.get(
            server.url("/data/all/coinlist"), extra: ["-H", "Prefer: latency=sluggish, return=minimal"])
        #expect(delayed.status == 200 && delayed.total >= 0.5)
        #expect(try await HTTPClient.send(server.url("/data/all/coinlist")).status == 200)
        #expect(server.panel.snapshot().settings[0].mode == .success)
        try server.panel.setLatency("sluggish", endpoint: "coinlist")
        let undelayed = try await CurlTiming.get(
            server.url("/data/all/coinlist"), extra: ["-H", "Prefer: latency=none"])
        #expect(undelayed.status == 200 && undelayed.total < 0.4, "took \(undelayed.total) s")
        try server.panel.setLatency(nil, endpoint: "coinlist")
        let bad = try await HTTPClient.send(server.url("/data/all/coinlist"), headers: ["Prefer": "mode=teapot"])
        #expect(bad.status == 400)
        #expect((try bad.json()["error"] as? String)?.hasPrefix("Prefer: mode=teapot is not a mode") == true)
        // The demo's coin list has no sequence to serve.
        let noSequence = try await HTTPClient.send(
            server.url("/data/all/coinlist"), headers: ["Prefer": "mode=sequence"])
        #expect(noSequence.status == 400)
        #expect(
            (try noSequence.json()["error"] as? String)
                == "Prefer: mode=sequence: endpoint 'coinlist' declares no 'sequence:' in the manifest")
        let entries = server.journal.entries(after: 0).entries
        #expect(entries.first?.mode == .serverError)
        #expect(entries.first?.setting == nil)
    }

    @Test func unknownRoutesSayWhatExists() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let unknown = try await HTTPClient.send(server.url("/__switchboard/nope"))
        #expect(unknown.status == 404)
        #expect((try unknown.json()["error"] as? String)?.contains("GET /__switchboard/endpoints") == true)
        let wrongMethod = try await HTTPClient.send(server.url("/__switchboard/endpoints"), method: "DELETE")
        #expect(wrongMethod.status == 405)
        // A path that only starts with the same letters is the fake API's.
        let lookalike = try await HTTPClient.send(server.url("/__switchboardish"))
        #expect(lookalike.status == 404)
        #expect(server.journal.entries(after: 0).entries.map(\.target) == ["/__switchboardish"])
    }
}
