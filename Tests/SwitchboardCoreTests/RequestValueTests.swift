import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Templates reading the request: which names mean what, their values for
/// one request (no server), and `check`'s word on a name that is none.
@Suite struct RequestValueTests {
    @Test func namesAreReadOrRefused() {
        #expect(RequestValue(name: "header.X-Api-Key") == .header("X-Api-Key"))
        #expect(RequestValue(name: "query.page") == .query("page"))
        #expect(RequestValue(name: "body.items[0].sku") == .body(JSONPath(parsing: "$.items[0].sku")!))
        #expect(RequestValue(name: "random:-5..5") == .random(-5...5))
        #expect(RequestValue(name: "counter") == .counter)
        #expect(RequestValue(name: "now.unix") == .unixTime)
        for wrong in ["header.", "header.a b", "body", "bodyx", "random:5..1", "random:1.5", "uuidd", "user"] {
            #expect(RequestValue(name: wrong) == nil, "\(wrong)")
        }
        #expect(TextTemplate(#"{"id": {counter}, "x": "{nope}"}"#, names: []).parameterNames == ["counter"])
    }

    static let manifest = """
        endpoints:
          - id: echo
            method: POST
            path: /echo
            success:
              json: { user: "{body.user.name}", key: "{header.X-Key}", page: "{query.page}", n: "{counter}" }
        """

    func values(_ names: [String], seed: UInt64 = 7, body: String = "", headers: [String: String] = [:]) throws
        -> [String: String]
    {
        let snapshot = try MemoryFixtures(Self.manifest).panel(seed: seed).snapshot()
        var content = RequestBody(bytes: Array(body.utf8))
        return snapshot.templateValues(
            names, endpoint: 0, target: RequestTarget(uri: "/echo?page=2"), header: { headers[$0] }, body: &content,
            now: 1_795_000_000.25, arrival: { 41 }
        ).values
    }

    @Test func valuesComeFromTheRequestTheClockAndTheSeed() throws {
        let values = try self.values(
            ["body.user.name", "header.X-Key", "query.page", "now", "now.unix", "body.missing", "seq"],
            body: #"{"user":{"name":"Ada \"A\""}}"#, headers: ["X-Key": "k1"])
        #expect(values["body.user.name"] == #"Ada "A""#)
        #expect(values["header.X-Key"] == "k1")
        #expect(values["query.page"] == "2")
        #expect(values["now"] == "2026-11-18T11:06:40.250Z")
        #expect(values["now.unix"] == "1795000000")
        #expect(values["body.missing"] == "")
        #expect(values["seq"] == "41")
    }

    @Test func seededValuesRepeatWithTheSeed() throws {
        let first = try self.values(["uuid", "random:1..6"], seed: 7)
        let again = try self.values(["uuid", "random:1..6"], seed: 7)
        let other = try self.values(["uuid", "random:1..6"], seed: 8)
        #expect(first == again)
        #expect(first["uuid"] != other["uuid"])
        let uuid = try #require(first["uuid"])
        #expect(uuid.count == 36 && Array(uuid)[14] == "4")
        #expect((1...6).contains(Int(first["random:1..6"] ?? "") ?? 0))
    }

    @Test func theCounterCountsTheEndpointsRequests() throws {
        let snapshot = try MemoryFixtures(Self.manifest).panel(seed: 1).snapshot()
        var body = RequestBody()
        let target = RequestTarget(uri: "/echo")
        let counts = (0..<3).map { _ in
            snapshot.templateValues(
                ["counter"], endpoint: 0, target: target, header: { _ in nil }, body: &body, now: 0, arrival: { 0 }
            ).values["counter"]
        }
        #expect(counts == ["1", "2", "3"])
    }

    /// A flaky endpoint draws its outcome by request number too: with the
    /// number its template took, so the counter still goes 1, 2, 3.
    @Test func theCounterSkipsNoNumberWhenTheDecisionDrawsToo() throws {
        let snapshot = try MemoryFixtures(
            """
            endpoints:
              - { id: n, method: GET, path: /n, mode: "flaky:50", success: { json: { n: "{counter}" } } }
            """
        ).panel(seed: 3).snapshot()
        var body = RequestBody()
        var counts: [String?] = []
        var numbers: [UInt64] = []
        for _ in 0..<3 {
            let filled = snapshot.templateValues(
                ["counter"], endpoint: 0, target: RequestTarget(uri: "/n"), header: { _ in nil }, body: &body,
                now: 0, arrival: { 0 })
            counts.append(filled.values["counter"])
            numbers.append(snapshot.decide(endpoint: 0, request: filled.request).request)
        }
        #expect(counts == ["1", "2", "3"])
        #expect(numbers == [0, 1, 2])
    }

    @Test func anUnknownNameIsReportedAtItsLine() throws {
        let problems = try manifestProblems(
            """
            endpoints:
              - method: POST
                path: /users/:id
                success:
                  json:
                    id: "{id}"
                    name: "{bdy.name}"
                    raw: '{"not": "a name"}'
                error: { body: "try {countr} again" }
                server_error: { body: '{"n":"{countr}"}' }
            """)
        // The last one sits inside JSON's own braces, where TextTemplate
        // finds it (the check looked from the object's `{` and missed it).
        #expect(
            problems == [
                "7:15: unknown name '{bdy.name}' in a template — did you mean '{body.name}'?",
                "9:20: unknown name '{countr}' in a template — did you mean '{counter}'?",
                "10:27: unknown name '{countr}' in a template — did you mean '{counter}'?",
            ])
    }
}
