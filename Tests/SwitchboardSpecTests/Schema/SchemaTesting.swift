import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import SwitchboardJSON
import SwitchboardSpec
import Testing
import Yams

/// Schemas for the tests, written as JSON the way a description writes
/// them, read by OpenAPIKit as a loaded document's would be.
enum SchemaTesting {
    /// An OpenAPI 3.1 schema.
    static func schema(_ json: String) throws -> OpenAPIKit.JSONSchema {
        try JSONDecoder().decode(OpenAPIKit.JSONSchema.self, from: Data(json.utf8))
    }

    /// The 3.1 model of `components.schemas` given as a JSON object, read
    /// as OpenAPI `version` ("3.0.3" converts through OpenAPIKitCompat).
    /// `folding: false` reads it without `CombinatorSiblings` first.
    static func components(_ schemas: String, version: String = "3.1.0", folding: Bool = true) throws
        -> OpenAPIKit.OpenAPI.Components
    {
        let document = """
            {"openapi": "\(version)", "info": {"title": "t", "version": "1"}, "paths": {},
             "components": {"schemas": \(schemas)}}
            """
        return try self.document(Data(document.utf8), version: version, folding: folding).components
    }

    /// A component of `components` by name.
    static func component(_ name: String, in components: OpenAPIKit.OpenAPI.Components) -> OpenAPIKit.JSONSchema {
        components.schemas[OpenAPIKit.OpenAPI.ComponentKey(rawValue: name)!]!
    }

    /// A 3.0 schema (`nullable`, boolean `exclusiveMinimum`), in the 3.1 model.
    static func schema30(_ json: String) throws -> OpenAPIKit.JSONSchema {
        self.component("S", in: try self.components(#"{"S": \#(json)}"#, version: "3.0.3"))
    }

    /// A document of Tests/Specs (JSON or YAML) read as the loader reads
    /// one (keywords beside combinators folded in), in the 3.1 model.
    static func spec(_ path: String) throws -> OpenAPIKit.OpenAPI.Document {
        let url = self.specsFolder.appendingPathComponent(path)
        let bytes = Array(try Data(contentsOf: url))
        if url.pathExtension == "json" {
            let folded = CombinatorSiblings.folded(try #require(JSONValue(bytes: bytes)))
            return try self.decode(version: try #require(folded["openapi"]?.text), json: Data(folded.json.utf8))
        }
        let node = try #require(
            try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self), .basic.appending(.merge)))
        let folded = CombinatorSiblings.folded(node)
        return try self.decode(version: try #require(folded["openapi"]?.string)) {
            try YAMLDecoder().decode($0, from: folded, userInfo: Self.userInfo)
        }
    }

    /// Vendor extensions (`x-…`) not read: OpenAPIKit decodes every
    /// schema's whole subtree again to find them, which takes Box's
    /// description from half a second to many in a debug build.
    static let userInfo: [CodingUserInfoKey: any Sendable] = [
        OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false
    ]

    static let specsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Specs")

    private static func document(_ data: Data, version: String, folding: Bool) throws -> OpenAPIKit.OpenAPI.Document {
        let read = try #require(JSONValue(bytes: Array(data)))
        let folded = folding ? CombinatorSiblings.folded(read) : read
        return try self.decode(version: version, json: Data(folded.json.utf8))
    }

    private static func decode(version: String, json: Data) throws -> OpenAPIKit.OpenAPI.Document {
        let decoder = JSONDecoder()
        decoder.userInfo = Self.userInfo
        return try self.decode(version: version) { try decoder.decode($0, from: json) }
    }

    private static func decode(
        version: String, _ decode: (any Decodable.Type) throws -> any Decodable
    ) throws -> OpenAPIKit.OpenAPI.Document {
        if version.hasPrefix("3.0") {
            let old = try #require(try decode(OpenAPIKit30.OpenAPI.Document.self) as? OpenAPIKit30.OpenAPI.Document)
            return old.convert(to: .v3_1_1)
        }
        return try #require(try decode(OpenAPIKit.OpenAPI.Document.self) as? OpenAPIKit.OpenAPI.Document)
    }

    /// Violations as `location: message` lines, for exact expectations.
    static func lines(
        _ value: JSONValue, _ schema: OpenAPIKit.JSONSchema,
        _ components: OpenAPIKit.OpenAPI.Components = .noComponents
    ) -> [String] {
        SchemaCheck.violations(of: value, against: schema, in: components, at: "body").map(\.description)
    }
}
