/// A manifest path: literal segments, `:param` segments and a trailing `*`.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        /// Matches the rest of the path, zero or more segments; its value is
        /// available to templates as `{*}`.
        case wildcard
    }

    public let segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// The name a trailing wildcard's value is known by in templates.
    public static let wildcardName = "*"

    /// Parses `/episodes/:episode`. Returns a message describing the problem
    /// for anything that is not a valid pattern.
    public static func parse(_ text: String) -> Result<PathPattern, PatternError> {
        guard text.hasPrefix("/") else {
            return .failure(PatternError(message: "path '\(text)' must start with '/'", fix: "write '/\(text)'"))
        }
        if text.contains("?") {
            return .failure(
                PatternError(
                    message: "path '\(text)' contains a query string",
                    fix: "put required query parameters under 'query:' instead"
                )
            )
        }
        let raw = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var segments: [Segment] = []
        var names = Set<String>()
        for (index, part) in raw.enumerated() {
            if part == "*" {
                guard index == raw.count - 1 else {
                    return .failure(
                        PatternError(message: "'*' may only end a path", fix: "move '*' to the last segment")
                    )
                }
                segments.append(.wildcard)
            } else if part.hasPrefix(":") {
                let name = String(part.dropFirst())
                guard !name.isEmpty, name.allSatisfy(\.isParameterNameCharacter) else {
                    return .failure(
                        PatternError(
                            message: "'\(part)' is not a valid parameter",
                            fix: "use letters, digits, '_' and '-' after ':', e.g. ':id'"
                        )
                    )
                }
                guard names.insert(name).inserted else {
                    return .failure(
                        PatternError(
                            message: "parameter ':\(name)' appears twice", fix: "give each parameter its own name")
                    )
                }
                segments.append(.parameter(name))
            } else {
                segments.append(.literal(PercentDecoding.decode(part)))
            }
        }
        return .success(PathPattern(segments: segments))
    }

    public struct PatternError: Error, Sendable {
        public var message: String
        public var fix: String
    }

    /// Names of the `:param` segments (and `*` for a wildcard).
    public var parameterNames: [String] {
        self.segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .parameter(let name): name
            case .wildcard: PathPattern.wildcardName
            }
        }
    }

    /// Matches decoded path segments, returning the parameter values.
    public func match(_ path: [String]) -> [String: String]? {
        var values: [String: String] = [:]
        for (index, segment) in self.segments.enumerated() {
            switch segment {
            case .wildcard:
                values[PathPattern.wildcardName] = path[min(index, path.count)...].joined(separator: "/")
                return values
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count, !path[index].isEmpty else { return nil }
                values[name] = path[index]
            }
        }
        return path.count == self.segments.count ? values : nil
    }

    /// Orders patterns so the most specific is tried first: at the first
    /// differing segment a literal beats a parameter beats a wildcard; a
    /// pattern without a wildcard beats one with.
    public func isMoreSpecific(than other: PathPattern) -> Bool {
        for (mine, theirs) in zip(self.segments, other.segments) {
            let a = mine.rank
            let b = theirs.rank
            if a != b { return a < b }
        }
        // `/x` beats `/x/*`, which only adds "anything below"; otherwise the
        // longer pattern says more.
        if self.segments.count + 1 == other.segments.count, other.segments.last == .wildcard { return true }
        if other.segments.count + 1 == self.segments.count, self.segments.last == .wildcard { return false }
        return self.segments.count > other.segments.count
    }

    public var description: String {
        if self.segments.isEmpty { return "/" }
        return self.segments.map { segment -> String in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter(let name): "/:" + name
            case .wildcard: "/*"
            }
        }.joined()
    }
}

extension PathPattern.Segment {
    fileprivate var rank: Int {
        switch self {
        case .literal: 0
        case .parameter: 1
        case .wildcard: 2
        }
    }
}

extension Character {
    package var isParameterNameCharacter: Bool {
        self.isASCII && (self.isLetter || self.isNumber || self == "_" || self == "-")
    }

    /// What an endpoint id may be written with (a manifest's `id:`, an
    /// OpenAPI `operationId` made into one).
    package var isEndpointIDCharacter: Bool {
        self.isParameterNameCharacter || self == "."
    }
}
