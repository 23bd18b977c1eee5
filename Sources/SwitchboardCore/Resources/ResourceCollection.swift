import SwitchboardControl
public import SwitchboardJSON

/// The items of one resource and what each operation does to them: a
/// value, so what a REST client sees (ids, 201 and `Location`, 404, 409)
/// is decided and tested without a server.
public struct ResourceCollection: Sendable, Equatable {
    /// The collection's path: `/todos`; items are at `/todos/{id}`.
    public let path: String
    /// The field that holds an item's id: `id`.
    public let idField: String
    /// The items, oldest first, each kept as the compact JSON it is
    /// answered with: a `JSONValue` tree costs some five times its text,
    /// and a read or a list only copies the text out.
    private var kept: [Item] = []
    /// Every item's id as text, so that a create checks a new id without
    /// walking the items.
    private var ids: Set<ExactText> = []
    /// Bytes of JSON the items hold (`ResourceStore.byteBudget`).
    public private(set) var byteCount = 0
    /// The largest whole-number id given so far (deleted ones too: ids
    /// are not given twice), and whether the last id given was text.
    private var largest = 0
    private var textIDs = false

    private struct Item: Sendable, Equatable {
        /// The id field's value, and its text (compared by bytes, as JSON
        /// compares strings: `ExactText`).
        var id: JSONValue?
        var key: ExactText?
        var json: [UInt8]
    }

    /// Items a resource holds at most: past it a create is refused (507),
    /// so that an app (or anyone) posting in a loop meets a limit rather
    /// than the server's memory and every create's walk over the items.
    public static let itemLimit = 10_000

    /// An item's JSON is under 64 KiB: what the journal keeps of a body, and
    /// so all a resource reads of one (`ResourceResponse`). A replace or a
    /// merge patch making a larger one is refused (413), so patching in a
    /// loop cannot grow an item, or the work of each merge, without bound.
    public static let itemByteLimit = capturedBodyLimit

    public init(path: String, idField: String, items: [JSONValue]) {
        self.path = path
        self.idField = idField
        for item in items { self.add(item) }
    }

    /// The items, oldest first, read back as values.
    public var items: [JSONValue] {
        self.kept.map { JSONValue(bytes: $0.json) ?? .null }
    }

    /// How many items it holds.
    public var count: Int { self.kept.count }

    /// Every item, as a list answers them.
    public var list: ResourceAnswer.Body { .list(self.kept.map(\.json)) }

