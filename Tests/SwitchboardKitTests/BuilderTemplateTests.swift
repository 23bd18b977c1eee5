import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
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
        try await stopping(board) { () async throws in
            let (status, body, location) = try await Self.send(
                board, Self.post(board, "/teams/red/users", json: #"{"name":"Ada \"A\""}"#))
            #expect(status == 201)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
            #expect(object["name"] as? String == #"Ada "A""#)
            #expect(object["team"] as? String == "red")
            #expect(object["n"] as? Int == 1)
            #expect((object["id"] as? String).flatMap(UUID.init(uuidString:)) != nil, "\(body)")
            #expect(location == "/users/1")

            try await board.set("create", .error)
            let refused = try await Self.send(board, Self.post(board, "/teams/red/users", json: #"{"name":"Ada"}"#))
            #expect(refused.0 == 409)
            #expect(refused.1 == #"{"error":"Ada is taken"}"#)
        }
    }

    /// `query` and `headers` are requirements as a manifest's are: the
    /// endpoint with the most of them met answers, and a required query
    /// parameter is a name its template reads.
    @Test func queryAndHeaderRequirementsPickTheEndpoint() async throws {
        let board = try Switchboard.inProcess {
            Endpoint.get("/search", id: "search").query(["q": "*"]).json(#"{"q":"{q}"}"#)
            Endpoint.get("/search", id: "search-sorted").query(["q": "*", "sort": "new"]).json(#"{"sorted":"{q}"}"#)
            Endpoint.get("/search", id: "search-all").json("[]")
            Endpoint.get("/me", id: "me").headers(["authorization": "*"]).text("signed in as {header.Authorization}")
            Endpoint.get("/me", id: "me-anonymous").json(#"{"error":"sign in"}"#, status: 401)
        }
        try await stopping(board) { () async throws in
            func get(_ path: String, _ headers: [String: String] = [:]) async throws -> (Int, String, String?) {
                var request = URLRequest(url: URL(string: board.baseURL.absoluteString + path)!)
                for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
                return try await Self.send(board, request, header: "Content-Type")
            }
            #expect(try await get("/search?q=milk").1 == #"{"q":"milk"}"#)
            #expect(try await get("/search?q=milk&sort=new").1 == #"{"sorted":"milk"}"#)
            #expect(try await get("/search").1 == "[]")
            let signedIn = try await get("/me", ["Authorization": "Bearer t"])
            #expect(signedIn.0 == 200)
            #expect(signedIn.1 == "signed in as Bearer t")
            #expect(signedIn.2?.hasPrefix("text/plain") == true)
            #expect(try await get("/me").0 == 401)
            #expect(
                try await board.requests().compactMap(\.endpoint) == [
                    "search", "search-sorted", "search-all", "me", "me-anonymous",
                ])
        }
    }

    /// A name that reads like a template's and is none is a typo, refused
    /// at start in the manifest reader's words (the manifest says it on its line).
    @Test func anUnknownNameIsAProblemAtStart() {
        let error = #expect(throws: EndpointDeclarationError.self) {
            _ = try Switchboard.inProcess {
                Endpoint.post("/users/:team", id: "create").json(#"{"name":"{bdy.name}","team":"{teem}"}"#)
                    .error(status: 409, headers: ["X-Id": "{uid}"])
            }
        }
        #expect(
            error?.problems == [
                "create: unknown name '{bdy.name}' in a template — did you mean '{body.name}'?",
                "create: unknown name '{teem}' in a template — did you mean '{team}'?",
                "create: header X-Id: unknown name '{uid}' in a template — did you mean '{uuid}'?",
            ])
    }

    /// Bytes given as `Data` are sent as they are, braces and all.
    @Test func dataIsSentAsItIs() async throws {
        let board = try Switchboard.inProcess {
            Endpoint.get("/raw/:id", id: "raw").body(Data("{id} {uuid}".utf8), contentType: "text/plain")
        }
        try await stopping(board) { () async throws in
            let (_, body, _) = try await Self.send(
                board, URLRequest(url: URL(string: board.baseURL.absoluteString + "/raw/7")!))
            #expect(body == "{id} {uuid}")
        }
    }
}
