import SwitchboardJSON
import Yams

/// `resources:`: each entry's path, id field and seed items, and the six
/// endpoints it declares.
extension ManifestReader {
    static let resourceKeys = ["path", "seed", "id"]

    /// The resources and the endpoints they declare, each checked against
    /// the manifest's own `declared` endpoints as a declared one would be.
    mutating func readResources(_ node: Node, declared: [EndpointDefinition]) -> (
        resources: [ResourceDefinition], endpoints: [EndpointDefinition]
    ) {
        guard let entries = self.mapping(node, what: "'resources'") else { return ([], []) }
        var ids = Set(declared.map(\.id))
        var routes = Set(declared.map(Self.routeKey))
        var resources: [ResourceDefinition] = []
        var endpoints: [EndpointDefinition] = []
        for entry in entries {
            guard let resource = self.readResource(named: entry.key, entry.value, keyNode: entry.keyNode) else {
                continue
            }
            let declaring = resource.endpoints
            if let clash = declaring.first(where: { ids.contains($0.id) || routes.contains(Self.routeKey($0)) }) {
                let what = ids.contains(clash.id) ? "the endpoint id '\(clash.id)'" : clash.signature
                self.report(
                    at: entry.keyNode, "resource '\(resource.name)' declares \(what), which an endpoint already has",
                    fix: "remove that endpoint, or give the resource another name or path")
                continue
            }
            ids.formUnion(declaring.map(\.id))
            routes.formUnion(declaring.map(Self.routeKey))
            resources.append(resource)
            endpoints += declaring
        }
        return (resources, endpoints)
    }

    private mutating func readResource(named name: String, _ node: Node, keyNode: Node) -> ResourceDefinition? {
        if let problem = ResourceDefinition.nameProblem(name) {
            self.report(at: keyNode, problem.message, fix: problem.fix)
            return nil
        }
        guard let fields = self.mapping(node, what: "resource '\(name)'") else { return nil }
        self.checkKeys(fields, allowed: Self.resourceKeys, in: "resource '\(name)'")
        let path = fields.value(for: "path").flatMap { self.string($0, what: "path") } ?? "/" + name
        if let problem = ResourceDefinition.pathProblem(path) {
            self.report(at: fields.value(for: "path") ?? node, problem.message, fix: problem.fix)
            return nil
        }
        let idField = fields.value(for: "id").flatMap { self.string($0, what: "id") } ?? "id"
        if let problem = ResourceDefinition.idProblem(idField) {
            self.report(at: fields.value(for: "id") ?? node, problem.message, fix: problem.fix)
            return nil
        }
        let items = fields.value(for: "seed").flatMap { self.seedItems($0, resource: name) } ?? []
        let mark = keyNode.mark
        return ResourceDefinition(
            name: name, path: ResourceDefinition.normalized(path),
            idField: idField, seed: self.identified(items, idField: idField, resource: name, at: node),
            location: mark.map { SourceLocation(line: $0.line, column: $0.column) })
    }

    /// `seed: todos.json` (a file in the folder) or the items inline.
    private mutating func seedItems(_ node: Node, resource: String) -> [JSONValue]? {
        let bytes: [UInt8]
        let source: String
        switch node {
        case .scalar(let scalar):
            source = "file '\(scalar.string)'"
            switch self.fixtures.read(scalar.string) {
            case .success(.bytes(let read)): bytes = read
            case .success(.onDisk):
                self.report(at: node, "seed \(source) is too large to keep in memory", fix: "seed fewer items")
                return nil
            case .failure(let problem):
                self.report(at: node, problem.message, fix: problem.fix)
                return nil
            }
        default:
            source = "list"
            bytes = YAMLToJSON.encode(node)
        }
        guard case .array(let items)? = JSONValue(bytes: bytes) else {
            self.report(
                at: node, "the seed \(source) of resource '\(resource)' is not a JSON array",
                fix: "write a list of items: [{\"id\": 1, \"title\": \"…\"}]")
            return nil
        }
        guard items.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            self.report(
                at: node, "every item in the seed of resource '\(resource)' must be an object",
                fix: "write each item as {\"id\": 1, …}")
            return nil
        }
        return items
    }

    /// Items without an id get the next whole number; two with one id are a
    /// problem (requests could not tell them apart).
    private mutating func identified(_ items: [JSONValue], idField: String, resource: String, at node: Node)
        -> [JSONValue]
    {
        let (identified, repeated, refused) = ResourceDefinition.identified(items, idField: idField)
        for id in repeated {
            self.report(
                at: node, "two items in the seed of resource '\(resource)' have \(idField) \(id.text)",
                fix: "give each item its own \(idField)")
        }
        if refused > 0 {
            self.report(
                at: node, "the seed of resource '\(resource)' has more than \(ResourceCollection.itemLimit) items",
                fix: "a resource keeps at most \(ResourceCollection.itemLimit): seed fewer")
        }
        return identified
    }
}
