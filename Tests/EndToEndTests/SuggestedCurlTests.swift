import Foundation
import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Issue 37, item 21: the screen's `try: curl` for each endpoint, run by
/// curl against a real server, gets that endpoint's success: the demo's
/// (its body-matched `login` too), and a described operation's under
/// `--validate` (required query, headers, body and credentials).
@Suite struct SuggestedCurlTests {
    /// The status the suggested command for `endpoint` gets from `url`.
    static func status(of endpoint: EndpointDefinition, at url: String) async throws -> String {
        let command = ExampleRequest(endpoint).curl(serverURL: url, method: endpoint.method)
        let result = try await Subprocess.run(
            "/bin/sh", ["-c", command + " -s -o /dev/null -w '%{http_code}' --max-time 10"])
        return result.stdout
    }

    /// A resource's success is any 2xx (201 for a new item, 204 for a
    /// deleted one); another endpoint's is its success's status.
    static func expected(_ endpoint: EndpointDefinition) -> (String) -> Bool {
        if endpoint.resource != nil { return { $0.hasPrefix("2") } }
        return { $0 == String(endpoint.success.status) }
    }

    @Test func everyDemoEndpointsSuggestionGetsItsSuccess() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        for endpoint in server.panel.snapshot().manifest.endpoints {
            let status = try await Self.status(of: endpoint, at: url)
            #expect(Self.expected(endpoint)(status), "\(endpoint.id): \(status)")
        }
    }

    @Test func aDescribedOperationsSuggestionGetsItsSuccessUnderValidation() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: DescribedAPI.manifest, files: ["api.yaml": Array(DescribedAPI.spec.utf8)])
        let server = try RunningServer(fixtures: fixtures, descriptions: .openAPI)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let endpoints = server.panel.snapshot().manifest.endpoints
        #expect(endpoints.count == 3)
        for endpoint in endpoints {
            let status = try await Self.status(of: endpoint, at: url)
            #expect(Self.expected(endpoint)(status), "\(endpoint.id): \(status)")
        }
        // Without what the suggestion adds, validation refuses them.
        let bare = try await Subprocess.run(
            "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", url + "/orders"])
        #expect(bare.stdout == "401")
    }
}
