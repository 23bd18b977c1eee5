import Foundation
import SwitchboardClient
import SwitchboardControl
import SwitchboardJSON
import SwitchboardKit
import Testing

/// `verify` in one line: the requests a selector names, a predicate over
/// them, a count; a wrong count fails at the caller's line listing what
/// came, in process and across processes alike.
@Suite struct PredicateVerificationTests {
    struct Login: Decodable { var email: String }

    static func email(_ request: RequestRecord) -> String? {
        try? request.decodeBody(as: Login.self).email
    }

    @Test(.switchboard("Fixtures"))
    func aPredicateOverTheBodyCountsTheRequestsThatPass() async throws {
        let board = Switchboard.current
        let app = AuthClient(baseURL: board.baseURL)
        _ = await app.login(email: "alice@b.c", password: "x")
        _ = await app.login(email: "bob@b.c", password: "x")
        _ = await app.get("/profile/ada")
        let alice = try await board.verify("login", count: 1, where: { $0.json["email"] == "alice@b.c" })
        #expect(alice.map(Self.email) == ["alice@b.c"])
        try await board.verify(.post("/login"), atLeast: 2)
        try await board.verify(.get("/profile/{name}"), count: 1)
        try await board.verify(.get("/profile/:name"), atMost: 1)
        try await board.verify(.delete("/login"), count: 0)
    }

    @Test(.switchboard("Fixtures"))
    func aWrongCountFailsAtTheCallersLineListingWhatCame() async throws {
        let board = Switchboard.current
        _ = await AuthClient(baseURL: board.baseURL).login(email: "bob@b.c", password: "x")
        try await withKnownIssue {
            let passed = try await board.verify("login", count: 1, where: { Self.email($0) == "alice@b.c" })
            #expect(passed.isEmpty)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(
                "expected exactly 1 request to 'login' matching the predicate, got 0 (1 to 'login' did not match it)")
                && text.contains("POST /login → 200 (login: success)")
                && issue.sourceLocation?.fileName == "PredicateVerificationTests.swift"
        }
        try await withKnownIssue {
            try await board.verify(.put("/todos/*"), atLeast: 1)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("expected at least 1 request to PUT /todos/*, got 0")
        }
    }

    @Test(.switchboard("Fixtures"))
    func anUnknownEndpointThrowsWithTheValidOnes() async throws {
        let error = await #expect(throws: SwitchboardError.self) {
            try await Switchboard.current.verify("logn", count: 0)
        }
        #expect(error?.problem == .unknownEndpoint)
        #expect(error?.valid == ["login", "profile"])
    }

    @Test(.switchboard("Fixtures"))
    func theClientVerifiesTheSameWayAcrossProcesses() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        _ = await AuthClient(baseURL: board.baseURL).login(email: "alice@b.c", password: "x")
        try await client.verify("login", count: 1, where: { $0.json["email"] == "alice@b.c" })
        try await withKnownIssue {
            try await client.verify(.post("/login"), atLeast: 2)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("expected at least 2 requests to POST /login, got 1")
                && issue.sourceLocation?.fileName == "PredicateVerificationTests.swift"
        }
        await #expect(throws: (any Error).self) { try await client.verify("logn") }
    }

    @Test func selectorsMatchMethodAndPathSegmentBySegment() throws {
        func record(_ method: String, _ path: String, endpoint: String? = nil) throws -> RequestRecord {
            let json = """
                {"time":"2026-01-01T00:00:00.000Z","method":"\(method)","path":"\(path)","query":"a=1",\
                "status":200,"duration_ms":0,"delay_ms":0,"unmatched":\(endpoint == nil)\
                \(endpoint.map { #","endpoint":"\#($0)""# } ?? "")}
                """
            return try JSONDecoder().decode(RequestRecord.self, from: Data(json.utf8))
        }
        #expect(RequestSelector.get("/todos/{id}").selects(try record("GET", "/todos/7")))
        #expect(!RequestSelector.get("/todos/{id}").selects(try record("GET", "/todos")))
        #expect(!RequestSelector.get("/todos/{id}").selects(try record("POST", "/todos/7")))
        #expect(RequestSelector.request("get", "/todos?a=1").selects(try record("GET", "/todos")))
        #expect(RequestSelector.get("/todos/*/tags").selects(try record("GET", "/todos/7/tags")))
        #expect(!RequestSelector.get("/todos/7").selects(try record("GET", "/todos/8")))
        let selector: RequestSelector = "todos"
        #expect(selector.selects(try record("GET", "/anything", endpoint: "todos")))
        #expect(!selector.selects(try record("GET", "/todos")))
    }
}

extension PredicateVerificationTests {
    @Test func jsonReadsNestedValuesAndMissingOnesAreNil() {
        let value = JSONValue(bytes: Array(#"{"user":{"name":"alice","tags":["a",2]},"n":1.5}"#.utf8))
        #expect(value["user"]["name"] == "alice")
        #expect(value["user"]["tags"][1] == 2)
        #expect(value["n"] == 1.5)
        #expect(value["user"]["tags"][5] == nil)
        #expect(value["nope"]["deeper"] == nil)
        #expect(value["user"] == ["name": "alice", "tags": ["a", 2]])
    }
}

extension PredicateVerificationTests {
    @Test func contradictoryCountsFailSayingWhy() {
        let verification = RequestVerification(.post("/login"), atLeast: 5, atMost: 3)
        #expect(verification.failure(in: []) == "atLeast: 5 is more than atMost: 3, which no count meets.")
    }
}
