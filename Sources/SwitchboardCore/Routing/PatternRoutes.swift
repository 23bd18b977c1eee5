/// The endpoints whose path has a `:param` or a `*`, as one tree of path
/// segments per method: a request is compared only with the patterns its
/// path can match, not walked past every other.
///
/// Walked one by one, the patterns of an OpenAPI description with a
/// thousand operations (most of them with a parameter) cost a request to
/// one of the last some thirty microseconds, more than the rest of its
/// answer. The tree finds the few patterns that match, and gives them in
/// the table's precedence order (`EndpointTable`): what walking them all
/// in that order, skipping other methods and paths that do not match,
/// finds first.
struct PatternRoutes: Sendable {
    /// One segment position: the patterns that continue with a literal
    /// (by its decoded text), with a parameter, that end here, and whose
    /// `*` starts here (matching the rest, zero or more segments).
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        var ends: [Int] = []
        var wildcards: [Int] = []
    }

    private var nodes: [Node] = []
    /// Each method's root in `nodes`: a short list compared in turn, as
    /// `EndpointTable`'s literal routes are.
    private var roots: [(method: String, node: Int)] = []
    /// Precedence rank → endpoint index (the table's pattern order).
    private let order: [Int]

    var isEmpty: Bool { self.order.isEmpty }

    /// `order` lists the indices of `endpoints` to route by pattern, most
    /// specific first.
    init(endpoints: [EndpointDefinition], order: [Int]) {
        self.order = order
        for (rank, index) in order.enumerated() {
            let endpoint = endpoints[index]
            var node = self.root(for: endpoint.method)
            var wildcard = false
            for segment in endpoint.path.segments {
                switch segment {
                case .literal(let text):
                    if let next = self.nodes[node].literals[text] {
                        node = next
                    } else {
                        self.nodes.append(Node())
                        self.nodes[node].literals[text] = self.nodes.count - 1
                        node = self.nodes.count - 1
                    }
                case .parameter:
                    if let next = self.nodes[node].parameter {
                        node = next
                    } else {
                        self.nodes.append(Node())
                        self.nodes[node].parameter = self.nodes.count - 1
                        node = self.nodes.count - 1
                    }
                case .wildcard:
                    // `PathPattern.match` takes the rest at a `*`, whatever
                    // follows it.
                    wildcard = true
                }
                if wildcard { break }
            }
            if wildcard {
                self.nodes[node].wildcards.append(rank)
            } else {
                self.nodes[node].ends.append(rank)
            }
        }
    }

    private mutating func root(for method: String) -> Int {
        if let root = self.roots.first(where: { $0.method == method }) { return root.node }
        self.nodes.append(Node())
        self.roots.append((method, self.nodes.count - 1))
        return self.nodes.count - 1
    }

    /// The indices of the endpoints of `method` whose pattern matches the
    /// decoded `segments` (`PathPattern.match`), in precedence order.
    func candidates(method: String, segments: [String]) -> [Int] {
        guard let root = self.roots.first(where: { $0.method == method })?.node else { return [] }
        var ranks: [Int] = []
        self.collect(self.nodes[root], depth: 0, segments: segments, into: &ranks)
        if ranks.count > 1 { ranks.sort() }
        return ranks.map { self.order[$0] }
    }

    /// What `PathPattern.match` accepts, segment by segment: a literal its
    /// own text, a parameter any non-empty segment, a `*` the rest.
    private func collect(_ node: Node, depth: Int, segments: [String], into ranks: inout [Int]) {
        ranks += node.wildcards
        guard depth < segments.count else {
            ranks += node.ends
            return
        }
        let segment = segments[depth]
        if let next = node.literals[segment] {
            self.collect(self.nodes[next], depth: depth + 1, segments: segments, into: &ranks)
        }
        if let next = node.parameter, !segment.isEmpty {
            self.collect(self.nodes[next], depth: depth + 1, segments: segments, into: &ranks)
        }
    }
}
