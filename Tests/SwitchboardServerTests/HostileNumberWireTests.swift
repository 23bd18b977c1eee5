import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Numbers too large for the server, sent the ways a stranger can: a
/// `Prefer` header (a preflight for it is allowed from any origin), a
/// control API change and a long poll's wait (`ControlRequestListTests`). Each is a 400 saying why, and
/// the server answers the next request: none may trap, since that takes
/// every endpoint down.
@Suite struct HostileNumberWireTests {
    static let manifest = "endpoints:\n  - { id: a, method: GET, path: /a, success: { json: { ok: true } } }\n"
    static let delays = [
        "99999999999999s", "1e400s", String(repeating: "9", count: 400) + "ms", "9223372036854775808s", "nan",
        "-inf", "0x10s",
    ]

    func request(_ method: String, _ target: String, headers: String = "", body: String = "") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test(arguments: Self.delays)
    func aPreferHeaderWithAHugeDelayIsA400AndTheServerServesOn(_ delay: String) throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let bad = try wire.response(
            to: self.request("GET", "/a", headers: "Prefer: toxics=\"slow_close:\(delay)\"\r\n"))
        #expect(bad.status == 400)
        #expect(
            try bad.json()["message"] as? String
                == "Prefer: toxics=slow_close:\(delay): 'slow_close:\(delay)' is not a toxic: slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms"
        )
        #expect(wire.isActive)
        #expect(try wire.response(to: self.request("GET", "/a")).status == 200)
    }

    @Test(arguments: Self.delays)
    func aControlChangeWithAHugeDelayIsA400AndChangesNothing(_ delay: String) throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let bad = try wire.response(
            to: self.request("PUT", "/__switchboard/endpoints/a", body: #"{"toxics": "slow_close:\#(delay)"}"#))
        #expect(bad.status == 400)
        #expect(
            (try bad.json()["message"] as? String)?.contains(
                "'slow_close:\(delay)' is not a toxic: slow_close takes a delay up to 600s") == true)
        #expect(wire.panel.snapshot().rows[0].setting.toxics == .none)
        #expect(try wire.response(to: self.request("GET", "/a")).status == 200)
    }
}
