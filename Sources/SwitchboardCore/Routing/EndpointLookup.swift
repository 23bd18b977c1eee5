/// Which endpoint a person means by what they typed: an id (`coinlist`), or
/// `METHOD PATH` where PATH is the manifest's pattern or a concrete path it
/// matches (`POST /login`, `get /episodes/3`; the method in any case). And,
/// when none, the one sentence that says so with its "did you mean": the
/// CLI's `set` and `reset` and the control API's 404 all say it here.
public struct EndpointLookup: Sendable {
    /// What the lookup needs of an endpoint: the control API's listing
    /// gives these three.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var method: String
        /// The manifest's pattern, `/episodes/:episode`.
        public var path: String
        /// Its query, header and body requirements, which the server's
        /// precedence counts (`EndpointStatus.requirements`).
        public var requirements: Int

        public init(id: String, method: String, path: String, requirements: Int = 0) {
            self.id = id
            self.method = method
            self.path = path
            self.requirements = requirements
        }
    }

    public let entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// Splits a command's words into the endpoint's and those after it. An
    /// endpoint is one word, or two when the second is a path: `coinlist
    /// eror` is `coinlist` then `eror` (never one name `coinlist eror`),
    /// `POST /login error` is `POST /login` then `error`, and a quoted
    /// `"GET /login"` is one word already.
    public static func split(_ words: [String]) -> (endpoint: [String], rest: [String]) {
        let count = words.count >= 2 && words[1].hasPrefix("/") ? 2 : min(words.count, 1)
        return (Array(words.prefix(count)), Array(words.dropFirst(count)))
    }

    /// The id `name` means, or the sentence saying no endpoint has it.
    public func resolve(_ name: String) -> Result<String, Miss> {
        if let entry = self.entries.first(where: { $0.id == name }) { return .success(entry.id) }
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            let near = EditDistance.suggestion(for: name, among: self.entries.map(\.id))
            return .failure(Miss(name: name, hint: near.map(Self.didYouMean), ids: self.entries.map(\.id)))
        }
        let method = parts[0].uppercased()
        let path = String(parts[1].drop { $0 == " " })
        let named = self.match(method: method, path: path)
        if named.count == 1 { return .success(named[0]) }
        if named.count > 1 { return .failure(Miss(name: name, hint: nil, ids: self.entries.map(\.id), tied: named)) }
        return .failure(Miss(name: name, hint: self.hint(method: method, path: path), ids: self.entries.map(\.id)))
    }

    /// The endpoint `METHOD PATH` names: of those whose pattern is the path
    /// as written, or else of those whose pattern matches it, the one the
    /// server tries first (`EndpointTable.precedes`: the more specific path,
    /// then the more requirements). Several ids when the first is told
    /// apart from others only by the manifest's order; none when nothing
    /// matches.
    private func match(method: String, path: String) -> [String] {
        let found = self.patterns(path: path).filter { $0.0.method == method }
        let written = found.filter { $0.0.path == path }
        var first: (entry: Entry, pattern: PathPattern)?
        var tied: [String] = []
        for (entry, pattern) in written.isEmpty ? found : written {
            guard let best = first else {
                (first, tied) = ((entry, pattern), [entry.id])
                continue
            }
            switch EndpointTable.precedes(pattern, entry.requirements, best.pattern, best.entry.requirements) {
            case true?: (first, tied) = ((entry, pattern), [entry.id])
            case nil: tied.append(entry.id)
            case false?: break
            }
        }
        return tied
    }

    /// The endpoints whose pattern is `path` or matches it, with the pattern.
    private func patterns(path: String) -> [(Entry, PathPattern)] {
        let segments = RequestTarget(uri: path).segments
        return self.entries.compactMap { entry in
            guard case .success(let pattern) = PathPattern.parse(entry.path) else { return nil }
            return entry.path == path || pattern.match(segments) != nil ? (entry, pattern) : nil
        }
    }

    /// Why `METHOD PATH` named nothing, as a fix: the path is there under
    /// another method (`/login answers POST — did you mean 'POST /login'?`),
    /// or it is a near miss of one of the method's paths (`GET /weathr` of
    /// `GET /weather`, compared among the method's paths alone, so a short
    /// path is not "near" every other for sharing the method).
    private func hint(method: String, path: String) -> String? {
        var methods: [String] = []
        for (entry, _) in self.patterns(path: path) where !methods.contains(entry.method) {
            methods.append(entry.method)
        }
        if let first = methods.first {
            let list = methods.count == 1 ? first : methods.dropLast().joined(separator: ", ") + " and " + methods.last!
            return "\(path) answers \(list)" + Self.didYouMean("\(first) \(path)")
        }
        let paths = self.entries.filter { $0.method == method }.map(\.path)
        return EditDistance.suggestion(for: path, among: paths).map { Self.didYouMean("\(method) \($0)") }
    }

    private static func didYouMean(_ suggestion: String) -> String {
        " — did you mean '\(suggestion)'?"
    }

    /// A name no endpoint has, and what to say about it.
    public struct Miss: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        /// ` — did you mean 'coinlist'?`, or `/login answers POST — …`;
        /// `nil` when nothing is near.
        public var hint: String?
        public var ids: [String]
        /// The endpoints a `METHOD PATH` names that the server tells apart
        /// only by their order; `nil` when it names none.
        public var tied: [String]? = nil

        /// `no endpoint 'coinlst' — did you mean 'coinlist'?`; with no
        /// suggestion, the ids there are.
        public var description: String {
            if let tied {
                return "'\(self.name)' is \(tied.count) endpoints the server tells apart only by their order"
                    + " (\(tied.joined(separator: ", "))): name one by its id"
            }
            if let hint {
                // A hint that is a sentence of its own follows a colon.
                return "no endpoint '\(self.name)'" + (hint.hasPrefix(" ") ? hint : ": " + hint)
            }
            return "no endpoint '\(self.name)'"
                + (self.ids.isEmpty ? " (there are no endpoints)" : " (endpoints: \(self.ids.joined(separator: ", ")))")
        }
    }

    /// The sentence for an id no endpoint has, among `ids`: what the
    /// control API answers for `PUT …/endpoints/coinlst`.
    public static func unknownID(_ id: String, ids: [String]) -> Miss {
        Miss(name: id, hint: EditDistance.suggestion(for: id, among: ids).map(Self.didYouMean), ids: ids)
    }
}
