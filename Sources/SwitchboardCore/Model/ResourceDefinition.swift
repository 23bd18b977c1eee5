public import SwitchboardControl

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
