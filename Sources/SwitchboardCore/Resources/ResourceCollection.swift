public import SwitchboardControl

/// The items of one resource and what each operation does to them: a
/// value, so what a REST client sees (ids, 201 and `Location`, 404, 409)
/// is decided and tested without a server.
public struct ResourceCollection: Sendable, Equatable {
    /// The collection's path: `/todos`; items are at `/todos/{id}`.
    public let path: String
    /// The field that holds an item's id: `id`.
    public let idField: String
    public private(set) var items: [JSONValue]
    /// Every item's id as text, so that a create checks a new id without
    /// walking the items.
    private var ids: Set<String> = []
    /// The largest whole-number id given so far (deleted ones too: ids
    /// are not given twice), and whether the last id given was text.
    private var largest = 0
    private var textIDs = false

    /// Items a resource holds at most: past it a create is refused (507),
    /// so that an app (or anyone) posting in a loop meets a limit rather
    /// than the server's memory and every create's walk over the items.
    public static let itemLimit = 10_000

    public init(path: String, idField: String, items: [JSONValue]) {
        self.path = path
        self.idField = idField
        self.items = []
        for item in items { self.add(item) }
    }

    /// Appends `item`, noting its id.
    private mutating func add(_ item: JSONValue) {
        self.items.append(item)
        guard let id = Self.id(of: item, field: self.idField) else { return }
        self.ids.insert(id.text)
        switch id {
        case .number(let value):
            self.textIDs = false
            if let number = Int(exactly: value) { self.largest = max(self.largest, number) }
        case .string(let text):
            self.textIDs = true
            if let number = Int(text) { self.largest = max(self.largest, number) }
        default:
            break
        }
    }

    /// Runs `operation` on the item `id` names (for item operations) with
    /// the request's `body` (`nil`: none, or not JSON).
    public mutating func answer(_ operation: ResourceOperation, id: String?, body: JSONValue?) -> ResourceAnswer {
        switch operation {
        case .list:
            return ResourceAnswer(status: 200, body: .array(self.items))
        case .create:
            return self.create(body)
        case .read, .replace, .update, .delete:
            guard let id, let index = self.index(of: id) else {
                return .problem(404, .noSuchItem, "no item with \(self.idField) \(id ?? "") in \(self.path)")
            }
            return self.change(operation, at: index, id: id, body: body)
        }
    }

    private mutating func change(_ operation: ResourceOperation, at index: Int, id: String, body: JSONValue?)
        -> ResourceAnswer
    {
        switch operation {
        case .read:
            return ResourceAnswer(status: 200, body: self.items[index])
        case .delete:
            self.items.remove(at: index)
            self.ids.remove(id)
            return ResourceAnswer(status: 204)
        case .replace, .update:
            guard case .object(var fields)? = body else {
                return .problem(400, .notAnItem, "the body must be a JSON object")
            }
            if let sent = fields[self.idField], sent.text != id {
                return .problem(409, .itemConflict, "the body's \(self.idField) \(sent.text) is not the path's \(id)")
            }
            if operation == .update, case .object(let current) = self.items[index] {
                fields = Self.merged(current, patch: fields)
            }
            fields[self.idField] = Self.id(of: self.items[index], field: self.idField)
            self.items[index] = .object(fields)
            return ResourceAnswer(status: 200, body: self.items[index])
        case .list, .create:
            preconditionFailure("not an item operation")
        }
    }

    private mutating func create(_ body: JSONValue?) -> ResourceAnswer {
        guard case .object(var fields)? = body else {
            return .problem(400, .notAnItem, "the body must be a JSON object")
        }
        guard self.items.count < Self.itemLimit else {
            return .problem(
                507, .resourceFull,
                "\(self.path) holds \(Self.itemLimit) items, as many as a resource keeps: delete some, or reset it")
        }
        if let sent = fields[self.idField] {
            guard !self.ids.contains(sent.text) else {
                return .problem(
                    409, .itemConflict, "an item with \(self.idField) \(sent.text) already exists in \(self.path)")
            }
        } else {
            fields[self.idField] = self.nextID()
        }
        let item = JSONValue.object(fields)
        self.add(item)
        // Percent-encoded: an id is the client's text, and goes into a header.
        let id = ControlRoute.encodeSegment(fields[self.idField]?.text ?? "")
        return ResourceAnswer(status: 201, body: item, location: self.path + "/" + id)
    }

    /// One more than the largest whole-number id given, as a number when
    /// the ids are numbers and as text when they are text (1 for none).
    private func nextID() -> JSONValue {
        // Past 2^53 a number is no longer a whole JSON number (and Int.max
        // would overflow): count on from the number of items instead.
        var next = self.largest < 1 << 53 ? self.largest + 1 : self.items.count + 1
        while self.ids.contains(String(next)) { next += 1 }
        return self.textIDs ? .string(String(next)) : .number(Double(next))
    }

    private func index(of id: String) -> Int? {
        self.items.firstIndex { Self.id(of: $0, field: self.idField)?.text == id }
    }

    private static func id(of item: JSONValue, field: String) -> JSONValue? {
        if case .object(let fields) = item { fields[field] } else { nil }
    }

    /// RFC 7386: objects merge field by field, `null` removes a field,
    /// anything else replaces it.
    static func merged(_ target: [String: JSONValue], patch: [String: JSONValue]) -> [String: JSONValue] {
        var result = target
        for (key, value) in patch {
            switch value {
            case .null:
                result[key] = nil
            case .object(let inner):
                if case .object(let current)? = result[key] {
                    result[key] = .object(Self.merged(current, patch: inner))
                } else {
                    result[key] = .object(Self.merged([:], patch: inner))
                }
            default:
                result[key] = value
            }
        }
        return result
    }
}
