/// The path and query of a request URI, split and decoded for matching.
public struct RequestTarget: Sendable {
    /// The path as sent, still encoded.
    public let rawPath: String
    /// Decoded path segments; empty segments (`//`, a trailing `/`) dropped.
    public let segments: [String]
    /// Decoded query items in order.
    public let query: [(name: String, value: String)]

    public init(uri: String) {
        var pathPart = Substring(uri)
        var queryPart: Substring = ""
        if let mark = uri.firstIndex(of: "?") {
            pathPart = uri[..<mark]
            queryPart = uri[uri.index(after: mark)...]
        }
        if let hash = pathPart.firstIndex(of: "#") { pathPart = pathPart[..<hash] }
        if let hash = queryPart.firstIndex(of: "#") { queryPart = queryPart[..<hash] }
        // An absolute-form target (`GET http://host/path`) is matched on its path.
        if pathPart.hasPrefix("http://") || pathPart.hasPrefix("https://") {
            let afterScheme = pathPart[pathPart.index(pathPart.firstIndex(of: ":")!, offsetBy: 3)...]
            pathPart = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
        }
        self.rawPath = String(pathPart)
        self.segments = pathPart.split(separator: "/", omittingEmptySubsequences: true).map {
            PercentDecoding.decode($0)
        }
        self.query = queryPart.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: "=") {
                return (
                    PercentDecoding.decode(item[..<equals], plusIsSpace: true),
                    PercentDecoding.decode(item[item.index(after: equals)...], plusIsSpace: true)
                )
            }
            return (PercentDecoding.decode(item, plusIsSpace: true), "")
        }
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        self.query.first { $0.name == name }?.value
    }

    /// The decoded path, for distance comparisons.
    public var decodedPath: String {
        "/" + self.segments.joined(separator: "/")
    }
}
