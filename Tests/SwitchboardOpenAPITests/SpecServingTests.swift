import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import SwitchboardOpenAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An OpenAPI description served by SwitchboardKit, on a port and
/// in-process: the operations answer by their `operationId`, modes answer
/// what the description documents, and with `validate` a request that
/// breaks it is answered 422 and fails `verifyNoInvalidRequests()` at the
/// caller's line. The description is the OpenAPI Initiative's
/// petstore-expanded (Tests/Specs/SOURCES.md), read from the sources.
@Suite struct SpecServingTests {
    static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Specs/petstore-expanded.yaml")

    static func send(
        _ session: URLSession, _ url: URL, method: String = "GET", body: String? = nil
    ) async throws -> (status: Int, json: Any?) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONSerialization.jsonObject(with: data))
    }

    @Test func theOperationsAnswerWhatTheDescriptionDocuments() async throws {
        let board = try await Switchboard.start(openAPI: Self.spec)
        try await stopping(board) { () async throws in
            let session = URLSession(configuration: .ephemeral)
            // The server's base path (/api) and without it.
            for path in ["/api/pets", "/pets"] {
                let pets = try await Self.send(session, board.baseURL.appendingPathComponent(path))
                #expect(pets.status == 200)
                let list = try #require(pets.json as? [[String: Any]], "generated from the Pet schema: an array")
                #expect(!list.isEmpty && list.allSatisfy { $0["name"] is String && $0["id"] is Int })
            }
            try await board.set("findPets", .serverError)
            let failed = try await Self.send(session, board.baseURL.appendingPathComponent("/api/pets"))
            // `default` documents the error: its status is ours (500), its body the Error schema's.
            #expect(failed.status == 500)
            let error = try #require(failed.json as? [String: Any])
            #expect(error["code"] is Int && error["message"] is String)
        }
    }

    @Test(.switchboardInProcess(openAPI: "Specs/petstore-expanded.yaml", validate: true))
    func inProcessOfflineAndValidation() async throws {
        let board = Switchboard.current
        let session = board.urlSession()
        let pets = board.baseURL.appendingPathComponent("/api/pets")
        let made = try await Self.send(session, pets, method: "POST", body: #"{"name":"Rex"}"#)
        #expect(made.status == 200)
        #expect(await board.verifyNoInvalidRequests())

        let refused = try await Self.send(session, pets, method: "POST", body: #"{"tag":7}"#)
        #expect(refused.status == 422)
        let errors = (refused.json as? [String: Any])?["errors"] as? [[String: String]]
        #expect(
            errors == [
                ["location": "body", "message": "missing required property name"],
                ["location": "body.tag", "message": "expected string"],
            ])
        #expect(try await board.invalidRequests().map(\.path) == ["/api/pets"])
        await withKnownIssue {
            #expect(await board.verifyNoInvalidRequests() == false)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("received 1 request that breaks the OpenAPI description")
                && text.contains("body: missing required property name")
                && issue.sourceLocation?.fileName == "SpecServingTests.swift"
        }

        try await board.set("findPets", .offline)
        await #expect(throws: URLError.self) { _ = try await Self.send(session, pets) }
    }

    /// A description's header examples are data, sent as written:
    /// `{header.Authorization}` copied the caller's credential into the
    /// answer (and fixture answers let any web page read their headers),
    /// and `{uuid}` was filled, as a manifest's templates are.
    @Test func aDocumentedHeaderExampleIsSentAsWritten() async throws {
        let spec = """
            openapi: 3.1.0
            info: {title: braces, version: "1"}
            paths:
              /whoami:
                get:
                  operationId: whoami
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Echo: {schema: {type: string}, example: "{header.Authorization}"}
                        X-Request-Id: {schema: {type: string}, example: "{uuid}"}
                        X-Item: {schema: {type: string}, example: "/items/{id}"}
                      content:
                        application/json: {example: {ok: true}}
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("api.yaml")
        try Data(spec.utf8).write(to: file)
        let board = try await Switchboard.inProcess(openAPI: file)
        try await stopping(board) { () async throws in
            var request = URLRequest(url: board.baseURL.appendingPathComponent("/whoami"))
            request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
            let (_, response) = try await board.urlSession().data(for: request)
            let answer = try #require(response as? HTTPURLResponse)
            #expect(answer.value(forHTTPHeaderField: "X-Echo") == "{header.Authorization}")
            #expect(answer.value(forHTTPHeaderField: "X-Request-Id") == "{uuid}")
            #expect(answer.value(forHTTPHeaderField: "X-Item") == "/items/{id}")
        }
    }
}
