import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Every route that went live without a manifest endpoint becomes a row
/// the user can flip: through a real proxy to `NIOUpstream`.
@Suite struct LiveRowsTests {
    @Test func aRouteSeenLiveIsListedAndItsSettingAppliesToLaterRequests() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            #expect(try await HTTPClient.send(proxy.url("/episodes/3")).text == "echo GET /episodes/3")
            let listed = try await HTTPClient.send(proxy.url("/__switchboard/endpoints")).json()
            let rows = try #require(listed["endpoints"] as? [[String: Any]])
            #expect(rows.map { $0["id"] as? String } == ["get-episodes-id"])
            #expect(rows.first?["path"] as? String == "/episodes/:id")
            #expect(rows.first?["mode"] as? String == "live")

            try proxy.panel.setMode(.serverError, endpoint: "get-episodes-id")
            #expect(try await HTTPClient.send(proxy.url("/episodes/4")).status == 500, "the row's fault, not live")
            #expect(try await HTTPClient.send(proxy.url("/other")).text == "echo GET /other", "other routes stay live")
            try proxy.panel.reset(endpoint: "get-episodes-id")
            #expect(try await HTTPClient.send(proxy.url("/episodes/5")).text == "echo GET /episodes/5")
            #expect(proxy.panel.snapshot().manifest.endpoints.map(\.id) == ["get-episodes-id", "get-other"])
        }
    }
}
