import OpenAPIKit

/// The path part of a server URL, which every operation's path is under:
/// `https://petstore3.swagger.io/api/v3` → `/api/v3`, `/v1` → `/v1`,
/// `https://api.example.com` → empty. Server variables take their default
/// values (`{basePath}` → `v2`).
public enum SpecBasePath {
    static func of(_ server: OpenAPI.Server?) -> String {
        guard let server else { return "" }
        var url = server.urlTemplate.rawValue
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        return Self.path(of: url)
    }

    /// The path of `url`, without a trailing slash, empty for the root.
    public static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return "" }
            rest = rest[slash...]
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard rest.hasPrefix("/") else { return "" }
        while rest.hasSuffix("/") { rest.removeLast() }
        return String(rest)
    }
}
