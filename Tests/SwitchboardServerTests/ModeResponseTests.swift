import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Each mode answers with the status, body and headers the manifest
/// declares: the demo API's handlers on the embedded channel, bytes in and
/// bytes out.
@Suite struct ModeResponseTests {
    static func get(_ target: String, _ headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: t\r\n\(headers)\r\n"
    }

    static let postLogin = "POST /login HTTP/1.1\r\nHost: t\r\nContent-Length: 21\r\n\r\n{\"password\":\"s3cret\"}"

    @Test func successServesTheFixtureAsJSON() throws {
        let wire = try WireHarness.demo()
        let response = try wire.response(to: Self.get("/data/all/coinlist"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let file = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("coinlist.json"))
        #expect(response.body == file)
    }

    @Test func errorModeServesTheManifestsErrorResponse() throws {
        let wire = try WireHarness.demo()
        try wire.panel.setMode(.error, endpoint: "coinlist")
        let response = try wire.response(to: Self.get("/data/all/coinlist"))
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "30")
        #expect(try response.json()["Response"] as? String == "Error")
    }

    @Test func serverErrorModeWithoutADeclaredResponseGivesADefault500() throws {
        let wire = try WireHarness.demo()
        try wire.panel.setMode(.serverError, endpoint: "coinlist")
        let response = try wire.response(to: Self.get("/data/all/coinlist"))
        #expect(response.status == 500)
        #expect(response.header("Content-Type") == "application/json")
        #expect(try response.json()["error"] as? String == "internal_server_error")
    }

    @Test func aDeclaredServerErrorKeepsItsStatusAndHeaders() throws {
        let wire = try WireHarness.demo()
        try wire.panel.setMode(.serverError, endpoint: "weather")
        let response = try wire.response(to: Self.get("/weather?lat=38.7&lon=-9.1"))
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "120")
    }

    @Test func theModeChangeAppliesToTheVeryNextRequest() throws {
        let wire = try WireHarness.demo()
        var statuses: [Int] = []
        for mode in [Mode.success, .error, .serverError, .success] {
            try wire.panel.setMode(mode, endpoint: "login")
            statuses.append(try wire.response(to: Self.postLogin).status)
        }
        #expect(statuses == [200, 401, 500, 200])
        #expect(wire.isActive, "all four on one kept-alive connection")
    }

    @Test func pathParametersPickTheFileAndFillTheBody() throws {
        let wire = try WireHarness.demo()
        let episode = try wire.response(to: Self.get("/episodes/3"))
        #expect(episode.status == 200)
        #expect(try episode.json()["id"] as? Int == 3)
        let missing = try wire.response(to: Self.get("/episodes/99"))
        #expect(missing.status == 404)
        #expect(missing.text.contains("episodes/99.json"))
        // The journal knows why a success answered 404, for the log line.
        #expect(wire.entries.last?.missingFixture == "episodes/99.json")
        #expect(wire.entries.first?.missingFixture == nil)
        try wire.panel.setMode(.error, endpoint: "episode")
        let error = try wire.response(to: Self.get("/episodes/7"))
        #expect(try error.json()["message"] as? String == "Episode 7 does not exist")
    }

    @Test func queryParametersPickTheFileToo() throws {
        let wire = try WireHarness.demo()
        let person = try wire.response(to: Self.get("/api/getPerson?id=2"))
        #expect(try person.json()["id"] as? Int == 2)
        try wire.panel.setMode(.error, endpoint: "person")
        let error = try wire.response(to: Self.get("/api/getPerson?id=%22x"))
        #expect(error.status == 404)
        #expect(try error.json()["id"] as? String == "\"x")
    }

    @Test func aParameterCannotReachFilesOutsideTheFolder() throws {
        let wire = try WireHarness.demo()
        for attempt in ["/episodes/..%2F..%2FPackage", "/episodes/%2E%2E", "/api/getPerson?id=../../Package.swift%00"] {
            let response = try wire.response(to: Self.get(attempt))
            #expect(response.status == 404, "\(attempt)")
            #expect(!response.text.contains("PackageDescription"))
        }
    }

    @Test func aBinaryBodyIsServedByteForByte() throws {
        let wire = try WireHarness.demo()
        let response = try wire.response(to: Self.get("/images/kitten.jpg"))
        let file = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("images/kitten.jpg"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.header("Content-Length") == String(file.count))
        #expect(response.body == file)
    }

    @Test func anUnmatchedRequestGetsA404ThatNamesTheClosestEndpoint() throws {
        let wire = try WireHarness.demo()
        let response = try wire.response(to: Self.get("/data/all/coinlst"))
        #expect(response.status == 404)
        let body = try response.json()
        #expect(body["error"] as? String == "no_matching_endpoint")
        #expect(body["closest"] as? String == "GET /data/all/coinlist")
        let entry = try #require(wire.entries.last)
        #expect(entry.unmatched?.closest == "GET /data/all/coinlist")
        #expect(entry.endpointID == nil)
    }

    @Test func everyRequestIsJournaledWithItsModeAndStatus() throws {
        let wire = try WireHarness.demo()
        _ = try wire.response(to: Self.get("/data/all/coinlist?x=1"))
        try wire.panel.setMode(.serverError, endpoint: "coinlist")
        _ = try wire.response(to: Self.get("/data/all/coinlist"))
        #expect(wire.entries.map(\.target) == ["/data/all/coinlist?x=1", "/data/all/coinlist"])
        #expect(wire.entries.map(\.status) == [.answered(200), .answered(500)])
        #expect(wire.entries.map(\.mode) == [.success, .serverError])
        #expect(wire.journal.stats().byEndpoint["coinlist"] == EndpointStats(hits: 2, lastStatus: .answered(500)))
    }
}
