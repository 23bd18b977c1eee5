import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import SwitchboardControl
public import Yams

/// Reads an OpenAPI 3.0 or 3.1 description, YAML or JSON (told apart by its
/// first character, not its name), into a `SpecDocument`.
public enum SpecLoader {
    /// `vetting` sees the YAML tree before anything walks it, and may
    /// refuse it (the core's alias budget: a "billion laughs" expands in the
    /// decoder's walk).
    public static func load(
        bytes: [UInt8], vetting: (_ root: Node, _ text: String) -> SpecProblem? = { _, _ in nil }
    ) throws(SpecProblem) -> SpecDocument {
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw SpecProblem(line: 1, column: 1, message: "the description is not UTF-8 text", fix: "save it as UTF-8")
        }
        let isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
        // JSON is checked as JSON first, for a JSON message; then it is read
        // like YAML (JSON is YAML's subset), because Foundation's JSONDecoder
        // hands OpenAPIKit an object's keys in no particular order, and the
        // order of paths (the first of two alike answers) and of examples'
        // keys is the document's.
        if isJSON, JSONValue(bytes: bytes) == nil {
            throw SpecProblem(
                line: 1, column: 1, message: "the description starts like JSON but is not valid JSON",
                fix: "check it with a JSON linter (`python3 -m json.tool FILE`)")
        }
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
        if let refused = vetting(node, text) { throw refused }
        let version = try Self.version(openapi: root["openapi"]?.string, swagger: root["swagger"]?.string)
        // OpenAPIKit drops the keywords written beside `allOf`/`oneOf`/
        // `anyOf` (Box writes `required` there): folded into the combinator
        // first, they are kept, for the samples and the checks.
        let document = try Self.decode(version: version, node: CombinatorSiblings.folded(node))
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
    private static func decode(version: SpecVersion, node: Node) throws(SpecProblem) -> OpenAPIKit.OpenAPI.Document {
        do {
            return try SpecPathSlices.decode(SpecTree(node), version: version)
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let mark = SpecLines.mark(of: described.codingPath.map(\.stringValue), in: node)
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
