import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import SwitchboardControl
import SwitchboardSpec
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
    static func components(_ schemas: String, version: String = "3.1.0") throws -> OpenAPIKit.OpenAPI.Components {
        let document = """
            {"openapi": "\(version)", "info": {"title": "t", "version": "1"}, "paths": {},
             "components": {"schemas": \(schemas)}}
            """
        return try self.document(Data(document.utf8), version: version).components
    }

    /// A component of `components` by name.
    static func component(_ name: String, in components: OpenAPIKit.OpenAPI.Components) -> OpenAPIKit.JSONSchema {
        components.schemas[OpenAPIKit.OpenAPI.ComponentKey(rawValue: name)!]!
    }

    /// A 3.0 schema (`nullable`, boolean `exclusiveMinimum`), in the 3.1 model.
    static func schema30(_ json: String) throws -> OpenAPIKit.JSONSchema {
        self.component("S", in: try self.components(#"{"S": \#(json)}"#, version: "3.0.3"))
    }

    /// A document of Tests/Specs (JSON or YAML), in the 3.1 model.
    static func spec(_ path: String) throws -> OpenAPIKit.OpenAPI.Document {
        let url = self.specsFolder.appendingPathComponent(path)
        var data = try Data(contentsOf: url)
        if url.pathExtension == "yaml" {
            // As JSON first: Yams' decoder reads `1.0` and dates by their own rules.
            let object = try Yams.load(yaml: String(decoding: data, as: UTF8.self))
            data = try JSONSerialization.data(withJSONObject: object as Any)
        }
        let version = try JSONDecoder().decode(Version.self, from: data).openapi
        return try self.document(data, version: version)
    }

    static let specsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Specs")

    private struct Version: Decodable { let openapi: String }

    private static func document(_ data: Data, version: String) throws -> OpenAPIKit.OpenAPI.Document {
        if version.hasPrefix("3.0") {
            return try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1)
        }
        return try JSONDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)
    }

    /// Violations as `location: message` lines, for exact expectations.
    static func lines(
        _ value: JSONValue, _ schema: OpenAPIKit.JSONSchema,
        _ components: OpenAPIKit.OpenAPI.Components = .noComponents
    ) -> [String] {
        SchemaCheck.violations(of: value, against: schema, in: components, at: "body").map(\.description)
    }
}
