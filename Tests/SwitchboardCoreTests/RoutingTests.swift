import SwitchboardCore
import SwitchboardTestSupport
import Testing

@Suite struct RoutingTests {
    func table(_ manifest: String) throws -> EndpointTable {
        let fixtures = MemoryFixtures(manifest)
        return EndpointTable(endpoints: try fixtures.load().endpoints)
    }

    func route(
        _ table: EndpointTable, _ method: String, _ uri: String, headers: [String: String] = [:]
    ) -> (id: String?, parameters: [String: String], unmatched: Unmatched?) {
        let result = table.route(method: method, target: RequestTarget(uri: uri)) { name in
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
        switch result {
        case .matched(let index, let parameters): return (table.endpoints[index].id, parameters, nil)
        case .unmatched(let unmatched): return (nil, [:], unmatched)
        }
    }

    @Test func parametersAreCapturedAndDecoded() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: user, method: GET, path: /users/:id }
              - { id: post, method: GET, path: /users/:id/posts/:post }
            """)
        #expect(self.route(table, "GET", "/users/42").parameters == ["id": "42"])
        #expect(self.route(table, "GET", "/users/a%20b/posts/7?x=1").parameters == ["id": "a b", "post": "7"])
        #expect(self.route(table, "GET", "/users/").id == nil)
    }

    @Test func literalBeatsParameterBeatsWildcard() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: any, method: GET, path: /files/* }
              - { id: one, method: GET, path: /files/:name }
              - { id: readme, method: GET, path: /files/README }
            """)
        #expect(self.route(table, "GET", "/files/README").id == "readme")
        #expect(self.route(table, "GET", "/files/other").id == "one")
        #expect(self.route(table, "GET", "/files/a/b/c").id == "any")
        #expect(self.route(table, "GET", "/files/a/b/c").parameters == ["*": "a/b/c"])
        #expect(self.route(table, "GET", "/files").id == "any")
    }

    @Test func queryRequirementsMustBeMet() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: weather, method: GET, path: /weather, query: { lat: "*", lon: "*" } }
              - { id: metric, method: GET, path: /units, query: { system: metric } }
            """)
        #expect(self.route(table, "GET", "/weather?lat=1&lon=2").id == "weather")
        #expect(self.route(table, "GET", "/weather?lat=1&lon=2").parameters == ["lat": "1", "lon": "2"])
        #expect(self.route(table, "GET", "/units?system=metric").id == "metric")
        #expect(self.route(table, "GET", "/units?system=imperial").id == nil)
        let missing = self.route(table, "GET", "/weather?lat=1").unmatched
        #expect(missing?.closestID == "weather")
        #expect(missing?.reason == "GET /weather needs query parameter 'lon'")
        let bare = self.route(table, "GET", "/weather").unmatched
        #expect(bare?.reason == "GET /weather needs query parameter 'lat' and query parameter 'lon'")
        // The few words a log line has room for.
        #expect(bare?.short == "needs ?lat&lon")
        #expect(missing?.short == "needs ?lon")
    }

    @Test func anEndpointWithRequirementsIsTriedBeforeOneWithout() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: plain, method: GET, path: /search }
              - { id: json, method: GET, path: /search, headers: { Accept: application/json } }
            """)
        #expect(
            self.route(table, "GET", "/search", headers: ["accept": "text/html, application/json;q=0.9"]).id == "json")
        #expect(self.route(table, "GET", "/search", headers: ["Accept": "text/html"]).id == "plain")
        #expect(self.route(table, "GET", "/search").id == "plain")
    }

    @Test func aWrongMethodNamesTheMethodsThatExist() throws {
        let table = try self.table("endpoints:\n  - { id: login, method: POST, path: /login }\n")
        let unmatched = self.route(table, "GET", "/login").unmatched
        #expect(unmatched?.closest == "POST /login")
        #expect(unmatched?.reason == "/login answers POST, not GET")
        #expect(unmatched?.short == "answers POST only")
    }

    @Test func theClosestEndpointIsTheOneMissingTheLeast() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: json, method: GET, path: /page, query: { v: "2" }, headers: { Accept: application/json } }
              - { id: xml, method: GET, path: /page, query: { format: xml } }
            """)
        let unmatched = self.route(table, "GET", "/page?format=html").unmatched
        #expect(unmatched?.closestID == "xml")
        #expect(unmatched?.reason == "GET /page needs query format=xml")
        #expect(unmatched?.short == "needs ?format=xml")
        #expect(self.route(table, "GET", "/page").unmatched?.short == "needs ?format=xml")
        #expect(self.route(table, "GET", "/page?format=xml").id == "xml")
    }

    /// How long it takes is `switchboard-bench`'s to measure (a hostile
    /// path among 50,000 endpoints), not a unit test's.
    @Test func aHugeUnmatchedPathIsExplained() throws {
        let table = try self.table("endpoints:\n  - { method: GET, path: /data/all/coinlist }\n")
        let unmatched = self.route(table, "GET", "/" + String(repeating: "a", count: 80_000)).unmatched
        #expect(unmatched?.closestID == "data-all-coinlist" || unmatched?.closest == "GET /data/all/coinlist")
    }

    /// 50,000 endpoints: `/api/v1/area{N}/item{M}` and `/:id` patterns.
    static let bigTable: EndpointTable = {
        let endpoints = (0..<50_000).map { index in
            EndpointDefinition(
                id: "endpoint-\(index)", method: index % 4 == 0 ? "POST" : "GET",
                path: PathPattern(
                    segments: [
                        .literal("api"), .literal("v1"), .literal("area\(index / 100)"), .literal("item\(index)"),
                    ]
                        + (index % 10 == 0 ? [.parameter("id")] : [])))
        }
        return EndpointTable(endpoints: endpoints)
    }()

    @Test func theClosestOfFiftyThousandEndpointsIsFoundWithinTheComparisonBudget() async throws {
        let cases: [(method: String, path: String, expected: String?)] = [
            ("GET", "/api/v1/area123/item12345x", "endpoint-12345"),
            ("GET", "/api/v1/area123/itme12345", "endpoint-12345"),
            ("POST", "/api/v1/area4/item404", "endpoint-404"),
            ("GET", "/totally/elsewhere/" + String(repeating: "z", count: 5_000), nil),
            ("DELETE", "/", nil),
        ]
        // Building 50,000 endpoints is long work: not on a test-runner thread.
        let (found, closest) = try await onThread {
            let table = Self.bigTable
            let found = cases.map { item in
                let (index, comparisons) = table.closestPath.search(method: item.method, path: item.path)
                return (id: index.map { table.endpoints[$0].id }, comparisons: comparisons)
            }
            // Through the router too: the 404 names the endpoint meant.
            let unmatched = self.route(table, "GET", "/api/v1/area123/item12345/extra").unmatched
            return (found, unmatched?.closest)
        }
        for (item, result) in zip(cases, found) {
            #expect(result.comparisons <= ClosestPath.comparisonLimit, "\(item.path)")
            #expect(result.id != nil)
            if let expected = item.expected { #expect(result.id == expected, "\(item.path)") }
        }
        #expect(closest == "GET /api/v1/area123/item12345")
    }

    @Test func aSmallManifestIsSearchedWhole() {
        let endpoints = ["/a/b/c", "/weather", "/zzzz"].enumerated().map { index, path in
            EndpointDefinition(
                id: "e\(index)", method: "GET",
                path: PathPattern(segments: path.split(separator: "/").map { .literal(String($0)) }))
        }
        let (index, comparisons) = ClosestPath(endpoints: endpoints).search(method: "GET", path: "/wether")
        #expect(index == 1)
        #expect(comparisons <= 3)
    }

    @Test func literalPathsMatchWithoutDecodingAndEscapedOnesStillDo() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: plain, method: GET, path: /a b/c }
              - { id: param, method: GET, path: "/x/:name" }
            """)
        #expect(self.route(table, "GET", "/a%20b/c").id == "plain")
        #expect(self.route(table, "GET", "/a%20b//c/").id == "plain")
        #expect(self.route(table, "GET", "/x/%41").parameters == ["name": "A"])
    }

    @Test func aPathBeatsTheSamePathWithAWildcardBelowIt() throws {
        let table = try self.table(
            """
            endpoints:
              - { id: below, method: GET, path: "/x/*" }
              - { id: exact, method: GET, path: /x }
              - { id: slash, method: GET, path: "/a%2Fb" }
            """)
        #expect(self.route(table, "GET", "/x").id == "exact")
        #expect(self.route(table, "GET", "/x/").id == "exact")
        #expect(self.route(table, "GET", "//x").id == "exact")
        #expect(self.route(table, "GET", "/x/y").id == "below")
        #expect(self.route(table, "GET", "/a%2Fb").id == "slash")
        #expect(self.route(table, "GET", "/a/b").id == nil)
    }

    @Test func anUnknownPathNamesTheClosestEndpoint() throws {
        let table = try self.table(
            """
            endpoints:
              - { method: GET, path: /data/all/coinlist }
              - { method: GET, path: /weather }
            """)
        #expect(self.route(table, "GET", "/data/all/coinlst").unmatched?.closest == "GET /data/all/coinlist")
        #expect(self.route(table, "GET", "/wether").unmatched?.closest == "GET /weather")
    }

    @Test func headIsAnsweredByTheGetEndpoint() throws {
        let table = try self.table("endpoints:\n  - { id: a, method: GET, path: /a }\n")
        #expect(self.route(table, "HEAD", "/a").id == "a")
        #expect(self.route(table, "POST", "/a").id == nil)
    }

    @Test func trailingSlashesAndAbsoluteTargetsMatch() throws {
        let table = try self.table("endpoints:\n  - { id: a, method: GET, path: /a/b }\n")
        #expect(self.route(table, "GET", "/a/b/").id == "a")
        #expect(self.route(table, "GET", "http://example.com/a/b?x=1").id == "a")
    }

    @Test func derivedIdsComeFromMethodAndPath() throws {
        let table = try self.table("endpoints:\n  - { method: GET, path: /episodes/:episode }\n")
        #expect(table.endpoints[0].id == "get-episodes-episode")
    }

    @Test func aDerivedIdStepsAsideForOneDeclaredLater() throws {
        let table = try self.table(
            """
            endpoints:
              - { method: GET, path: /a, query: { x: "1" } }
              - { method: GET, path: /a, query: { x: "2" } }
              - { id: get-a-2, method: POST, path: /b }
            """)
        #expect(table.endpoints.map(\.id) == ["get-a", "get-a-3", "get-a-2"])
    }
}
