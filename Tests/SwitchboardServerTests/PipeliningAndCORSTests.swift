import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Pipelined requests, browsers' cross-origin rules, and the control API's
/// refusal of web pages, on the embedded channel.
@Suite struct PipeliningAndCORSTests {
    @Test func aPipelinedDelayedRequestIsNotCutByTheIdleTimeout() throws {
        let wire = try WireHarness.demo(
            limits: ServerLimits(idleTimeout: .milliseconds(200), headerTimeout: .milliseconds(200)))
        try wire.panel.setLatency("sluggish", endpoint: "episode")
        try wire.send(
            "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\nGET /episodes/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        #expect(try wire.responses().map(\.status) == [200])
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.responses().map(\.status) == [200])
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200), .answered(200)])
    }

    @Test func truncatedPromisesMoreThanAnEmptyBody() throws {
        let wire = try WireHarness(
            manifest: "endpoints:\n  - { id: a, method: GET, path: /a, mode: truncated, success: { status: 204 } }\n")
        let reply = try wire.response(to: "GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        // A 204 may not carry a body: it comes as a 200 that promises one.
        #expect(reply.status == 200)
        #expect(Int(reply.header("Content-Length") ?? "") ?? 0 > reply.body.count)
        #expect(!wire.isActive)
    }

    @Test func browsersGetPreflightsAndMayReadResponses() throws {
        let wire = try WireHarness.demo()
        let preflight = try wire.response(
            to: "OPTIONS /login HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\n"
                + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
        #expect(preflight.head.hasPrefix("HTTP/1.1 204 No Content"))
        #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type")
        let simple = try wire.response(
            to: "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\n\r\n")
        #expect(simple.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(simple.header("Content-Type") == "application/json")
        let plain = try wire.response(to: "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(!plain.head.contains("Access-Control"))
        let nowhere = try wire.response(
            to: "OPTIONS /nope HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\nAccess-Control-Request-Method: GET\r\n\r\n")
        #expect(nowhere.status == 404)
    }

    @Test func aPreflightPassesForAnEndpointThatRequiresHeadersThePreflightLacks() throws {
        let wire = try WireHarness(
            manifest: "endpoints:\n  - { id: me, method: GET, path: /me, headers: { Authorization: \"*\" } }\n")
        let preflight = try wire.response(
            to: "OPTIONS /me HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\n"
                + "Access-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: authorization\r\n\r\n")
        #expect(preflight.head.hasPrefix("HTTP/1.1 204 No Content"), "\(preflight.head)")
        #expect(preflight.header("Access-Control-Allow-Headers") == "authorization")
    }

    @Test func theControlAPIRefusesWebPagesWithoutAToken() throws {
        func status(_ headers: [String]) throws -> Int {
            // Each on a connection of its own: a refusal closes it.
            let wire = try WireHarness.demo()
            let host = headers.contains { $0.hasPrefix("Host:") } ? "" : "Host: 127.0.0.1:8080\r\n"
            return try wire.response(
                to: "POST /__switchboard/reset HTTP/1.1\r\n\(host)"
                    + headers.map { "\($0)\r\n" }.joined() + "\r\n"
            ).status
        }
        #expect(try status(["Origin: https://evil.example"]) == 403)
        #expect(try status(["Host: rebound.example:8080"]) == 403)
        #expect(try status(["Origin: http://localhost:5173"]) == 403)
        #expect(try status(["Sec-Fetch-Site: same-site"]) == 403)
        #expect(try status(["Sec-Fetch-Site: none"]) == 200)
        #expect(try status([]) == 200)
    }
}
