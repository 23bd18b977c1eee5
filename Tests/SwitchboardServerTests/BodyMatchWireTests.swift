import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Endpoints told apart by the request's body, on the wire: the answer is
/// decided once the body is in (never from the head alone, even where
/// answers are decided at the head because something may go live), and an
/// unmatched request's 404 and journal say what the body lacked.
@Suite struct BodyMatchWireTests {
    static let manifest = """
        endpoints:
          - id: login
            method: POST
            path: /login
            body: { json: { username: alice, password: s3cret } }
            success: { json: { token: "t-1" } }
          - id: login-refused
            method: POST
            path: /login
            success: { status: 401, json: { error: wrong password } }
          - id: orders
            method: POST
            path: /orders
            body: { form: { sku: A-1 } }
            success: { status: 201, body: made }
        """

    static func post(_ path: String, _ body: String, type: String = "application/json") -> (head: String, body: String)
    {
        (
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n",
            body
        )
    }

    /// Sends the head, then the body in two parts: nothing may be answered
    /// before the last part.
    static func exchange(_ wire: WireHarness, _ request: (head: String, body: String)) throws -> HTTPResult {
        try wire.send(request.head)
        let half = request.body.utf8.count / 2
        try wire.send(bytes: Array(request.body.utf8.prefix(half)))
        #expect(try wire.writtenBytes().isEmpty, "answered before the body was in")
        try wire.send(bytes: Array(request.body.utf8.dropFirst(half)))
        let responses = try wire.responses()
        try #require(responses.count == 1)
        return responses[0]
    }

    @Test func theRightPasswordGetsTheTokenAndAWrongOneIs401() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let right = try Self.exchange(wire, Self.post("/login", #"{"username":"alice","password":"s3cret"}"#))
        #expect(right.status == 200)
        #expect(right.text == #"{"token":"t-1"}"#)
        let wrong = try Self.exchange(wire, Self.post("/login", #"{"username":"alice","password":"guess"}"#))
        #expect(wrong.status == 401)
        #expect(wire.entries.map(\.endpointID) == ["login", "login-refused"])
    }

    @Test func anUnmatchedBodyIsNamedInThe404AndTheJournal() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let missed = try Self.exchange(
            wire, Self.post("/orders", "sku=B-2", type: "application/x-www-form-urlencoded"))
        #expect(missed.status == 404)
        #expect(missed.text.contains("POST /orders needs form sku=A-1"), "\(missed.text)")
        let line = try #require(wire.entries.last?.jsonLine)
        #expect(line.contains(#""reason":"needs sku=A-1""#), "\(line)")
        let made = try Self.exchange(wire, Self.post("/orders", "sku=A-1", type: "application/x-www-form-urlencoded"))
        #expect(made.status == 201)
    }

    /// The demo in `fixtures/` checks the password, as the README says.
    @Test func theDemoLoginChecksThePassword() throws {
        let wire = try WireHarness.demo()
        let right = try Self.exchange(wire, Self.post("/login", #"{"email":"a@b.c","password":"s3cret"}"#))
        #expect(right.status == 200)
        #expect(try right.json()["token"] != nil)
        let wrong = try Self.exchange(wire, Self.post("/login", #"{"email":"a@b.c","password":"guess"}"#))
        #expect(wrong.status == 401)
        #expect(wire.entries.map(\.endpointID) == ["login", "login-refused"])
    }

    /// The limit docs/fixtures.md states: body requirements read what the
    /// journal keeps of a body, its first 64 KiB.
    @Test func onlyTheFirst64KiBOfABodyAreRead() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        func login(padding: Int) throws -> Int {
            let body = #"{"username":"alice","password":"s3cret""# + String(repeating: " ", count: padding) + "}"
            let request = Self.post("/login", body)
            return try wire.response(to: request.head + request.body).status
        }
        #expect(try login(padding: 60_000) == 200)
        #expect(try login(padding: 70_000) == 401)
    }

    /// With a live endpoint in the manifest, answers are decided as heads
    /// arrive; a login's must still wait for its body, and one the body
    /// sends live goes with its body whole.
    @Test func aServerThatMayGoLiveStillWaitsForTheBody() throws {
        let live = try LiveWire(
            Self.manifest.replacingOccurrences(
                of: "success: { status: 401, json: { error: wrong password } }", with: "mode: live"))
        let forwards = live.responder.decidesAtHead.load(ordering: .relaxed)
        #expect(forwards)
        let wire = try live.connect()
        let right = try Self.exchange(wire, Self.post("/login", #"{"username":"alice","password":"s3cret"}"#))
        #expect(right.status == 200)
        #expect(live.upstream.requests.isEmpty)

        let other = try live.connect()
        let wrong = Self.post("/login", #"{"username":"alice","password":"guess"}"#)
        try other.send(wrong.head + wrong.body)
        let sent = try #require(live.upstream.requests.first)
        guard case .whole(let body) = sent.body else {
            Issue.record("the body should go up whole, got \(sent.body)")
            return
        }
        #expect(String(buffer: body) == wrong.body)
    }
}
