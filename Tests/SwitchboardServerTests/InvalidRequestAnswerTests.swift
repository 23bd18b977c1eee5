import Foundation
import NIOCore
import SwitchboardControl
import SwitchboardModel
import Testing

@testable import SwitchboardServer

/// The answer to a request that breaks its operation's OpenAPI description:
/// a missing credential is 401 before an unsupported media type's 415,
/// before 422; the body is problem+json that names every violation by
/// location, and reads as the `ControlProblem` every error body is.
@Suite struct InvalidRequestAnswerTests {
    static func json(_ response: PreparedResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test func everyViolationIsNamedByLocation() throws {
        let response = InvalidRequestAnswer.prepared(
            [
                ContractViolation(location: "body.items[0].price", message: "expected number"),
                ContractViolation(location: "query.limit", message: "must be ≤ 100"),
            ], endpointID: "createOrder")
        #expect(response.status.code == 422)
        #expect(response.headers.first(name: "Content-Type") == "application/problem+json")
        #expect(response.headers.first(name: "Content-Length") == String(response.body.readableBytes))
        let json = try Self.json(response)
        #expect(json["status"] as? Int == 422 && json["title"] as? String == "Invalid request")
        let errors = try #require(json["errors"] as? [[String: String]])
        #expect(
            errors == [
                ["location": "body.items[0].price", "message": "expected number"],
                ["location": "query.limit", "message": "must be ≤ 100"],
            ])
        let problem = try JSONDecoder().decode(ControlProblem.self, from: Data(response.body.readableBytesView))
        #expect(problem.code == .invalidRequest)
        #expect(problem.message.contains("body.items[0].price: expected number (and 1 more, in errors)"))
        #expect(response.notes.endpointID == "createOrder" && response.notes.invalid.count == 2)
    }

    @Test func credentialsComeFirstThenTheMediaType() {
        let type = ContractViolation(
            location: "header.Content-Type", message: "text/plain", kind: .unsupportedMediaType)
        let key = ContractViolation(location: "header.X-Api-Key", message: "missing", kind: .unauthorized)
        let field = ContractViolation(location: "body.name", message: "missing required property")
        #expect(InvalidRequestAnswer.prepared([field, type], endpointID: "a").status.code == 415)
        #expect(InvalidRequestAnswer.prepared([field, type, key], endpointID: "a").status.code == 401)
    }
}
