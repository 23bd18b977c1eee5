import Yams

/// `upstream:` (top level and per endpoint) and `unmatched:`.
extension ManifestReader {
    mutating func upstream(_ node: Node) -> UpstreamURL? {
        guard let text = self.string(node, what: "upstream") else { return nil }
        switch UpstreamURL.parse(text) {
        case .success(let upstream):
            return upstream
        case .failure(let problem):
            self.report(at: node, problem.message, fix: "e.g. 'upstream: https://api.example.com'")
            return nil
        }
    }

    mutating func unmatchedPolicy(_ node: Node) -> UnmatchedPolicy? {
        guard let text = self.string(node, what: "unmatched") else { return nil }
        if let policy = UnmatchedPolicy(rawValue: text.lowercased()) { return policy }
        self.report(
            at: node, "unknown unmatched setting '\(text)'",
            fix: "use 'live' (unmatched requests go to the upstream) or '404' (they get a 404)")
        return nil
    }
}
