public import SwitchboardJSON

/// `GET …/resources`: the manifest's resources and how many items each
/// holds now.
public struct ResourceList: Codable, Sendable, Equatable {
    public var resources: [ResourceInfo]

    public init(resources: [ResourceInfo]) {
        self.resources = resources
    }
}

public struct ResourceInfo: Codable, Sendable, Equatable {
    /// `todos`: its endpoints are `todos.list`, `todos.create`, ….
    public var name: String
    /// `/todos`; items are at `/todos/{id}`.
    public var path: String
    /// The field of each item that holds its id.
    public var idField: String
    /// How many items it holds now.
    public var items: Int

    public init(name: String, path: String, idField: String, items: Int) {
        self.name = name
        self.path = path
        self.idField = idField
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case name, path, items
        case idField = "id_field"
    }
}

extension ResourceList: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(["resources": schemas.reference([ResourceInfo].self)], required: ["resources"])
    }
}

extension ResourceInfo: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "name": WireSchemas.string, "path": WireSchemas.string, "id_field": WireSchemas.string,
                "items": WireSchemas.count,
            ], required: ["name", "path", "id_field", "items"])
    }
}
