import Foundation

/// The real API behind Switchboard: where a `live` request goes. Only the
/// origin and an optional path prefix: `https://api.example.com/v1` sends
/// `/users?page=2` to `https://api.example.com/v1/users?page=2`.
///
/// Live passthrough spans four modules, each for a reason: the upstream's
/// address (`SwitchboardCore`'s `Upstream/UpstreamURL`); the server's side
/// of a live request, its relay, toxics and the answers kept for recording
/// (`SwitchboardServer`'s `Upstream` and `Live*` files); the AsyncHTTPClient
/// transport (`SwitchboardUpstream`, apart so that SwitchboardKit builds
/// without BoringSSL); and SwitchboardKit's `start(fixtures:upstream:)`
/// (`SwitchboardLive`, a library of its own for the same reason).
public struct UpstreamURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`.
    public var scheme: String
    public var host: String
    public var port: Int
    /// Put before every request's path; empty, or starting with `/` and
    /// never ending with one.
    public var basePath: String

    public var isTLS: Bool { self.scheme == "https" }

    /// `api.example.com` or `api.example.com:8443`: what `Host` and
    /// `X-Forwarded-Host` name.
    public var authority: String {
        // Bytes, not Foundation's substring search: this runs for every
        // live request.
        let host = self.host.utf8.contains(UInt8(ascii: ":")) ? "[\(self.host)]" : self.host
        let standard = self.isTLS ? 443 : 80
        return self.port == standard ? host : "\(host):\(self.port)"
    }

    /// `https://api.example.com/v1`, as the user wrote it (trailing `/` dropped).
    public var description: String {
        "\(self.scheme)://\(self.authority)\(self.basePath)"
    }

    /// The upstream's address for a request target (path and query as
    /// sent, `%XX` escapes kept): an absolute-form target goes up in origin
    /// form, and bytes a URL cannot hold raw are escaped here, since a URL
    /// parser that finds one escapes the whole string again, `%` included
    /// (`{%22a%22:1}` would arrive as `%7B%2522a%2522:1%7D`).
    public func url(for target: String) -> String {
        "\(self.scheme)://\(self.authority)\(self.basePath)\(Self.escaped(Self.originForm(target)))"
    }

    /// `/x?q=1` for `http://host:1/x?q=1` (RFC 9112 §3.2.2: a proxy sends
    /// the origin form on); other targets as they are, with a leading `/`.
    static func originForm(_ target: String) -> Substring {
        let text = Substring(target)
        if text.utf8.first == UInt8(ascii: "/") { return text }
        if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            case let scheme = text[..<colon].lowercased(), scheme == "http" || scheme == "https",
            text[colon...].hasPrefix("://")
        {
            let afterScheme = text[text.index(colon, offsetBy: 3)...]
            guard let start = afterScheme.utf8.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") })
            else { return "/" }
            let rest = afterScheme[start...]
            return rest.utf8.first == UInt8(ascii: "/") ? rest : "/" + rest
        }
        return "/" + text
    }

    /// The target with every byte a URL cannot hold raw written `%XX`:
    /// controls, space, non-ASCII, `" # < > [ \ ] ^ { | }`, the backtick,
    /// and a `%` that starts no escape. Escapes already there pass unchanged.
    static func escaped(_ target: Substring) -> Substring {
        // Over the contiguous bytes, with the unsafe ones in a switch: a
        // walk of the UTF-8 view with a set lookup per byte cost 6,500
        // instructions a live request.
        var contiguous = target
        let escaped: String? = contiguous.withUTF8 { bytes in
            guard bytes.indices.contains(where: { Self.mustEscape(bytes, at: $0) }) else { return nil }
            let hex = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for index in bytes.indices {
                let byte = bytes[index]
                if Self.mustEscape(bytes, at: index) {
                    out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                } else {
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped.map { Substring($0) } ?? target
    }

    private static func mustEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case 0...0x20, 0x7F...0xFF: return true
        case UInt8(ascii: "%"):
            // An escape is `%` and two hex digits.
            return index + 2 >= bytes.count || !bytes[index + 1].isHexDigitASCII || !bytes[index + 2].isHexDigitASCII
        case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"),
            UInt8(ascii: "|"), UInt8(ascii: "}"):
            return true
        default: return false
        }
    }

    public init(scheme: String, host: String, port: Int, basePath: String = "") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// Why `text` is not an upstream, in words; `nil` when it is one.
    public static func problem(in text: String) -> String? {
        switch self.parse(text) {
        case .success: nil
        case .failure(let problem): problem.message
        }
    }

    public struct Problem: Error, Sendable {
        public var message: String
    }

    /// Parses `https://host[:port][/prefix]`.
    public static func parse(_ text: String) -> Result<UpstreamURL, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            return .failure(Problem(message: "'\(text)' is not a URL; an upstream looks like https://api.example.com"))
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(Problem(message: "the upstream must be http:// or https://, not \(scheme)://"))
        }
        guard let host = components.host, !host.isEmpty else {
            return .failure(Problem(message: "'\(text)' names no host; an upstream looks like https://api.example.com"))
        }
        if components.query != nil || components.fragment != nil {
            return .failure(Problem(message: "an upstream takes no query or fragment: each request brings its own"))
        }
        if components.user != nil || components.password != nil {
            return .failure(
                Problem(message: "an upstream URL takes no user or password: the app's own Authorization goes through"))
        }
        if let port = components.port, !(1...65535).contains(port) {
            return .failure(Problem(message: "the upstream's port must be from 1 to 65535, not \(port)"))
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let unbracketed = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return .success(
            UpstreamURL(
                scheme: scheme, host: unbracketed, port: components.port ?? (scheme == "https" ? 443 : 80),
                basePath: path))
    }
}

/// What a request that matches no endpoint gets.
public enum UnmatchedPolicy: String, Sendable, Hashable {
    /// It goes to the upstream.
    case live
    /// Today's 404 with the closest endpoint.
    case notFound = "404"
}

extension UInt8 {
    fileprivate var isHexDigitASCII: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
