/// The path and query of a request URI, for matching. Splitting and
/// decoding happen only when asked for: the common request, a plain literal
/// path, is routed on the raw text without allocating.
public struct RequestTarget: Sendable {
    /// The path as sent, still encoded.
    public let rawPath: Substring
    /// The query string as sent, without the `?`.
    public let rawQuery: Substring

    public init(uri: String) {
        var pathPart = Substring(uri)
        var queryPart: Substring = ""
        if let marks = Self.marks(in: uri) {
            // One pass over the contiguous bytes, every request: the UTF-8
            // view's own search costs some fifteen instructions a byte.
            let utf8 = uri.utf8
            if let mark = marks.question {
                let index = utf8.index(utf8.startIndex, offsetBy: mark)
                pathPart = uri[..<index]
                let queryEnd = marks.hashInQuery.map { utf8.index(utf8.startIndex, offsetBy: $0) } ?? uri.endIndex
                queryPart = uri[uri.index(after: index)..<queryEnd]
            }
            if let hash = marks.hashInPath { pathPart = uri[..<utf8.index(utf8.startIndex, offsetBy: hash)] }
        } else {
            if let mark = uri.utf8.firstIndex(of: UInt8(ascii: "?")) {
                pathPart = uri[..<mark]
                queryPart = uri[uri.index(after: mark)...]
            }
            if let hash = pathPart.utf8.firstIndex(of: UInt8(ascii: "#")) { pathPart = pathPart[..<hash] }
            if let hash = queryPart.utf8.firstIndex(of: UInt8(ascii: "#")) { queryPart = queryPart[..<hash] }
        }
        // An absolute-form target (`GET http://host/path`) is matched on its path.
        if pathPart.utf8.first != UInt8(ascii: "/"), let absolute = Self.absoluteForm(pathPart) {
            pathPart = absolute.path
        }
        self.rawPath = pathPart
        self.rawQuery = queryPart
    }

    /// Byte offsets of the first `?`, of the first `#` before it (or in
    /// the whole target when there is none) and of the first `#` after it;
    /// `nil` when the bytes are not contiguous.
    private static func marks(in uri: String) -> (question: Int?, hashInPath: Int?, hashInQuery: Int?)? {
        uri.utf8.withContiguousStorageIfAvailable { bytes in
            var question: Int?
            var hashInPath: Int?
            var hashInQuery: Int?
            for offset in bytes.indices {
                switch bytes[offset] {
                case UInt8(ascii: "?") where question == nil: question = offset
                case UInt8(ascii: "#") where question == nil: if hashInPath == nil { hashInPath = offset }
                case UInt8(ascii: "#"): if hashInQuery == nil { hashInQuery = offset }
                default: continue
                }
                if hashInQuery != nil { break }
            }
            return (question, hashInPath, hashInQuery)
        }
    }

    /// The authority and path of an absolute-form target
    /// (`http://127.0.0.1:8080/a?b` → `127.0.0.1:8080`, `/a?b`); nil for the
    /// usual origin form (`/a?b`). The scheme is matched without regard to
    /// case, as RFC 3986 says.
    public static func absoluteForm(_ text: Substring) -> (authority: Substring, path: Substring)? {
        guard text.utf8.first != UInt8(ascii: "/"), let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https", text[colon...].hasPrefix("://") else { return nil }
        let afterScheme = text[text.index(colon, offsetBy: 3)...]
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return (afterScheme, "/")
        }
        let rest = afterScheme[slash...]
        return (afterScheme[..<slash], rest.first == "/" ? rest : "/")
    }

    /// True when the raw path is already in the form manifest paths are
    /// written in (no escapes, no empty or trailing segments), so it can be
    /// compared as it is.
    public var isPlainPath: Bool {
        // Over the contiguous bytes a request's target has: this runs for
        // every request.
        if let plain = self.rawPath.utf8.withContiguousStorageIfAvailable(Self.isPlain) { return plain }
        return Self.isPlain(self.rawPath.utf8)
    }

    private static func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "%") || (byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/")) {
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "/")
    }

    /// The target with `prefix` (`/v1`) taken off the front of its path;
    /// `nil` unless the path starts with it as whole segments.
    public func removingPrefix(_ prefix: String) -> RequestTarget? {
        guard self.rawPath.hasPrefix(prefix) else { return nil }
        let rest = self.rawPath.dropFirst(prefix.count)
        guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
        let path = rest.isEmpty ? "/" : String(rest)
        return RequestTarget(uri: self.rawQuery.isEmpty ? path : path + "?" + self.rawQuery)
    }

    /// Decoded path segments; empty segments (`//`, a trailing `/`) dropped.
    public var segments: [String] {
        self.rawPath.split(separator: "/", omittingEmptySubsequences: true).map { PercentDecoding.decode($0) }
    }

    /// Decoded query items in order.
    public var query: [(name: String, value: String)] {
        self.rawQuery.split(separator: "&", omittingEmptySubsequences: true).map(Self.item)
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        for item in self.rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let (itemName, value) = Self.item(item)
            if itemName == name { return value }
        }
        return nil
    }

    /// The decoded path, for distance comparisons.
    public var decodedPath: String {
        "/" + self.segments.joined(separator: "/")
    }

    /// The name and value pairs of a query string (or of a form body,
    /// which is written the same way), decoded.
    static func items(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map(Self.item)
    }

    private static func item(_ item: Substring) -> (name: String, value: String) {
        if let equals = item.firstIndex(of: "=") {
            return (
                PercentDecoding.decode(item[..<equals], plusIsSpace: true),
                PercentDecoding.decode(item[item.index(after: equals)...], plusIsSpace: true)
            )
        }
        return (PercentDecoding.decode(item, plusIsSpace: true), "")
    }
}
