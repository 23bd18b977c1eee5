import Foundation
import OpenAPIKit
import OpenAPIKit30
import SwitchboardJSON
import SwitchboardTestSupport
import Testing
import Yams

@testable import SwitchboardSpec

/// `SpecDecoder` reads what Yams' `YAMLDecoder`, which it replaces for
/// speed, read: the same documents, merge keys alike, errors at the same
/// coding path (the one `SpecLines` finds the line of).
@Suite struct SpecDecoderTests {
    static var options: [CodingUserInfoKey: Any] { [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false] }

    /// The coding path OpenAPIKit names in the error `decode` throws; `nil`
    /// when it throws none.
    static func errorPath(_ decode: () throws -> Void) -> String? {
        do {
            try decode()
            return nil
        } catch {
            return OpenAPIKit.OpenAPI.Error(from: error).codingPathString
        }
    }

    static func node(_ text: String) throws -> Node {
        try #require(try Yams.compose(yaml: text, .basic.appending(.merge)))
    }

    @Test(.ownThreads, arguments: PublishedSpecs.all.map(\.file))
    func everyPublishedDescriptionReadsAsYamsReadIt(file: String) throws {
        let text = try String(contentsOf: PublishedSpecs.folder.appendingPathComponent(file), encoding: .utf8)
        let node = try Self.node(text)
        let tree = SpecTree(node)
        if node.value(at: "openapi")?.string?.hasPrefix("3.0") == true {
            let yams = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: node, userInfo: Self.options)
            let ours = try SpecDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: tree, userInfo: Self.options)
            #expect(ours == yams)
            #expect(ours.paths.keys == yams.paths.keys)
        } else {
            let yams = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: Self.options)
            let ours = try SpecDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: tree, userInfo: Self.options)
            #expect(ours == yams)
        }
    }

    /// The loader's two roads to a document agree: JSON read straight into
    /// the tree and folded there (`SpecTree(json:)`), and the road it took
    /// before, the same text composed by Yams, folded as YAML, then made a
    /// tree. A YAML description is converted to JSON first (by Yams: every
    /// scalar as a JSON value of its YAML type, numbers as written); and
    /// read as YAML, it is folded as a tree now, not as YAML.
    @Test(.ownThreads, arguments: PublishedSpecs.all.map(\.file))
    func everyPublishedDescriptionReadsAlikeFromJSONWithoutYAML(file: String) throws {
        let text = try String(contentsOf: PublishedSpecs.folder.appendingPathComponent(file), encoding: .utf8)
        let node = try Self.node(text)
        let json = file.hasSuffix(".json") ? text : Self.json(node)
        let fast = CombinatorSiblings.folded(try #require(SpecTree(json: Array(json.utf8))))
        let composed = SpecTree(CombinatorSiblings.folded(try Self.node(json)))
        try Self.expectAlike(fast, composed, version: node.value(at: "openapi")?.string)
        if !file.hasSuffix(".json") {
            try Self.expectAlike(
                CombinatorSiblings.folded(SpecTree(node)), SpecTree(CombinatorSiblings.folded(node)),
                version: node.value(at: "openapi")?.string)
        }
    }

    /// Values whose reading differs between YAML's types and JSON's: the
    /// string `"true"`, a `"200"` key, `1.0`, `1e3`, `-0`.
    @Test func scalarsReadAsOnTheYAMLPath() throws {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"responses": {
              "200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "number", "minimum": -0, "maximum": 1e3, "multipleOf": 1.0},
                "example": {"s": "true", "n": "null", "f": 1.0, "e": 1e3, "z": -0, "i": 12, "b": false, "0": null}}}}}}}}}
            """#
        let fast = try #require(SpecTree(json: Array(json.utf8)))
        try Self.expectAlike(fast, SpecTree(try Self.node(json)), version: "3.0.3")
        let document = try SpecDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: fast, userInfo: Self.options)
        let response = try #require(document.paths.values.first?.b?.get?.responses.values.first?.b)
        #expect(document.paths.values.first?.b?.get?.responses.keys.map(\.rawValue) == ["200"])
        let example = try #require(response.content.values.first?.example?.value as? [String: any Sendable])
        #expect(example["s"] as? String == "true")
        #expect(example["n"] as? String == "null")
        #expect(example["f"] as? Double == 1.0)
        #expect(example["e"] as? Double == 1000)
        #expect((example["z"] as? Double)?.sign == .minus)
        #expect(example["i"] as? Int == 12)
        #expect(example["b"] as? Bool == false)
    }

    static func expectAlike(_ ours: SpecTree, _ yams: SpecTree, version: String?) throws {
        if version?.hasPrefix("3.0") == true {
            let left = try SpecDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: ours, userInfo: Self.options)
            let right = try SpecDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: yams, userInfo: Self.options)
            #expect(left == right)
            #expect(left.paths.keys == right.paths.keys)
        } else {
            let left = try SpecDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: ours, userInfo: Self.options)
            let right = try SpecDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: yams, userInfo: Self.options)
            #expect(left == right)
            #expect(left.paths.keys == right.paths.keys)
        }
    }

    /// YAML as JSON text: each scalar as a JSON value of its YAML type (a
    /// number as written, where that is JSON), in the document's order.
    static func json(_ node: Node) -> String {
        switch node {
        case .mapping(let mapping):
            return "{"
                + mapping.map { JSONText.quoted($0.key.string ?? "") + ": " + Self.json($0.value) }
                .joined(separator: ", ") + "}"
        case .sequence(let sequence):
            return "[" + sequence.map(Self.json).joined(separator: ", ") + "]"
        case .scalar(let scalar):
            guard scalar.style == .plain else { return JSONText.quoted(scalar.string) }
            switch Resolver.default.resolveTag(of: node) {
            case .null: return "null"
            case .bool: return node.bool.map { $0 ? "true" : "false" } ?? JSONText.quoted(scalar.string)
            case .int, .float:
                guard case .number? = JSONValue(bytes: Array(scalar.string.utf8)) else {
                    return JSONText.quoted(scalar.string)
                }
                return scalar.string
            default: return JSONText.quoted(scalar.string)
            }
        case .alias:
            return "null"
        }
    }

    @Test func mergeKeysReadAsInYams() throws {
        let node = try Self.node(
            """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /pets:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: &pet
                            type: object
                            properties: {name: {type: string}}
              /cats:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            <<: *pet
                            required: [name]
            """)
        let yams = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: Self.options)
        let ours = try SpecDecoder.decode(
            OpenAPIKit.OpenAPI.Document.self, from: SpecTree(node), userInfo: Self.options)
        #expect(ours == yams)
        #expect(ours.paths.keys.map(\.rawValue) == ["/pets", "/cats"])
        let cat = try #require(ours.paths.values[1].b?.get?.responses.values.first?.b?.content.values.first?.b?.schema)
        #expect(cat.objectContext?.requiredProperties == ["name"])
        #expect(cat.objectContext?.properties.keys == ["name"])
    }

    /// The loader folds the tree, merge keys applied: a `required` beside
    /// an `allOf` that a merge key brings is kept (folding the YAML first
    /// saw only `<<` beside it, and OpenAPIKit then dropped the `required`).
    @Test func keywordsBesideACombinatorAMergeKeyBringsAreFolded() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                Base: &base
                  allOf:
                    - type: object
                      properties: {name: {type: string}}
                Named:
                  <<: *base
                  required: [name]
            """
        let document = try SpecLoader.load(bytes: Array(yaml.utf8))
        let named = try #require(document.components.schemas["Named"])
        guard case .all(let members, _) = named.value else {
            Issue.record("not an allOf: \(named)")
            return
        }
        #expect(members.contains { $0.objectContext?.requiredProperties == ["name"] })
    }

    /// A mapping's own key wins over the one its merge key brings, for the
    /// fold too: an own `allOf` (or `discriminator`) replaces the base's,
    /// as Yams' decoder reads it, rather than being joined to it.
    @Test func anOwnCombinatorReplacesTheOneAMergeKeyBrings() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                A: {type: object, required: [a], properties: {a: {type: string}}}
                C: {type: object, required: [c], properties: {c: {type: string}}}
                Base: &base
                  allOf:
                    - $ref: '#/components/schemas/A'
                Own:
                  <<: *base
                  allOf:
                    - $ref: '#/components/schemas/C'
            """
        let node = try Self.node(yaml)
        let yams = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: Self.options)
        let document = try SpecLoader.load(bytes: Array(yaml.utf8))
        let own = try #require(document.components.schemas["Own"])
        #expect(own == yams.components.schemas["Own"])
        guard case .all(let members, _) = own.value else {
            Issue.record("not an allOf: \(own)")
            return
        }
        #expect(members.count == 1)
    }

    @Test func anErrorNamesTheCodingPathYamsNamed() throws {
        let node = try Self.node(
            """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /pets:
                get:
                  parameters:
                    - name: limit
                      in: nowhere
                  responses:
                    '200': {description: ok}
            """)
        let yams = Self.errorPath {
            _ = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: Self.options)
        }
        let ours = Self.errorPath {
            _ = try SpecDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: SpecTree(node), userInfo: Self.options)
        }
        #expect(ours != nil)
        #expect(ours == yams)
    }
}

extension Node {
    fileprivate func value(at key: String) -> Node? {
        self.mapping?.first { $0.key.string == key }?.value
    }
}
