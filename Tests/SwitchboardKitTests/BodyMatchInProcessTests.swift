import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Body requirements through `SwitchboardURLProtocol`: the body reaches
/// routing whether the session keeps it as data or hands it over as a
/// stream.
@Suite struct BodyMatchInProcessTests {
    static let manifest = """
        endpoints:
          - id: login
            method: POST
            path: /login
            body: { json: { username: alice, password: s3cret } }
            success: { json: { token: t-1 } }
          - id: login-form
            method: POST
            path: /login
            body: { form: { username: alice, password: s3cret } }
            success: { json: { token: t-2 } }
          - id: login-refused
            method: POST
            path: /login
            success: { status: 401, json: { error: wrong password } }
        """

    static func board() async throws -> Switchboard {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-match-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.manifest.utf8).write(to: folder.appendingPathComponent("switchboard.yml"))
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await Switchboard.inProcess(fixtures: folder)
    }

    static func post(_ board: Switchboard, _ body: String, type: String, stream: Bool) async throws -> (Int, String) {
        var request = URLRequest(url: board.baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        if stream {
            request.httpBodyStream = InputStream(data: Data(body.utf8))
        } else {
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await board.urlSession().data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func jsonAndFormBodiesPickTheirEndpoint() async throws {
        let board = try await Self.board()
        try await stopping(board) { () async throws in
            let json = #"{"username":"alice","password":"s3cret"}"#
            for stream in [false, true] {
                let right = try await Self.post(board, json, type: "application/json", stream: stream)
                #expect(right.0 == 200)
                #expect(right.1 == #"{"token":"t-1"}"#)
                let form = try await Self.post(
                    board, "username=alice&password=s3cret", type: "application/x-www-form-urlencoded", stream: stream)
                #expect(form.1 == #"{"token":"t-2"}"#)
                let wrong = try await Self.post(
                    board, #"{"username":"alice","password":"x"}"#, type: "application/json", stream: stream)
                #expect(wrong.0 == 401)
            }
            let served = try await board.requests().compactMap(\.endpoint)
            #expect(served == ["login", "login-form", "login-refused", "login", "login-form", "login-refused"])
        }
    }
}
