import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Body requirements declared in code, as a login screen's tests would:
/// two endpoints on `POST /login` that differ by body.
@Suite struct BuilderBodyTests {
    @EndpointsBuilder static func login() -> [Endpoint] {
        Endpoint.post("/login", id: "login")
            .body(json: ["username": "alice", "password": "s3cret"])
            .json(#"{"token":"t-1"}"#)
        Endpoint.post("/login", id: "login-refused")
            .json(#"{"error":"wrong password"}"#, status: 401)
    }

    static func login(_ session: URLSession, _ base: URL, password: String) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"username":"alice","password":"\#(password)"}"#.utf8)
        let (_, response) = try await session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func rightPasswordPassesInProcess() async throws {
        let board = try Switchboard.inProcess(endpoints: Self.login)
        try await stopping(board) { () async throws in
            #expect(try await Self.login(board.urlSession(), board.baseURL, password: "s3cret") == 200)
            #expect(try await Self.login(board.urlSession(), board.baseURL, password: "guess") == 401)
            try await board.verify("login", count: 1, where: { $0.json["password"] == "s3cret" })
            try await board.verify("login-refused", count: 1, where: { $0.json["password"] == "guess" })
        }
    }

    @Test func rightPasswordPassesOverTheSocket() async throws {
        let board = try await Switchboard.start(endpoints: Self.login)
        try await stopping(board) { () async throws in
            let session = URLSession(configuration: .ephemeral)
            #expect(try await Self.login(session, board.baseURL, password: "s3cret") == 200)
            #expect(try await Self.login(session, board.baseURL, password: "guess") == 401)
            #expect(try await board.requests().compactMap(\.endpoint) == ["login", "login-refused"])
        }
    }

    /// Each builder call makes what the manifest's `body:` key makes.
    @Test func eachCallMatchesWhatItSays() async throws {
        let board = try Switchboard.inProcess {
            Endpoint.post("/a", id: "equals").body(jsonEquals: ["x": 1])
            Endpoint.post("/a", id: "path").body(path: "$.items[0].sku", equals: "A1")
            Endpoint.post("/a", id: "any").body(path: "$.coupon")
            Endpoint.post("/a", id: "form").body(form: ["user": "alice"])
            Endpoint.post("/a", id: "text").body(matching: "hello*")
            Endpoint.post("/a", id: "none").json("{}", status: 404)
        }
        try await stopping(board) { () async throws in
            let sent: [(String, String, String)] = [
                (#"{"x":1}"#, "application/json", "equals"),
                (#"{"x":1,"y":2}"#, "application/json", "none"),
                (#"{"items":[{"sku":"A1"}]}"#, "application/json", "path"),
                (#"{"coupon":null}"#, "application/json", "any"),
                ("user=alice&b=c", "application/x-www-form-urlencoded", "form"),
                ("hello there", "text/plain", "text"),
                ("goodbye", "text/plain", "none"),
            ]
            for (body, type, _) in sent {
                var request = URLRequest(url: board.baseURL.appendingPathComponent("a"))
                request.httpMethod = "POST"
                request.setValue(type, forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(body.utf8)
                _ = try await board.urlSession().data(for: request)
            }
            #expect(try await board.requests().compactMap(\.endpoint) == sent.map(\.2))
        }
    }

    @Test func aBadJSONPathIsReportedWithTheRest() {
        #expect(throws: EndpointDeclarationError.self) {
            _ = try Switchboard.inProcess { Endpoint.post("/a", id: "a").body(path: "items[0]", equals: 1) }
        }
    }
}
