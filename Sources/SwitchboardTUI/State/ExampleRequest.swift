public import SwitchboardCore

/// A request an endpoint will answer with its success: its path with every
/// parameter and required query value filled in, the headers it requires,
/// the body it matches on; for an endpoint made from an OpenAPI description
/// also what `--validate` asks (`SpecRequestExample`: the description's
/// values, a credential's placeholder, a body its schema takes). The empty
/// log and the endpoint view suggest one, so the first request a new user
/// copies gets what the endpoint is for.
public struct ExampleRequest: Equatable, Sendable {
    /// `/weather?lat=1&lon=2`, percent-encoded (`/caf%C3%A9`): ASCII.
    public var target: String
    /// `X-Api-Key: 1`
    public var headers: [String]
    /// The body sent with `-d`; `nil` for none.
    public var body: String?
    /// Whether the endpoint needs anything beyond its literal path.
    public var needsValues: Bool

    public init(path: String, headers: [String] = [], body: String? = nil, needsValues: Bool = false) {
        self.target = path
        self.headers = headers
        self.body = body
        self.needsValues = needsValues
    }

    public init(_ endpoint: EndpointDefinition) {
        let described = endpoint.contract?.exampleRequest()
        // Where the answer is a file named by the request, values a file
        // exists for: `/files/1` would only get `404 no fixture`.
        let values = Self.valuesWithAFile(endpoint).merging(described?.pathValues ?? [:]) { file, _ in file }
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
        var query = endpoint.query.enumerated().map { index, requirement in
            (requirement.name, requirement.value ?? values[requirement.name] ?? String(index + 1))
        }
        for item in described?.query ?? [] where !query.contains(where: { $0.0 == item.name }) {
            query.append((item.name, item.value))
        }
        let encodedQuery = query.map {
            Self.encoded($0.0, keeping: Self.queryCharacters) + "=" + Self.encoded($0.1, keeping: Self.queryCharacters)
        }
        if !encodedQuery.isEmpty { path += "?" + encodedQuery.joined(separator: "&") }
        var headers = endpoint.headers.map { ($0.name, $0.value ?? "1") }
        var body: String?
        switch BodyRequirement.example(meeting: endpoint.body) {
        case .json(let value)?:
            headers.append(("Content-Type", "application/json"))
            body = value.json
        case .form(let fields)?:
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = fields.map {
                Self.encoded($0.name, keeping: Self.formCharacters) + "="
                    + Self.encoded($0.value, keeping: Self.formCharacters)
            }.joined(separator: "&")
        case .text(let text)?:
            headers.append(("Content-Type", "text/plain"))
            body = text
        case nil:
            body = described?.body
            // A resource's new or changed item is a JSON object: `{}` is one.
            if let operation = endpoint.resource?.operation, [.create, .replace, .update].contains(operation) {
                headers.append(("Content-Type", "application/json"))
                body = "{}"
            }
        }
        for header in described?.headers ?? [] {
            // The manifest's own requirement, and a body's type, come first.
            let taken = headers.contains { $0.0.lowercased() == header.name.lowercased() }
            if !taken { headers.append((header.name, header.value)) }
        }
        self.init(
            path: path, headers: headers.map { TerminalText.clean("\($0.0): \($0.1)") },
            body: body.map(TerminalText.clean),
            needsValues: needsValues || !query.isEmpty || !headers.isEmpty || body != nil)
    }

    /// `curl 'http://127.0.0.1:8080/weather?lat=1&lon=2' -H 'X-Api-Key: 1'`;
    /// quoted when a shell would read `?` or `&` itself.
    public func curl(serverURL: String, method: String = "GET") -> String {
        self.arguments(serverURL: serverURL, method: method).joined(separator: " ")
    }

    /// The command in pieces that must stay whole: `curl URL`, then each
    /// `-H '…'`, then the body's `-d '…'`, for a hint that has to break
    /// across lines.
    public func arguments(serverURL: String, method: String = "GET") -> [String] {
        let url = serverURL + self.target
        let plain = url.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/:.-_".contains($0)) }
        // `-d` alone would make curl send a POST.
        let named = method != "GET" || self.body != nil
        let command = "curl " + (named ? "-X \(method) " : "") + (plain ? url : CurlCommand.quote(url))
        return [command] + self.headers.map { "-H " + CurlCommand.quote($0) }
            + (self.body.map { ["-d " + CurlCommand.quote($0)] } ?? [])
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
    /// In a form field's name or value: the unreserved characters alone.
    static let formCharacters = Set("-._~".utf8)

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
