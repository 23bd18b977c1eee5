public import SwitchboardJSON

/// `GET /__switchboard/openapi.json`: the control API described in OpenAPI
/// 3.1, made from the route table (`ControlRoute.declaration`) and the
/// schemas beside its types (`WireSchema`), so it says what the server
/// dispatches and nothing else. Built as a `JSONValue`, without an OpenAPI
/// library: clients of this module stay light.
public struct ControlDescription: Decodable, Sendable, Equatable {
    /// The OpenAPI document.
    public var document: JSONValue

    public init(document: JSONValue) {
        self.document = document
    }

    public init(from decoder: any Decoder) throws {
        self.document = try JSONValue(from: decoder)
    }

    /// - Parameters:
    ///   - serverURL: `http://127.0.0.1:8080`, the description's server.
    ///   - version: Switchboard's, the API's version.
    ///   - token: whether the server takes a control token, which every
    ///     call must then present as `Authorization: Bearer`.
    public init(serverURL: String?, version: String, token: Bool) {
        var schemas = WireSchemas()
        var paths: JSONObject = [:]
        for route in ControlRoute.allCases {
            let declaration = route.declaration
            let path = ControlRoute.prefix + declaration.path.map { "/" + $0.text }.joined()
            var item = paths[path]?.objectFields ?? [:]
            for method in declaration.methods {
                item[method.rawValue.lowercased()] = Self.operation(
                    route, method: method, declaration: declaration, schemas: &schemas)
            }
            paths[path] = .object(item)
        }
        var components: JSONObject = [
            "responses": ["problem": Self.problem(&schemas)]
        ]
        components["schemas"] = .object(schemas.named)
        var document: JSONObject = [
            "openapi": "3.1.0",
            "info": [
                "title": "Switchboard control API", "version": .string(version),
                "description": .string(Self.access(token: token)),
            ],
            "paths": .object(paths),
        ]
        if let serverURL { document["servers"] = [["url": .string(serverURL)]] }
        if token {
            components["securitySchemes"] = [
                "controlToken": [
                    "type": "http", "scheme": "bearer", "description": "the token given to --control-token",
                ]
            ]
            document["security"] = [["controlToken": []]]
        }
        document["components"] = .object(components)
        self.document = .object(document)
    }

    /// Who may call, as `ControlAccess` decides it.
    static func access(token: Bool) -> String {
        token
            ? "Every call presents the control token as 'Authorization: Bearer <token>'."
            : "Programs on this machine only: not other machines, not web pages (a request with Origin or Sec-Fetch-Site), not for another host name; start Switchboard with --control-token to allow others."
    }

    /// One method of one route: its parameters, body and answers.
    private static func operation(
        _ route: ControlRoute, method: ControlMethod, declaration: ControlRouteDeclaration,
        schemas: inout WireSchemas
    ) -> JSONValue {
        var parameters: [JSONValue] = []
        for case .parameter(let name) in declaration.path {
            parameters.append(["name": .string(name), "in": "path", "required": true, "schema": WireSchemas.string])
        }
        for query in declaration.query {
            parameters.append([
                "name": .string(query.rawValue), "in": "query", "required": false, "schema": query.schema,
                "description": .string(query.summary),
            ])
        }
        var operation: JSONObject = [
            // The table's method keeps the route's name; the others add theirs.
            "operationId": .string(
                method == declaration.method ? route.rawValue : route.rawValue + "_" + method.rawValue),
            "summary": .string(declaration.summary),
            "responses": [
                "200": [
                    "description": .string(declaration.summary),
                    "content": ["application/json": ["schema": schemas.reference(declaration.answer)]],
                ],
                "4XX": ["$ref": "#/components/responses/problem"],
            ],
        ]
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let body = declaration.body {
            operation["requestBody"] = [
                "required": true, "content": ["application/json": ["schema": schemas.reference(body)]],
            ]
        }
        return .object(operation)
    }

    /// Every refusal: a `ControlProblem`, with `Allow` on a 405.
    private static func problem(_ schemas: inout WireSchemas) -> JSONValue {
        [
            "description": "refused: `error` says why in a stable code, `message` in a sentence",
            "content": ["application/json": ["schema": schemas.reference(ControlProblem.self)]],
        ]
    }
}

extension ControlDescription: WireSchema {
    public static var schemaName: String? { "OpenAPI" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            ["openapi": WireSchemas.string, "info": ["type": "object"], "paths": ["type": "object"]],
            required: ["openapi", "info", "paths"], closed: false)
    }
}

extension JSONValue {
    /// An object's fields; `nil` for anything else.
    var objectFields: JSONObject? {
        if case .object(let fields) = self { fields } else { nil }
    }
}
