public import SwitchboardCore

/// A request an endpoint will answer: its path with every parameter and
/// required query value filled in, and the headers it requires. The empty
/// log suggests one, so the first request a new user copies matches.
public struct ExampleRequest: Equatable, Sendable {
    /// `/weather?lat=1&lon=2`
    public var target: String
    /// `X-Api-Key: 1`
    public var headers: [String]
    /// Whether the endpoint needs anything beyond its literal path.
    public var needsValues: Bool

    public init(path: String, headers: [String] = [], needsValues: Bool = false) {
        self.target = path
        self.headers = headers
        self.needsValues = needsValues
    }

    public init(_ endpoint: EndpointDefinition) {
        var path = ""
        var needsValues = false
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let text): path += "/" + text
            case .parameter, .wildcard:
                path += "/1"
                needsValues = true
            }
        }
        if path.isEmpty { path = "/" }
        // Numbers are what most parameters take (ids, coordinates, pages).
        let query = endpoint.query.enumerated().map { index, requirement in
            "\(requirement.name)=\(requirement.value ?? String(index + 1))"
        }
        if !query.isEmpty { path += "?" + query.joined(separator: "&") }
        let headers = endpoint.headers.map { "\($0.name): \($0.value ?? "1")" }
        self.init(
            path: TerminalText.clean(path), headers: headers.map(TerminalText.clean),
            needsValues: needsValues || !query.isEmpty || !headers.isEmpty)
    }

    /// `curl 'http://127.0.0.1:8080/weather?lat=1&lon=2' -H 'X-Api-Key: 1'`;
    /// quoted when a shell would read `?` or `&` itself.
    public func curl(serverURL: String, method: String = "GET") -> String {
        let url = serverURL + self.target
        let plain = url.allSatisfy { $0.isLetter || $0.isNumber || "/:.-_".contains($0) }
        var command = "curl " + (method == "GET" ? "" : "-X \(method) ") + (plain ? url : "'\(url)'")
        for header in self.headers { command += " -H '\(header)'" }
        return command
    }
}
