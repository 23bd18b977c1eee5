public import SwitchboardJSON

/// `GET /__switchboard`: every route, as `ControlRoute.listing` writes it.
public struct RouteList: Codable, Sendable, Equatable {
    public var routes: [String]

    public init(routes: [String] = ControlRoute.listings) {
        self.routes = routes
    }
}

extension RouteList: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(["routes": WireSchemas.strings], required: ["routes"])
    }
}
