import Foundation
import Yams

/// Walks a description's tree as OpenAPI lays it out (paths, operations,
/// parameters, responses, content, schemas, components) and mends what
/// `SpecMend` lists, noting each mend with the coding path of where it is,
/// for its line. Only what it changes is rebuilt; examples and other data
/// are never walked, so a property named `content` or an example holding
/// `nullable` is left alone.
struct SpecMender {
    struct Found: Sendable {
        let mend: SpecMend
        /// Keys from the root, sequences' items as `Index 3` (`SpecLines`).
        let path: [String]
        let detail: String
    }

    private let version: SpecVersion
    /// The names in `components.schemas`, where a schema's `$ref` must point.
    private let schemaNames: Set<String>
    private(set) var found: [Found] = []
    private var path: [String] = []

    /// `tree` mended, and each mend made; the tree itself when there is
    /// nothing to mend.
    static func mended(_ tree: SpecTree, version: SpecVersion) -> (tree: SpecTree, found: [Found]) {
        guard case .mapping(let root) = tree else { return (tree, []) }
        var names = Set<String>()
        if case .mapping(let components)? = root["components"], case .mapping(let schemas)? = components["schemas"] {
            names = Set(schemas.keys.compactMap { $0 })
        }
        var mender = SpecMender(version: version, schemaNames: names)
        let mended = mender.document(root)
        return (mended.map(SpecTree.mapping) ?? tree, mender.found)
    }

    private init(version: SpecVersion, schemaNames: Set<String>) {
        self.version = version
        self.schemaNames = schemaNames
    }

    private enum Kind {
        case pathItem, operation, parameter, header, requestBody, response, content, media, schema
        case components, securityScheme, flow, callback
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private mutating func document(_ root: SpecMapping) -> SpecMapping? {
        var edit = SpecEdit(
            self.walk(root) { mender, key, value in
                switch key {
                case "paths", "webhooks": mender.named(value, as: .pathItem)
                case "components": mender.visit(value, as: .components)
                default: nil
                }
            }, from: root)
        switch edit["info"] {
        case nil:
            edit["info"] = .mapping(SpecMapping(keys: ["title", "version"], values: [.string(""), .string("")]))
            self.note(.noInfo)
        case .mapping(let info)?:
            var fields = SpecEdit(info)
            for field in ["title", "version"] where info[field] == nil {
                fields[field] = .string("")
                self.note(.infoField, at: "info", field)
            }
            if fields.changed { edit["info"] = .mapping(fields.mapping) }
        default:
            break
        }
        return edit.changed ? edit.mapping : nil
    }

    /// `tree` read as a `kind`; `nil` when nothing in it is mended.
    private mutating func visit(_ tree: SpecTree, as kind: Kind) -> SpecTree? {
        guard case .mapping(let mapping) = tree else { return nil }
        let mended: SpecMapping?
        switch kind {
        case .pathItem, .parameter, .header, .requestBody, .response, .securityScheme:
            // A reference is looked up, and reported when it leads nowhere,
            // by `SpecOperations`.
            guard mapping["$ref"] == nil else { return nil }
            mended = self.object(mapping, as: kind)
        default:
            mended = self.object(mapping, as: kind)
        }
        return mended.map(SpecTree.mapping)
    }

    private mutating func object(_ mapping: SpecMapping, as kind: Kind) -> SpecMapping? {
        switch kind {
        case .pathItem:
            return self.walk(mapping) { mender, key, value in
                if key == "parameters" { return mender.list(value, as: .parameter) }
                return Self.methods.contains(key) ? mender.visit(value, as: .operation) : nil
            }
        case .operation:
            return self.walk(mapping) { mender, key, value in
                switch key {
                case "parameters": mender.list(value, as: .parameter)
                case "requestBody": mender.visit(value, as: .requestBody)
                case "responses": mender.named(value, as: .response)
                case "callbacks": mender.named(value, as: .callback)
                default: nil
                }
            }
        case .callback:
            return self.walk(mapping) { mender, _, value in mender.visit(value, as: .pathItem) }
        case .requestBody:
            return self.walk(mapping) { mender, key, value in
                key == "content" ? mender.visit(value, as: .content) : nil
            }
        case .response:
            var edit = SpecEdit(
                self.walk(mapping) { mender, key, value in
                    switch key {
                    case "content": mender.visit(value, as: .content)
                    case "headers": mender.named(value, as: .header)
                    default: nil
                    }
                }, from: mapping)
            if edit["description"] == nil {
                edit["description"] = .string("")
                self.note(.responseDescription)
            }
            return edit.changed ? edit.mapping : nil
        case .parameter, .header:
            var edit = SpecEdit(
                self.walk(mapping) { mender, key, value in
                    switch key {
                    case "schema": mender.visit(value, as: .schema)
                    case "content": mender.visit(value, as: .content)
                    default: nil
                    }
                }, from: mapping)
            if edit["schema"] == nil && edit["content"] == nil {
                edit["schema"] = .mapping(SpecMapping(keys: [], values: []))
                let name = mapping["name"]?.text.map { "parameter `\($0)`" } ?? "this parameter"
                self.note(.parameterSchema, detail: kind == .header ? "this header" : name)
            }
            self.dropExample(&edit)
            return edit.changed ? edit.mapping : nil
        case .content:
            var edit = SpecEdit(
                self.walk(mapping) { mender, _, value in mender.visit(value, as: .media) }, from: mapping)
            for key in mapping.keys.compactMap({ $0 }) where !Self.isMapping(mapping[key]) {
                edit[key] = nil
                self.note(.contentKey, at: key, key)
            }
            return edit.changed ? edit.mapping : nil
        case .media:
            var edit = SpecEdit(
                self.walk(mapping) { mender, key, value in
                    key == "schema" ? mender.visit(value, as: .schema) : nil
                }, from: mapping)
            self.dropExample(&edit)
            return edit.changed ? edit.mapping : nil
        case .components:
            return self.walk(mapping) { mender, key, value in
                switch key {
                case "schemas": mender.named(value, as: .schema)
                case "responses": mender.named(value, as: .response)
                case "parameters": mender.named(value, as: .parameter)
                case "headers": mender.named(value, as: .header)
                case "requestBodies": mender.named(value, as: .requestBody)
                case "securitySchemes": mender.named(value, as: .securityScheme)
                case "pathItems": mender.named(value, as: .pathItem)
                case "callbacks": mender.named(value, as: .callback)
                default: nil
                }
            }
        case .securityScheme:
            return self.walk(mapping) { mender, key, value in
                key == "flows" ? mender.named(value, as: .flow) : nil
            }
        case .flow:
            guard mapping["scopes"] == nil else { return nil }
            var edit = SpecEdit(mapping)
            edit["scopes"] = .mapping(SpecMapping(keys: [], values: []))
            self.note(.flowScopes)
            return edit.mapping
        case .schema:
            return self.schema(mapping)
        }
    }

