import Foundation
import SwitchboardJSON
import Testing
import Yams

@testable import SwitchboardSpec

/// A JSON description read straight into `SpecTree` holds what Yams
/// composes from the same text with the loader's resolver, so that every
/// value decodes as on the YAML path.
@Suite struct SpecTreeJSONTests {
    static func composed(_ json: String) throws -> SpecTree {
        SpecTree(try #require(try Yams.compose(yaml: json, .basic.appending(.merge))))
    }

    static func scalar(_ tree: SpecTree?, _ key: String) -> Node.Scalar? {
        guard case .mapping(let mapping)? = tree, case .scalar(let scalar)? = mapping[key] else { return nil }
        return scalar.node
    }

    /// What Yams' constructors, which `SpecDecoder` reads every scalar
    /// with, make of a scalar: the same for both trees.
    static func constructed(_ scalar: Node.Scalar) -> String {
        let number = Double.construct(from: scalar).map { "\($0) sign \($0.sign)" }
        let fields: [String?] = [
            String.construct(from: scalar), Int.construct(from: scalar).map(String.init), number,
            Bool.construct(from: scalar).map(String.init), NSNull.construct(from: scalar).map { _ in "null" },
        ]
        return fields.map { $0 ?? "-" }.joined(separator: " | ")
    }

    @Test(arguments: [
        #""200""#, #""true""#, #""null""#, #""1.0""#, #""""#, #""\u00e9\n\"""#, "1.0", "1e3", "1E-2", "-0", "0", "-12",
        "12345678901234567890", "true", "false", "null",
    ])
    func aScalarIsWhatYamsComposes(value: String) throws {
        let json = #"{"k": \#(value)}"#
        let ours = try #require(Self.scalar(SpecTree(json: Array(json.utf8)), "k"))
        let yams = try #require(Self.scalar(try Self.composed(json), "k"))
        #expect(ours.string == yams.string)
        #expect(ours.style == yams.style)
        #expect(Self.constructed(ours) == Self.constructed(yams))
        // Yams tags a quoted scalar `str` and leaves a plain one's to be
        // resolved; ours names it (`int`, `float`, `bool`, `null`), which
        // its constructors read alike (only `Bool`'s looks, refusing `str`).
        if value.hasPrefix("\"") {
            #expect(yams.tag.rawValue == Tag.Name.str.rawValue && ours.tag.rawValue == Tag.Name.str.rawValue)
            #expect(yams.style == .doubleQuoted)
        } else {
            #expect(yams.tag.rawValue == Tag.Name.implicit.rawValue && ours.tag.rawValue != Tag.Name.str.rawValue)
            #expect(yams.style == .plain)
        }
    }

    @Test func keysKeepTheirOrder() throws {
        let json = #"{"b": 1, "a": {"z": [], "y": {}}, "c": null}"#
        guard case .mapping(let mapping)? = SpecTree(json: Array(json.utf8)) else {
            Issue.record("not a mapping")
            return
        }
        #expect(mapping.keys == ["b", "a", "c"])
        guard case .mapping(let inner)? = mapping["a"] else {
            Issue.record("not a mapping")
            return
        }
        #expect(inner.keys == ["z", "y"])
    }

    /// Yams refuses a key written twice; so does the JSON reading, for the
    /// loader to take the YAML path and its message. Short mappings are
    /// searched, long ones hashed: both are checked.
    @Test(arguments: [2, 13, 40])
    func aKeyWrittenTwiceIsRefused(keys: Int) {
        let distinct = (0..<keys - 1).map { #""k\#($0)": \#($0)"# }
        let json = "{" + (distinct + [#""k0": "again""#]).joined(separator: ", ") + "}"
        #expect(SpecTree(json: Array(json.utf8)) == nil)
        #expect(SpecTree(json: Array(("{" + distinct.joined(separator: ", ") + "}").utf8)) != nil)
        #expect(SpecTree(json: Array(#"{"a": [{"x": 1, "x": 2}]}"#.utf8)) == nil)
    }

    @Test func whatIsNotJSONIsRefused() {
        for text in ["{", #"{"a": 1,}"#, #"{"a": 1e999}"#, #"{"a": 01}"#, #"{"a": 'b'}"#] {
            #expect(SpecTree(json: Array(text.utf8)) == nil, "\(text)")
        }
    }
}
