import Foundation
import OpenAPIKit
import OpenAPIKit30
import SwitchboardTestSupport
import Testing
import Yams

@testable import SwitchboardSpec

/// `SpecDecoder` reads what Yams' `YAMLDecoder`, which it replaces for
/// speed, read: the same documents, merge keys alike, errors at the same
/// coding path (the one `SpecLines` finds the line of).
@Suite struct SpecDecoderTests {
    static var options: [CodingUserInfoKey: Any] { [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false] }

    static func node(_ text: String) throws -> Node {
        try #require(try Yams.compose(yaml: text, .basic.appending(.merge)))
    }

    @Test(arguments: PublishedSpecs.all.map(\.file))
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
        func path(_ decode: () throws -> Void) -> String? {
            do {
                try decode()
                return nil
            } catch {
                return OpenAPIKit.OpenAPI.Error(from: error).codingPathString
            }
        }
        let yams = path {
            _ = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: Self.options)
        }
        let ours = path {
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
