import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import SwitchboardControl
import Yams

/// Reads an OpenAPI 3.0 or 3.1 description, YAML or JSON (told apart by its
/// first character, not its name), into a `SpecDocument`.
public enum SpecLoader {
    public static func load(bytes: [UInt8]) throws(SpecProblem) -> SpecDocument {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SpecProblem(line: 1, column: 1, message: "the description is not UTF-8 text", fix: "save it as UTF-8")
        }
        let isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
        let document: OpenAPIKit.OpenAPI.Document
        let version: SpecVersion
        if isJSON {
            guard case .object(let root)? = JSONValue(bytes: bytes) else {
                throw SpecProblem(
                    line: 1, column: 1, message: "the description starts like JSON but is not valid JSON",
                    fix: "check it with a JSON linter (`python3 -m json.tool FILE`)")
            }
            version = try Self.version(openapi: root["openapi"]?.text, swagger: root["swagger"]?.text)
            document = try Self.decode(version: version, text: text, node: nil) { type in
                try JSONDecoder().decode(type, from: Data(bytes))
            }
        } else {
            let node: Node?
            do {
                // The decoder's own resolver: with the default one a quoted
                // `'200'` key is a string the decoder's `200` does not find.
                node = try Yams.compose(yaml: text, Self.resolver)
            } catch let error as YamlError {
                throw SpecProblem(message: "invalid YAML", yaml: error)
            } catch {
                throw SpecProblem(line: 1, column: 1, message: "invalid YAML: \(error)")
            }
            guard let node, case .mapping(let root) = node else {
                throw SpecProblem(
                    line: 1, column: 1, message: "the description is not a mapping of `key: value` lines",
                    fix: "an OpenAPI document starts with `openapi: 3.1.0`")
            }
            version = try Self.version(openapi: root["openapi"]?.string, swagger: root["swagger"]?.string)
            document = try Self.decode(version: version, text: text, node: node) { type in
                try YAMLDecoder().decode(type, from: node)
            }
        }
        return try SpecOperations.document(document, version: version)
    }

    private static let resolver = Resolver.basic.appending(.merge)

    private static func version(openapi: String?, swagger: String?) throws(SpecProblem) -> SpecVersion {
        switch SpecVersion.of(openapi: openapi, swagger: swagger) {
        case .success(let version): return version
        case .failure(let problem): throw SpecProblem(line: 1, column: 1, message: problem.message)
        }
    }

    /// Decodes with OpenAPIKit (3.0 converted to the 3.1 model); a decoding
    /// error becomes a problem on the line it names, where that is found.
    private static func decode(
        version: SpecVersion, text: String, node: Node?,
        with decode: (any Decodable.Type) throws -> any Decodable
    ) throws(SpecProblem) -> OpenAPIKit.OpenAPI.Document {
        do {
            switch version {
            case .v3_0:
                guard let old = try decode(OpenAPIKit30.OpenAPI.Document.self) as? OpenAPIKit30.OpenAPI.Document else {
                    throw SpecProblem(message: "the description could not be read")
                }
                return old.convert(to: .v3_1_1)
            case .v3_1:
                guard let new = try decode(OpenAPIKit.OpenAPI.Document.self) as? OpenAPIKit.OpenAPI.Document else {
                    throw SpecProblem(message: "the description could not be read")
                }
                return new
            }
        } catch let problem as SpecProblem {
            throw problem
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let mark = SpecLines.mark(
                of: described.codingPath.map(\.stringValue),
                in: node ?? (try? Yams.compose(yaml: text, Self.resolver)) ?? nil)
            throw SpecProblem(
                line: mark?.line ?? 0, column: mark?.column ?? 0,
                message: "not a valid OpenAPI document: \(described.localizedDescription)",
                fix: described.codingPath.isEmpty ? nil : "see `\(described.codingPathString)`")
        }
    }
}

extension Node.Mapping {
    fileprivate subscript(name: String) -> Node? {
        self.first { $0.key.string == name }?.value
    }
}
