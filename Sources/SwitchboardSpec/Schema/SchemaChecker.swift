import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardModel

/// One run of `SchemaCheck`: walks a value and its schema together.
///
/// A class for its cache of compiled patterns, which lives as long as the
/// run (a pattern on an array's items is compiled once, not per item).
final class SchemaChecker {
    let references: SchemaReferences
    /// Which way the value travels; `nil` when either (`readOnly` and
    /// `writeOnly` properties are then required like the rest).
    let use: SchemaUse?
    private var patterns: [String: PatternMatcher] = [:]
    /// The backtracking engine's progress reports so far (`PatternMatcher`).
    var backtracking = 0
    private var components: [String: JSONSchema?] = [:]
    private var enums: [UnsafeRawPointer: (values: [JSONValue], set: Set<JSONValue>)] = [:]

    /// Schemas deeper than this are not followed: a cycle of references
    /// that never descends into the value (`A: allOf: [$ref: A]`) ends here.
    static let maxDepth = 128

    /// Schema steps one check may take (one per schema met, plus one per
    /// `enum` value compared): the depth alone does not bound the work, as
    /// `A: allOf: [$ref: A, $ref: A]` (or thirty such components, each
    /// naming the next twice) doubles it at each level, and a check runs on
    /// the server's event loop. A body up to the 1 MiB a check takes needs
    /// fewer; past it the value is not checked, and says so.
    static let stepLimit = 2_000_000
    /// Steps taken so far (a sampler's own steps among them, `spend`);
    /// `nil` when unbounded.
    private var steps: Int?
    /// The steps ran out: every later check fails at once, so no value
    /// passes unchecked and no loop goes on over the rest of the value.
    var exhausted: Bool { (self.steps ?? 0) > Self.stepLimit }

    /// Problems one check lists: a 1 MiB array of 500,000 wrong items
    /// would otherwise be answered with 500,000 of them (29 MB), each kept
    /// in the journal. An array or object stops checking its items past it.
    static let listLimit = 100

    init(references: SchemaReferences, use: SchemaUse? = nil, bounded: Bool = false) {
        self.references = references
        self.use = use
        self.steps = bounded ? 0 : nil
    }

    /// A step taken outside a check: a sampler sharing this checker's
    /// budget for the whole value it makes.
    func spend(_ count: Int = 1) {
        if let taken = self.steps { self.steps = taken + count }
    }

    static let moreNotListed = "more problems not listed: a check lists the first \(SchemaChecker.listLimit)"
    static let tooComplex = "not checked: it takes more than \(SchemaChecker.stepLimit) steps against its schema"

    /// The value at `location` was not checked: its steps ran out. Said,
    /// not refused (`ContractViolation.Kind.unchecked`).
    static func notChecked(at location: String) -> ContractViolation {
        ContractViolation(location: location, message: Self.tooComplex, kind: .unchecked)
    }

    func isValid(_ value: JSONValue, against schema: JSONSchema, depth: Int) -> Bool {
        self.violations(of: value, against: schema, at: "", depth: depth).isEmpty
    }

    func violations(of value: JSONValue, against schema: JSONSchema, at location: String, depth: Int)
        -> [ContractViolation]
    {
        guard depth < Self.maxDepth else {
            return [ContractViolation(location: location, message: "schema nested too deeply to check")]
        }
        let allowed = schema.allowedValues.map(self.allowed)
        if let taken = self.steps {
            self.steps = taken + 1 + (allowed?.cost ?? 0)
            guard !self.exhausted else { return [Self.notChecked(at: location)] }
        }
        var found: [ContractViolation] = []
        if let allowed, !allowed.values.isEmpty, !allowed.set.contains(value) {
            found.append(ContractViolation(location: location, message: Self.mustBeOneOf(allowed.values)))
        }
        switch schema.value {
        case .reference:
            // A reference naming nothing is the document's problem, reported
            // when it is loaded; the value cannot be checked against it.
            guard let target = self.resolved(schema) else { return found }
            return found + self.violations(of: value, against: target, at: location, depth: depth + 1)
        case .null:
            if value != .null { found.append(ContractViolation(location: location, message: "expected null")) }
        case .boolean(let core):
            if case .bool = value { break }
            found += self.typeMismatch(value, expected: "boolean", nullable: core.nullable, at: location)
        case .integer(let core, let integer):
            found += self.integerViolations(of: value, core: core, integer, at: location)
        case .number(let core, let numeric):
            found += self.numberViolations(of: value, core: core, numeric, at: location)
        case .string(let core, let string):
            found += self.stringViolations(of: value, core: core, string, at: location)
        case .object(let core, let object):
            found += self.objectViolations(of: value, core: core, object, at: location, depth: depth)
        case .array(let core, let array):
            found += self.arrayViolations(of: value, core: core, array, at: location, depth: depth)
        case .all(let schemas, let core):
            if let discriminator = core.discriminator {
                return found + self.discriminated(value, by: discriminator, at: location, depth: depth)
            }
            for member in schemas where !self.exhausted {
                found += self.violations(of: value, against: member, at: location, depth: depth + 1)
            }
        case .one(let schemas, let core):
            if let discriminator = core.discriminator {
                return found + self.discriminated(value, by: discriminator, at: location, depth: depth)
            }
            // Two matches are enough to know it is not exactly one.
            var matching = 0
            for branch in schemas where matching < 2 && self.isValid(value, against: branch, depth: depth + 1) {
                matching += 1
            }
            if matching == 0 {
                found.append(
                    ContractViolation(location: location, message: "matches none of the \(schemas.count) oneOf schemas")
                )
            } else if matching > 1 {
                found.append(
                    ContractViolation(
                        location: location, message: "matches \(matching) of the oneOf schemas, not exactly one"))
            }
        case .any(let schemas, let core):
            if let discriminator = core.discriminator {
                return found + self.discriminated(value, by: discriminator, at: location, depth: depth)
            }
            if !schemas.contains(where: { self.isValid(value, against: $0, depth: depth + 1) }) {
                found.append(
                    ContractViolation(location: location, message: "matches none of the \(schemas.count) anyOf schemas")
                )
            }
        case .not(let inner, _):
            if self.isValid(value, against: inner, depth: depth + 1) {
                found.append(ContractViolation(location: location, message: "must not match the schema in not"))
            }
        case .fragment(let core):
            // No type: only a format on a string applies.
            if case .string(let text) = value, let violation = Self.formatViolation(text, core.format.rawValue) {
                found.append(ContractViolation(location: location, message: violation))
            }
        }
        return found
    }

