public import SwitchboardJSON
import SwitchboardModel

/// The control API, declared once: each route's method, path, query, body,
/// answer and what it does, in `declaration`. The server dispatches from
/// it and answers 405 with `Allow` from it, `GET /__switchboard` lists it,
/// and every client builds its calls from it (`SwitchboardControlling`).
/// A new route is a case here and its row; the compiler then asks for the
/// server's handler (`ControlAPI.answer`) and the client's method
/// (`ControlRouteCoverageTests`), as both switch over every case.
public enum ControlRoute: String, CaseIterable, Sendable {
    case routes
    case endpoints
    case endpoint
    case setEndpoint
    case resetEndpoint
    case reset
    case scenarios
    case applyScenario
    case resources
    case resource
    case replaceResource
    case resetResource
    case requests
    case request
    case clearRequests
    case har
    case record
    case openAPI

    /// Where the control API lives: `/__switchboard` and below it.
    public static let prefix = "/__switchboard"

    /// The route's row of the table.
    public var declaration: ControlRouteDeclaration {
        switch self {
        case .routes:
            .init(.GET, [], answer: RouteList.self, "every route of the control API")
        case .endpoints:
            .init(
                .GET, ["endpoints"], answer: PanelStatus.self, "every endpoint, how it is set and how often it was hit")
        case .endpoint:
            .init(.GET, ["endpoints", "{id}"], answer: EndpointStatus.self, "one endpoint")
        case .setEndpoint:
            .init(
                .PUT, ["endpoints", "{id}"], also: [.PATCH, .POST], query: [.by], body: SettingChange.self,
                answer: EndpointStatus.self, "change an endpoint's mode, latency, rate limit or toxics")
        case .resetEndpoint:
            .init(
                .POST, ["endpoints", "{id}", "reset"], query: [.by], answer: EndpointStatus.self,
                "one endpoint back to the manifest's starting state")
        case .reset:
            .init(
                .POST, ["reset"], query: [.by], answer: PanelStatus.self,
                "every endpoint back to the manifest's starting state")
        case .scenarios:
            .init(.GET, ["scenarios"], answer: ScenarioList.self, "the manifest's scenarios and the one applied last")
        case .applyScenario:
            .init(
                .POST, ["scenarios", "{name}"], query: [.by], answer: PanelStatus.self,
                "apply a scenario (or start a drill)")
        case .resources:
            .init(
                .GET, ["resources"], answer: ResourceList.self, "the manifest's resources and how many items each holds"
            )
        case .resource:
            .init(.GET, ["resources", "{resource}"], answer: [JSONValue].self, "a resource's items, as they are now")
        case .replaceResource:
            .init(
                .PUT, ["resources", "{resource}"], body: [JSONValue].self, answer: [JSONValue].self,
                "replace a resource's items")
        case .resetResource:
            .init(
                .POST, ["resources", "{resource}", "reset"], answer: [JSONValue].self,
                "a resource's items back to its seed")
        case .requests:
            .init(
                .GET, ["requests"], query: [.limit, .unmatched, .endpoint, .details, .redact, .after, .wait],
                answer: [RequestRecord].self, "the journal, filtered, at once or as a long poll")
        case .request:
            .init(
                .GET, ["requests", "{sequence}"], query: [.redact], answer: RequestRecord.self,
                "one request with its headers and bodies")
        case .clearRequests:
            .init(.DELETE, ["requests"], answer: JournalCleared.self, "clear the journal")
        case .har:
            .init(.GET, ["har"], query: [.redact], answer: RawJSON.self, "the journal as HAR 1.2")
        case .record:
            .init(
                .POST, ["record"], body: RecordRequest.self, answer: RecordResult.self,
                "write the last live answers as fixtures")
        case .openAPI:
            .init(
                .GET, ["openapi.json"], answer: ControlDescription.self,
                "this API described in OpenAPI 3.1, from this table")
        }
    }
}

/// One row of the control API's table (see `ControlRoute`).
/// Not `Sendable`: it holds metatypes, which are not; it is made on demand.
public struct ControlRouteDeclaration {
    /// The method the route is listed and called with.
    public var method: ControlMethod
    /// Methods taken for the same call as well (`PATCH` and `POST` for `PUT`).
    public var also: [ControlMethod]
    public var path: [ControlPathSegment]
    /// The query parameters it reads.
    public var query: [ControlQuery]
    /// The JSON body it takes, if any, with its schema.
    public var body: (any (Decodable & WireSchema).Type)?
    /// What it answers with (200), with its schema.
    public var answer: any (Decodable & WireSchema).Type
    /// What it does, in one line.
    public var summary: String

    init(
        _ method: ControlMethod, _ path: [ControlPathSegment], also: [ControlMethod] = [], query: [ControlQuery] = [],
        body: (any (Decodable & WireSchema).Type)? = nil, answer: any (Decodable & WireSchema).Type, _ summary: String
    ) {
        self.method = method
        self.also = also
        self.path = path
        self.query = query
        self.body = body
        self.answer = answer
        self.summary = summary
    }

    /// Every method the route answers.
    public var methods: [ControlMethod] { [self.method] + self.also }
}

/// The methods the control API uses.
public enum ControlMethod: String, Sendable, CaseIterable {
    case GET, PUT, PATCH, POST, DELETE
}

/// A piece of a route's path: a fixed word, or a `{parameter}` the caller
/// fills in.
public enum ControlPathSegment: Sendable, Equatable, ExpressibleByStringLiteral {
    case literal(String)
    case parameter(String)

    /// `"endpoints"` is a literal, `"{id}"` a parameter.
    public init(stringLiteral text: String) {
        self =
            text.hasPrefix("{") && text.hasSuffix("}")
            ? .parameter(String(text.dropFirst().dropLast())) : .literal(text)
    }

    /// As the listing writes it: `endpoints`, `{id}`.
    public var text: String {
        switch self {
        case .literal(let word): word
        case .parameter(let name): "{\(name)}"
        }
    }
}

/// An answer passed on as the server's bytes, not decoded: the HAR document.
public struct RawJSON: Decodable, Sendable, Equatable {
    public var data: [UInt8]

    public init(data: [UInt8]) {
        self.data = data
    }

    /// Not read through a decoder: clients keep the bytes.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "raw JSON is kept as bytes"))
    }
}

extension RawJSON: WireSchema {
    /// The one raw answer, `GET …/har`: HAR 1.2 as `HARWriter` writes it.
    public static var schemaName: String? { "HAR" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let creator = WireSchemas.object(
            ["name": WireSchemas.string, "version": WireSchemas.string], required: ["name", "version"])
        let log = WireSchemas.object(
            [
                "version": ["const": "1.2"], "creator": creator, "pages": WireSchemas.array(["type": "object"]),
                "entries": WireSchemas.array(["type": "object"]), "comment": WireSchemas.string,
            ], required: ["version", "creator", "pages", "entries"])
        return WireSchemas.object(["log": log], required: ["log"])
    }
}
