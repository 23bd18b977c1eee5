public import SwitchboardCore

/// A request an endpoint will answer: its path with every parameter and
/// required query value filled in, and the headers it requires. The empty
/// log suggests one, so the first request a new user copies matches.
public struct ExampleRequest: Equatable, Sendable {
    /// `/weather?lat=1&lon=2`, percent-encoded (`/caf%C3%A9`): ASCII.
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
        // Where the answer is a file named by the request, values a file
        // exists for: `/files/1` would only get `404 no fixture`.
        let values = Self.valuesWithAFile(endpoint)
        var path = ""
        var needsValues = false
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let text): path += "/" + Self.encoded(text, keeping: Self.pathCharacters)
            case .parameter(let name):
                path += "/" + Self.encoded(values[name] ?? "1", keeping: Self.pathCharacters)
                needsValues = true
            case .wildcard:
                path += "/" + Self.encoded(values[PathPattern.wildcardName] ?? "1", keeping: Self.pathCharacters)
                needsValues = true
            }
        }
        if path.isEmpty { path = "/" }
        // Numbers are what most parameters take (ids, coordinates, pages).
        let query = endpoint.query.enumerated().map { index, requirement in
            let value = requirement.value ?? values[requirement.name] ?? String(index + 1)
            return Self.encoded(requirement.name, keeping: Self.queryCharacters) + "="
                + Self.encoded(value, keeping: Self.queryCharacters)
        }
        if !query.isEmpty { path += "?" + query.joined(separator: "&") }
        let headers = endpoint.headers.map { "\($0.name): \($0.value ?? "1")" }
        self.init(
            path: path, headers: headers.map(TerminalText.clean),
            needsValues: needsValues || !query.isEmpty || !headers.isEmpty)
    }

    /// `curl 'http://127.0.0.1:8080/weather?lat=1&lon=2' -H 'X-Api-Key: 1'`;
    /// quoted when a shell would read `?` or `&` itself.
    public func curl(serverURL: String, method: String = "GET") -> String {
        self.arguments(serverURL: serverURL, method: method).joined(separator: " ")
    }

    /// The command in pieces that must stay whole: `curl URL`, then each
    /// `-H '…'`, for a hint that has to break across lines.
    public func arguments(serverURL: String, method: String = "GET") -> [String] {
        let url = serverURL + self.target
        let plain = url.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/:.-_".contains($0)) }
        let command = "curl " + (method == "GET" ? "" : "-X \(method) ") + (plain ? url : CurlCommand.quote(url))
        return [command] + self.headers.map { "-H " + CurlCommand.quote($0) }
    }

    /// The values of the first file (in name order) a per-request `file:`
    /// pattern fits, as the endpoint view previews it; none otherwise.
    static func valuesWithAFile(_ endpoint: EndpointDefinition) -> [String: String] {
        guard case .perRequestFile(let pattern, let files) = endpoint.success.body else { return [:] }
        for file in files.keys.sorted() {
            if let values = pattern.values(in: file) { return values }
        }
        return [:]
    }

    /// RFC 3986's unreserved characters and the delimiters a path segment
    /// may hold as they are (not `'`, which ends the shell's quoting).
    static let pathCharacters = Set("-._~!$&()*+,;=:@".utf8)
    /// In a query name or value: not `&`, `=`, `+` (a space) or `#`.
    static let queryCharacters = Set("-._~!$()*,;:@/?".utf8)

    /// `café` → `caf%C3%A9`: the URL curl is given is ASCII, so it is
    /// pasted, and sent, the same on any terminal.
    static func encoded(_ text: String, keeping allowed: Set<UInt8>) -> String {
        var out = ""
        for byte in text.utf8 {
            let isAlphanumeric =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if isAlphanumeric || allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + TerminalText.hex(byte)
            }
        }
        return out
    }
}