    /// A schema's subschemas walked, then its own keywords mended.
    private mutating func schema(_ mapping: SpecMapping) -> SpecMapping? {
        var edit = SpecEdit(
            self.walk(mapping) { mender, key, value in
                switch key {
                case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
                    return mender.named(value, as: .schema)
                case "allOf", "oneOf", "anyOf", "prefixItems":
                    return mender.list(value, as: .schema)
                case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                    "unevaluatedItems", "unevaluatedProperties", "additionalItems":
                    // `items: [A, B]` is an older draft's tuple.
                    if case .sequence = value { return mender.list(value, as: .schema) }
                    return mender.visit(value, as: .schema)
                default:
                    return nil
                }
            }, from: mapping)
        if case .scalar(let reference)? = mapping["$ref"], let problem = self.referenceProblem(reference.string) {
            self.note(.schemaReference, at: "$ref", problem)
        }
        if self.version == .v3_1 {
            self.readAs30(&edit)
            if edit["nullable"]?.isTrue == true { self.note(.nullable, at: "nullable") }
        }
        if Self.isInteger(edit["type"]) { self.bound(&edit) }
        return edit.changed ? edit.mapping : nil
    }

    /// Why a schema's `$ref` cannot be followed; `nil` when it can:
    /// `#/components/schemas/` and a name that is there.
    private func referenceProblem(_ target: String) -> String? {
        let prefix = "#/components/schemas/"
        guard target.hasPrefix(prefix) else {
            return target.hasPrefix("#")
                ? "`\(target)` points outside `components.schemas`"
                : "`\(target)` points into another file, which is not read"
        }
        let escaped = target.dropFirst(prefix.count)
        guard !escaped.contains("/") else { return "`\(target)` points inside a schema, which is not followed" }
        let name = (escaped.removingPercentEncoding ?? String(escaped))
            .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return self.schemaNames.contains(name) ? nil : "`\(target)` names nothing in `components.schemas`"
    }

    /// 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` as 3.1 writes
    /// them: `minimum: 0, exclusiveMinimum: true` is `exclusiveMinimum: 0`;
    /// a `false` one says nothing.
    private mutating func readAs30(_ edit: inout SpecEdit) {
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard case .scalar(let flag)? = edit[exclusive], flag.isBool else { continue }
            let value = edit[bound]
            if flag.isTrue, let value {
                edit[exclusive] = value
                edit[bound] = nil
                let text = value.text ?? "…"
                self.note(
                    .booleanExclusiveBound, at: exclusive,
                    "`\(exclusive): \(flag.string)` with `\(bound): \(text)` (read as `\(exclusive): \(text)`)")
            } else {
                edit[exclusive] = nil
                self.note(.booleanExclusiveBound, at: exclusive, "`\(exclusive): \(flag.string)`")
            }
        }
    }

