import Foundation
import Yams

/// Decodes OpenAPIKit's document from a `SpecTree`: Yams' decoder, made
/// fast where a large description spends its time (`SpecTree` says why),
/// and otherwise the same — keys in document order, scalars read by Yams'
/// own constructors, errors with the coding path `SpecLines` finds the
/// line of. (Their words are short: every schema is tried as a reference
/// first, and every `Either` as one type, then the other, so most errors
/// made are thrown away; OpenAPIKit's messages take the key or the type
/// from the error, not its words.)
///
/// (Foundation's JSONDecoder is faster still, but hands OpenAPIKit an
/// object's keys in no particular order, and reads JSON only.)
struct SpecDecoder: Decoder {
    let tree: SpecTree
    let path: CodingPathLink?
    let userInfo: [CodingUserInfoKey: Any]

    init(tree: SpecTree, path: CodingPathLink? = nil, userInfo: [CodingUserInfoKey: Any]) {
        self.tree = tree
        self.path = path
        self.userInfo = userInfo
    }

    static func decode<Value: Decodable>(
        _ type: Value.Type, from tree: SpecTree, userInfo: [CodingUserInfoKey: Any]
    ) throws -> Value {
        try SpecDecoder(tree: tree, userInfo: userInfo).decodeValue(type)
    }

    var codingPath: [any CodingKey] { self.path?.keys ?? [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = self.tree else {
            throw self.mismatch(expecting: Node.Mapping.self)
        }
        return KeyedDecodingContainer(SpecKeyedContainer<Key>(decoder: self, mapping: mapping))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let items) = self.tree else {
            throw self.mismatch(expecting: Node.Sequence.self)
        }
        return SpecUnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ tree: SpecTree, key: any CodingKey) -> SpecDecoder {
        SpecDecoder(tree: tree, path: CodingPathLink(parent: self.path, key: key), userInfo: self.userInfo)
    }

    /// A scalar type by Yams' constructor for it, anything else by its own
    /// `init(from:)`.
    func decodeValue<Value: Decodable>(_ type: Value.Type) throws -> Value {
        // Most scalars a description holds are strings, which Yams reads as
        // they are written: no scalar or constructor to make for them.
        if Value.self == String.self, case .scalar(let scalar) = self.tree { return scalar.string as! Value }
        guard let constructible = type as? any ScalarConstructible.Type else { return try Value(from: self) }
        guard case .scalar(let scalar) = self.tree else { throw self.mismatch(expecting: type) }
        guard let value = constructible.construct(from: scalar.node) as? Value else {
            throw self.mismatch(expecting: type)
        }
        return value
    }

    /// The type is not named in the words: OpenAPIKit names it from the
    /// error's own, and naming it here (a demangled name) cost more than
    /// the decoding whenever a value is tried as one type, then another.
    func mismatch(expecting type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: self.codingPath, debugDescription: "Expected another type but found \(self.tree.kind)."))
    }
}

/// A coding path as a chain to the root, made into an array only when
/// asked for (an error, or OpenAPIKit reading it): most values are
/// decoded without.
final class CodingPathLink {
    let parent: CodingPathLink?
    let key: any CodingKey

    init(parent: CodingPathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link: CodingPathLink? = self
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// An item's key in a sequence: `Index 3`, as Yams names it.
struct SpecIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

private struct SpecKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SpecDecoder
    let mapping: SpecMapping

    var codingPath: [any CodingKey] { self.decoder.codingPath }

    var allKeys: [Key] { self.mapping.keys.compactMap { $0.flatMap(Key.init(stringValue:)) } }

    func contains(_ key: Key) -> Bool { self.mapping[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try self.child(key).decodeNil() }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try self.child(key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try self.child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try self.child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try self.child(SpecIndexKey(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try self.child(key) }

    private func child(_ key: any CodingKey) throws -> SpecDecoder {
        guard let tree = self.mapping[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: self.codingPath,
                    debugDescription: "No value associated with key \"\(key.stringValue)\"."))
        }
        return self.decoder.child(tree, key: key)
    }
}

private struct SpecUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: SpecDecoder
    let items: [SpecTree]
    var currentIndex = 0

    init(decoder: SpecDecoder, items: [SpecTree]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { self.decoder.codingPath }
    var count: Int? { self.items.count }
    var isAtEnd: Bool { self.currentIndex >= self.items.count }

    mutating func decodeNil() throws -> Bool {
        // A null item is consumed, another left to decode, as the
        // protocol says. (OpenAPIKit asks single values only.)
        let isNull = try self.current(Any?.self).decodeNil()
        if isNull { self.currentIndex += 1 }
        return isNull
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value = try self.current(type).decodeValue(type)
        self.currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try self.current(type).container(keyedBy: type)
        self.currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try self.current(Any.self).unkeyedContainer()
        self.currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try self.current(Any.self)
        self.currentIndex += 1
        return decoder
    }

    private func current(_ type: Any.Type) throws -> SpecDecoder {
        let key = SpecIndexKey(index: self.currentIndex)
        guard !self.isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: self.codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return self.decoder.child(self.items[self.currentIndex], key: key)
    }
}

extension SpecDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        guard case .scalar(let scalar) = self.tree else { return false }
        return scalar.isNull
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try self.decodeValue(type)
    }
}
