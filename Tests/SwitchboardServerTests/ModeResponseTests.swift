import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// A real server on a free port and a real HTTP client: each mode answers
/// with the status, body and headers the manifest declares.
@Suite struct ModeResponseTests {
    @Test func successServesTheFixtureAsJSON() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let response = try await HTTPClient.send(server.url("/data/all/coinlist"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let file = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("coinlist.json"))
        #expect(response.body == file)
    }

    @Test func errorModeServesTheManifestsErrorResponse() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        try server.panel.setMode(.error, endpoint: "coinlist")
        let response = try await HTTPClient.send(server.url("/data/all/coinlist"))
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "30")
        #expect(try response.json()["Response"] as? String == "Error")
    }

    @Test func serverErrorModeWithoutADeclaredResponseGivesADefault500() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        try server.panel.setMode(.serverError, endpoint: "coinlist")
        let response = try await HTTPClient.send(server.url("/data/all/coinlist"))
        #expect(response.status == 500)
        #expect(response.header("Content-Type") == "application/json")
        #expect(try response.json()["error"] as? String == "internal_server_error")
    }

    @Test func aDeclaredServerErrorKeepsItsStatusAndHeaders() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        try server.panel.setMode(.serverError, endpoint: "weather")
        let response = try await HTTPClient.send(server.url("/weather?lat=38.7&lon=-9.1"))
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "120")
    }

    @Test func theModeChangeAppliesToTheVeryNextRequest() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let session = HTTPClient.session()
        var statuses: [Int] = []
        for mode in [Mode.success, .error, .serverError, .success] {
            try server.panel.setMode(mode, endpoint: "login")
            statuses.append(try await HTTPClient.send(server.url("/login"), method: "POST", session: session).status)
        }
        #expect(statuses == [200, 401, 500, 200])
    }

    @Test func pathParametersPickTheFileAndFillTheBody() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let episode = try await HTTPClient.send(server.url("/episodes/3"))
        #expect(episode.status == 200)
        #expect(try episode.json()["id"] as? Int == 3)
        let missing = try await HTTPClient.send(server.url("/episodes/99"))
        #expect(missing.status == 404)
        #expect(missing.text.contains("episodes/99.json"))
        try server.panel.setMode(.error, endpoint: "episode")
        let error = try await HTTPClient.send(server.url("/episodes/7"))
        #expect(try error.json()["message"] as? String == "Episode 7 does not exist")
    }

    @Test func queryParametersPickTheFileToo() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let person = try await HTTPClient.send(server.url("/api/getPerson?id=2"))
        #expect(try person.json()["id"] as? Int == 2)
        try server.panel.setMode(.error, endpoint: "person")
        let error = try await HTTPClient.send(server.url("/api/getPerson?id=%22x"))
        #expect(error.status == 404)
        #expect(try error.json()["id"] as? String == "\"x")
    }

    @Test func aParameterCannotReachFilesOutsideTheFolder() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        for attempt in ["/episodes/..%2F..%2FPackage", "/episodes/%2E%2E", "/api/getPerson?id=../../Package.swift%00"] {
            let response = try await HTTPClient.send(server.url(attempt))
            #expect(response.status == 404, "\(attempt)")
            #expect(!response.text.contains("PackageDescription"))
        }
    }

    @Test func aBinaryBodyIsServedByteForByte() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let response = try await HTTPClient.send(server.url("/images/kitten.jpg"))
        let file = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("images/kitten.jpg"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.header("Content-Length") == String(file.count))
        #expect(response.body == file)
    }

    @Test func anUnmatchedRequestGetsA404ThatNamesTheClosestEndpoint() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let response = try await HTTPClient.send(server.url("/data/all/coinlst"))
        #expect(response.status == 404)
        let body = try response.json()
        #expect(body["error"] as? String == "no_matching_endpoint")
        #expect(body["closest"] as? String == "GET /data/all/coinlist")
        let entry = try #require(server.journal.entries(after: 0).entries.last)
        #expect(entry.unmatched?.closest == "GET /data/all/coinlist")
        #expect(entry.endpointID == nil)
    }

    @Test func everyRequestIsJournaledWithItsModeAndStatus() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        _ = try await HTTPClient.send(server.url("/data/all/coinlist?x=1"))
        try server.panel.setMode(.serverError, endpoint: "coinlist")
        _ = try await HTTPClient.send(server.url("/data/all/coinlist"))
        let entries = server.journal.entries(after: 0).entries
        #expect(entries.map(\.target) == ["/data/all/coinlist?x=1", "/data/all/coinlist"])
        #expect(entries.map(\.status) == [.answered(200), .answered(500)])
        #expect(entries.map(\.mode) == [.success, .serverError])
        #expect(server.journal.stats().byEndpoint["coinlist"] == EndpointStats(hits: 2, lastStatus: 500))
    }
}
