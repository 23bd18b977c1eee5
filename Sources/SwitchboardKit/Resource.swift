import SwitchboardCore

/// A collection the fake API keeps in memory, declared in code beside the
/// endpoints: what a manifest's `resources:` entry declares. It serves six
/// endpoints, `todos.list` (`GET /todos`), `todos.create` (`POST /todos`,
/// 201 with `Location`), `todos.read`, `todos.replace`, `todos.update` and
/// `todos.delete` (on `/todos/:id`), which modes, faults and latency apply
/// to like any other. Each ``Switchboard`` keeps its own items;
/// `reset(_:)` puts the seed back.
///
/// ```swift
/// let board = try Switchboard.inProcess {
///     Resource("todos", seed: [["id": 1, "title": "milk"]])
/// }
/// // … the app creates a todo …
/// let todos = try await board.items(of: "todos")
/// ```
public struct Resource: Sendable {
    let definition: ResourceDefinition

    /// A resource named `name` (its endpoints' id prefix) at `path`
    /// (`/todos` when not given), starting with `seed`: JSON objects, each
    /// with its id in `id` (or the field `id:` names; one without gets the
    /// next whole number).
    public init(_ name: String, path: String? = nil, id: String = "id", seed: [JSONValue] = []) {
        self.definition = ResourceDefinition(
            name: name, path: ResourceDefinition.normalized(path ?? "/" + name), idField: id, seed: seed)
    }

    /// A resource seeded with items whose values come from variables as
    /// well as literals (`SeedValue`: `String`, `Int`, `Double`, `Bool`,
    /// arrays and dictionaries of them):
    ///
    /// ```swift
    /// let title = "milk"
    /// Resource("todos", seed: [["id": 1, "title": title]])
    /// ```
    public init(_ name: String, path: String? = nil, id: String = "id", seed: [[String: any SeedValue]]) {
        self.init(name, path: path, id: id, seed: seed.map { .object(JSONObject($0.mapValues(\._seedJSON))) })
    }

    /// The definition the server serves, or why it cannot be, in the
    /// manifest's words.
    func checked(problems: inout [String]) -> ResourceDefinition? {
        var resource = self.definition
        let before = problems.count
        if let problem = ResourceDefinition.nameProblem(resource.name) {
            problems.append("\(problem.message) — \(problem.fix)")
        }
        if let problem = ResourceDefinition.pathProblem(resource.path) {
            problems.append("resource '\(resource.name)': \(problem.message) — \(problem.fix)")
        }
        if let problem = ResourceDefinition.idProblem(resource.idField) {
            problems.append("resource '\(resource.name)': \(problem.message) — \(problem.fix)")
        }
        let (items, repeated, refused) = ResourceDefinition.identified(resource.seed, idField: resource.idField)
        for id in repeated {
            problems.append(
                "two items in the seed of resource '\(resource.name)' have \(resource.idField) \(id.text)"
                    + " — give each item its own \(resource.idField)")
        }
        if !resource.seed.allSatisfy({ if case .object = $0 { true } else { false } }) {
            problems.append(
                "every item in the seed of resource '\(resource.name)' must be an object"
                    + " — write each item as [\"\(resource.idField)\": 1, …]")
        } else if refused > 0 {
            problems.append(
                "the seed of resource '\(resource.name)' has more than \(ResourceCollection.itemLimit) items"
                    + " — a resource keeps at most \(ResourceCollection.itemLimit): seed fewer")
        }
        resource.seed = items
        return problems.count == before ? resource : nil
    }
}
