import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The route table (`ControlRoute`) is the control API: every route in it
/// is dispatched, every other method on its paths is a 405 whose `Allow`
/// is the table's, and the client has a method for every route that lands
/// on that route. Derived from the table, so a new route is checked without
/// a line here, except the client's, which the compiler asks for.
@Suite struct ControlRouteTableTests {
    let api: ControlAPI

    init() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let journal = RequestJournal(capacity: 100)
        self.api = ControlAPI(panel: ControlPanel(manifest: manifest), journal: journal, serverURL: "http://x")
    }

    /// Values that name something in the demo manifest, for each parameter.
    static let values = ["id": "login", "name": "outage", "sequence": "1", "resource": "todos"]

    static func path(of route: ControlRoute) -> String {
        route.path(
            route.declaration.path.compactMap { piece in
                if case .parameter(let name) = piece { return Self.values[name] }
                return nil
            })
    }

    func call(_ method: String, _ path: String) -> ControlAPI.Response {
        self.api.handle(
            ControlAPI.Request(method: HTTPMethod(rawValue: method), target: RequestTarget(uri: path), body: []))
    }

    static func code(_ response: ControlAPI.Response) -> String? {
        try? ControlCoding.decoder().decode(ControlProblem.self, from: Data(response.body.utf8)).error
    }

    @Test(arguments: ControlRoute.allCases)
    func everyRouteAndEveryMethodItTakesIsDispatched(route: ControlRoute) {
        for method in route.declaration.methods {
            let response = self.call(method.rawValue, Self.path(of: route))
            #expect(response.status != .methodNotAllowed, "\(method) \(route)")
            let code = Self.code(response)
            #expect(code != ProblemCode.noSuchRoute.rawValue && code != ProblemCode.methodNotAllowed.rawValue)
        }
    }

    @Test(arguments: ControlRoute.allCases)
    func everyOtherMethodOnARoutesPathIsA405WithTheTablesAllow(route: ControlRoute) {
        let path = Self.path(of: route)
        // Every route whose path this is (`requests` is GET and DELETE).
        let allowed = ControlRoute.allCases.filter { Self.path(of: $0) == path }.flatMap(\.declaration.methods)
        for method in ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE", "OPTIONS"]
        where !allowed.map(\.rawValue).contains(method) {
            let response = self.call(method, path)
            #expect(response.status == .methodNotAllowed, "\(method) \(path)")
            #expect(Self.code(response) == ProblemCode.methodNotAllowed.rawValue)
            #expect(response.headers.map(\.0) == ["Allow"])
            #expect(response.headers.first?.1 == ControlRoute.allowHeader(allowed), "\(method) \(path)")
        }
    }

    @Test func theListingIsTheTable() throws {
        let listed = try ControlCoding.decoder().decode(
            RouteList.self, from: Data(self.call("GET", "/__switchboard").body.utf8))
        #expect(listed.routes == ControlRoute.allCases.map(\.listing))
        #expect(listed.routes.contains("PUT /__switchboard/endpoints/{id}?by="))
        #expect(
            listed.routes.contains(
                "GET /__switchboard/requests?limit=&unmatched=&endpoint=&details=&redact=&after=&wait="))
    }

    @Test func aPathOutsideTheTableIs404EvenUnderAKnownWord() {
        for path in ["/__switchboard/nope", "/__switchboard/endpoints/login/reset/again", "/__switchboard/har/x"] {
            let response = self.call("GET", path)
            #expect(response.status == .notFound, "\(path)")
            #expect(Self.code(response) == ProblemCode.noSuchRoute.rawValue)
        }
    }

    @Test func theAllowHeaderGoesOnTheWire() throws {
        let wire = try WireHarness.demo()
        let answer = try wire.response(
            to: "PATCH /__switchboard/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        #expect(answer.status == 405)
        #expect(answer.header("Allow") == "GET, DELETE")
    }

    /// A parameter is one segment however it is spelled: the client encodes
    /// it, the server's split and decoding give it back whole.
    @Test(arguments: ["login", "a b", "a/b", "a?b#c", "100%", "ünï", "a+b;c=d&e"])
    func aParameterRoundTripsThroughItsPath(id: String) {
        let path = ControlRoute.endpoint.path([id])
        let segments = path.dropFirst(ControlRoute.prefix.count).split(separator: "/").map {
            PercentDecoding.decode($0)
        }
        #expect(ControlRoute.match(method: "GET", segments: segments) == .route(.endpoint, parameters: [id]))
    }

    /// What the client sent: `perform` stops here, the call is all the test wants.
    struct Sent: Error {
        let route: ControlRoute
        let method: String
        let path: String
    }

    struct SendingNothing: SwitchboardControlling {
        var baseURL: URL { URL(string: "http://127.0.0.1:1")! }

        func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer {
            throw Sent(route: call.route, method: call.method.rawValue, path: call.path)
        }
    }

    /// The switch is exhaustive: a route added to the table without a
    /// client method stops this from compiling until one is named here.
    @Test(arguments: ControlRoute.allCases)
    func theClientHasAMethodForEveryRouteAndItLandsThere(route: ControlRoute) async throws {
        let client = SendingNothing()
        let sent = await #expect(throws: Sent.self) {
            switch route {
            case .routes: _ = try await client.routes()
            case .endpoints: _ = try await client.status()
            case .endpoint: _ = try await client.endpoint("login")
            case .setEndpoint: try await client.change("login", SettingChange(mode: .error))
            case .resetEndpoint: try await client.reset("login")
            case .reset: try await client.reset()
            case .scenarios: _ = try await client.scenarios()
            case .applyScenario: try await client.apply(scenario: "outage")
            case .resources: _ = try await client.resources()
            case .resource: _ = try await client.items(of: "todos")
            case .replaceResource: try await client.replaceItems(of: "todos", with: [["title": "milk"]])
            case .resetResource: try await client.resetItems(of: "todos")
            case .requests: _ = try await client.requests(RequestFilter())
            case .request: _ = try await client.request(1)
            case .clearRequests: try await client.clearRequests()
            case .har: _ = try await client.har()
            case .record: try await client.record(RecordRequest(all: true))
            case .openAPI: _ = try await client.openAPI()
            }
        }
        #expect(sent?.route == route)
        // Where the server's table puts that method and path.
        let segments = (sent?.path ?? "").dropFirst(ControlRoute.prefix.count).split(separator: "/").map {
            PercentDecoding.decode($0)
        }
        let match = ControlRoute.match(method: sent?.method ?? "", segments: segments)
        guard case .route(let landed, _) = match else {
            Issue.record("\(route): \(match)")
            return
        }
        #expect(landed == route)
    }
}
