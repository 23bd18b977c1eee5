import Foundation
import SwitchboardKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers made from the request, declared in code: the builder's bodies
/// are templates as a manifest's `json:` and `body:` are, filled from the
/// path, the query, the headers and the body (docs/fixtures.md).
@Suite struct BuilderTemplateTests {
    /// Status, body and the named header of the answer to `request`.
    static func send(_ board: Switchboard, _ request: URLRequest, header: String = "Location") async throws -> (
        Int, String, String?
    ) {
        let (data, response) = try await board.urlSession().data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.value(forHTTPHeaderField: header))
    }

    static func post(_ board: Switchboard, _ path: String, json: String) -> URLRequest {
        var request = URLRequest(url: URL(string: board.baseURL.absoluteString + path)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        return request
    }

    /// The issue's own declaration: the braces came back as written.
    @Test func aJSONBodyIsFilledFromTheRequest() async throws {
        let board = try Switchboard.inProcess {
            Endpoint.post("/teams/:team/users", id: "create")
                .json(
                    #"{"id":"{uuid}","name":"{body.name}","team":"{team}","n":{counter}}"#, status: 201,
                    headers: ["Location": "/users/{counter}"]
                )
                .error(status: 409, json: #"{"error":"{body.name} is taken"}"#)
        }
        let (status, body, location) = try await Self.send(
            board, Self.post(board, "/teams/red/users", json: #"{"name":"Ada \"A\""}"#))
        #expect(status == 201)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
        #expect(object["name"] as? String == #"Ada "A""#)
        #expect(object["team"] as? String == "red")
        #expect(object["n"] as? Int == 1)
        #expect((object["id"] as? String).flatMap(UUID.init(uuidString:)) != nil, "\(body)")
        #expect(location == "/users/1")

        try await board.set("create", .error)
        let refused = try await Self.send(board, Self.post(board, "/teams/red/users", json: #"{"name":"Ada"}"#))
        #expect(refused.0 == 409)
        #expect(refused.1 == #"{"error":"Ada is taken"}"#)
        await board.stop()
    }
}
