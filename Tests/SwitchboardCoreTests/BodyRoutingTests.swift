import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Endpoints told apart by their bodies: the manifest's `body:`, the
/// precedence among endpoints sharing a method and path, and the hint.
@Suite struct BodyRoutingTests {
    static let login = """
        endpoints:
          - id: login
            method: POST
            path: /login
            body: { json: { username: alice, password: s3cret } }
            success: { status: 200, json: { token: abc } }
          - id: login-form
            method: POST
            path: /login
            body: { form: { username: alice, password: s3cret } }
          - id: login-admin
            method: POST
            path: /login
            headers: { X-Admin: "1" }
            body: { json: { username: "*" } }
          - id: login-refused
            method: POST
            path: /login
            success: { status: 401, json: { error: wrong password } }
          - id: order
            method: POST
            path: /orders/:shop
            body: { paths: { "$.items[0].sku": "*" } }
        """

    func route(_ body: String, _ uri: String = "/login", headers: [String: String] = [:]) throws -> (
        id: String?, unmatched: Unmatched?
    ) {
        let table = EndpointTable(endpoints: try MemoryFixtures(Self.login).load().endpoints)
        var content = RequestBody(bytes: Array(body.utf8))
        let result = table.route(
            method: "POST", target: RequestTarget(uri: uri), header: { name in headers[name] }, body: &content)
        switch result {
        case .matched(let index, _): return (table.endpoints[index].id, nil)
        case .unmatched(let unmatched): return (nil, unmatched)
        }
    }

    @Test func theBodyPicksAmongEndpointsOfOnePath() throws {
        #expect(try self.route(#"{"username":"alice","password":"s3cret"}"#).id == "login")
        #expect(try self.route("username=alice&password=s3cret").id == "login-form")
        #expect(try self.route(#"{"username":"alice","password":"nope"}"#).id == "login-refused")
        #expect(try self.route("").id == "login-refused")
    }

    @Test func moreRequirementsWinWhateverTheirKind() throws {
        // login (2 body values) beats login-admin (1 header + 1 body value:
        // also 2, declared later) for alice's right password…
        let alice = #"{"username":"alice","password":"s3cret"}"#
        #expect(try self.route(alice, headers: ["X-Admin": "1"]).id == "login")
        // …and login-admin takes any other user with the header.
        #expect(try self.route(#"{"username":"bob"}"#, headers: ["X-Admin": "1"]).id == "login-admin")
    }

    @Test func anUnmatchedRequestIsToldWhatTheBodyNeeded() throws {
        let unmatched = try self.route(#"{"items":[]}"#, "/orders/7").unmatched
        #expect(unmatched?.reason == "POST /orders/:shop needs body.items[0].sku")
        #expect(unmatched?.short == "needs body.items[0].sku")
        #expect(unmatched?.closestID == "order")
    }

    @Test func theHeadAloneNeverPicksAnEndpointTheBodyDecides() throws {
        let table = EndpointTable(endpoints: try MemoryFixtures(Self.login).load().endpoints)
        #expect(table.readsBodies)
        #expect(!table.routesByTargetAlone)
        #expect(table.needsBody(method: "POST", target: RequestTarget(uri: "/login"), header: { _ in nil }))
        #expect(!table.needsBody(method: "GET", target: RequestTarget(uri: "/login"), header: { _ in nil }))
        let plain = EndpointTable(
            endpoints: try MemoryFixtures("endpoints:\n  - { method: POST, path: /login }\n").load().endpoints)
        #expect(!plain.readsBodies)
        #expect(!plain.needsBody(method: "POST", target: RequestTarget(uri: "/login"), header: { _ in nil }))
    }

    @Test func theHintNamesTheMissingValueAsTheIssueAsks() throws {
        let table = EndpointTable(
            endpoints: try MemoryFixtures(
                """
                endpoints:
                  - { method: POST, path: /login, body: { json: { username: alice } } }
                """
            ).load().endpoints)
        var content = RequestBody(bytes: Array(#"{"username":"bob"}"#.utf8))
        guard
            case .unmatched(let unmatched) = table.route(
                method: "POST", target: RequestTarget(uri: "/login"), header: { _ in nil }, body: &content)
        else {
            Issue.record("bob should not match")
            return
        }
        #expect(unmatched.reason == "POST /login needs body.username = alice")
        #expect(unmatched.short == "needs body.username=alice")
    }

    @Test func endpointsDifferingOnlyByBodyAreNoDuplicates() throws {
        let problems = try manifestProblems(
            """
            endpoints:
              - { method: POST, path: /a, body: { text: "*x*" } }
              - { method: POST, path: /a, body: { text: "*y*" } }
              - { method: POST, path: /a, body: { text: "*y*" } }
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("4:5: duplicate endpoint POST /a") == true)
    }

    @Test func badBodyShapesAreNamedAtTheirLine() throws {
        let problems = try manifestProblems(
            """
            endpoints:
              - method: POST
                path: /a
                body: { jsn: { a: 1 } }
              - method: POST
                path: /b
                body: { paths: { "items[0]": 1 } }
              - method: POST
                path: /c
                body: alice
              - method: POST
                path: /d
                body: { form: { a: [1, 2] } }
            """)
        #expect(
            problems == [
                "4:13: unknown key 'jsn' in 'body' — did you mean 'json'?",
                "7:22: 'items[0]' is not a JSON path — start at the body's root, e.g. '$.items[0].sku' or '$.user[\"first name\"]'",
                "10:11: 'body' should be a mapping of requirements — e.g. 'body: { json: { username: alice } }'",
                "13:24: 'a' in 'form' in 'body' should be a single value, not a list or mapping",
            ])
    }
}
