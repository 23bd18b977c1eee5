public import SwitchboardJSON

/// A `resources:` entry: a collection the fake API keeps in memory and
/// changes as the app creates, updates and deletes items, starting from
/// `seed` (and back to it on reset). It declares six endpoints, one per
/// `ResourceOperation`, with ids `NAME.list`, `NAME.create`, ….
public struct ResourceDefinition: Sendable, Equatable {
    /// `todos`: the resource's name, and its endpoints' ids' prefix.
    public var name: String
    /// `/todos`: the collection; items are at `/todos/:id`.
    public var path: String
    /// The field of each item that holds its id (`id` unless `id:` says).
    public var idField: String
    /// The items it starts with, each a JSON object with an id.
    public var seed: [JSONValue]
    public var location: SourceLocation?

    public init(name: String, path: String, idField: String = "id", seed: [JSONValue], location: SourceLocation? = nil)
    {
        self.name = name
        self.path = path
        self.idField = idField
        self.seed = seed
        self.location = location
    }

    /// The items as they start: a fresh collection.
    public var seeded: ResourceCollection {
        ResourceCollection(path: self.path, idField: self.idField, items: self.seed)
    }
}

/// The rules a resource's declaration follows, the same whether a manifest
/// or SwitchboardKit's `Resource` declares it.
extension ResourceDefinition {
    /// `GET /todos` (`todos.list`), `POST /todos` (`todos.create`), and the
    /// four on `/todos/:id`.
    public var endpoints: [EndpointDefinition] {
        ResourceOperation.allCases.compactMap { operation in
            let text = operation.isItem ? self.path + "/:" + self.idField : self.path
            guard case .success(let path) = PathPattern.parse(text) else { return nil }
            var endpoint = EndpointDefinition(
                id: operation.endpointID(resource: self.name), method: operation.method, path: path,
                location: self.location)
            endpoint.resource = ResourceBinding(resource: self.name, operation: operation)
            return endpoint
        }
    }

    /// Why `name` cannot name a resource (it prefixes endpoint ids).
    public static func nameProblem(_ name: String) -> (message: String, fix: String)? {
        guard name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return ("resource name '\(name)' may only use letters, digits, '-' and '_'", "e.g. 'todos:'")
    }

    /// Why `path` cannot be a resource's collection path: items live
    /// under it, so it must be plain.
    public static func pathProblem(_ path: String) -> (message: String, fix: String)? {
        if case .failure(let problem) = PathPattern.parse(path) { return (problem.message, problem.fix) }
        guard path.contains(":") || path.contains("*") || path == "/" else { return nil }
        return ("resource path '\(path)' must be a plain path", "e.g. 'path: /todos' (items are at /todos/:id)")
    }

    /// Why `idField` cannot be the field items are found by: it names the
    /// item paths' parameter (`/todos/:id`).
    public static func idProblem(_ idField: String) -> (message: String, fix: String)? {
        guard case .failure = PathPattern.parse("/items/:" + idField) else { return nil }
        return ("id field '\(idField)' cannot name a path parameter", "use letters, digits and '_', e.g. 'id: id'")
    }

    /// `/todos/` as `/todos`.
    public static func normalized(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Seed items with ids: one without gets the next whole number, as a
    /// create would give it; `repeated` holds each id a second item had
    /// (requests could not tell those apart, so that item is left out);
    /// `refused` counts the items left out for not being objects or for
    /// coming past `ResourceCollection.itemLimit`.
    public static func identified(_ items: [JSONValue], idField: String) -> (
        items: [JSONValue], repeated: [JSONValue], refused: Int
    ) {
        var collection = ResourceCollection(path: "", idField: idField, items: [])
        var repeated: [JSONValue] = []
        var refused = 0
        for item in items {
            let answer = collection.answer(.create, id: nil, body: item)
            if answer.status == 409, case .object(let fields) = item {
                repeated.append(fields[idField] ?? .null)
            } else if answer.status != 201 {
                refused += 1
            }
        }
        return (collection.items, repeated, refused)
    }
}

/// Which resource operation an endpoint is (for the endpoints a
/// `resources:` entry declares).
public struct ResourceBinding: Sendable, Hashable {
    public var resource: String
    public var operation: ResourceOperation

    public init(resource: String, operation: ResourceOperation) {
        self.resource = resource
        self.operation = operation
    }
}
