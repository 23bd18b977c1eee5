/// Where the control API lives and what it answers, as the server lists it
/// at `GET /__switchboard`.
public enum ControlRoutes {
    public static let prefix = "/__switchboard"

    public static let all = [
        "GET /__switchboard/endpoints", "GET /__switchboard/endpoints/{id}", "PUT /__switchboard/endpoints/{id}",
        "POST /__switchboard/reset", "GET /__switchboard/scenarios", "POST /__switchboard/scenarios/{name}",
        "GET /__switchboard/requests?limit=&unmatched=&endpoint=&details=&after=&wait=",
        "GET /__switchboard/requests/{sequence}",
        "DELETE /__switchboard/requests", "GET /__switchboard/har", "POST /__switchboard/record",
    ]
}

/// `GET /__switchboard`.
public struct RouteList: Codable, Sendable, Equatable {
    public var routes: [String]

    public init(routes: [String] = ControlRoutes.all) {
        self.routes = routes
    }
}