    /// An integer's bounds as integers: past `Int64` clamped, a fraction
    /// rounded inwards. (OpenAPIKit refuses both, where a JSON number
    /// reader gave `-9223372036854776000` for `Int64.min`.)
    private mutating func bound(_ edit: inout SpecEdit) {
        for key in ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] {
            guard case .scalar(let scalar)? = edit[key], Int(scalar.string) == nil, let number = Double(scalar.string),
                number.isFinite, Int(exactly: number) == nil
            else { continue }
            let rounded = key.hasSuffix("inimum") ? number.rounded(.up) : number.rounded(.down)
            let value: Int =
                rounded >= Double(Int.max) ? .max : rounded <= Double(Int.min) ? .min : Int(rounded)
            edit[key] = .scalar(SpecScalar(String(value), tag: .int, style: .plain))
            let why = Int(exactly: rounded) == nil ? "is past what an integer holds" : "is not a whole number"
            self.note(.integerBound, at: key, "`\(key): \(scalar.string)` \(why); read as \(value)")
        }
    }

    /// `example` beside `examples`: the `examples` are kept.
    private mutating func dropExample(_ edit: inout SpecEdit) {
        guard edit["example"] != nil, edit["examples"] != nil else { return }
        edit["example"] = nil
        self.note(.exampleBesideExamples, at: "example")
    }

    private static func isInteger(_ type: SpecTree?) -> Bool {
        switch type {
        case .scalar(let scalar)?: scalar.string == "integer"
        case .sequence(let items)?: items.contains { $0.text == "integer" }
        default: false
        }
    }

    private static func isMapping(_ tree: SpecTree?) -> Bool {
        if case .mapping? = tree { true } else { false }
    }

    /// Each value of a mapping of named objects (`responses`, `schemas`).
    private mutating func named(_ tree: SpecTree, as kind: Kind) -> SpecTree? {
        guard case .mapping(let mapping) = tree else { return nil }
        return self.walk(mapping) { mender, _, value in mender.visit(value, as: kind) }.map(SpecTree.mapping)
    }

    /// Each item of a sequence (`parameters`, `allOf`).
    private mutating func list(_ tree: SpecTree, as kind: Kind) -> SpecTree? {
        guard case .sequence(let items) = tree else { return nil }
        var mended: [SpecTree]?
        for (index, item) in items.enumerated() {
            self.path.append("Index \(index)")
            let changed = self.visit(item, as: kind)
            self.path.removeLast()
            guard let changed else { continue }
            if mended == nil { mended = items }
            mended?[index] = changed
        }
        return mended.map(SpecTree.sequence)
    }

    /// `visit` of each pair, its key on the path; the mapping with the
    /// values it changed, `nil` when it changed none.
    private mutating func walk(
        _ mapping: SpecMapping, _ visit: (inout SpecMender, String, SpecTree) -> SpecTree?
    ) -> SpecMapping? {
        var values: [SpecTree]?
        for index in mapping.keys.indices {
            guard let key = mapping.keys[index] else { continue }
            self.path.append(key)
            let changed = visit(&self, key, mapping.values[index])
            self.path.removeLast()
            guard let changed else { continue }
            if values == nil { values = mapping.values }
            values?[index] = changed
        }
        return values.map { SpecMapping(keys: mapping.keys, values: $0) }
    }

    private mutating func note(_ mend: SpecMend, at key: String? = nil, _ detail: String = "") {
        self.found.append(Found(mend: mend, path: key.map { self.path + [$0] } ?? self.path, detail: detail))
    }

    private mutating func note(_ mend: SpecMend, detail: String) {
        self.note(mend, at: nil, detail)
    }
}

/// A mapping's pairs being changed: a key set in its place (or added at
/// the end), or removed.
private struct SpecEdit {
    private var keys: [String?]
    private var values: [SpecTree]
    private(set) var changed = false

    init(_ mapping: SpecMapping) {
        self.keys = mapping.keys
        self.values = mapping.values
    }

    /// `walked`, the mapping with its children mended, as changed; else
    /// `mapping` as it is.
    init(_ walked: SpecMapping?, from mapping: SpecMapping) {
        self.init(walked ?? mapping)
        self.changed = walked != nil
    }

    var mapping: SpecMapping { SpecMapping(keys: self.keys, values: self.values) }

    subscript(key: String) -> SpecTree? {
        get { self.keys.lastIndex(of: key).map { self.values[$0] } }
        set {
            self.changed = true
            let index = self.keys.lastIndex(of: key)
            switch (index, newValue) {
            case (let index?, let value?): self.values[index] = value
            case (let index?, nil):
                self.keys.remove(at: index)
                self.values.remove(at: index)
            case (nil, let value?):
                self.keys.append(key)
                self.values.append(value)
            case (nil, nil): break
            }
        }
    }
}

extension SpecTree {
    /// A scalar's text; `nil` for a sequence or a mapping.
    var text: String? {
        if case .scalar(let scalar) = self { scalar.string } else { nil }
    }

    fileprivate var isTrue: Bool {
        if case .scalar(let scalar) = self { scalar.isBool && scalar.isTrue } else { false }
    }
}

extension SpecScalar {
    /// Whether YAML (and JSON) read it as a boolean: a plain `true` or
    /// `false`, in any of YAML's spellings.
    fileprivate var isBool: Bool {
        self.style == Node.Scalar.Style.plain.rawValue
            && ["true", "false", "True", "False", "TRUE", "FALSE"].contains(self.string)
    }

    fileprivate var isTrue: Bool { self.string.lowercased() == "true" }
}
