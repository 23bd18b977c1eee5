public import Foundation

/// One call of the control API as a client sends it: a route of the table,
/// its path parameters, query and body, and how to read the answer. Made
/// by `SwitchboardControlling`'s methods; sent by a conformance's
/// `perform(_:)`, over HTTP or in process.
public struct ControlCall<Answer: Sendable>: Sendable {
    public var route: ControlRoute
    public var parameters: [String]
    public var query: [URLQueryItem]
    /// The JSON body, for the routes that take one.
    public var body: Data?
    /// How long the server may hold the call (a long poll's `wait`).
    public var waiting: Duration
    /// Reads a 2xx answer's body.
    public var decode: @Sendable (Data) throws -> Answer

    public init(
        _ route: ControlRoute, _ parameters: [String] = [], query: [URLQueryItem] = [], body: Data? = nil,
        waiting: Duration = .zero, decode: @escaping @Sendable (Data) throws -> Answer
    ) {
        self.route = route
        self.parameters = parameters
        self.query = query
        self.body = body
        self.waiting = waiting
        self.decode = decode
    }

    /// The method to send: the table's.
    public var method: ControlMethod { self.route.declaration.method }

    /// The path to send, percent-encoded: `/__switchboard/endpoints/login`.
    public var path: String { self.route.path(self.parameters) }

    /// `path` and, when there is one, the query, percent-encoded.
    public var target: String {
        guard !self.query.isEmpty else { return self.path }
        var components = URLComponents()
        components.queryItems = self.query
        return self.path + "?" + (components.percentEncodedQuery ?? "")
    }
}

extension ControlCall where Answer: Decodable {
    /// A call whose answer is the contract's JSON.
    public init(
        _ route: ControlRoute, _ parameters: [String] = [], query: [URLQueryItem] = [],
        body: (some Encodable)? = Empty?.none, waiting: Duration = .zero
    ) throws {
        try self.init(
            route, parameters, query: query, body: body.map { try ControlCoding.encoder().encode($0) },
            waiting: waiting
        ) { data in
            try ControlCoding.decoder().decode(Answer.self, from: data)
        }
    }
}

/// No body.
public struct Empty: Encodable, Sendable {}
