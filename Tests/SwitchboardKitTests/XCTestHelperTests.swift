import SwitchboardKit
import XCTest

/// A suite not migrated to Swift Testing, with the XCTest helper.
final class XCTestHelperTests: XCTestCase {
    func testWrongPasswordIsReported() async throws {
        let board = try await self.startSwitchboard(fixtures: "Fixtures")
        try await board.set("login", .error)
        let result = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x")
        XCTAssertEqual(result, .failure(.invalidCredentials))
        let count = try await board.requests("login").count
        XCTAssertEqual(count, 1)
        await board.verifyNoUnmatchedRequests()
    }

    func testEndpointsDeclaredInCode() async throws {
        let board = try await self.startSwitchboard {
            Endpoint.get("/ping").json(#"{"pong":true}"#)
        } scenarios: {
            Scenario("down").all(.serverError)
        }
        let status = await AuthClient(baseURL: board.baseURL).get("/ping")
        XCTAssertEqual(status, 200)
        try await board.apply(scenario: "down")
        let down = await AuthClient(baseURL: board.baseURL).get("/ping")
        XCTAssertEqual(down, 500)
    }
}
