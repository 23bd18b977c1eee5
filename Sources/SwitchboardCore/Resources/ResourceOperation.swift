/// What a request does to a resource: the six endpoints a `resources:`
/// entry declares, each an endpoint like any other (its mode, latency,
/// count rules and drills apply on top; only its success answer comes
/// from the resource's items).
public enum ResourceOperation: String, Sendable, Hashable, CaseIterable {
    /// `GET /todos`: every item, in order.
    case list
    /// `POST /todos`: a new item; 201 with its `Location`.
    case create
    /// `GET /todos/:id`
    case read
    /// `PUT /todos/:id`: the item replaced whole.
    case replace
    /// `PATCH /todos/:id`: fields merged in (JSON merge patch: `null`
    /// removes one).
    case update
    /// `DELETE /todos/:id`: 204.
    case delete

    public var method: String {
        switch self {
        case .list, .read: "GET"
        case .create: "POST"
        case .replace: "PUT"
        case .update: "PATCH"
        case .delete: "DELETE"
        }
    }

    /// Whether it acts on one item (`/todos/:id`) rather than the collection.
    public var isItem: Bool {
        switch self {
        case .list, .create: false
        case .read, .replace, .update, .delete: true
        }
    }

    /// Whether it reads the request's body: routing waits for the body
    /// before deciding it (`EndpointTable.needsBody`).
    public var readsBody: Bool {
        switch self {
        case .create, .replace, .update: true
        case .list, .read, .delete: false
        }
    }

    /// The endpoint's id for resource `name`: `todos.create`.
    public func endpointID(resource name: String) -> String {
        "\(name).\(self.rawValue)"
    }
}
