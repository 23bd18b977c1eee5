import SwitchboardModel
import Yams

extension ManifestReader {
    /// `toxics: slicer` or `toxics: [slicer, "slow_close:2s", "limit_data:1024"]`
    /// on an endpoint: a list, or one toxic as plain text.
    mutating func readToxics(_ fields: [MappingEntry], into endpoint: inout EndpointDefinition) {
        guard let node = fields.value(for: "toxics") else { return }
        endpoint.startToxics = self.toxics(node)
    }

    /// A list of toxics, or one as plain text (`none` for none), on an
    /// endpoint or in a scenario; each bad one reported where it is.
    mutating func toxics(_ node: Node) -> Toxics {
        let items: [Node]
        switch node {
        case .sequence(let list): items = Array(list)
        default: items = [node]
        }
        var toxics = Toxics.none
        for item in items {
            guard let text = self.string(item, what: "a toxic") else { continue }
            switch Toxics.parseList(text) {
            case .success(let one): toxics = toxics.with(one)
            case .failure(let problem): self.report(at: item, problem.description, fix: problem.fix)
            }
        }
        return toxics
    }
}
