import Foundation
import SwitchboardTestSupport
import Testing

/// Real web pages in a real browser (headless Chromium) against a real
/// Switchboard: pages on this machine cannot drive or read the control API,
/// and a page that sends cookies can still read the headers of a failure.
@Suite(.serialized, .enabled(if: HeadlessChromium.shouldRun, HeadlessChromium.skipReason))
struct BrowserControlAccessTests {
    static let manifest = """
        endpoints:
          - id: coins
            method: GET
            path: /coins
            success: { json: { ok: true } }
            error: { status: 429, headers: { Retry-After: "30" }, json: { error: slow_down } }
          - id: login
            method: POST
            path: /login
            success: { json: { ok: true } }
            error: { status: 401, headers: { WWW-Authenticate: 'Bearer realm="demo"' }, json: { error: denied } }
          - id: rebound
            method: GET
            path: /rebound.html
            success: { file: rebound.html, headers: { Content-Type: text/html } }
        scenarios:
          outage:
            "*": { mode: server_error }
        """
    static let appSecret = "Bearer app-secret-7f3a"

    /// The Switchboard under attack, with state a page would want to change
    /// (login already failing, no scenario) and a captured credential in
    /// its journal.
    static func target() throws -> RunningServer {
        let server = try RunningServer(
            fixtures: TemporaryFixtures(manifest: Self.manifest, textFiles: ["rebound.html": HostilePages.rebound]))
        try Self.control(server, "PUT", "/__switchboard/endpoints/login", body: #"{"mode":"error"}"#)
        _ = try Subprocess.run(
            "curl", ["-s", "-H", "Authorization: \(Self.appSecret)", server.url("/coins").absoluteString])
        return server
    }

    /// A second Switchboard on another port, serving one page.
    static func pageServer(_ html: String) throws -> RunningServer {
        try RunningServer(
            fixtures: TemporaryFixtures(
                manifest: """
                    endpoints:
                      - { id: page, method: GET, path: /page.html, success: { file: page.html, headers: { Content-Type: text/html } } }
                    """,
                textFiles: ["page.html": html]))
    }

    /// A control API call from a program, as scripts make them.
    @discardableResult
    static func control(_ server: RunningServer, _ method: String, _ path: String, body: String? = nil) throws -> String
    {
        try Subprocess.run(
            "curl", ["-s", "-X", method] + (body.map { ["--data", $0] } ?? []) + [server.url(path).absoluteString]
        ).stdout
    }

    /// What a page could have changed: the scenario and each endpoint's mode.
    static func state(_ server: RunningServer) throws -> String {
        let text = try Self.control(server, "GET", "/__switchboard/endpoints")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let endpoints = try #require(object["endpoints"] as? [[String: Any]])
        let modes = endpoints.map { "\($0["id"] ?? "?")=\($0["mode"] ?? "?")" }
        return "scenario=\(object["scenario"] ?? "nil") " + modes.joined(separator: " ")
    }

    static let untouched = "scenario=<null> coins=success login=error rebound=success"

    @Test(arguments: ["localhost", "127.0.0.1"])
    func aPageOnAnotherPortOfThisMachineChangesNothing(pageHost: String) async throws {
        try await onThread {
            let target = try Self.target()
            defer { target.stop() }
            #expect(try Self.state(target) == Self.untouched)
            let pages = try Self.pageServer(HostilePages.changeEverything(at: "http://127.0.0.1:\(target.port)"))
            defer { pages.stop() }
            let results = try HeadlessChromium.results(of: "http://\(pageHost):\(pages.port)/page.html")
            #expect(results.count == 9, "\(results)")
            #expect(try Self.state(target) == Self.untouched, "\(results)")
            // Nothing the page could read holds the journal.
            #expect(results.values.allSatisfy { !$0.contains("app-secret") }, "\(results)")
            #expect(results["har"]?.hasPrefix("blocked") == true, "\(results)")
        }
    }

    @Test func aFormOnAnotherPortCannotApplyAScenario() async throws {
        try await onThread {
            let target = try Self.target()
            defer { target.stop() }
            let pages = try Self.pageServer(
                HostilePages.submitForm(to: "http://127.0.0.1:\(target.port)/__switchboard/scenarios/outage"))
            defer { pages.stop() }
            let shown = try HeadlessChromium.dom(of: "http://localhost:\(pages.port)/page.html")
            #expect(shown.contains("the control API does not answer web pages"), "\(shown)")
            #expect(try Self.state(target) == Self.untouched)
        }
    }

    @Test(arguments: ["127.0.0.1.evil.example", "evil.example"])
    func aPageOnARebindingNameCannotReadTheJournalOrChangeAnything(name: String) async throws {
        try await onThread {
            let target = try Self.target()
            defer { target.stop() }
            let results = try HeadlessChromium.results(
                of: "http://\(name):\(target.port)/rebound.html", resolving: [name])
            #expect(results["har"]?.hasPrefix("403 ") == true, "\(results)")
            #expect(results["har"]?.contains("not for another host name") == true, "\(results)")
            #expect(results.values.allSatisfy { !$0.contains("app-secret") }, "\(results)")
            #expect(results["reset"]?.hasPrefix("403 ") == true, "\(results)")
            #expect(try Self.state(target) == Self.untouched, "\(results)")
        }
    }

    @Test func aControlURLTypedIntoTheAddressBarStillAnswers() async throws {
        try await onThread {
            let target = try Self.target()
            defer { target.stop() }
            // A typed URL is no page's doing: the browser says `Sec-Fetch-Site: none`.
            let shown = try HeadlessChromium.dom(of: target.url("/__switchboard/endpoints").absoluteString)
            #expect(shown.contains(#""id":"coins""#), "\(shown)")
        }
    }

    @Test func aPageSendingCookiesReadsRetryAfterAndWWWAuthenticate() async throws {
        try await onThread {
            let target = try Self.target()
            defer { target.stop() }
            try Self.control(target, "PUT", "/__switchboard/endpoints/coins", body: #"{"mode":"error"}"#)
            let pages = try Self.pageServer(HostilePages.readFailureHeaders(at: "http://127.0.0.1:\(target.port)"))
            defer { pages.stop() }
            let results = try HeadlessChromium.results(of: "http://localhost:\(pages.port)/page.html")
            #expect(results["retryAfter"] == "429 30", "\(results)")
            #expect(results["wwwAuthenticate"] == #"401 Bearer realm="demo""#, "\(results)")
        }
    }
}
