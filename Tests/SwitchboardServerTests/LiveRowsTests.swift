import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Every route that went live without a manifest endpoint becomes a row
/// the user can flip: on the embedded event loop with a scripted upstream
/// (`LiveWire`).
@Suite struct LiveRowsTests {
    /// Answers as `NIOUpstream` does: `echo METHOD path`.
    static func echo(_ upstream: ScriptedUpstream) throws {
        let request = try #require(upstream.requests.last)
        let path = request.url.replacingOccurrences(of: "http://127.0.0.1:9", with: "")
        try upstream.answer(.ok, body: "echo \(request.method.rawValue) \(path)")
    }

    @Test func aRouteSeenLiveIsListedAndItsSettingAppliesToLaterRequests() throws {
        let live = try LiveWire()
        #expect(try live.get("/episodes/3", reply: Self.echo).text == "echo GET /episodes/3")
        let listed = try live.get("/__switchboard/endpoints").json()
        let rows = try #require(listed["endpoints"] as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["get-episodes-id"])
        #expect(rows.first?["path"] as? String == "/episodes/:id")
        #expect(rows.first?["mode"] as? String == "live")

        try live.panel.setMode(.serverError, endpoint: "get-episodes-id")
        #expect(try live.get("/episodes/4", reply: Self.echo).status == 500, "the row's fault, not live")
        #expect(try live.get("/other", reply: Self.echo).text == "echo GET /other", "other routes stay live")
        try live.panel.reset(endpoint: "get-episodes-id")
        #expect(try live.get("/episodes/5", reply: Self.echo).text == "echo GET /episodes/5")
        #expect(live.panel.snapshot().manifest.endpoints.map(\.id) == ["get-episodes-id", "get-other"])
        #expect(live.upstream.requests.count == 3, "the 500 did not go to the upstream")
    }
}