    /// `expected string` (`expected string or null` when null would do),
    /// or nothing when the value is a null the schema allows.
    func typeMismatch(_ value: JSONValue, expected: String, nullable: Bool, at location: String)
        -> [ContractViolation]
    {
        if nullable && value == .null { return [] }
        return [ContractViolation(location: location, message: "expected \(expected)" + (nullable ? " or null" : ""))]
    }

    /// The branch a discriminator's property names, and the value checked
    /// against that branch alone (OpenAPI 3.0's reading, which its
    /// validators share; in 3.1 the discriminator is a hint, and a value it
    /// does not name would also fail the plain `oneOf`).
    private func discriminated(
        _ value: JSONValue, by discriminator: OpenAPI.Discriminator, at location: String, depth: Int
    ) -> [ContractViolation] {
        guard case .object(let fields) = value else {
            return [ContractViolation(location: location, message: "expected object")]
        }
        let property = discriminator.propertyName
        let name: String
        switch fields[property] {
        case .string(let text)? where !text.isEmpty:
            name = text
        case nil, .string?, .null?:
            return [ContractViolation(location: location, message: "missing discriminator property \(property)")]
        case .some:
            return [
                ContractViolation(location: SchemaLocation.property(property, of: location), message: "expected string")
            ]
        }
        guard let branch = self.references.schema(forDiscriminatorValue: name, in: discriminator) else {
            return [
                ContractViolation(
                    location: SchemaLocation.property(property, of: location),
                    message: "\(JSONText.quoted(name)) names no schema")
            ]
        }
        return self.violations(of: value, against: branch, at: location, depth: depth + 1)
    }

    /// An `enum`'s values as JSON, read once per run: an array of 300
    /// items against an enum of 10,000 values read them 300 times over
    /// (3,000,000 steps, past `stepLimit`). Known by where the document
    /// holds them, which stays put while the run lasts; `cost` is their
    /// count the first time, then nothing.
    private func allowed(_ values: [AnyCodable]) -> (values: [JSONValue], set: Set<JSONValue>, cost: Int) {
        let key = values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let key, let known = self.enums[key] { return (known.values, known.set, 0) }
        let read = values.compactMap(JSONValue.init(openAPI:))
        let entry = (values: read, set: Set(read))
        if let key { self.enums[key] = entry }
        return (entry.values, entry.set, values.count)
    }

    /// What a reference names, looked up once per run (OpenAPIKit's lookup
    /// walks the chain and checks for cycles every time).
    private func resolved(_ schema: JSONSchema) -> JSONSchema? {
        guard case .reference(let reference, _) = schema.value else { return schema }
        let key = reference.absoluteString
        if let known = self.components[key] { return known }
        let target = self.references.resolved(schema)
        self.components[key] = target
        return target
    }

    /// A pattern's matcher spends one of the check's steps for each
    /// `patternStepsPerStep` of its own (`PatternProgram`'s, a thread met
    /// at one position, far cheaper than a schema met): 16,000,000 of
    /// them at most, some 0.2 s, where `^(?:a{0,100}){0,200}b$` against
    /// 20 KB of `a`s would take 8×10⁸ (13 s).
    static let patternStepsPerStep = 8

    /// Whether `text` matches `pattern`, the matcher's steps spent from
    /// this check's; `nil` when it is not checked (`PatternMatcher`), or
    /// the steps ran out (and then every later check fails at once).
    func matches(_ pattern: String, _ text: String) -> Bool? {
        let matcher = self.matcher(pattern)
        var spent = 0
        guard let taken = self.steps else {
            return matcher.matches(text, progress: &self.backtracking, steps: &spent, limit: .max)
        }
        let room = max(0, Self.stepLimit - taken) * Self.patternStepsPerStep
        let found = matcher.matches(text, progress: &self.backtracking, steps: &spent, limit: room)
        // Rounded up: a budget run out leaves the check exhausted.
        self.spend((spent + Self.patternStepsPerStep - 1) / Self.patternStepsPerStep)
        return found
    }

    /// The compiled pattern, once per run.
    func matcher(_ pattern: String) -> PatternMatcher {
        if let known = self.patterns[pattern] { return known }
        let compiled = PatternMatcher(pattern)
        self.patterns[pattern] = compiled
        return compiled
    }

    static func mustBeOneOf(_ values: [JSONValue]) -> String {
        if values.count == 1 { return "must be \(values[0].json)" }
        let shown = values.prefix(5).map(\.json).joined(separator: ", ")
        return "must be one of " + shown + (values.count > 5 ? ", …" : "")
    }

    /// `not a valid date-time` when `text` is not in the format; `nil`
    /// when it is, or when the format is not one that can be checked.
    static func formatViolation(_ text: String, _ format: String) -> String? {
        guard let known = StringFormat(rawValue: format), !known.accepts(text) else { return nil }
        return "not a valid \(format)"
    }
}
