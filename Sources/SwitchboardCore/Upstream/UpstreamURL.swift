import Foundation

/// The real API behind Switchboard: where a `live` request goes. Only the
/// origin and an optional path prefix: `https://api.example.com/v1` sends
/// `/users?page=2` to `https://api.example.com/v1/users?page=2`.
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

    /// The upstream's address for a request target (path and query as sent).
    public func url(for target: String) -> String {
        "\(self.scheme)://\(self.authority)\(self.basePath)\(target.utf8.first == UInt8(ascii: "/") ? target : "/" + target)"
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
