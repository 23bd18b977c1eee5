/// A JSON object's members, keyed as JSON keys them: by the key's bytes
/// (RFC 8259 §8.3), so `"é"` (U+00E9) and `"e\u{301}"` are two keys, where
/// a `[String: JSONValue]` keeps one.
///
/// Members keep the order they were first written in, so reading one and
/// walking it is the same every run; a key written again keeps its place
/// and takes the new value. Two objects with the same members are equal in
/// any order, as JSON's objects are unordered.
public struct JSONObject: Sendable {
    public typealias Element = (key: String, value: JSONValue)

    private var entries: [Element] = []
    /// Each key's place in `entries`: a lookup is one hash, as it was in the
    /// dictionary this replaces.
    private var places: [ExactText: Int] = [:]

    public init() {}

    /// `entries` in their order; a key repeated keeps its first place and
    /// its last value.
    public init(_ entries: some Sequence<Element>) {
        for (key, value) in entries { self[key] = value }
    }

    /// The members of `dictionary`, in order of their keys' bytes (a
    /// dictionary has no order of its own to keep).
    public init(_ dictionary: [String: JSONValue]) {
        self.init(dictionary.sorted { ExactText($0.key) < ExactText($1.key) })
    }

    /// The value under `key`, compared by its bytes; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { self.places[ExactText(key)].map { self.entries[$0].value } }
        set {
            let exact = ExactText(key)
            switch (self.places[exact], newValue) {
            case (let place?, let value?):
                self.entries[place].value = value
            case (nil, let value?):
                self.places[exact] = self.entries.count
                self.entries.append((key: key, value: value))
            case (let place?, nil):
                self.remove(at: place, exact)
            case (nil, nil):
                break
            }
        }
    }

    /// Removes `key`'s member and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let exact = ExactText(key)
        guard let place = self.places[exact] else { return nil }
        let value = self.entries[place].value
        self.remove(at: place, exact)
        return value
    }

    private mutating func remove(at place: Int, _ key: ExactText) {
        self.entries.remove(at: place)
        self.places[key] = nil
        for later in place..<self.entries.count { self.places[ExactText(self.entries[later].key)] = later }
    }

    /// The keys, in order.
    public var keys: [String] { self.entries.map(\.key) }

    /// The values, in their keys' order.
    public var values: [JSONValue] { self.entries.map(\.value) }

    /// The same keys, in the same order, each with `transform` of its value.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var mapped = self
        for place in mapped.entries.indices { mapped.entries[place].value = try transform(mapped.entries[place].value) }
        return mapped
    }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { self.entries.startIndex }
    public var endIndex: Int { self.entries.endIndex }
    public subscript(position: Int) -> Element { self.entries[position] }
}

extension JSONObject: Hashable {
    public static func == (left: JSONObject, right: JSONObject) -> Bool {
        left.count == right.count && left.entries.allSatisfy { right[$0.key] == $0.value }
    }

    /// In any order, as `==` compares: each member hashed on its own, the
    /// hashes added (a sum does not depend on the order of its terms).
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in self.entries {
            var member = Hasher()
            member.combine(ExactText(key))
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(self.count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A key written twice keeps its last value, as a `JSONValue` read from
    /// text does.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONObject: CustomStringConvertible {
    public var description: String { JSONValue.object(self).json }
}
