import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import SwitchboardJSON
public import Yams

/// Reads an OpenAPI 3.0 or 3.1 description, YAML or JSON (told apart by its
/// first character, not its name), into a `SpecDocument`.
public enum SpecLoader {
    /// `vetting` sees the YAML tree before anything walks it, and may
    /// refuse it (the core's alias budget: a "billion laughs" expands in the
    /// decoder's walk). A JSON description, which has no aliases, is read
    /// without a YAML tree and not vetted.
    public static func load(
        bytes: [UInt8], vetting: (_ root: Node, _ text: String) -> SpecProblem? = { _, _ in nil }
    ) throws(SpecProblem) -> SpecDocument {
        // A byte-order mark (Windows editors save one) is no part of the
        // text: libyaml skips it, and neither JSON reader would.
        let bytes = bytes.starts(with: Self.byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
        let isJSON = Self.isJSON(bytes)
        // JSON is read as JSON, in document order (the order of paths, the
        // first of two alike answers, and of examples' keys is the
        // document's), straight into the tree the decoder walks; its lines
        // are found, on a decoding error only, in the YAML tree of the same
        // text (JSON is YAML's subset). What the parser read is UTF-8: its
        // strings are checked, and the rest is ASCII.
        if isJSON, let tree = SpecTree(json: bytes) {
            return try Self.document(tree) {
                try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self), Self.resolver)
            }
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw SpecProblem(line: 1, column: 1, message: "the description is not UTF-8 text", fix: "save it as UTF-8")
        }
        // Not JSON (or a key written twice, which YAML refuses): checked as
        // JSON first, for a JSON message; then read as YAML, for its.
        // A text nested too deep for the JSON parser is read as YAML, which
        // names the line where it is too deep (`SpecDepth`).
        if isJSON, JSONValue(bytes: bytes) == nil, !SpecDepth.nestsDeeper(json: bytes) {
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
        guard let node, case .mapping = node else { throw Self.notAMapping }
        if let refused = vetting(node, text) { throw refused }
        return try Self.document(SpecTree(node)) { node }
    }

    /// Whether `bytes` hold a JSON description rather than a YAML one: the
    /// first character past white space and a byte-order mark is `{`.
    /// (Import names the copy it writes `openapi.json` by this.)
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        let text = bytes.starts(with: Self.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        return text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static let resolver = Resolver.basic.appending(.merge)

    private static let notAMapping = SpecProblem(
        line: 1, column: 1, message: "the description is not a mapping of `key: value` lines",
        fix: "an OpenAPI document starts with `openapi: 3.1.0`")

    /// The document of `tree`; `lines` gives its YAML tree, where a decoding
    /// error's line is looked up.
    private static func document(_ tree: SpecTree, lines: () -> Node?) throws(SpecProblem) -> SpecDocument {
        guard case .mapping(let root) = tree else { throw Self.notAMapping }
        let version = try Self.version(openapi: root["openapi"]?.text, swagger: root["swagger"]?.text)
        if let path = SpecDepth.tooDeep(tree) {
            let mark = SpecLines.mark(of: path, in: lines())
            throw SpecProblem(
                line: mark?.line ?? 0, column: mark?.column ?? 0,
                message: "the description nests more than \(SpecDepth.limit) levels deep here",
                fix: "name the inner schemas in `components` and refer to them with `$ref`")
        }
        // What Prism serves and OpenAPIKit refuses is mended first, each
        // mend a warning on its line (`SpecMend`).
        let mended = SpecMender.mended(tree, version: version)
        // OpenAPIKit drops the keywords written beside `allOf`/`oneOf`/
        // `anyOf` (Box writes `required` there): folded into the combinator
        // first, they are kept, for the samples and the checks.
        let decoded = try Self.decode(version: version, tree: CombinatorSiblings.folded(mended.tree), lines: lines)
        var document = try SpecOperations.document(decoded, version: version)
        document.examples = SpecExampleOrder(mended.tree)
        document.warnings = Self.warnings(mended.found, lines: mended.found.isEmpty ? nil : lines())
        return document
    }

    /// Each mend as a warning on the line of what it mended, in line order.
    private static func warnings(_ found: [SpecMender.Found], lines: Node?) -> [SpecProblem] {
        let warnings = found.map { found in
            let mark = SpecLines.mark(of: found.path, in: lines)
            return SpecProblem(
                line: mark?.line ?? 0, column: mark?.column ?? 0, message: found.mend.message(found.detail),
                fix: found.mend.fix)
        }
        return warnings.enumerated().sorted { ($0.1.line, $0.1.column, $0.0) < ($1.1.line, $1.1.column, $1.0) }
            .map(\.1)
    }

    private static func version(openapi: String?, swagger: String?) throws(SpecProblem) -> SpecVersion {
        switch SpecVersion.of(openapi: openapi, swagger: swagger) {
        case .success(let version): return version
        case .failure(let problem): throw SpecProblem(line: 1, column: 1, message: problem.message)
        }
    }

    /// Decodes with OpenAPIKit (3.0 converted to the 3.1 model); a decoding
    /// error becomes a problem on the line it names, where that is found.
    private static func decode(
        version: SpecVersion, tree: SpecTree, lines: () -> Node?
    ) throws(SpecProblem) -> OpenAPIKit.OpenAPI.Document {
        do {
            return try SpecPathSlices.decode(tree, version: version)
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            // The coding path is the folded tree's: looked up in the folded
            // YAML tree.
            let mark = SpecLines.mark(
                of: described.codingPath.map(\.stringValue), in: lines().map { CombinatorSiblings.folded($0) })
            throw SpecProblem(
                line: mark?.line ?? 0, column: mark?.column ?? 0,
                message: "not a valid OpenAPI document: \(described.localizedDescription)",
                fix: described.codingPath.isEmpty ? nil : "see `\(described.codingPathString)`")
        }
    }
}