    /// Appends `item` (written as `json`), noting its id.
    private mutating func add(_ item: JSONValue, json: [UInt8]? = nil) {
        let id = Self.id(of: item, field: self.idField)
        let json = json ?? Self.json(item)
        self.kept.append(Item(id: id, key: id.map { ExactText($0.text) }, json: json))
        self.byteCount += json.count
        guard let id else { return }
        self.ids.insert(ExactText(id.text))
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
    /// the request's `body` (`nil`: none, or not JSON); `room` is how many
    /// bytes of items this collection may hold when it is done (the store's
    /// budget less what the other resources hold).
    public mutating func answer(_ operation: ResourceOperation, id: String?, body: JSONValue?, room: Int = .max)
        -> ResourceAnswer
    {
        switch operation {
        case .list:
            return ResourceAnswer(status: 200, body: self.list)
        case .create:
            return self.create(body, room: room)
        case .read, .replace, .update, .delete:
            guard let id, let index = self.index(of: id) else {
                return .problem(404, .noSuchItem, "no item with \(self.idField) \(id ?? "") in \(self.path)")
            }
            return self.change(operation, at: index, id: id, body: body, room: room)
        }
    }

    private mutating func change(
        _ operation: ResourceOperation, at index: Int, id: String, body: JSONValue?, room: Int
    ) -> ResourceAnswer {
        switch operation {
        case .read:
            return ResourceAnswer(status: 200, body: .item(self.kept[index].json))
        case .delete:
            self.byteCount -= self.kept[index].json.count
            if let key = self.kept[index].key { self.ids.remove(key) }
            self.kept.remove(at: index)
            return ResourceAnswer(status: 204)
        case .replace, .update:
            guard case .object(var fields)? = body else {
                return .problem(400, .notAnItem, "the body must be a JSON object")
            }
            if let sent = fields[self.idField], ExactText(sent.text) != ExactText(id) {
                return .problem(409, .itemConflict, "the body's \(self.idField) \(sent.text) is not the path's \(id)")
            }
            if operation == .update, case .object(let current)? = JSONValue(bytes: self.kept[index].json) {
                fields = Self.merged(current, patch: fields)
            }
            fields[self.idField] = self.kept[index].id
            let json = Self.json(.object(fields))
            if let refusal = self.refusal(size: json.count, replacing: self.kept[index].json.count, room: room) {
                return refusal
            }
            self.byteCount += json.count - self.kept[index].json.count
            self.kept[index].json = json
            return ResourceAnswer(status: 200, body: .item(json))
        case .list, .create:
            preconditionFailure("not an item operation")
        }
    }

    private mutating func create(_ body: JSONValue?, room: Int) -> ResourceAnswer {
        guard case .object(var fields)? = body else {
            return .problem(400, .notAnItem, "the body must be a JSON object")
        }
        guard self.kept.count < Self.itemLimit else {
            return .problem(
                507, .resourceFull,
                "\(self.path) holds \(Self.itemLimit) items, as many as a resource keeps: delete some, or reset it")
        }
        if let sent = fields[self.idField] {
            guard !self.ids.contains(ExactText(sent.text)) else {
                return .problem(
                    409, .itemConflict, "an item with \(self.idField) \(sent.text) already exists in \(self.path)")
            }
        } else {
            fields[self.idField] = self.nextID()
        }
        let item = JSONValue.object(fields)
        // A create's body is held under the item limit before it is read
        // (`ResourceResponse`); a seed's items are the manifest's.
        let json = Self.json(item)
        if let refusal = self.refusal(size: json.count, replacing: 0, room: room, checkingItem: false) {
            return refusal
        }
        self.add(item, json: json)
        // Percent-encoded: an id is the client's text, and goes into a header.
        let id = ControlRoute.encodeSegment(fields[self.idField]?.text ?? "")
        return ResourceAnswer(status: 201, body: .item(json), location: self.path + "/" + id)
    }

    /// Why an item of `size` bytes, in place of one of `replacing`, cannot
    /// be kept: too large an item (413), or past the bytes all resources
    /// keep (507).
    private func refusal(size: Int, replacing: Int, room: Int, checkingItem: Bool = true) -> ResourceAnswer? {
        if checkingItem, size >= Self.itemByteLimit {
            return .problem(
                413, .bodyTooLarge,
                "the item would be \(size / 1024) KiB; a resource keeps items of less than \(Self.itemByteLimit / 1024) KiB"
            )
        }
        if self.byteCount - replacing + size > room {
            return .problem(
                507, .resourceFull,
                "the resources hold \(ResourceStore.byteBudgetText) of items, as much as they keep: delete some, or reset them"
            )
        }
        return nil
    }

    /// One more than the largest whole-number id given, as a number when
    /// the ids are numbers and as text when they are text (1 for none).
    private func nextID() -> JSONValue {
        // Past 2^53 a number is no longer a whole JSON number (and Int.max
        // would overflow): count on from the number of items instead.
        var next = self.largest < 1 << 53 ? self.largest + 1 : self.kept.count + 1
        while self.ids.contains(ExactText(String(next))) { next += 1 }
        return self.textIDs ? .string(String(next)) : .number(Double(next))
    }

    private func index(of id: String) -> Int? {
        let key = ExactText(id)
        return self.kept.firstIndex { $0.key == key }
    }

    private static func id(of item: JSONValue, field: String) -> JSONValue? {
        if case .object(let fields) = item { fields[field] } else { nil }
    }

    /// The compact JSON an item is kept and answered as.
    private static func json(_ item: JSONValue) -> [UInt8] {
        Array(item.json.utf8)
    }

    /// RFC 7386: objects merge field by field, `null` removes a field,
    /// anything else replaces it. Written anew in one pass (the target's
    /// fields in their order, then the patch's new ones) rather than by
    /// removing fields one at a time, each of which moves the later ones.
    static func merged(_ target: JSONObject, patch: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (key, value) in target {
            guard let change = patch[key] else {
                result[key] = value
                continue
            }
            result[key] = Self.merging(change, into: value)
        }
        for (key, change) in patch where target[key] == nil {
            result[key] = Self.merging(change, into: nil)
        }
        return result
    }

    /// What a patch's `change` makes of a field holding `current`: `nil`
    /// to remove it.
    private static func merging(_ change: JSONValue, into current: JSONValue?) -> JSONValue? {
        switch change {
        case .null:
            return nil
        case .object(let inner):
            if case .object(let fields)? = current { return .object(Self.merged(fields, patch: inner)) }
            return .object(Self.merged([:], patch: inner))
        default:
            return change
        }
    }
}
