import NIOConcurrencyHelpers
public import SwitchboardJSON

/// The items every resource of one control panel holds now: what the
/// app's creates, updates and deletes changed since the seed. Each
/// `ControlPanel` (so each server, and each SwitchboardKit instance) has
/// its own; resets, scenarios and reloads put seeds back.
public final class ResourceStore: Sendable {
    private let state: NIOLockedValueBox<[String: Kept]>

    private struct Kept {
        var definition: ResourceDefinition
        var collection: ResourceCollection
    }

    /// Bytes of items (as compact JSON) all resources of one store hold
    /// together at most: past it a create, or a replace or merge that grows
    /// an item, is refused (507), as is a replacement of the items that
    /// large (the control API's `PUT`). Counting items alone let 10,000
    /// items of 62 KB take 3.2 GB; the seeds count, and are not refused.
    public static let byteBudget = 32 * 1024 * 1024
    /// `32 MiB`, as messages say it.
    static var byteBudgetText: String { "\(Self.byteBudget / (1024 * 1024)) MiB" }

    public init(_ definitions: [ResourceDefinition]) {
        self.state = NIOLockedValueBox(Self.seeded(definitions))
    }

    private static func seeded(_ definitions: [ResourceDefinition]) -> [String: Kept] {
        Dictionary(definitions.map { ($0.name, Kept(definition: $0, collection: $0.seeded)) }) { first, _ in first }
    }

    /// Runs `binding`'s operation on the item the route's `parameters`
    /// name (by the resource's id field) with the request's `body`; a
    /// resource this store does not hold (a reload removed it between
    /// routing and now) answers 404.
    public func answer(_ binding: ResourceBinding, parameters: [String: String], body: JSONValue?)
        -> ResourceAnswer
    {
        self.state.withLockedValue { state in
            guard let idField = state[binding.resource]?.definition.idField else {
                return .problem(404, .unknownResource, "no resource '\(binding.resource)'")
            }
            let room = Self.byteBudget - Self.bytes(in: state, besides: binding.resource)
            return state[binding.resource]!.collection.answer(
                binding.operation, id: parameters[idField], body: body, room: room)
        }
    }

    /// Bytes the resources but `name` hold.
    private static func bytes(in state: [String: Kept], besides name: String) -> Int {
        state.reduce(0) { $0 + ($1.key == name ? 0 : $1.value.collection.byteCount) }
    }

    /// The items `name` holds now, oldest first; `nil` for no such resource.
    public func items(of name: String) -> [JSONValue]? {
        self.state.withLockedValue { $0[name]?.collection.items }
    }

    /// The items `name` holds now as a list answers them, the items' own
    /// text one after another; `nil` for no such resource.
    public func list(of name: String) -> ResourceAnswer.Body? {
        self.state.withLockedValue { $0[name]?.collection.list }
    }

    /// How many items each resource holds, by name.
    public func counts() -> [String: Int] {
        self.state.withLockedValue { $0.mapValues(\.collection.count) }
    }

    /// Replaces `name`'s items (the control API's `PUT`); each must be an
    /// object, and ids, given or assigned, must differ. Throws, changing
    /// nothing, when they do not.
    public func replaceItems(of name: String, with items: [JSONValue]) throws(ResourceItemsError) {
        let problem: ResourceItemsError? = self.state.withLockedValue { state in
            guard let kept = state[name] else { return .unknownResource(name, known: state.keys.sorted()) }
            guard items.allSatisfy({ if case .object = $0 { true } else { false } }) else { return .notAnObject }
            let idField = kept.definition.idField
            let (identified, repeated, refused) = ResourceDefinition.identified(items, idField: idField)
            if let id = repeated.first { return .duplicateID(id.text) }
            if refused > 0 { return .tooMany }
            let collection = ResourceCollection(path: kept.definition.path, idField: idField, items: identified)
            if collection.byteCount + Self.bytes(in: state, besides: name) > Self.byteBudget { return .tooLarge }
            state[name]!.collection = collection
            return nil
        }
        if let problem { throw problem }
    }

    /// Puts `name`'s seed back (`nil`: every resource's).
    public func restore(_ name: String? = nil) {
        self.state.withLockedValue { state in
            for key in state.keys where name == nil || key == name {
                state[key]!.collection = state[key]!.definition.seeded
            }
        }
    }

    /// A reloaded manifest's resources: one declared as before keeps its
    /// items; a changed one (path, id field or seed) starts from its new
    /// seed; one no longer declared goes.
    public func replaceDefinitions(_ definitions: [ResourceDefinition]) {
        self.state.withLockedValue { state in
            var next = Self.seeded(definitions)
            for (name, kept) in state where next[name]?.definition == kept.definition {
                next[name]!.collection = kept.collection
            }
            state = next
        }
    }
}

/// Why a resource's items could not be replaced.
public enum ResourceItemsError: Error, Equatable, CustomStringConvertible {
    case unknownResource(String, known: [String])
    case notAnObject
    case duplicateID(String)
    case tooMany
    case tooLarge

    public var description: String {
        switch self {
        case .unknownResource(let name, let known):
            "no resource '\(name)'; resources: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .notAnObject: "every item must be a JSON object"
        case .duplicateID(let id): "two items have the id \(id)"
        case .tooMany: "a resource keeps at most \(ResourceCollection.itemLimit) items"
        case .tooLarge:
            "the resources keep at most \(ResourceStore.byteBudgetText) of items together (as compact JSON)"
        }
    }
}
