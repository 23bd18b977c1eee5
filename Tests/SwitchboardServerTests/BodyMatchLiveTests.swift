import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Body requirements against real clients on a real socket: URLSession and
/// curl posting JSON and a form.
@Suite struct BodyMatchLiveTests {
    static func curl(_ url: URL, _ arguments: [String]) async throws -> (status: Int, body: String) {
        let result = try await Subprocess.run(
            "curl", ["-s", "--max-time", "20", "-w", "\n%{http_code}"] + arguments + [url.absoluteString])
        #expect(result.status == 0, "curl: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    @Test func urlSessionAndCurlPostJSONAndAForm() async throws {
        let server = try RunningServer(fixtures: MemoryFixtures(BodyMatchWireTests.manifest))
        try await server.serving { server in
            let login = server.url("/login")
            let json = Data(#"{"username":"alice","password":"s3cret"}"#.utf8)
            let right = try await HTTPClient.send(
                login, method: "POST", headers: ["Content-Type": "application/json"], body: json)
            #expect(right.status == 200)
            #expect(right.text == #"{"token":"t-1"}"#)
            let wrong = try await HTTPClient.send(
                login, method: "POST", headers: ["Content-Type": "application/json"],
                body: Data(#"{"username":"alice","password":"guess"}"#.utf8))
            #expect(wrong.status == 401)

            let curled = try await Self.curl(
                login, ["-H", "Content-Type: application/json", "--data", #"{"password":"s3cret","username":"alice"}"#])
            #expect(curled.status == 200)
            let form = try await Self.curl(server.url("/orders"), ["--data-urlencode", "sku=A-1"])
            #expect(form.status == 201)
            #expect(form.body == "made")
            let missed = try await Self.curl(server.url("/orders"), ["--data", "sku=B-2"])
            #expect(missed.status == 404)
            #expect(missed.body.contains("POST /orders needs form sku=A-1"), "\(missed.body)")
            #expect(
                server.journal.entries(after: 0).entries.compactMap(\.endpointID) == [
                    "login", "login-refused", "login", "orders",
                ])
        }
    }
}
