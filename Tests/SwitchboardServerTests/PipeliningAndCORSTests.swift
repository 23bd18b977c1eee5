import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Pipelined requests, browsers' cross-origin rules, and the control API's
/// refusal of web pages.
@Suite struct PipeliningAndCORSTests {
    @Test func aPipelinedDelayedRequestIsNotCutByTheIdleTimeout() async throws {
        let server = try RunningServer.demo(
            limits: ServerLimits(idleTimeout: .milliseconds(200), headerTimeout: .milliseconds(200)))
        defer { server.stop() }
        try server.panel.setLatency("sluggish", endpoint: "episode")
        let two =
            "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\nGET /episodes/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let reply = try await RawHTTP.exchange(port: server.port, bytes: Array(two.utf8), timeout: 3)
        #expect(reply.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(reply.prefix(300))")
        #expect(server.journal.entries(after: 0).entries.map(\.status) == [.answered(200), .answered(200)])
    }

    @Test func truncatedPromisesMoreThanAnEmptyBody() async throws {
        let server = try RunningServer(
            fixtures: TemporaryFixtures(
                manifest:
                    "endpoints:\n  - { id: a, method: GET, path: /a, mode: truncated, success: { status: 204 } }\n"))
        defer { server.stop() }
        let result = try await Subprocess.run("curl", ["-sS", "-o", "/dev/null", server.url("/a").absoluteString])
        #expect(result.status == 18, "\(result.stderr)")
    }

    @Test func browsersGetPreflightsAndMayReadResponses() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let preflight = try await Subprocess.run(
            "curl",
            [
                "-s", "-D", "-", "-o", "/dev/null", "-X", "OPTIONS", "-H", "Origin: http://localhost:3000",
                "-H", "Access-Control-Request-Method: POST", "-H", "Access-Control-Request-Headers: content-type",
                server.url("/login").absoluteString,
            ]
        ).stdout
        #expect(preflight.hasPrefix("HTTP/1.1 204 No Content"))
        #expect(preflight.contains("Access-Control-Allow-Origin: http://localhost:3000"))
        #expect(preflight.contains("Access-Control-Allow-Methods: POST, OPTIONS"))
        #expect(preflight.contains("Access-Control-Allow-Headers: content-type"))
        let simple = try await Subprocess.run(
            "curl",
            [
                "-s", "-D", "-", "-o", "/dev/null", "-H", "Origin: http://localhost:3000",
                server.url("/data/all/coinlist").absoluteString,
            ]
        ).stdout
        #expect(simple.contains("Access-Control-Allow-Origin: http://localhost:3000"))
        #expect(simple.contains("Content-Type: application/json"))
        let plain = try await Subprocess.run(
            "curl", ["-s", "-D", "-", "-o", "/dev/null", server.url("/data/all/coinlist").absoluteString]
        ).stdout
        #expect(!plain.contains("Access-Control"))
        let nowhere = try await CurlTiming.get(
            server.url("/nope"),
            extra: ["-X", "OPTIONS", "-H", "Origin: http://a", "-H", "Access-Control-Request-Method: GET"])
        #expect(nowhere.status == 404)
    }

    @Test func aPreflightPassesForAnEndpointThatRequiresHeadersThePreflightLacks() async throws {
        let server = try RunningServer(
            fixtures: TemporaryFixtures(
                manifest: "endpoints:\n  - { id: me, method: GET, path: /me, headers: { Authorization: \"*\" } }\n"))
        defer { server.stop() }
        let preflight = try await Subprocess.run(
            "curl",
            [
                "-s", "-D", "-", "-o", "/dev/null", "-X", "OPTIONS", "-H", "Origin: http://localhost:3000",
                "-H", "Access-Control-Request-Method: GET", "-H", "Access-Control-Request-Headers: authorization",
                server.url("/me").absoluteString,
            ]
        ).stdout
        #expect(preflight.hasPrefix("HTTP/1.1 204 No Content"), "\(preflight)")
        #expect(preflight.contains("Access-Control-Allow-Headers: authorization"))
    }

    @Test func theControlAPIRefusesWebPagesWithoutAToken() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        func status(_ headers: [String]) async throws -> Int {
            try await CurlTiming.get(
                server.url("/__switchboard/reset"), extra: ["-X", "POST"] + headers.flatMap { ["-H", $0] }
            ).status
        }
        #expect(try await status(["Origin: https://evil.example"]) == 403)
        #expect(try await status(["Host: rebound.example:\(server.port)"]) == 403)
        #expect(try await status(["Origin: http://localhost:5173"]) == 403)
        #expect(try await status(["Sec-Fetch-Site: same-site"]) == 403)
        #expect(try await status(["Sec-Fetch-Site: none"]) == 200)
        #expect(try await status([]) == 200)
    }
}
