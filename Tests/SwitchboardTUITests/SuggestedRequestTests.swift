import SwitchboardCore
import SwitchboardModel
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 37, item 21: the `try: curl` the screen suggests is one that gets
/// the endpoint's success (`SuggestedCurlTests` runs them against a server).
@Suite struct SuggestedRequestTests {
    let url = "http://127.0.0.1:8080"

    func demo(_ id: String) throws -> EndpointDefinition {
        try #require(try ScreenFixtures.demoPanel().snapshot().manifest.endpoints.first { $0.id == id })
    }

    @Test func aBodyMatchedEndpointIsSuggestedWithTheBodyItMatches() throws {
        #expect(
            ExampleRequest(try self.demo("login")).curl(serverURL: self.url, method: "POST")
                == #"curl -X POST http://127.0.0.1:8080/login -H 'Content-Type: application/json' -d '{"password":"s3cret"}'"#
        )
        // Its twin without a body requirement is asked without one.
        #expect(
            ExampleRequest(try self.demo("login-refused")).curl(serverURL: self.url, method: "POST")
                == "curl -X POST http://127.0.0.1:8080/login")
    }

    @Test func bodyRequirementsMakeABodyThatMeetsThem() throws {
        let manifest = try ManifestLoader.parse(
            text: """
                endpoints:
                  - { id: a, method: POST, path: /a, body: { paths: { "$.user.name": alice, "$.tags[1]": x, "$.id": "*" } } }
                  - { id: f, method: POST, path: /f, body: { form: { grant_type: password, user: "a b" } } }
                """, file: "switchboard.yml", directory: "/tmp")
        var json = RequestBody(bytes: Array(try #require(ExampleRequest(manifest.endpoints[0]).body).utf8))
        #expect(manifest.endpoints[0].body.allSatisfy { $0.accepts(&json) })
        let form = ExampleRequest(manifest.endpoints[1])
        var formBody = RequestBody(bytes: Array(try #require(form.body).utf8))
        #expect(manifest.endpoints[1].body.allSatisfy { $0.accepts(&formBody) }, "\(form.body ?? "")")
        #expect(form.headers.contains("Content-Type: application/x-www-form-urlencoded"))
    }

    @Test func aDescribedOperationIsSuggestedWithWhatValidationAsks() throws {
        let fixtures = try TemporaryFixtures(
            manifest: DescribedAPI.manifest, files: ["api.yaml": Array(DescribedAPI.spec.utf8)])
        let manifest = try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI)
        func example(_ id: String) throws -> ExampleRequest {
            ExampleRequest(try #require(manifest.endpoints.first { $0.id == id }))
        }
        let order = try example("getOrder")
        #expect(order.target.hasPrefix("/orders/") && order.target.contains("?limit="), "\(order.target)")
        #expect(
            order.headers.contains { $0.hasPrefix("X-Trace: ") } && order.headers.contains("X-Api-Key: KEY"),
            "\(order.headers)")
        let placed = try example("placeOrder")
        #expect(placed.headers.contains("Authorization: Bearer TOKEN"), "\(placed.headers)")
        #expect(placed.headers.contains("Content-Type: application/json"))
        // The required fields, without the server's read-only id.
        let body = try #require(placed.body)
        #expect(body.contains(#""item":""#) && body.contains(#""quantity":"#) && !body.contains(#""id""#), "\(body)")
        #expect(try example("report").target == "/reports?day=2026-12-01&api_key=KEY")
    }

    /// A row's suggestion is made once a manifest (a flip keeps it), and
    /// made again for a reloaded one.
    @Test func aReloadedManifestsSuggestionIsItsOwn() throws {
        let panel = try ScreenFixtures.demoPanel()
        var state = try ScreenFixtures.freshState(panel: panel)
        let stats = JournalStats(total: 0, unmatched: 0, byEndpoint: [:])
        func login() -> String? { state.endpoints.first { $0.id == "login" }?.example.body }
        try panel.set(endpoint: "login", SettingChange(mode: .error))
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), stats), width: 80, height: 24)
        #expect(login() == #"{"password":"s3cret"}"#)
        var manifest = panel.snapshot().manifest
        let index = try #require(manifest.endpoints.firstIndex { $0.id == "login" })
        manifest.endpoints[index].body = BodyRequirement.containing(.object(["password": .string("n3w")]))
        panel.replaceManifest(manifest)
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), stats), width: 80, height: 24)
        #expect(login() == #"{"password":"n3w"}"#)
    }

    @Test func theHeaderSaysWhenRequestsAreValidated() throws {
        let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)
        let panel = ControlPanel(manifest: try ScreenFixtures.demoPanel().snapshot().manifest, validating: true)
        let validating = ScreenRenderer.render(
            try ScreenFixtures.freshState(panel: panel), width: 100, height: 24, options: plain)
        #expect(grid(validating).first?.contains("  validating requests  ") == true, "\(validating.text)")
        let fresh = ScreenRenderer.render(try ScreenFixtures.freshState(), width: 100, height: 24, options: plain)
        #expect(!fresh.text.contains("validating"))
    }

    func grid(_ grid: Grid) -> [String] {
        (0..<grid.height).map(grid.row)
    }
}
